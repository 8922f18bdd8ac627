//===- ModuloEncoding.h - One candidate II as an SMT problem ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Decides whether a Problem has a modulo schedule at a given II. Each op i
// gets a stage k_i >= 0 and a row 0 <= r_i < II (its start is
// S_i = II * k_i + r_i, never a variable), and the rules of Problem.h become:
//
//  * dependences: S_to - S_from >= L - II * D, split into a stage
//    difference that depends on how the rows compare (only difference
//    constraints, so no branching on multiples of II);
//  * singleton slots: for two holders with holds d_i, d_j the row difference
//    r_j - r_i lies in [d_i, II - d_j] or in [d_i - II, -d_j];
//  * counting pools: per modulo row, a pseudo-Boolean sum over row
//    indicators x_{i,t} <=> (r_i = t) of the units held there <= capacity
//    (skipped when no placement can exceed the capacity);
//  * budget pools: ring depth variables bounded below by
//    1 + k_to + D - k_from on Data edges, "pipes" Booleans implied by a Data
//    consumer in a later stage, and a linear sum per pool <= capacity;
//  * groups: one stage per leader-merged group; depth limits: k_i < limit.
//
// Slots and pools enter lazily: the solver first sees dependences, budgets
// and stage rules, and each slot or pool that its model overfills is added in
// full before solving again. Most never bind, which keeps the search small;
// an unsatisfiable subset already proves the II infeasible.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_EXACT_MODULOENCODING_H
#define TILEAS_LIB_EXACT_MODULOENCODING_H

#include "tileas/Sched/Problem.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tileas {

struct IIDecision {
  enum StatusTy { Feasible, Infeasible, Unknown } Status = Unknown;
  std::vector<int64_t> Starts; ///< One per op when Feasible.
  std::string Note;            ///< Why Unknown, when it is not a timeout.
};

/// Decides one II within the given wall-clock time.
IIDecision decideII(const Problem &P, unsigned II, double Seconds);

} // namespace tileas

#endif // TILEAS_LIB_EXACT_MODULOENCODING_H

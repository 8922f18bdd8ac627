//===- Encoder.h - The SMT encoding of one candidate II ---------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The state shared by ModuloEncoding.cpp (variables, dependences, budgets,
// stage rules and the solve loop) and ResourceEncoding.cpp (slots and pools,
// added lazily). See ModuloEncoding.h for the formulation.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_EXACT_ENCODER_H
#define TILEAS_LIB_EXACT_ENCODER_H

#include "ModuloEncoding.h"
#include "Z3Session.h"

#include <chrono>
#include <cstdint>
#include <set>
#include <tuple>
#include <vector>

namespace tileas {
namespace exact {

/// Past this many pairs and pool terms the encoding would not be solved in
/// any reasonable time; the II is left undecided instead of exhausting
/// memory.
inline constexpr uint64_t MaxEncodingTerms = 4000000;

/// One op's hold on a singleton slot.
struct Hold {
  unsigned Op;
  unsigned Duration;
};

/// One charge to a counting pool.
struct Charge {
  unsigned Op;
  unsigned Units;
  unsigned Duration;
};

using Clock = std::chrono::steady_clock;

class Encoder {
public:
  Encoder(const Problem &P, unsigned II, Clock::time_point Deadline)
      : P(P), II(II), N(P.size()), Deadline(Deadline) {}

  IIDecision run();

private:
  /// Building a large encoding takes time the solver's own timeout does not
  /// cover: the builders poll the deadline every so many terms and give up.
  bool expired(unsigned Work = 1) {
    Polls += Work;
    if (Polls >= 1024) {
      Polls = 0;
      Expired = Expired || Clock::now() >= Deadline;
    }
    return Expired;
  }

  /// Rules that no placement can meet at this II, found without a solver.
  bool obviouslyInfeasible() const;
  uint64_t estimateTerms() const;
  void collectResources();
  void addVariables();
  void addDependences();
  void addBudgets();
  void addStageRules();
  /// Adds the disjointness of two holds of one slot (once per pair).
  void addSlotPair(const Hold &X, const Hold &Y);
  /// Adds the per-row capacity of a counting pool.
  void addPool(unsigned PoolIdx);
  /// Adds every slot and pool that the rows of the last model overfill;
  /// false when none is (an encoded one cannot be).
  bool addViolatedResources(const std::vector<int64_t> &Rows);
  Z3_ast rowIs(unsigned Op, unsigned Row);

  const Problem &P;
  unsigned II, N;
  Clock::time_point Deadline;
  unsigned Polls = 0;
  bool Expired = false;
  Z3Session Z;
  std::vector<Z3_ast> Stage, Row;
  /// Row indicators x_{i,t}, created for pool users only.
  std::vector<std::vector<Z3_ast>> RowIs;
  std::vector<std::vector<Hold>> Slots; ///< Indexed by slot id.
  std::vector<std::vector<Charge>> Pools;
  /// Slot pairs (i, j, d_i, d_j), slots and pools already encoded.
  std::set<std::tuple<unsigned, unsigned, unsigned, unsigned>> PairsAdded;
  std::vector<bool> SlotAdded, PoolAdded;
};

} // namespace exact
} // namespace tileas

#endif // TILEAS_LIB_EXACT_ENCODER_H

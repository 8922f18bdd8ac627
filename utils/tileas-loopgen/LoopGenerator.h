//===- LoopGenerator.h - Random TileAS MIR loops ----------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Generates one function with one single-block counted loop in SSA form:
// an IV PHI, ADDri, SETPrr, BR_P back edge and BRA exit, around a body of
// exactly the requested number of instructions drawn from a GPU tile-kernel
// mix. Loop-carried recurrences are chains of one to three PHIs. Every value
// defined is used (in the loop, by a PHI, or in the exit block). The same
// options give the same text.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_UTILS_LOOPGEN_LOOPGENERATOR_H
#define TILEAS_UTILS_LOOPGEN_LOOPGENERATOR_H

#include <cstdint>
#include <string>
#include <vector>

namespace tileas {
namespace model {
class Machine;
} // namespace model

namespace loopgen {

constexpr unsigned MinOps = 10;
constexpr unsigned MaxOps = 100000;

struct LoopGenOptions {
  unsigned Ops = 100;
  uint64_t Seed = 1;
  unsigned Recurrences = 5;
  /// The machine whose budgets the loop fits (null: the default machine,
  /// Blackwell). The loops use tensor memory: it must have it.
  const tileas::model::Machine *Machine = nullptr;
};

/// The most recurrences a loop of Ops instructions can close.
unsigned maxRecurrences(unsigned Ops);
/// The count used when none is asked for: Ops / 20, between 1 and 64.
unsigned defaultRecurrences(unsigned Ops);

/// The instructions of the three blocks, one per line, without indentation.
struct GeneratedLoop {
  std::vector<std::string> Preheader, Phis, Body, Exit;
  std::string Predicate; ///< The loop-continue predicate ("%p3").
};

/// Requires MinOps <= Ops <= MaxOps and Recurrences <= maxRecurrences(Ops).
GeneratedLoop generateLoop(const LoopGenOptions &Opts);

} // namespace loopgen
} // namespace tileas

#endif // TILEAS_UTILS_LOOPGEN_LOOPGENERATOR_H

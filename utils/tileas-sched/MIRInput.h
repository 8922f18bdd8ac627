//===- MIRInput.h - TileAS MIR loops as scheduling problems -----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// tileas-sched's MIR input: parses a TileAS MIR file with LLVM's MIR parser
// for the TileAS target (triple "tileas", cpu "sm_100") and builds the
// scheduling problem of each single-block loop with the builder and reserved
// barriers of tileas-generate-schedule (TileASLoopProblem), so that the tool
// schedules exactly the problem the pass would.
//
// A single-block loop is what the pass schedules: a block that is its own
// successor and, by itself, a natural loop. Loops come in function order,
// then block order. An op is named "<index>:<OPCODE>" (its index among the
// loop's scheduled instructions, PHIs and terminators left out), a problem
// "<file>: loop bb.<n> in <function>".
//
// Errors: the parser's, as "<file>:<line>:<col>: error: <message>" with the
// offending line; a loop the builder cannot model or whose annotations are
// malformed; a selection that names no single-block loop, or a file without
// one. The parser also runs the machine verifier on every function and makes
// its failure fatal: loadMIRLoops then prints the file's name after the
// verifier's report and exits with code 1 (it does not return).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SCHED_MIRINPUT_H
#define TILEAS_SCHED_MIRINPUT_H

#include "tileas/Sched/Problem.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace tileas {

/// Which loops of a MIR file to read; by default every one.
struct MIRLoopSelection {
  /// Only the loops of the machine function of this name (empty: all).
  std::string Function;
  /// Only the loop of block bb.<Block>.
  std::optional<unsigned> Block;
  /// The processor the MIR is for (-mcpu): its machine's numbers build the
  /// problems, and an instruction the machine lacks is an error.
  std::string CPU = "sm_100";
};

/// Reads the selected single-block loops of the TileAS MIR file at Path (or
/// standard input for "-"); at least one, or an error.
llvm::Expected<std::vector<Problem>>
loadMIRLoops(llvm::StringRef Path, const MIRLoopSelection &Selection);

} // namespace tileas

#endif // TILEAS_SCHED_MIRINPUT_H

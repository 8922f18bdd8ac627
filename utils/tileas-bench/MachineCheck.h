//===- MachineCheck.h - Machine verifier after a pass -----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A pass placed after a peer that rewrites code (WindowScheduler expands the
// loop it scheduled): runs LLVM's machine verifier on each function, without
// aborting, and keeps the function's printed MIR and block count, so that two
// runs of the same input can be compared and a change can be seen.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_MACHINECHECK_H
#define TILEAS_BENCH_MACHINECHECK_H

#include <string>

namespace llvm {
class MachineFunctionPass;
}

namespace tileas {
namespace bench {

struct MachineCheckResult {
  bool Ran = false;
  bool Verified = true;     ///< Every function passed the machine verifier.
  std::string VerifierText; ///< What the verifier said (first function).
  std::string MIRText;      ///< All functions, printed.
  unsigned Blocks = 0;      ///< Basic blocks over all functions.

  /// The verifier's first complaint ("Bad machine code: ..."), for a note.
  std::string firstComplaint() const;
};

llvm::MachineFunctionPass *createMachineCheck(MachineCheckResult &Out);

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_MACHINECHECK_H

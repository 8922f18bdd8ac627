//===- MIRSession.h - One parse of a MIR file -------------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// What `llc -run-pass=...` does, as an object: parse a MIR file for the
// TileAS target into a fresh context, put the target's pass configuration
// and the machine module info into a legacy pass manager, let the caller add
// passes, run once. Remarks go to a RemarkLog. The run is guarded by a crash
// recovery context: a peer that crashes is reported as crashed and its
// session is abandoned (leaked), never torn down in an unknown state.
//
// Every scheduler gets its own session of the same file, so each sees the
// freshly parsed input; the loops of a session are found in function and
// block order, so loop K of one session is loop K of any other.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_MIRSESSION_H
#define TILEAS_BENCH_MIRSESSION_H

#include "RemarkLog.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class MachineBasicBlock;
class MachineFunction;
class MachineModuleInfoWrapperPass;
class Pass;
class TargetMachine;
class TargetPassConfig;
} // namespace llvm

namespace tileas {
namespace bench {

/// A single-block loop: a block that is its own successor.
struct LoopRef {
  llvm::MachineFunction *MF = nullptr;
  llvm::MachineBasicBlock *MBB = nullptr;
};

class MIRSession {
public:
  static llvm::Expected<std::unique_ptr<MIRSession>>
  open(llvm::StringRef Path, llvm::TargetMachine &TM);
  ~MIRSession();

  llvm::Module &module() { return *M; }
  RemarkLog &remarks() { return *Log; }
  /// The single-block loops, in function order and block order.
  const std::vector<LoopRef> &loops() const { return Loops; }

  /// Adds a pass to the pipeline (before run()).
  void addPass(llvm::Pass *P);
  /// Adds a pass registered under Name (as llc -run-pass=Name does).
  llvm::Error addPassByName(llvm::StringRef Name);
  /// Runs the pipeline once. False if it crashed; the session is then
  /// unusable and is leaked on destruction.
  bool run();
  bool crashed() const { return Crashed; }

private:
  MIRSession() = default;

  // Declaration order is destruction order reversed: the pass manager (which
  // owns the machine functions) goes before the module, the module before
  // its context.
  std::unique_ptr<llvm::LLVMContext> Ctx;
  std::unique_ptr<llvm::Module> M;
  std::unique_ptr<llvm::legacy::PassManager> PM;
  llvm::MachineModuleInfoWrapperPass *MMIWP = nullptr;
  llvm::TargetPassConfig *TPC = nullptr;
  RemarkLog *Log = nullptr;
  std::vector<LoopRef> Loops;
  bool Crashed = false;
};

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_MIRSESSION_H

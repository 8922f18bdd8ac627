//===- MIRFile.h - Reading TileAS MIR for the tools that run it -*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// How every tool reads MIR: the TileAS target machine, and the module and
// machine functions of a MIR parser (parseMIRModule: tileas-sim,
// tileas-protocol-check, tileas-sched, tileas-bench, tileas-event-bench).
// For tileas-sim and tileas-protocol-check also a MIR file parsed into its
// module and machine functions, the functions a --function list selects,
// and live-in values given as "reg=value". Bad input is an error naming the
// file (the parser's file:line:column), never a crash: install
// exitOnFatalMIRError before reading, since MIR that the machine verifier
// rejects ends its parse with a fatal error (after the verifier has named the
// function, block and instruction).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MIREXEC_MIRFILE_H
#define TILEAS_MIREXEC_MIRFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCRegister.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class LLVMContext;
class MIRParser;
class MachineFunction;
class MachineModuleInfo;
class MemoryBuffer;
class Module;
class TargetMachine;
class TargetRegisterInfo;
} // namespace llvm

namespace tileas {

namespace model {
class Machine;
} // namespace model

/// The TileAS target machine that MIR is read and run with, for processor
/// CPU (tools' --mcpu; its machine model is the one the functions'
/// subtarget gives, machineOf); the target is initialized first.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTileASTargetMachine(llvm::StringRef CPU = "sm_100");

/// The machine model of MF's subtarget (TileASSubtarget::machine()).
const model::Machine &machineOf(const llvm::MachineFunction &MF);

/// The step of reading MIR that failed.
enum class MIRReadStep { IRModule, MachineFunctions };

/// Reads the module of Parser's MIR, with TM's data layout and triple, and
/// its machine functions into MMI. Failed makes the error of a step that
/// fails (the parser has reported why through the context's diagnostic
/// handler).
llvm::Expected<std::unique_ptr<llvm::Module>>
parseMIRModule(llvm::MIRParser &Parser, llvm::TargetMachine &TM,
               llvm::MachineModuleInfo &MMI,
               llvm::function_ref<llvm::Error(MIRReadStep)> Failed);

/// A parsed MIR file: its module and machine functions.
struct MIRFile {
  MIRFile();
  MIRFile(MIRFile &&);
  MIRFile &operator=(MIRFile &&);
  ~MIRFile();

  std::unique_ptr<llvm::Module> M;
  std::unique_ptr<llvm::MachineModuleInfo> MMI;

  /// The machine function of the function named Name, or null.
  llvm::MachineFunction *function(llvm::StringRef Name) const;
  /// The machine functions in module order, only those named in Names if
  /// it is not empty.
  std::vector<llvm::MachineFunction *>
  functions(llvm::ArrayRef<std::string> Names = {}) const;
};

/// Reads the MIR file at Path ("-": standard input); an error names Path
/// when it cannot be read or is not MIR (LLVM IR, say).
llvm::Expected<MIRFile> readMIRFile(llvm::StringRef Path,
                                    llvm::LLVMContext &Context,
                                    llvm::TargetMachine &TM);

/// Reads MIR from Buffer (its identifier names it in errors).
llvm::Expected<MIRFile> readMIR(std::unique_ptr<llvm::MemoryBuffer> Buffer,
                                llvm::LLVMContext &Context,
                                llvm::TargetMachine &TM);

/// Makes a fatal error while Path is read an error of Tool naming Path
/// (exit status 1) instead of a crash report.
void exitOnFatalMIRError(llvm::StringRef Tool, llvm::StringRef Path);

/// The physical register named Name ("r0" or "$r0", any case).
std::optional<llvm::MCRegister>
findRegister(const llvm::TargetRegisterInfo &TRI, llvm::StringRef Name);

/// Live-in values given as "reg=value"; an error names a bad one.
llvm::Expected<std::vector<std::pair<llvm::MCRegister, int64_t>>>
parseLiveIns(const llvm::TargetRegisterInfo &TRI,
             llvm::ArrayRef<std::string> Specs);

} // namespace tileas

#endif // TILEAS_MIREXEC_MIRFILE_H

//===- MIRExecTestUtil.h - MIR for the MIRExec tests -----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Reads a MIR module written in a test into machine functions of the TileAS
// target, and finds instructions in them by opcode.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TEST_UNIT_MIREXEC_MIREXECTESTUTIL_H
#define TILEAS_TEST_UNIT_MIREXEC_MIREXECTESTUTIL_H

#include "tileas/MIRExec/MIRFile.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Target/TargetMachine.h"

#include "gtest/gtest.h"

#include <memory>
#include <string>

namespace tileas {
namespace test {

class MIRTest : public ::testing::Test {
protected:
  MIRTest();
  ~MIRTest() override;

  /// Parses Text (a MIR module) and returns its function Name; fails the
  /// test (and returns null) if it does not parse.
  llvm::MachineFunction *parse(llvm::StringRef Text, llvm::StringRef Name);

  /// The Index-th instruction of Block in MF (PHIs count).
  static llvm::MachineInstr &instr(llvm::MachineFunction &MF, unsigned Block,
                                   unsigned Index);

  /// The virtual register named Name in MF (none if there is none).
  static llvm::Register virtualRegister(const llvm::MachineFunction &MF,
                                        llvm::StringRef Name);

  /// One function "f" whose single block holds Body (MIR instructions, one
  /// per line), ending in RET.
  static std::string oneBlock(llvm::StringRef Body);

  llvm::LLVMContext Context;
  std::unique_ptr<llvm::TargetMachine> TM;
  std::vector<MIRFile> Files;
};

} // namespace test
} // namespace tileas

#endif // TILEAS_TEST_UNIT_MIREXEC_MIREXECTESTUTIL_H

//===- MIRExecTestUtil.cpp - MIR for the MIRExec tests --------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "MIRExecTestUtil.h"
#include "TileAS.h"

#include "llvm/ADT/iterator_range.h"
#include "llvm/CodeGen/MachineModuleInfo.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace tileas {
namespace test {

MIRTest::MIRTest() {
  initializeTileASTarget();
  Expected<std::unique_ptr<TargetMachine>> Made = createTileASTargetMachine();
  if (!Made) {
    ADD_FAILURE() << toString(Made.takeError());
    return;
  }
  TM = std::move(*Made);
}

MIRTest::~MIRTest() = default;

MachineFunction *MIRTest::parse(StringRef Text, StringRef Name) {
  if (!TM)
    return nullptr;
  Expected<MIRFile> File =
      readMIR(MemoryBuffer::getMemBufferCopy(Text, "test"), Context, *TM);
  if (!File) {
    ADD_FAILURE() << toString(File.takeError());
    return nullptr;
  }
  Files.push_back(std::move(*File));
  MachineFunction *MF = Files.back().function(Name);
  EXPECT_NE(MF, nullptr) << "no function " << Name.str();
  return MF;
}

MachineInstr &MIRTest::instr(MachineFunction &MF, unsigned Block,
                             unsigned Index) {
  MachineBasicBlock &MBB = *MF.getBlockNumbered(Block);
  auto It = MBB.instr_begin();
  std::advance(It, Index);
  return *It;
}

Register MIRTest::virtualRegister(const MachineFunction &MF, StringRef Name) {
  const MachineRegisterInfo &MRI = MF.getRegInfo();
  for (unsigned I = 0, E = MRI.getNumVirtRegs(); I != E; ++I) {
    Register R = Register::index2VirtReg(I);
    if (MRI.getVRegName(R) == Name)
      return R;
  }
  return Register();
}

std::string MIRTest::oneBlock(StringRef Body) {
  std::string Text = "---\nname: f\ntracksRegLiveness: true\nbody: |\n"
                     "  bb.0:\n";
  SmallVector<StringRef, 16> Lines;
  Body.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef Line : Lines)
    Text += "    " + Line.trim().str() + "\n";
  Text += "    RET\n...\n";
  return Text;
}

} // namespace test
} // namespace tileas

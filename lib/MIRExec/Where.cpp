//===- Where.cpp - Naming an instruction in reports and errors ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/MIRExec/Where.h"

#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace tileas {

std::string where(const MachineInstr &MI) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "bb." << MI.getParent()->getNumber() << ": ";
  MI.print(OS, /*IsStandalone=*/true, /*SkipOpers=*/false,
           /*SkipDebugLoc=*/true, /*AddNewLine=*/false);
  return Text;
}

Error failAt(const MachineInstr &MI, const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), where(MI) + ": " + Msg);
}

} // namespace tileas

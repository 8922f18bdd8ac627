//===- MachineCheck.cpp - Machine verifier and MIR text after a pass ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "MachineCheck.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tileas::bench;

namespace {

class MachineCheck : public MachineFunctionPass {
public:
  static char ID;
  explicit MachineCheck(MachineCheckResult &Out)
      : MachineFunctionPass(ID), Out(Out) {}
  StringRef getPassName() const override {
    return "tileas-bench machine check";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesAll();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override {
    Out.Ran = true;
    std::string Text;
    raw_string_ostream OS(Text);
    bool OK = MF.verify(this, "after the peer", &OS, /*AbortOnError=*/false);
    if (!OK && Out.Verified)
      Out.VerifierText = Text;
    Out.Verified &= OK;
    raw_string_ostream MIR(Out.MIRText);
    MF.print(MIR);
    Out.Blocks += MF.size();
    return false;
  }

private:
  MachineCheckResult &Out;
};

} // namespace

char MachineCheck::ID = 0;

std::string MachineCheckResult::firstComplaint() const {
  SmallVector<StringRef, 16> Lines;
  StringRef(VerifierText).split(Lines, '\n');
  for (StringRef Line : Lines)
    if (Line.contains("Bad machine code"))
      return Line.trim().trim('*').trim().str();
  for (StringRef Line : Lines)
    if (!Line.trim().empty() && !Line.starts_with("#"))
      return Line.trim().str();
  return "the machine verifier failed";
}

MachineFunctionPass *
tileas::bench::createMachineCheck(MachineCheckResult &Out) {
  return new MachineCheck(Out);
}

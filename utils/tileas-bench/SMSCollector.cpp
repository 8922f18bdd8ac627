//===- SMSCollector.cpp - Read MachinePipeliner's test annotations --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "SMSCollector.h"

#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/MC/MCSymbol.h"

using namespace llvm;
using namespace tileas::bench;

std::optional<PeerPlacement>
tileas::bench::parseStageCycleSymbol(StringRef Name) {
  if (!Name.consume_front("Stage-"))
    return std::nullopt;
  auto [StageText, Rest] = Name.split('_');
  if (!Rest.consume_front("Cycle-"))
    return std::nullopt;
  PeerPlacement P;
  if (StageText.getAsInteger(10, P.Stage) || Rest.getAsInteger(10, P.Cycle))
    return std::nullopt;
  return P;
}

namespace {

class SMSCollector : public MachineFunctionPass {
public:
  static char ID;
  SMSCollector(const std::vector<LoopRef> &Loops,
               std::vector<PeerPlacements> &Out)
      : MachineFunctionPass(ID), Loops(Loops), Out(Out) {
    Out.assign(Loops.size(), PeerPlacements());
  }
  StringRef getPassName() const override {
    return "tileas-bench pipeliner annotation reader";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesAll();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override {
    for (unsigned L = 0; L < Loops.size(); ++L) {
      if (Loops[L].MF != &MF)
        continue;
      for (MachineInstr &MI : *Loops[L].MBB) {
        MCSymbol *Sym = MI.getPostInstrSymbol();
        if (!Sym)
          continue;
        if (std::optional<PeerPlacement> P =
                parseStageCycleSymbol(Sym->getName()))
          Out[L][&MI] = *P;
      }
    }
    return false;
  }

private:
  const std::vector<LoopRef> &Loops;
  std::vector<PeerPlacements> &Out;
};

} // namespace

char SMSCollector::ID = 0;

MachineFunctionPass *
tileas::bench::createSMSCollector(const std::vector<LoopRef> &Loops,
                                  std::vector<PeerPlacements> &Out) {
  return new SMSCollector(Loops, Out);
}

//===- OursCollector.cpp - Read what tileas-generate-schedule chose -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "OursCollector.h"
#include "PeerSchedule.h"

#include "Pipeliner/TileASLoopProblem.h"
#include "Pipeliner/TileASScheduleAnalysis.h"

#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::bench;

namespace {

class OursCollector : public MachineFunctionPass {
public:
  static char ID;
  explicit OursCollector(OursFn Fn)
      : MachineFunctionPass(ID), Fn(std::move(Fn)) {}
  StringRef getPassName() const override {
    return "tileas-bench schedule analysis reader";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<TileASScheduleAnalysis>();
    AU.setPreservesAll();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override {
    Fn(MF, getAnalysis<TileASScheduleAnalysis>());
    return false;
  }

private:
  OursFn Fn;
};

} // namespace

char OursCollector::ID = 0;

MachineFunctionPass *tileas::bench::createOursCollector(OursFn Fn) {
  return new OursCollector(std::move(Fn));
}

Expected<Schedule>
tileas::bench::scheduleFromRecord(const TileASLoopProblem &LP,
                                  const TileASLoopSchedule &S) {
  if (S.Instrs.size() != LP.Instrs.size() ||
      S.Placement.size() != S.Instrs.size())
    return createStringError(
        inconvertibleErrorCode(),
        formatv("the recorded schedule places {0} instructions, the problem "
                "has {1}",
                S.Instrs.size(), LP.Instrs.size())
            .str());
  Schedule Out;
  Out.II = S.II;
  Out.StageCount = S.StageCount;
  Out.Bounds = S.Bounds;
  Out.Flags = S.Flags;
  Out.Ops.resize(LP.Instrs.size());
  for (unsigned I = 0; I < S.Instrs.size(); ++I) {
    auto It = LP.OpIndex.find(S.Instrs[I]);
    if (It == LP.OpIndex.end())
      return createStringError(
          inconvertibleErrorCode(),
          formatv("recorded instruction {0} is not in the problem", I).str());
    Out.Ops[It->second] = S.Placement[I];
  }
  finishWithLoopBranch(LP, Out);
  return Out;
}

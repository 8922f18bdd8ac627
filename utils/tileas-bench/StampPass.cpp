//===- StampPass.cpp - Time one pass inside a legacy pipeline -------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "StampPass.h"
#include "Clock.h"

#include "Pipeliner/TileASScheduleAnalysis.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/CodeGen/LiveIntervals.h"
#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/TargetPassConfig.h"

using namespace llvm;
using namespace tileas::bench;

namespace {

class OpeningStamp : public MachineFunctionPass {
public:
  static char ID;
  OpeningStamp(PassTimer &T, MeasuredPass P)
      : MachineFunctionPass(ID), Timer(T), Measured(P) {}
  StringRef getPassName() const override { return "tileas-bench open stamp"; }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<MachineLoopInfoWrapperPass>();
    AU.addRequired<MachineOptimizationRemarkEmitterPass>();
    if (Measured == MeasuredPass::MachinePipeliner) {
      AU.addRequired<AAResultsWrapperPass>();
      AU.addRequired<MachineDominatorTreeWrapperPass>();
      AU.addRequired<LiveIntervalsWrapperPass>();
      AU.addRequired<TargetPassConfig>();
    } else {
      AU.addRequired<TileASScheduleAnalysis>();
    }
    AU.setPreservesAll();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &) override {
    Timer.OpenedAt = nowMs();
    return false;
  }

private:
  PassTimer &Timer;
  MeasuredPass Measured;
};

class ClosingStamp : public MachineFunctionPass {
public:
  static char ID;
  explicit ClosingStamp(PassTimer &T) : MachineFunctionPass(ID), Timer(T) {}
  StringRef getPassName() const override { return "tileas-bench close stamp"; }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesAll();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &) override {
    Timer.TotalMs += nowMs() - Timer.OpenedAt;
    ++Timer.Functions;
    return false;
  }

private:
  PassTimer &Timer;
};

} // namespace

char OpeningStamp::ID = 0;
char ClosingStamp::ID = 0;

MachineFunctionPass *tileas::bench::createOpeningStamp(PassTimer &T,
                                                       MeasuredPass P) {
  return new OpeningStamp(T, P);
}

MachineFunctionPass *tileas::bench::createClosingStamp(PassTimer &T) {
  return new ClosingStamp(T);
}

//===- InspectPass.cpp - Look at machine functions inside a pipeline ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "InspectPass.h"

#include "llvm/CodeGen/MachineFunctionPass.h"

using namespace llvm;
using namespace tileas::bench;

namespace {

class InspectPass : public MachineFunctionPass {
public:
  static char ID;
  explicit InspectPass(InspectFn Fn)
      : MachineFunctionPass(ID), Fn(std::move(Fn)) {}
  StringRef getPassName() const override { return "tileas-bench inspect"; }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesAll();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override {
    Fn(MF);
    return false;
  }

private:
  InspectFn Fn;
};

} // namespace

char InspectPass::ID = 0;

MachineFunctionPass *tileas::bench::createInspectPass(InspectFn Fn) {
  return new InspectPass(std::move(Fn));
}

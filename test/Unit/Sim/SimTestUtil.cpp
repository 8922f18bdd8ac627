//===- SimTestUtil.cpp - Small machines and programs for simulator tests --===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "SimTestUtil.h"

#include "gtest/gtest.h"

namespace tileas {
namespace sim {
namespace test {

ResourceModel testModel() {
  ResourceModel M;
  M.addSlot(SlotALU, "alu", SlotKind::Coarse);
  M.addSlot(SlotTMA, "tma", SlotKind::Coarse);
  M.addSlot(SlotMMA, "mma", SlotKind::Coarse);
  M.addPool("issue", IssueWidth);
  return M;
}

OpClass opClass(unsigned Slot, unsigned Duration, unsigned Latency) {
  OpClass C;
  C.Slots.push_back({Slot, Duration, 1});
  C.Pools.push_back({PoolIssue, 1, 1});
  C.Latency = Latency;
  return C;
}

DynamicOp issue(const OpClass &C, std::vector<unsigned> Defs,
                std::vector<unsigned> Uses, int Stream) {
  DynamicOp Op;
  Op.Kind = OpKind::Issue;
  Op.Class = &C;
  Op.Defs.assign(Defs.begin(), Defs.end());
  Op.Uses.assign(Uses.begin(), Uses.end());
  Op.Stream = Stream;
  return Op;
}

DynamicOp branch(bool Taken, std::vector<unsigned> Uses) {
  DynamicOp Op;
  Op.Kind = OpKind::Branch;
  Op.Taken = Taken;
  Op.Uses.assign(Uses.begin(), Uses.end());
  return Op;
}

DynamicOp wait(unsigned Barrier, unsigned Parity, unsigned Group,
               bool Acquire) {
  DynamicOp Op;
  Op.Kind = OpKind::Wait;
  Op.Barrier = Barrier;
  Op.Parity = Parity;
  Op.Group = Group;
  Op.Acquire = Acquire;
  return Op;
}

DynamicOp arrive(unsigned Barrier, int Stream) {
  DynamicOp Op;
  Op.Kind = OpKind::Arrive;
  Op.Barrier = Barrier;
  Op.Stream = Stream;
  return Op;
}

DynamicOp marker(unsigned Loop) {
  DynamicOp Op;
  Op.Kind = OpKind::Marker;
  Op.Loop = Loop;
  return Op;
}

DynamicOp ret() {
  DynamicOp Op;
  Op.Kind = OpKind::Return;
  return Op;
}

std::vector<DynamicOp> numbered(std::vector<DynamicOp> Ops) {
  for (unsigned I = 0, E = Ops.size(); I != E; ++I)
    Ops[I].Site = I;
  return Ops;
}

static llvm::Expected<SimResult>
simulateLists(const Catalog &Names, std::vector<std::vector<DynamicOp>> Agents,
              const SimOptions &Opts) {
  static const ResourceModel Model = testModel();
  std::vector<std::unique_ptr<ListProgram>> Lists;
  std::vector<AgentProgram *> Programs;
  for (unsigned I = 0, E = Agents.size(); I != E; ++I) {
    Lists.push_back(std::make_unique<ListProgram>(
        "agent" + std::to_string(I), 16, numbered(std::move(Agents[I]))));
    Programs.push_back(Lists.back().get());
  }
  return simulate(Model, Names, Programs, Opts);
}

SimResult run(const Catalog &Names, std::vector<std::vector<DynamicOp>> Agents,
              const SimOptions &Opts) {
  llvm::Expected<SimResult> R = simulateLists(Names, std::move(Agents), Opts);
  if (!R) {
    ADD_FAILURE() << llvm::toString(R.takeError());
    return SimResult();
  }
  return std::move(*R);
}

std::string runError(const Catalog &Names,
                     std::vector<std::vector<DynamicOp>> Agents,
                     const SimOptions &Opts) {
  llvm::Expected<SimResult> R = simulateLists(Names, std::move(Agents), Opts);
  return R ? "" : llvm::toString(R.takeError());
}

Catalog testCatalog(unsigned NumBarriers) {
  Catalog C;
  C.Groups = {"pipe0"};
  C.Streams = {"tma"};
  C.Loops = {"bb.1"};
  C.NumBarriers = NumBarriers;
  return C;
}

} // namespace test
} // namespace sim
} // namespace tileas

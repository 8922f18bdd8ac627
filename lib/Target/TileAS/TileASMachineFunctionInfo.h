//===- TileASMachineFunctionInfo.h - Per-function TileAS state --*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// What TileAS keeps per function across a MIR round trip, in the
// `machineFunctionInfo:` block of a MIR file (see docs/mir-annotations.md):
//
//  * scheduling constraints on instructions (group, max depth), constraint
//    groups (leader, max depth) and force-serial blocks, which the
//    scheduler reads;
//  * annotated schedules: a loop's II, stage count and per instruction its
//    stage, order and cycle, which tileas-generate-schedule writes under
//    -tileas-annotate-schedule so that tileas-materialize-schedule can be
//    tested from a fixed schedule.
//
// Instructions are named by (block number, index in the block) and carry
// their opcode name, so an annotation that no longer matches its block is
// detected instead of being applied to the wrong instruction.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASMACHINEFUNCTIONINFO_H
#define TILEAS_TILEASMACHINEFUNCTIONINFO_H

#include "Pipeliner/TileASLoopSchedule.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/CodeGen/MIRYamlMapping.h"
#include "llvm/CodeGen/MachineFunction.h"

#include <map>
#include <string>
#include <vector>

namespace llvm {

namespace tileas_mfi {

/// A constraint attached to one instruction.
struct InstrConstraint {
  unsigned Block = 0;
  unsigned Instr = 0;
  std::string Opcode;
  int Group = -1;
  unsigned MaxDepth = 0;
};

struct GroupConstraint {
  int Id = 0;
  int Leader = -1;
  unsigned MaxDepth = 0;
};

struct ScheduledInstr {
  unsigned Instr = 0;
  std::string Opcode;
  unsigned Stage = 0;
  unsigned Order = 0;
  int64_t Cycle = 0;
};

/// A loop's schedule as annotated in MIR.
/// A kernel parameter of the PTX module (-mcpu=sm_100a), in the order of
/// the function's live-in registers (the order of the IR arguments).
struct PTXParam {
  enum KindTy : uint8_t {
    /// A data pointer: `.param .u64`, made a global address on entry.
    Pointer,
    /// A TMA tensor map, by value: `.param .align 128 .b8 [128]`.
    TensorMap,
    U32,
    F32,
    U64,
    F64
  };
  MCRegister Reg;
  KindTy Kind = U32;
  /// The IR argument's name, when the function has one (a comment).
  std::string IRName;
};

struct LoopSchedule {
  unsigned Block = 0;
  unsigned II = 0;
  unsigned StageCount = 0;
  std::vector<ScheduledInstr> Instrs;
};

} // namespace tileas_mfi

class TileASMachineFunctionInfo : public MachineFunctionInfo {
public:
  TileASMachineFunctionInfo(const Function &F, const TargetSubtargetInfo *STI) {
  }

  MachineFunctionInfo *
  clone(BumpPtrAllocator &Allocator, MachineFunction &DestMF,
        const DenseMap<MachineBasicBlock *, MachineBasicBlock *> &Src2DstMBB)
      const override;

  std::vector<tileas_mfi::InstrConstraint> Constraints;
  std::vector<tileas_mfi::GroupConstraint> Groups;
  std::vector<unsigned> ForceSerialBlocks;
  std::vector<tileas_mfi::LoopSchedule> Schedules;

  /// The schedule handoff of TileASScheduleAnalysis (not serialized; see
  /// Schedules for the MIR form). In block order.
  std::vector<TileASLoopSchedule> ComputedSchedules;
  bool SchedulesGenerated = false;
  bool AnnotationsLoaded = false;
  /// Kernels that tileas-materialize-schedule produced: their order is the
  /// modulo schedule's and later reordering passes leave them alone.
  std::vector<int> PipelinedKernels;
  /// The same blocks, which keep their identity when later passes renumber
  /// the function, each with its number when it was materialized: no
  /// scheduler reorders them (isSchedulingBoundary), and the PTX names them
  /// by that number. Only looked up, never iterated.
  DenseMap<const MachineBasicBlock *, int> KernelBlocks;

  /// Records Kernel as a pipelined loop's kernel.
  void addPipelinedKernel(const MachineBasicBlock &Kernel) {
    PipelinedKernels.push_back(Kernel.getNumber());
    KernelBlocks[&Kernel] = Kernel.getNumber();
  }
  /// PTX mode: the kernel's parameters (TileASPTXParams, before register
  /// allocation; the printer declares and loads them).
  std::vector<tileas_mfi::PTXParam> PTXParams;
  /// Warp specialization: the 32-bit registers each agent's region uses
  /// after allocation, by agent id (tileas-agent-register-check); the PTX
  /// printer sizes setmaxnreg budgets from them.
  std::map<unsigned, unsigned> AgentRegisterUnits;
  /// Warp specialization: the agents whose setmaxnreg budget is raised above
  /// the td's (partitionOverBudget, TileASAgentRegisters.h), by agent id.
  std::map<unsigned, unsigned> AgentBudgets;
};

namespace yaml {

struct TileASMachineFunctionInfo final : public yaml::MachineFunctionInfo {
  std::vector<tileas_mfi::InstrConstraint> Constraints;
  std::vector<tileas_mfi::GroupConstraint> Groups;
  std::vector<unsigned> ForceSerialBlocks;
  std::vector<tileas_mfi::LoopSchedule> Schedules;

  TileASMachineFunctionInfo() = default;
  explicit TileASMachineFunctionInfo(const llvm::TileASMachineFunctionInfo &F);

  void mappingImpl(yaml::IO &YamlIO) override;
};

template <> struct MappingTraits<tileas_mfi::InstrConstraint> {
  static void mapping(IO &YamlIO, tileas_mfi::InstrConstraint &C) {
    YamlIO.mapRequired("block", C.Block);
    YamlIO.mapRequired("instr", C.Instr);
    YamlIO.mapRequired("opcode", C.Opcode);
    YamlIO.mapOptional("group", C.Group, -1);
    YamlIO.mapOptional("maxDepth", C.MaxDepth, 0u);
  }
  static const bool flow = true;
};

template <> struct MappingTraits<tileas_mfi::GroupConstraint> {
  static void mapping(IO &YamlIO, tileas_mfi::GroupConstraint &G) {
    YamlIO.mapRequired("id", G.Id);
    YamlIO.mapOptional("leader", G.Leader, -1);
    YamlIO.mapOptional("maxDepth", G.MaxDepth, 0u);
  }
  static const bool flow = true;
};

template <> struct MappingTraits<tileas_mfi::ScheduledInstr> {
  static void mapping(IO &YamlIO, tileas_mfi::ScheduledInstr &S) {
    YamlIO.mapRequired("instr", S.Instr);
    YamlIO.mapRequired("opcode", S.Opcode);
    YamlIO.mapRequired("stage", S.Stage);
    YamlIO.mapRequired("order", S.Order);
    YamlIO.mapRequired("cycle", S.Cycle);
  }
  static const bool flow = true;
};

template <> struct MappingTraits<tileas_mfi::LoopSchedule> {
  static void mapping(IO &YamlIO, tileas_mfi::LoopSchedule &L) {
    YamlIO.mapRequired("block", L.Block);
    YamlIO.mapRequired("ii", L.II);
    YamlIO.mapRequired("stageCount", L.StageCount);
    YamlIO.mapRequired("instrs", L.Instrs);
  }
};

} // namespace yaml
} // namespace llvm

LLVM_YAML_IS_SEQUENCE_VECTOR(llvm::tileas_mfi::InstrConstraint)
LLVM_YAML_IS_SEQUENCE_VECTOR(llvm::tileas_mfi::GroupConstraint)
LLVM_YAML_IS_SEQUENCE_VECTOR(llvm::tileas_mfi::ScheduledInstr)
LLVM_YAML_IS_SEQUENCE_VECTOR(llvm::tileas_mfi::LoopSchedule)

#endif // TILEAS_TILEASMACHINEFUNCTIONINFO_H

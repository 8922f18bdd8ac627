//===- AgentPartitionTestUtil.h - Partitioned loops for tests --*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Builds what tileas-materialize-schedule hands to TileASAgentPartition for
// a loop written in MIR: the loop's problem and dependences, a schedule from
// the scheduling core, the counted loop control and the warp-specialized
// coordination solve. The MIR is read with the MIRExec tests' helper.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TEST_UNIT_TARGET_AGENTPARTITIONTESTUTIL_H
#define TILEAS_TEST_UNIT_TARGET_AGENTPARTITIONTESTUTIL_H

#include "MIRExecTestUtil.h"
#include "Pipeliner/TileASCountedLoop.h"
#include "Pipeliner/TileASLoopSchedule.h"
#include "WarpSpecialize/TileASAgentPartition.h"

#include "tileas/Pipes/PipeSolve.h"
#include "tileas/Sched/Problem.h"

#include <optional>
#include <string>
#include <vector>

namespace tileas {
namespace test {

/// One scheduled, solved loop and its partition.
struct PartitionedLoop {
  llvm::TileASLoopSchedule S;
  std::optional<llvm::TileASCountedLoop> Counted;
  pipes::SolveResult Sol;
  std::vector<Dependence> Deps;
  std::optional<llvm::TileASAgentPartition> Partition;
};

class AgentPartitionTest : public MIRTest {
protected:
  /// Runs under -tileas-pipeline-strategy=warp-specialized, which the
  /// coordination solve reads.
  static void SetUpTestSuite();

  /// The td agent (1-based) named Name; fails the test if there is none.
  static unsigned agentNamed(llvm::StringRef Name);
  /// "k (name)", as why() names agents.
  static std::string agentLabel(unsigned Agent);

  /// Reads a function "f" whose blocks are bb.0 (Entry, falling into the
  /// loop), bb.1 (Loop, the counted loop) and bb.2 (Exit, then RET).
  llvm::MachineFunction *parseLoop(llvm::StringRef Entry, llvm::StringRef Loop,
                                   llvm::StringRef Exit);

  /// Schedules, solves and partitions bb.LoopBlock of MF (a single-block
  /// loop) as materialization does; fails the test (returning false) if a
  /// step before the partition fails. SpecializedSolve false solves the
  /// coordination as for the plain pipelined loop (no handoffs), which
  /// materialization never partitions.
  bool partition(llvm::MachineFunction &MF, PartitionedLoop &L,
                 bool SpecializedSolve = true, unsigned LoopBlock = 1);

  /// The scheduled instruction of L defining the virtual register Name.
  static unsigned opDefining(const PartitionedLoop &L, llvm::StringRef Name);
  /// The instruction defining the virtual register Name in MF.
  static const llvm::MachineInstr *defOf(const llvm::MachineFunction &MF,
                                         llvm::StringRef Name);
};

} // namespace test
} // namespace tileas

#endif // TILEAS_TEST_UNIT_TARGET_AGENTPARTITIONTESTUTIL_H

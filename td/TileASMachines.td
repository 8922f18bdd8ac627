//===- TileASMachines.td - The machines TileAS schedules for -*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The machine records (class TileASMachineModel): which slots, pools,
// budgets, latency families, pipes, coordination costs and agents each
// machine has, which instructions it lacks, and the instructions whose
// footprint differs on it. Include after every instruction is defined.
// docs/machines.md describes how to add a machine.
//
//===----------------------------------------------------------------------===//

// Blackwell (sm_100, sm_100a, sm_100f, sm_103a): the numbers of
// TileASMachine.td and the resource vectors of TileASResources.td as they
// are. It lacks WGMMA and every WGMMA_X<L> and WGMMA_T_X<L>, which are
// sm_90a's: a kernel that uses one is refused, naming it and the machine, by
// the first pass that sees it (docs/machines.md).
def TileASBlackwell : TileASMachineModel<"blackwell", TileASModel> {
  let Slots = [SlotIssue, SlotXU, SlotXU64, SlotFp32x2, SlotALU,
               SlotAluOrFmaHeavy, SlotDualALU, SlotLSU, SlotTMem, SlotMMA,
               SlotTcAndMma, SlotTMA, SlotTpGnicRd, SlotTpGnicWr,
               SlotTpSmemRd, SlotTpSmemWr, SlotTpTmemRd, SlotTpTmemWr,
               SlotTpMma, SlotUnknown, SlotOmittedSimt, SlotTestSimt,
               SlotTestMma, SlotTestDma];
  let Pools = [PoolCoarseIssue, PoolAluIssue, PoolAluFmaIssue, PoolDualIssue,
               PoolBankPairing, PoolTMemQuadrants];
  let Budgets = [BudgetSmemBytes, BudgetTmemBytes, BudgetNamedBarriers];
  let Latencies = [LatIssue, LatDualALU, LatALU, LatFmaHeavy, LatFp32x2,
                   LatTransport, LatTcAndMma, LatTmaIssue, LatXU, LatXU64,
                   LatMmaResult, LatFarMemory, LatSmemLoad, LatTmemLoad,
                   LatXUResult];
  let Pipes = [PipeTMA, PipeTensorCore, PipeTMem, PipeSMem, PipeALU, PipeXU,
               PipeLSU, PipeSync];
  let Events = TileASEventModel;
  let Coordination = TileASCoordination;
  let AgentRules = TileASAgents;
  let Agents = [AgentLoad, AgentMma, AgentCompute];
  // Warpgroup MMA into registers: Hopper's (TileASHopper.td).
  let Unsupported = !filter(I, !instances<TileASInst>(),
                            !eq(I.Resources, RV_Wgmma));
}

include "TileASHopper.td"

//===- TileASSchedule.td - LLVM scheduling model, derived ---*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The standard SchedMachineModel is derived from the resource vectors, so
// stock MachinePipeliner and the machine scheduler see the machine TileAS
// schedules against: each slot is a one-unit ProcResource held for the
// triple's duration (ReleaseAtCycles); each counting pool is a multi-unit
// ProcResource charged units x cycles; the latency is the vector's. Budget
// pools have no per-cycle meaning and are left out. Include this file after
// every TileASResources record is defined.
//
//===----------------------------------------------------------------------===//

let SchedModel = TileASModel in {
foreach RV = !instances<TileASResources>() in
  def : WriteRes<RV, !listconcat(!foreach(U, RV.Slots, U.Slot),
                                 !foreach(P, RV.Pools, P.Pool))> {
    let Latency = RV.Latency;
    let ReleaseAtCycles = !listconcat(!foreach(U, RV.Slots, U.Duration),
                                      !foreach(P, RV.Pools,
                                               !mul(P.Units, P.Cycles)));
  }

// Target-independent instructions that carry scheduling information.
def : InstRW<[RV_Scalar], (instrs COPY)>;
}

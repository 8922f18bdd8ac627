//===- TileASSchedule.td - LLVM scheduling models, derived --*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The standard SchedMachineModel of each machine is derived from the
// resource vectors, so stock MachinePipeliner and the machine scheduler see
// the machine TileAS schedules against: each slot is a one-unit ProcResource
// held for the triple's duration (ReleaseAtCycles); each counting pool is a
// multi-unit ProcResource charged units x cycles; the latency is the
// vector's. Budget pools have no per-cycle meaning and are left out. On a
// machine, a vector's slots are the machine's slots of the same id and its
// pools the machine's pools of the same name (TileASMachineModel); a vector
// that names something the machine lacks is Unsupported there, one that
// another machine gives its instructions (MachineResources) is left out, and the machine's
// MachineResources become InstRWs. Include this file after every machine
// record is defined.
//
//===----------------------------------------------------------------------===//

foreach M = [TileASBlackwell, TileASHopper] in {
  defvar Overrides = !filter(O, !instances<MachineResources>(),
                             !eq(O.Machine, M));
  defvar Foreign = !foreach(O, !filter(O, !instances<MachineResources>(),
                                       !ne(O.Machine, M)),
                            O.Resources);
  defvar Own = !foreach(O, Overrides, O.Resources);
  foreach RV = !instances<TileASResources>() in {
    defvar SlotsFit = !foldl(true, RV.Slots, Ok, U,
        !and(Ok, !not(!empty(!filter(S, M.Slots,
                                     !eq(S.SlotId, U.Slot.SlotId))))));
    defvar PoolsFit = !foldl(true, RV.Pools, Ok, P,
        !and(Ok, !not(!empty(!filter(Q, M.Pools,
                                     !eq(Q.PoolName, P.Pool.PoolName))))));
    defvar Theirs = !and(!not(!empty(!filter(F, Foreign, !eq(F, RV)))),
                         !empty(!filter(F, Own, !eq(F, RV))));
    if !and(SlotsFit, PoolsFit, !not(Theirs)) then
      def : WriteRes<RV, !listconcat(
              !foreach(U, RV.Slots,
                       !head(!filter(S, M.Slots,
                                     !eq(S.SlotId, U.Slot.SlotId)))),
              !foreach(P, RV.Pools,
                       !head(!filter(Q, M.Pools,
                                     !eq(Q.PoolName, P.Pool.PoolName)))))> {
        let SchedModel = M.SchedModel;
        let Latency = RV.Latency;
        let ReleaseAtCycles = !listconcat(!foreach(U, RV.Slots, U.Duration),
                                          !foreach(P, RV.Pools,
                                                   !mul(P.Units, P.Cycles)));
      }
    else if !not(Theirs) then
      // The machine lacks what it needs: its instructions do not exist
      // there (TileASMachineModel.Unsupported).
      def : WriteRes<RV, []> {
        let SchedModel = M.SchedModel;
        let Unsupported = true;
      }
  }
  foreach O = Overrides in
    def : InstRW<[O.Resources], !dag(instrs, O.Instrs, ?)> {
      let SchedModel = M.SchedModel;
    }

  // Target-independent instructions that carry scheduling information.
  def : InstRW<[RV_Scalar], (instrs COPY)> {
    let SchedModel = M.SchedModel;
  }
}

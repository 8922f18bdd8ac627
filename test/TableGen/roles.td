// The roles passes depend on are marked in the machine description, never
// found by name: the budget pools named barrier ids come from and mbarriers
// are paid from (the coordination model's BarrierPool and MbarrierPool),
// the issuing thread's pipe (the event model's Issuer)
// and the copy-engine pipes. tileas-tblgen emits them as table entries.
// RUN: %tileas-tblgen -I %llvm_include -I %td_dir %s -o - | FileCheck %s
// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -DNO_POOL %s \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOPOOL
include "llvm/Target/Target.td"
include "TileASSlotModel.td"

def ToyModel : SchedMachineModel;
def Copy : EventPipe<"copy"> { let CopyEngine = true; }
def Main : EventPipe<"main">;
def ToyEvents : EventModel<4> { let Issuer = Main; }
let SchedModel = ToyModel in
def Fetch : TileASSlot<1, "fetch", "coarse">;
def Bytes : BudgetPool<"bytes", 4096, "bytes">;
def Ids : BudgetPool<"ids", 8, "barriers">;
#ifdef NO_POOL
def ToyCoordination : CoordinationModel<Bytes, ?> {
#else
def ToyCoordination : CoordinationModel<Bytes, Ids> {
#endif
  let MbarrierBytes = 8;
  let MbarriersPerSlot = 2;
  let MbarriersPerMutex = 1;
  let BarriersPerMutex = 1;
  let ReservedBarriers = 1;
  let DefaultPipeDepth = 2;
}
def RV_A : TileASResources<[SlotUse<Fetch, 1>], [], [], 1, Copy>;
def ToyRegs : RegisterClass<"Toy", [i32], 32, (add)>;
def ToyInstrInfo : InstrInfo;
def Toy : Target { let InstructionSet = ToyInstrInfo; }
let Namespace = "Toy" in
def OPA : TileASInst<(outs), (ins i32imm:$a), "opa $a", RV_A>;

// Budget pools in record order: Bytes 0, Ids 1; pipes: Copy 0, Main 1.
// CHECK:      static constexpr bool PipeIsCopyEngine[] = {
// CHECK-NEXT:   true, // Copy
// CHECK-NEXT:   false, // Main
// CHECK-NEXT: };
// CHECK:      static constexpr unsigned IssuerPipe = 1;
// Mbarriers from pool 0 (8 bytes, 2 per slot, 1 per mutex), named barriers
// from pool 1 (1 per mutex, 1 reserved), rings 2 deep.
// CHECK:      static constexpr model::CoordinationRecord Coordination = {0, 8, 2, 1, 1, 1, 1, 2};
// NOPOOL: error: coordination model ToyCoordination names no budget pool to take barrier ids from

// Event pipes and their budgets: a budget per ordered pipe pair, from the
// machine description. Pairs with an EventBudget record get its number, all
// others the EventModel's default; tileas-event-schedule reads them through
// model::eventBudget (and -tileas-event-budget[-overrides] can change them).
// RUN: %tileas-tblgen -I %llvm_include -I %td_dir %s -o - | FileCheck %s
// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -DZERO_BUDGET %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ZERO
include "llvm/Target/Target.td"
include "TileASSlotModel.td"

def ToyModel : SchedMachineModel;
def PipeA : EventPipe<"a">;
def PipeB : EventPipe<"b">;
def PipeC : EventPipe<"c">;
def ToyEvents : EventModel<6>;
def AtoB : EventBudget<PipeA, PipeB, 2>;
#ifdef ZERO_BUDGET
def CtoA : EventBudget<PipeC, PipeA, 0>;
#else
def CtoA : EventBudget<PipeC, PipeA, 1>;
#endif
let SchedModel = ToyModel in
def Fetch : TileASSlot<1, "fetch", "coarse">;
def RV_A : TileASResources<[SlotUse<Fetch, 1>], [], [], 1, PipeA>;
def ToyRegs : RegisterClass<"Toy", [i32], 32, (add)>;
def ToyInstrInfo : InstrInfo;
def Toy : Target { let InstructionSet = ToyInstrInfo; }
let Namespace = "Toy" in
def OPA : TileASInst<(outs), (ins i32imm:$a), "opa $a", RV_A>;

// CHECK:      static constexpr const char *PipeNames[] = {
// CHECK-NEXT:   "a",
// CHECK-NEXT:   "b",
// CHECK-NEXT:   "c",
// CHECK-NEXT: };
// CHECK:      static constexpr unsigned DefaultEventBudget = 6;
// CHECK-NEXT: static constexpr unsigned NumEventBudgets = 2;
// CHECK-NEXT: static constexpr model::EventBudgetRecord EventBudgetTable[] = {
// CHECK-NEXT:   {PipeA, PipeB, 2},
// CHECK-NEXT:   {PipeC, PipeA, 1},
// CHECK-NEXT: };
// ZERO: error: event budget CtoA has Events 0, outside 1..4294967295

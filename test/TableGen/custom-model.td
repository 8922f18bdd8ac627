// A machine model of its own, written in the same vocabulary, yields its own
// tables with nothing else edited: three slots (one of them id 40), a
// counting pool of capacity 7, a budget pool, a pipe, two instructions.
// RUN: %tileas-tblgen -I %llvm_include -I %td_dir %s -o - | FileCheck %s
include "llvm/Target/Target.td"
include "TileASSlotModel.td"

def ToyModel : SchedMachineModel;
def ToyPipe : EventPipe<"toy">;
def ToyEvents : EventModel<3>;
let SchedModel = ToyModel in {
def Fetch  : TileASSlot<1, "fetch", "coarse">;
def Vector : TileASSlot<2, "vector", "fine">;
def Probe  : TileASSlot<40, "probe", "test">;
def Lanes  : CountingPool<"lanes", 7>;
}
def Scratch : BudgetPool<"scratch", 4096, "bytes">;

def RV_Vec : TileASResources<[SlotUse<Fetch, 1>, SlotUse<Vector, 3>,
                              SlotUse<Probe, 2>],
                             [PoolUse<Lanes, 2, 3>], [], 5, ToyPipe>;
def RV_Buf : TileASResources<[SlotUse<Fetch, 1>], [],
                             [OperandCharge<Scratch, "stage", "size">], 9,
                             ToyPipe>;

def ToyRegs : RegisterClass<"Toy", [i32], 32, (add)>;
def ToyInstrInfo : InstrInfo;
def Toy : Target { let InstructionSet = ToyInstrInfo; }
let Namespace = "Toy" in {
def VADD : TileASInst<(outs), (ins i32imm:$a), "vadd $a", RV_Vec>;
def BUF  : TileASInst<(outs), (ins i32imm:$flags, i32imm:$size), "buf", RV_Buf>;
}

// CHECK:      enum SlotId : unsigned {
// CHECK-NEXT:   Fetch = 1, // fetch (Coarse)
// CHECK-NEXT:   Vector = 2, // vector (Fine)
// CHECK-NEXT:   Probe = 40, // probe (Test)
// CHECK-NEXT: };
// CHECK-NEXT: constexpr unsigned NumSlots = 3;
// CHECK:      {"lanes", 7, "Lanes"},
// CHECK:      {"scratch", 4096u, "bytes"},
// CHECK:      static constexpr unsigned DefaultEventBudget = 3;
// CHECK:      static constexpr bool HasCoordinationModel = false;
// RV_Vec holds fetch for 1 cycle, vector for 3, probe (bit 39) for 2.
// CHECK:      // RV_Vec
// CHECK-NEXT: {1, 1, 1},
// CHECK-NEXT: {2, 3, 1},
// CHECK-NEXT: {40, 2, 1},
// CHECK:      // RV_Vec
// CHECK-NEXT: {Lanes, 2, 3},
// CHECK:      // RV_Vec
// CHECK-NEXT: 0x0000008000000003,
// CHECK-NEXT: 0x0000008000000002,
// CHECK-NEXT: 0x0000000000000002,
// CHECK:      {"RV_Vec", {{[0-9]+}}, 3, 0, 1, {{[0-9]+}}, 3, 5, ToyPipe, false, false},
// BUF's charge reads its second operand.
// CHECK:      // BUF
// CHECK-NEXT: {Scratch, BudgetScaling::PerStage, 0u, 1},
// CHECK:      {Toy::BUF, "BUF", RV_Buf, 0, 1, model::MemorySpace::None},
// CHECK-NEXT: {Toy::VADD, "VADD", RV_Vec, 1, 0, model::MemorySpace::None},

// A timing description of its own yields its tables, sorted for lookups:
// descriptions by name, MMAs by (description, instruction, M, N, K), load
// points by bytes. A description that does not time an instruction at all
// needs none of its shapes (MMA's wide shape is not asked of Tiny).
// RUN: %tileas-tblgen -gen-tileas-timing-tables -I %llvm_include -I %td_dir %s -o - | FileCheck %s
include "llvm/Target/Target.td"
include "TileASTiming.td"

def MiniInstrInfo : InstrInfo;
def Mini : Target { let InstructionSet = MiniInstrInfo; }
def MMA : Instruction;
def LOAD : Instruction;
def : MmaShapeUse<"MMA", 128, 128, 16>;
def : MmaShapeUse<"MMA", 64, 128, 16>;

def Zed : TimingDesc<"zed"> {
  let ClockMHz = 1000;
  let FullLoadCyclesPerKiB = 100;
  let SmemBytesPerCycle = 64;
  let MbarrierLatency = 20;
}
def Alpha : TimingDesc<"alpha"> {
  let FullLoadCyclesPerKiB = 165;
  let SmemBytesPerCycle = 128;
}
def Tiny : TimingDesc<"tiny"> {
  let FullLoadCyclesPerKiB = 1;
  let SmemBytesPerCycle = 1;
}
def : MmaTiming<Zed, "MMA", 128, 128, 16, 6460, 200>;
def : MmaTiming<Zed, "MMA", 64, 128, 16, 6450, 184>;
def : TmaLatencyPoint<Zed, "LOAD", 16384, 1178>;
def : TmaLatencyPoint<Zed, "LOAD", 8192, 962>;
def : InstrTiming<Alpha, "LOAD", 100, 30>;

// CHECK:      static constexpr DescRecord Descs[] = {
// CHECK-NEXT:   {"alpha", 0, 165, 128, 0}, // Alpha
// CHECK-NEXT:   {"tiny", 0, 1, 1, 0}, // Tiny
// CHECK-NEXT:   {"zed", 1000, 100, 64, 20}, // Zed
// CHECK:      static constexpr MmaRecord Mmas[] = {
// CHECK-NEXT:   {2, "MMA", 64, 128, 16, 6450, 184},
// CHECK-NEXT:   {2, "MMA", 128, 128, 16, 6460, 200},
// CHECK-NEXT: };
// CHECK:      static constexpr InstrRecord Instrs[] = {
// CHECK-NEXT:   {0, "LOAD", 100, 30},
// CHECK:      static constexpr TmaPointRecord TmaPoints[] = {
// CHECK-NEXT:   {2, "LOAD", 8192u, 962},
// CHECK-NEXT:   {2, "LOAD", 16384u, 1178},
// CHECK-NEXT: };

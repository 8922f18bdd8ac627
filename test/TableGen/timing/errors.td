// Mistakes in a timing description (td/TileASTiming.td), each an error
// naming its record; nothing is emitted.
// RUN: not %tileas-tblgen -gen-tileas-timing-tables -I %llvm_include -I %td_dir %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not %tileas-tblgen -gen-tileas-timing-tables -I %llvm_include -I %td_dir -DBANDWIDTH %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BW
include "llvm/Target/Target.td"
include "TileASTiming.td"

def MiniInstrInfo : InstrInfo;
def Mini : Target { let InstructionSet = MiniInstrInfo; }
def MMA : Instruction;
def LOAD : Instruction;

// The compiler produces MMA in two shapes.
def UseSmall : MmaShapeUse<"MMA", 128, 128, 16>;
def UseWide : MmaShapeUse<"MMA", 128, 256, 16>;

#ifdef BANDWIDTH
// BW-DAG: errors.td:[[@LINE+1]]:{{[0-9]+}}: error: timing description NoShare has FullLoadCyclesPerKiB 0: a bandwidth must be positive
def NoShare : TimingDesc<"noshare"> { let SmemBytesPerCycle = 128; }
// BW-DAG: errors.td:[[@LINE+1]]:{{[0-9]+}}: error: timing description NegSmem has SmemBytesPerCycle -128: a bandwidth must be positive
def NegSmem : TimingDesc<"negsmem"> {
  let FullLoadCyclesPerKiB = 165;
  let SmemBytesPerCycle = -128;
}
#else
// CHECK-DAG: errors.td:[[@LINE+1]]:{{[0-9]+}}: error: timing Part (part) times MMA but not its shape M128 N256 K16, which the compiler produces (UseWide)
def Part : TimingDesc<"part"> {
  let FullLoadCyclesPerKiB = 165;
  let SmemBytesPerCycle = 128;
}
def : MmaTiming<Part, "MMA", 128, 128, 16, 6460, 200>;
// CHECK-DAG: errors.td:[[@LINE+1]]:{{[0-9]+}}: error: timing TooFast: latency 50 is below its occupancy 64.60 cycles
def TooFast : MmaTiming<Part, "MMA", 64, 128, 16, 6460, 50>;
// CHECK-DAG: errors.td:[[@LINE+1]]:{{[0-9]+}}: error: timing Typo names instruction 'MMA_F16', which no Instruction record defines
def Typo : MmaTiming<Part, "MMA_F16", 128, 128, 16, 6460, 200>;
// CHECK-DAG: errors.td:[[@LINE+1]]:{{[0-9]+}}: error: timing Again is a second entry for MMA M128 N128 K16 in part
def Again : MmaTiming<Part, "MMA", 128, 128, 16, 6000, 190>;
def Near : TmaLatencyPoint<Part, "LOAD", 8192, 962>;
// CHECK-DAG: errors.td:[[@LINE+1]]:{{[0-9]+}}: error: timing Falls: 16384 bytes take 900 cycles, fewer than the 962 of 8192 bytes (Near)
def Falls : TmaLatencyPoint<Part, "LOAD", 16384, 900>;
// CHECK-DAG: errors.td:[[@LINE+1]]:{{[0-9]+}}: error: timing description Twin is a second one named 'part' (Part is the first)
def Twin : TimingDesc<"part"> {
  let FullLoadCyclesPerKiB = 165;
  let SmemBytesPerCycle = 128;
}
// CHECK-DAG: errors.td:[[@LINE+1]]:{{[0-9]+}}: error: timing description Model needs a name other than 'model'
def Model : TimingDesc<"model"> {
  let FullLoadCyclesPerKiB = 165;
  let SmemBytesPerCycle = 128;
}
#endif

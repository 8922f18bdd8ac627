//===- TileASRegisterInfo.td - TileAS registers -------------*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Register files of the TileAS machine. Tile values live outside the register
// file (shared or tensor memory); registers of classes TILE and TMEM are
// handles to such tiles, which is what lets SSA express a ring of buffers.
//
//===----------------------------------------------------------------------===//

class TileASReg<bits<16> enc, string n> : Register<n> {
  let HWEncoding = enc;
  let Namespace = "TileAS";
}

foreach I = 0-63 in
  def R#I : TileASReg<I, "r"#I>;
foreach I = 0-31 in
  def RD#I : TileASReg<I, "rd"#I>;
// Local-memory stack pointer (spill slots).
def SP : TileASReg<32, "sp">;
foreach I = 0-7 in
  def P#I : TileASReg<I, "p"#I>;
foreach I = 0-31 in
  def T#I : TileASReg<I, "tile"#I>;
foreach I = 0-7 in
  def TM#I : TileASReg<I, "tmem"#I>;
foreach I = 0-63 in
  def F#I : TileASReg<I, "f"#I>;

/// 32-bit scalar registers: loop counters, coordinates, pipe slot and phase;
/// also the bits of a float (kernel parameters, splatted constants).
def GPR32 : RegisterClass<"TileAS", [i32, f32], 32, (sequence "R%u", 0, 63)>;
/// 64-bit scalar registers: addresses and descriptors; also doubles.
def GPR64 : RegisterClass<"TileAS", [i64, f64], 64,
                          (add (sequence "RD%u", 0, 31), SP)>;
/// Predicates.
def PRED : RegisterClass<"TileAS", [i1], 8, (sequence "P%u", 0, 7)> {
  let Size = 8;
}
/// Handles of tiles in shared memory (TMA destinations, MMA operands). The
/// value type is a stand-in that no other IR value has, so that instruction
/// selection keeps tile handles (ptr addrspace(3)) in this file.
def TILE : RegisterClass<"TileAS", [v2i32], 64, (sequence "T%u", 0, 31)>;
/// Handles of tensor-memory accumulators (tcgen05); v4i16 stands for
/// ptr addrspace(6) as v2i32 does for tiles.
def TMEM : RegisterClass<"TileAS", [v4i16], 64, (sequence "TM%u", 0, 7)>;
/// Register fragments of a tile held by a thread (WGMMA accumulators, SIMT
/// arithmetic on tiles); <4 x i32> for bit operations on them; <8 x bfloat>
/// for eight bf16 packed in pairs (four bf16x2 registers, what
/// cvt.rn.bf16x2.f32 writes and an MMA operand row holds).
def FRAG : RegisterClass<"TileAS", [v4f32, v4i32, v8bf16], 128,
                         (sequence "F%u", 0, 63)>;

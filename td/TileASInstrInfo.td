//===- TileASInstrInfo.td - TileAS instructions -------------*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The instruction set: asynchronous tile units (TMA, tensor core, tensor
// memory, async copy), memory transports, SIMT arithmetic, transcendentals,
// named barriers, scalar integer ops, compare and branch. Assembly is printed
// in a PTX-like syntax. The PIPE_ and MUTEX_ coordination instructions are in
// TileASCoordination.td.
//
//===----------------------------------------------------------------------===//

include "TileASInstrFormats.td"

//===----------------------------------------------------------------------===//
// Scalar integer ops.
//===----------------------------------------------------------------------===//

let isAsCheapAsAMove = true, isReMaterializable = true, isMoveImm = true in {
def MOVri   : TileASInst<(outs GPR32:$d), (ins i32imm:$imm),
                         "mov.b32 $d, $imm;", RV_Scalar>;
def MOV64ri : TileASInst<(outs GPR64:$d), (ins i64imm:$imm),
                         "mov.b64 $d, $imm;", RV_Scalar>;
}

multiclass ScalarBinary<string mnemonic> {
  def rr : TileASInst<(outs GPR32:$d), (ins GPR32:$a, GPR32:$b),
                      mnemonic # ".s32 $d, $a, $b;", RV_Scalar>;
  def ri : TileASInst<(outs GPR32:$d), (ins GPR32:$a, i32imm:$b),
                      mnemonic # ".s32 $d, $a, $b;", RV_Scalar>;
}
defm ADD : ScalarBinary<"add">;
defm SUB : ScalarBinary<"sub">;
defm MUL : ScalarBinary<"mul.lo">;
defm AND : ScalarBinary<"and">;
defm XOR : ScalarBinary<"xor">;
defm SHL : ScalarBinary<"shl">;
defm SHR : ScalarBinary<"shr">;

def ADD64rr : TileASInst<(outs GPR64:$d), (ins GPR64:$a, GPR64:$b),
                         "add.s64 $d, $a, $b;", RV_Scalar>;
def ADD64ri : TileASInst<(outs GPR64:$d), (ins GPR64:$a, i64imm:$b),
                         "add.s64 $d, $a, $b;", RV_Scalar>;
def CVT64_32 : TileASInst<(outs GPR64:$d), (ins GPR32:$a),
                          "cvt.u64.u32 $d, $a;", RV_Scalar>;

def SETPrr : TileASInst<(outs PRED:$p), (ins GPR32:$a, GPR32:$b, CondCode:$cc),
                        "setp$cc.s32 $p, $a, $b;", RV_Scalar>;
def SETPri : TileASInst<(outs PRED:$p), (ins GPR32:$a, i32imm:$b, CondCode:$cc),
                        "setp$cc.s32 $p, $a, $b;", RV_Scalar>;
def SELP : TileASInst<(outs GPR32:$d), (ins GPR32:$a, GPR32:$b, PRED:$p),
                      "selp.b32 $d, $a, $b, $p;", RV_Scalar>;

//===----------------------------------------------------------------------===//
// Compare and branch.
//===----------------------------------------------------------------------===//

let isBranch = true, isTerminator = true in {
let isBarrier = true in
def BRA   : TileASInst<(outs), (ins brtarget:$dst), "bra $dst;", RV_Branch>;
def BR_P  : TileASInst<(outs), (ins PRED:$p, brtarget:$dst),
                       "@$p bra $dst;", RV_Branch>;
def BR_NP : TileASInst<(outs), (ins PRED:$p, brtarget:$dst),
                       "@!$p bra $dst;", RV_Branch>;
}
let isReturn = true, isTerminator = true, isBarrier = true in
def RET : TileASInst<(outs), (ins), "ret;", RV_Branch>;

//===----------------------------------------------------------------------===//
// Asynchronous tile units.
//===----------------------------------------------------------------------===//

let mayLoad = true, MemorySpace = "global" in {
def TMA_LOAD : TileASInst<(outs TILE:$t),
    (ins GPR64:$desc, GPR32:$x, GPR32:$y, bytesimm:$bytes),
    "cp.async.bulk.tensor.2d.shared.global.tile [$t], [$desc, $x, $y], $bytes;",
    RV_TmaLoad>;
def CP_ASYNC : TileASInst<(outs TILE:$t), (ins GPR64:$addr, bytesimm:$bytes),
    "cp.async.cg.shared.global [$t], [$addr], $bytes;", RV_AsyncCopy>;
}
let mayStore = true, MemorySpace = "global" in
def TMA_STORE : TileASInst<(outs),
    (ins TILE:$t, GPR64:$desc, GPR32:$x, GPR32:$y),
    "cp.async.bulk.tensor.2d.global.shared.tile [$desc, $x, $y], [$t];",
    RV_TmaStore>;

// The accumulator is read and written in place. $kb selects the k-block of
// the A and B tiles (one MMA consumes K=16 of a 64-wide tile).
let Constraints = "$d = $c" in {
def MMA_TMEM : TileASInst<(outs TMEM:$d),
    (ins TMEM:$c, TILE:$a, TILE:$b, i32imm:$kb, bytesimm:$accbytes),
    "tcgen05.mma.cta_group::1.kind::f16 [$d], [$a], [$b], kblock $kb;",
    RV_MmaTmem>;
// kind::f16 with the tcgen05 instruction descriptor ($idesc: formats, M,
// N, majors; docs/ptx.md) and the enable-input-d predicate ($acc: add to the
// accumulator, or overwrite it, for a chain's first MMA).
def MMA_TMEM_F16 : TileASInst<(outs TMEM:$d),
    (ins TMEM:$c, TILE:$a, TILE:$b, i32imm:$kb, bytesimm:$accbytes,
         i32imm:$idesc, PRED:$acc),
    "tcgen05.mma.cta_group::1.kind::f16 [$d], [$a], [$b], kblock $kb, idesc $idesc, $acc;",
    RV_MmaTmem>;
// kind::f8f6f4 (8-, 6- and 4-bit inputs, K = 32): the operands of
// MMA_TMEM_F16, with a kind::f8f6f4 instruction descriptor.
def MMA_TMEM_F8F6F4 : TileASInst<(outs TMEM:$d),
    (ins TMEM:$c, TILE:$a, TILE:$b, i32imm:$kb, bytesimm:$accbytes,
         i32imm:$idesc, PRED:$acc),
    "tcgen05.mma.cta_group::1.kind::f8f6f4 [$d], [$a], [$b], kblock $kb, idesc $idesc, $acc;",
    RV_MmaTmem>;
// kind::tf32 (f32 operands read as tf32, K = 8) and kind::i8 (s8 / u8
// operands, an s32 accumulator, K = 32): the operands of MMA_TMEM_F16 with
// their kind's instruction descriptor. Each reads 32 bytes of every operand
// row and holds the tensor core as long as the kind::f16 MMA of its M and N
// (the same footprint: TileASTimingB200.td).
def MMA_TMEM_TF32 : TileASInst<(outs TMEM:$d),
    (ins TMEM:$c, TILE:$a, TILE:$b, i32imm:$kb, bytesimm:$accbytes,
         i32imm:$idesc, PRED:$acc),
    "tcgen05.mma.cta_group::1.kind::tf32 [$d], [$a], [$b], kblock $kb, idesc $idesc, $acc;",
    RV_MmaTmem>;
def MMA_TMEM_I8 : TileASInst<(outs TMEM:$d),
    (ins TMEM:$c, TILE:$a, TILE:$b, i32imm:$kb, bytesimm:$accbytes,
         i32imm:$idesc, PRED:$acc),
    "tcgen05.mma.cta_group::1.kind::i8 [$d], [$a], [$b], kblock $kb, idesc $idesc, $acc;",
    RV_MmaTmem>;
def WGMMA : TileASInst<(outs FRAG:$d),
    (ins FRAG:$c, TILE:$a, TILE:$b, i32imm:$kb),
    "wgmma.mma_async.sync.aligned.f32.bf16.bf16 $d, [$a], [$b], kblock $kb;",
    RV_Wgmma>;
}

// wgmma.mma_async m64nNk16 bf16 x bf16 -> f32 with the accumulator of its
// real per-thread shape: N / 2 f32 per thread, L = N / 2 lanes, L / 4
// fragments (m64n128k16: 64 registers, 16 fragments). The instruction reads
// and writes its accumulator in place, but LLVM ties at most 15 defs, so
// $dI is not tied to $cI: register allocation is hinted to give both one
// register (TileASRegisterInfo::getRegAllocationHints) and the printer
// copies where it did not. IR selects these for a `<L x float>`
// tileas.wgmma with L >= 8; WGMMA above is the abstract machine's
// one-fragment stand-in. Built as machine nodes by call lowering.
foreach L = [8, 16, 32, 64, 128] in {
  defvar Frags = !div(L, 4);
  def WGMMA_X # L : TileASInst<
      !dag(outs, !listsplat(FRAG, Frags), !foreach(I, !range(Frags), "d" # I)),
      !con(!dag(ins, !listsplat(FRAG, Frags),
                !foreach(I, !range(Frags), "c" # I)),
           (ins TILE:$a, TILE:$b, i32imm:$kb)),
      "wgmma.mma_async.sync.aligned.m64n" # !mul(L, 2) #
          "k16.f32.bf16.bf16 \\{" #
          !interleave(!foreach(I, !range(Frags), "$d" # I), ", ") #
          "\\}, [$a], [$b], kblock $kb;",
      RV_Wgmma>;
  // The same accumulator with the element types of a type word ($types:
  // tileas/PTX/WgmmaKinds.h): tf32 (K = 8), e4m3 / e5m2 (K = 32) into f32,
  // s8 / u8 (K = 32) into s32. Every kind reads 32 bytes of each operand
  // row and holds the tensor core as long as the bf16 wgmma of its N, so it
  // takes the same footprint. IR selects these for `tileas.wgmma.typed`.
  def WGMMA_T_X # L : TileASInst<
      !dag(outs, !listsplat(FRAG, Frags), !foreach(I, !range(Frags), "d" # I)),
      !con(!dag(ins, !listsplat(FRAG, Frags),
                !foreach(I, !range(Frags), "c" # I)),
           (ins TILE:$a, TILE:$b, i32imm:$kb, i32imm:$types)),
      "wgmma.mma_async.sync.aligned.m64n" # !mul(L, 2) # " \\{" #
          !interleave(!foreach(I, !range(Frags), "$d" # I), ", ") #
          "\\}, [$a], [$b], kblock $kb, types $types;",
      RV_Wgmma>;
}

let hasSideEffects = true in
def TMEM_ALLOC : TileASInst<(outs TMEM:$d), (ins i32imm:$columns),
                            "tcgen05.alloc.cta_group::1 $d, $columns;",
                            RV_Scalar>;

//===----------------------------------------------------------------------===//
// Memory transports.
//===----------------------------------------------------------------------===//

let mayLoad = true, MemorySpace = "value" in {
def LDS : TileASInst<(outs FRAG:$d), (ins TILE:$t, GPR32:$off),
                     "ld.shared.v4.f32 $d, [$t + $off];", RV_SmemRead>;
def TMEM_LD : TileASInst<(outs FRAG:$d), (ins TMEM:$t),
                         "tcgen05.ld.sync.aligned.32x32b.x4.b32 $d, [$t];",
                         RV_TmemLoad>;
}
let mayLoad = true, MemorySpace = "global" in {
def LDG : TileASInst<(outs GPR32:$d), (ins GPR64:$addr, i32imm:$off),
                     "ld.global.b32 $d, [$addr + $off];", RV_GlobalLoad>;
def LDG_F : TileASInst<(outs FRAG:$d), (ins GPR64:$addr, i32imm:$off),
                       "ld.global.v4.f32 $d, [$addr + $off];", RV_GlobalLoad>;
}
let mayStore = true, MemorySpace = "value" in {
def STS : TileASInst<(outs TILE:$t), (ins FRAG:$v, bytesimm:$bytes),
                     "st.shared.v4.f32 [$t], $v;", RV_SmemWrite>;
let Constraints = "$d = $t" in
def TMEM_ST : TileASInst<(outs TMEM:$d), (ins TMEM:$t, FRAG:$v),
                         "tcgen05.st.sync.aligned.32x32b.x4.b32 [$d], $v;",
                         RV_TmemStore>;
}
// tcgen05.ld / tcgen05.st of N consecutive 32-bit columns, from column $col
// of the accumulator, of the thread's own TMEM lane (the 32x32b shape): N / 4
// fragments. IR selects these for a `<N x float>` tmem.load / tmem.store and
// for the `.at` forms (docs/ir-input.md); TMEM_LD and TMEM_ST above are the
// four columns at column 0 that the MIR corpus writes. Call lowering builds
// them as machine nodes: TableGen fixes a node's number of results.
foreach N = [4, 8, 16, 32, 64, 128] in {
  defvar Frags = !div(N, 4);
  defvar Regs = !interleave(!foreach(I, !range(Frags), "$v" # I), ", ");
  let mayLoad = true, MemorySpace = "value" in
  def TMEM_LD_X # N : TileASInst<
      !dag(outs, !listsplat(FRAG, Frags), !foreach(I, !range(Frags), "v" # I)),
      (ins TMEM:$t, i32imm:$col),
      "tcgen05.ld.sync.aligned.32x32b.x" # N # ".b32 \\{" # Regs #
          "\\}, [$t + $col];",
      RV_TmemLoad>;
  let mayStore = true, MemorySpace = "value", Constraints = "$d = $t" in
  def TMEM_ST_X # N : TileASInst<(outs TMEM:$d),
      !con((ins TMEM:$t, i32imm:$col),
           !dag(ins, !listsplat(FRAG, Frags),
                !foreach(I, !range(Frags), "v" # I))),
      "tcgen05.st.sync.aligned.32x32b.x" # N # ".b32 [$d + $col], \\{" # Regs #
          "\\};",
      RV_TmemStore>;
}

// The thread's row of P (bf16, 64 elements, 128 bytes: eight fragments of
// packed bf16x2) written into a new K-major tile with the 128-byte swizzle
// that tcgen05.mma reads as an operand: 16-byte chunk c of row r at byte
// r * 128 + ((c ^ (r mod 8)) * 16), row r = the thread's accumulator row.
// $bytes is the tile (rows x 128). Built as a machine node by call lowering.
let mayStore = true, MemorySpace = "value" in
def STS_ROW : TileASInst<(outs TILE:$t),
    !con((ins bytesimm:$bytes),
         !dag(ins, !listsplat(FRAG, 8), !foreach(I, !range(8), "v" # I))),
    "st.shared.v4.b32 [$t + swizzle128(row)], \\{$v0, ..., $v7\\};",
    RV_SmemWriteRow>;

// The thread's row of 128 bf16 (256 bytes: its halves lo and hi, eight
// fragments of packed bf16x2 each) written into a new tile of two 128-byte
// swizzle atoms that tcgen05.mma reads (TileASPTXWideRows.cpp). STS_ROW_X2:
// row r (the thread's accumulator row) of a K-major tile of two K-atoms,
// atom after atom (docs/ptx.md, "Tiles wider than one swizzle row"): chunk c
// at (c / 8) * ($bytes / 2) + r * 128 + ((c mod 8) ^ (r mod 8)) * 16.
// STS_ROW_MN: K row r of an MN-major tile with 256 bytes of MN, its two MN
// atoms side by side per 8-row group of K (tileas/PTX/OperandLayout.h):
// chunk c at (r / 8) * 2048 + (c / 8) * 1024 + (r mod 8) * 128 + ((c mod 8)
// ^ (r mod 8)) * 16. $bytes is the tile (rows x 256).
let mayStore = true, MemorySpace = "value" in {
def STS_ROW_X2 : TileASInst<(outs TILE:$t),
    !con((ins bytesimm:$bytes),
         !dag(ins, !listsplat(FRAG, 16), !foreach(I, !range(16), "v" # I))),
    "st.shared.v4.b32 [$t + katoms128(row)], \\{$v0, ..., $v15\\};",
    RV_SmemWriteRowX2>;
def STS_ROW_MN : TileASInst<(outs TILE:$t),
    !con((ins bytesimm:$bytes),
         !dag(ins, !listsplat(FRAG, 16), !foreach(I, !range(16), "v" # I))),
    "st.shared.v4.b32 [$t + mnswizzle128(row)], \\{$v0, ..., $v15\\};",
    RV_SmemWriteRowX2>;
}

// A quarter of that row (32 bf16, four fragments: columns $col .. $col + 31,
// $col a multiple of 32) stored as it is made, so that a thread need not
// hold its whole row (TileASPTXWideRows.cpp): the _PART forms make a new
// tile of $bytes and write the quarter; the _INTO forms write one into the
// tile another quarter's store made ($d = $t; $tilebytes is that tile's
// bytes, which the layout's addresses need). The tile is complete, and
// readable by an MMA, after the last store that writes into it.
let mayStore = true, MemorySpace = "value" in {
foreach Layout = ["X2", "MN"] in {
  defvar Addr = !if(!eq(Layout, "X2"), "katoms128", "mnswizzle128");
  def STS_ROW_ # Layout # _PART : TileASInst<(outs TILE:$t),
      !con((ins bytesimm:$bytes, i32imm:$col),
           !dag(ins, !listsplat(FRAG, 4), !foreach(I, !range(4), "v" # I))),
      "st.shared.v4.b32 [$t + " # Addr #
          "(row, $col)], \\{$v0, ..., $v3\\};",
      RV_SmemWriteRowPart>;
  let Constraints = "$d = $t" in
  def STS_ROW_ # Layout # _INTO : TileASInst<(outs TILE:$d),
      !con((ins TILE:$t, i32imm:$tilebytes, i32imm:$col),
           !dag(ins, !listsplat(FRAG, 4), !foreach(I, !range(4), "v" # I))),
      "st.shared.v4.b32 [$d + " # Addr #
          "(row, $col)], \\{$v0, ..., $v3\\};",
      RV_SmemWriteRowInto>;
}
}

// The accumulator row (TMEM lane) whose columns the thread's tcgen05.ld and
// tcgen05.st move: 32 x (warp index mod 4) + lane index.
let isAsCheapAsAMove = true, isReMaterializable = true in
def ACC_ROW : TileASInst<(outs GPR32:$d), (ins), "mov.u32 $d, %accrow;",
                         RV_Scalar>;

// The handle of column $col of accumulator $t: a TMEM address holds the
// column in its low 16 bits, so this is an add. It lets a loop walk an
// accumulator's column sub-tiles (the .at forms take constant columns).
def TMEM_COL : TileASInst<(outs TMEM:$d), (ins TMEM:$t, GPR32:$col),
                          "add.u32 $d, $t, $col;", RV_Scalar>;

let mayStore = true, MemorySpace = "global" in {
def STG : TileASInst<(outs), (ins GPR32:$v, GPR64:$addr, i32imm:$off),
                     "st.global.b32 [$addr + $off], $v;", RV_GlobalStore>;
def STG_F : TileASInst<(outs), (ins FRAG:$v, GPR64:$addr, i32imm:$off),
                       "st.global.v4.f32 [$addr + $off], $v;", RV_GlobalStore>;
}

//===----------------------------------------------------------------------===//
// SIMT arithmetic on register fragments.
//===----------------------------------------------------------------------===//

class FragBinary<string asm, TileASResources res>
    : TileASInst<(outs FRAG:$d), (ins FRAG:$a, FRAG:$b),
                 asm # " $d, $a, $b;", res>;
class FragTernary<string asm, TileASResources res>
    : TileASInst<(outs FRAG:$d), (ins FRAG:$a, FRAG:$b, FRAG:$c),
                 asm # " $d, $a, $b, $c;", res>;
class FragUnary<string asm, TileASResources res>
    : TileASInst<(outs FRAG:$d), (ins FRAG:$a), asm # " $d, $a;", res>;

def FADD  : FragBinary<"add.rn.f32", RV_Alu>;
def FSUB  : FragBinary<"sub.rn.f32", RV_Alu>;
def FMUL  : FragBinary<"mul.rn.f32", RV_Alu>;
def FMAX  : FragBinary<"max.f32", RV_Alu>;
def FFMA  : FragTernary<"fma.rn.f32", RV_FmaHeavy>;
def FADD2 : FragBinary<"add.rn.f32x2", RV_Fp32x2>;
def FSUB2 : FragBinary<"sub.rn.f32x2", RV_Fp32x2>;
def FMUL2 : FragBinary<"mul.rn.f32x2", RV_Fp32x2>;
def FFMA2 : FragTernary<"fma.rn.f32x2", RV_Fp32x2>;
def IADDF : FragBinary<"add.s32", RV_DualAlu>;
def LOPF  : FragBinary<"and.b32", RV_DualAlu>;
// Cross-lane row maximum of a fragment (softmax).
def FRMAX : FragUnary<"redux.max.f32", RV_Alu>;
// The sum of a fragment's four lanes, in every lane (a row's sum).
def FRADD : FragUnary<"redux.add.f32", RV_Alu>;
// The sum of a fragment's four lanes over the 32 threads of a warp, in
// every lane of every thread (a dot product whose terms the warp's threads
// share): shfl.sync.bfly.b32 steps in the printer.
def WARP_SUM : FragUnary<"warp.sum.f32", RV_WarpSum>;
// Eight f32 (two fragments, $lo then $hi) rounded to bf16 and packed in
// pairs: four cvt.rn.bf16x2.f32, element 2i in the low half of register i.
def CVT_BF16X2 : TileASInst<(outs FRAG:$d), (ins FRAG:$lo, FRAG:$hi),
                            "cvt.rn.bf16x2.f32 $d, $lo, $hi;", RV_CvtBf16x2>;

let isAsCheapAsAMove = true, isReMaterializable = true in
def FZERO : TileASInst<(outs FRAG:$d), (ins), "mov.f32 $d, 0f00000000;",
                       RV_DualAlu>;
def FBCAST : TileASInst<(outs FRAG:$d), (ins GPR32:$s), "mov.b32 $d, $s;",
                        RV_DualAlu>;

//===----------------------------------------------------------------------===//
// Transcendentals (XU).
//===----------------------------------------------------------------------===//

def EX2 : FragUnary<"ex2.approx.f32", RV_XU>;
def LG2 : FragUnary<"lg2.approx.f32", RV_XU>;
def RCP : FragUnary<"rcp.approx.f32", RV_XU>;
def RSQ : FragUnary<"rsqrt.approx.f32", RV_XU>;
def RCP64 : TileASInst<(outs GPR64:$d), (ins GPR64:$a), "rcp.rn.f64 $d, $a;",
                       RV_XU64>;

//===----------------------------------------------------------------------===//
// Named barriers.
//===----------------------------------------------------------------------===//

let hasSideEffects = true in {
def BAR_SYNC : TileASInst<(outs), (ins i32imm:$id, i32imm:$count),
                          "bar.sync $id, $count;", RV_Barrier>;
def BAR_ARRIVE : TileASInst<(outs), (ins i32imm:$id, i32imm:$count),
                            "bar.arrive $id, $count;", RV_Barrier>;
}

//===----------------------------------------------------------------------===//
// Register moves and local-memory spills, one set per register class.
//===----------------------------------------------------------------------===//

multiclass RegClassOps<RegisterClass RC, string ty> {
  let isMoveReg = true, isAsCheapAsAMove = true in
  def MOV_#NAME : TileASInst<(outs RC:$d), (ins RC:$s),
                             "mov." # ty # " $d, $s;", RV_Scalar>;
  let mayStore = true, MemorySpace = "local" in
  def STL_#NAME : TileASInst<(outs), (ins RC:$v, GPR64:$base, i32imm:$off),
                             "st.local." # ty # " [$base + $off], $v;",
                             RV_GlobalStore>;
  let mayLoad = true, MemorySpace = "local" in
  def LDL_#NAME : TileASInst<(outs RC:$d), (ins GPR64:$base, i32imm:$off),
                             "ld.local." # ty # " $d, [$base + $off];",
                             RV_GlobalLoad>;
}
defm R32  : RegClassOps<GPR32, "b32">;
defm R64  : RegClassOps<GPR64, "b64">;
defm PR   : RegClassOps<PRED, "pred">;
defm TH   : RegClassOps<TILE, "tile">;
defm TMH  : RegClassOps<TMEM, "tmem">;
defm FR   : RegClassOps<FRAG, "v4.f32">;

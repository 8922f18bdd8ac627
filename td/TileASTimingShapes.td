//===- TileASTimingShapes.td - MMA shapes TileAS produces -*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The MMA shapes TileAS produces, per instruction (MmaShapeUse,
// TileASTiming.td): a timing description that times one of these
// instructions must time each of its shapes here (tileas-tblgen checks).
//
//===----------------------------------------------------------------------===//

// MMA_TMEM is the abstract machine's kind::f16 M128 N128 K16 bf16
// (docs/ptx.md); MMA_TMEM_F16 and
// MMA_TMEM_F8F6F4 carry theirs in the instruction descriptor ($idesc: M at
// bits 24-28, N at 17-22; K is 16 for kind::f16, 32 for kind::f8f6f4 and
// kind::i8, 8 for kind::tf32; MMA_TMEM_TF32 and MMA_TMEM_I8 likewise);
// WGMMA is the Hopper stand-in m64n128k16 and WGMMA_X<L> is m64n<2L>k16.
// The corpus's descriptors (bench/corpus/*.ll, *.mir): f16 M128 N128;
// f8f6f4 M128 N128 and M128 N256.

def : MmaShapeUse<"MMA_TMEM", 128, 128, 16>;
def : MmaShapeUse<"MMA_TMEM_F16", 128, 128, 16>;
// O += P V in the attention forward kernels: eight M128 N64 MMAs.
def : MmaShapeUse<"MMA_TMEM_F16", 128, 64, 16>;
def : MmaShapeUse<"MMA_TMEM_F8F6F4", 128, 128, 32>;
def : MmaShapeUse<"MMA_TMEM_F8F6F4", 128, 256, 32>;
// kind::tf32 and kind::i8 (test/CodeGen/TileAS/ptx/mma-kinds.test):
// M128 N128.
def : MmaShapeUse<"MMA_TMEM_TF32", 128, 128, 8>;
def : MmaShapeUse<"MMA_TMEM_I8", 128, 128, 32>;
def : MmaShapeUse<"WGMMA", 64, 128, 16>;
def : MmaShapeUse<"WGMMA_X64", 64, 128, 16>;
// The typed m64n128 wgmmas (WGMMA_T_X64: K 8 for tf32, 32 for 8-bit types;
// test/CodeGen/TileAS/ptx/wgmma-kinds.test).
def : MmaShapeUse<"WGMMA_T_X64", 64, 128, 8>;
def : MmaShapeUse<"WGMMA_T_X64", 64, 128, 32>;

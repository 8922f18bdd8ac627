//===- TileASBuiltins.td - Tile builtins as DAG nodes -------*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The tile builtins an IR kernel calls by name (@tileas.tma.load, ...) become
// these nodes in call lowering (TileASBuiltins.cpp holds the table of names,
// signatures and constant operands); each node selects one instruction.
// Constant operands arrive as target constants. Nodes that touch memory carry
// a memory operand that keeps the IR pointer (the descriptor, the source, the
// tile or the accumulator), which the dependence graph reads alias facts from.
//
//===----------------------------------------------------------------------===//

def SDT_TmaLoad : SDTypeProfile<1, 4, [SDTCisVT<0, v2i32>, SDTCisVT<1, i64>,
                                       SDTCisVT<2, i32>, SDTCisVT<3, i32>,
                                       SDTCisVT<4, i32>]>;
def SDT_TmaStore : SDTypeProfile<0, 4, [SDTCisVT<0, v2i32>, SDTCisVT<1, i64>,
                                        SDTCisVT<2, i32>, SDTCisVT<3, i32>]>;
def SDT_CpAsync : SDTypeProfile<1, 2, [SDTCisVT<0, v2i32>, SDTCisVT<1, i64>,
                                       SDTCisVT<2, i32>]>;
def SDT_TmemAlloc : SDTypeProfile<1, 1, [SDTCisVT<0, v4i16>,
                                         SDTCisVT<1, i32>]>;
def SDT_Mma : SDTypeProfile<1, 5, [SDTCisVT<0, v4i16>, SDTCisVT<1, v4i16>,
                                   SDTCisVT<2, v2i32>, SDTCisVT<3, v2i32>,
                                   SDTCisVT<4, i32>, SDTCisVT<5, i32>]>;
def SDT_MmaF16 : SDTypeProfile<1, 7, [SDTCisVT<0, v4i16>, SDTCisVT<1, v4i16>,
                                      SDTCisVT<2, v2i32>, SDTCisVT<3, v2i32>,
                                      SDTCisVT<4, i32>, SDTCisVT<5, i32>,
                                      SDTCisVT<6, i32>, SDTCisVT<7, i1>]>;
def SDT_Wgmma : SDTypeProfile<1, 4, [SDTCisVT<0, v4f32>, SDTCisVT<1, v4f32>,
                                     SDTCisVT<2, v2i32>, SDTCisVT<3, v2i32>,
                                     SDTCisVT<4, i32>]>;
// tileas.wgmma.typed: the accumulator, A, B, the k-block and the type word
// (built as a WGMMA_T_X<L> machine node by call lowering).
def SDT_WgmmaTyped : SDTypeProfile<1, 5, [SDTCisVT<0, v4f32>,
                                          SDTCisVT<1, v4f32>,
                                          SDTCisVT<2, v2i32>,
                                          SDTCisVT<3, v2i32>,
                                          SDTCisVT<4, i32>, SDTCisVT<5, i32>]>;
def SDT_TmemLoad : SDTypeProfile<1, 1, [SDTCisVT<0, v4f32>,
                                        SDTCisVT<1, v4i16>]>;
def SDT_TmemStore : SDTypeProfile<1, 2, [SDTCisVT<0, v4i16>,
                                         SDTCisVT<1, v4i16>,
                                         SDTCisVT<2, v4f32>]>;
def SDT_SmemTile : SDTypeProfile<1, 2, [SDTCisVT<0, v2i32>, SDTCisVT<1, v4f32>,
                                        SDTCisVT<2, i32>]>;
def SDT_SmemLoad : SDTypeProfile<1, 2, [SDTCisVT<0, v4f32>, SDTCisVT<1, v2i32>,
                                        SDTCisVT<2, i32>]>;
def SDT_FragUnary : SDTypeProfile<1, 1, [SDTCisVT<0, v4f32>,
                                         SDTCisVT<1, v4f32>]>;
def SDT_FragBinary : SDTypeProfile<1, 2, [SDTCisVT<0, v4f32>,
                                          SDTCisVT<1, v4f32>,
                                          SDTCisVT<2, v4f32>]>;
def SDT_FragTernary : SDTypeProfile<1, 3, [SDTCisVT<0, v4f32>,
                                           SDTCisVT<1, v4f32>,
                                           SDTCisVT<2, v4f32>,
                                           SDTCisVT<3, v4f32>]>;
def SDT_CvtBf16x2 : SDTypeProfile<1, 2, [SDTCisVT<0, v8bf16>,
                                         SDTCisVT<1, v4f32>,
                                         SDTCisVT<2, v4f32>]>;
def SDT_AccRow : SDTypeProfile<1, 0, [SDTCisVT<0, i32>]>;
def SDT_TmemColumn : SDTypeProfile<1, 2, [SDTCisVT<0, v4i16>,
                                          SDTCisVT<1, v4i16>,
                                          SDTCisVT<2, i32>]>;
def SDT_Barrier : SDTypeProfile<0, 2, [SDTCisVT<0, i32>, SDTCisVT<1, i32>]>;

defvar LoadProps = [SDNPHasChain, SDNPMayLoad, SDNPMemOperand];
defvar StoreProps = [SDNPHasChain, SDNPMayStore, SDNPMemOperand];
defvar SideEffectProps = [SDNPHasChain, SDNPSideEffect];

def tileas_tma_load : SDNode<"TileASISD::TMA_LOAD", SDT_TmaLoad, LoadProps>;
def tileas_tma_store : SDNode<"TileASISD::TMA_STORE", SDT_TmaStore,
                              StoreProps>;
def tileas_cp_async : SDNode<"TileASISD::CP_ASYNC", SDT_CpAsync, LoadProps>;
def tileas_tmem_alloc : SDNode<"TileASISD::TMEM_ALLOC", SDT_TmemAlloc,
                               SideEffectProps>;
def tileas_mma : SDNode<"TileASISD::MMA", SDT_Mma>;
def tileas_mma_f16 : SDNode<"TileASISD::MMA_F16", SDT_MmaF16>;
def tileas_mma_f8f6f4 : SDNode<"TileASISD::MMA_F8F6F4", SDT_MmaF16>;
def tileas_mma_tf32 : SDNode<"TileASISD::MMA_TF32", SDT_MmaF16>;
def tileas_mma_i8 : SDNode<"TileASISD::MMA_I8", SDT_MmaF16>;
def tileas_wgmma : SDNode<"TileASISD::WGMMA", SDT_Wgmma>;
def tileas_wgmma_typed : SDNode<"TileASISD::WGMMA_TYPED", SDT_WgmmaTyped>;
def tileas_tmem_load : SDNode<"TileASISD::TMEM_LOAD", SDT_TmemLoad,
                              LoadProps>;
def tileas_tmem_store : SDNode<"TileASISD::TMEM_STORE", SDT_TmemStore,
                               StoreProps>;
def tileas_smem_tile : SDNode<"TileASISD::SMEM_TILE", SDT_SmemTile,
                              StoreProps>;
def tileas_smem_load : SDNode<"TileASISD::SMEM_LOAD", SDT_SmemLoad,
                              LoadProps>;
def tileas_redux_max : SDNode<"TileASISD::REDUX_MAX", SDT_FragUnary>;
def tileas_redux_add : SDNode<"TileASISD::REDUX_ADD", SDT_FragUnary>;
def tileas_warp_sum : SDNode<"TileASISD::WARP_SUM", SDT_FragUnary>;
def tileas_cvt_bf16x2 : SDNode<"TileASISD::CVT_BF16X2", SDT_CvtBf16x2>;
def tileas_fadd2 : SDNode<"TileASISD::FADD2", SDT_FragBinary>;
def tileas_fmul2 : SDNode<"TileASISD::FMUL2", SDT_FragBinary>;
def tileas_ffma2 : SDNode<"TileASISD::FFMA2", SDT_FragTernary>;
def tileas_acc_row : SDNode<"TileASISD::ACC_ROW", SDT_AccRow>;
def tileas_tmem_column : SDNode<"TileASISD::TMEM_COLUMN", SDT_TmemColumn>;
def tileas_bar_sync : SDNode<"TileASISD::BAR_SYNC", SDT_Barrier,
                             SideEffectProps>;
def tileas_bar_arrive : SDNode<"TileASISD::BAR_ARRIVE", SDT_Barrier,
                               SideEffectProps>;

def : Pat<(tileas_tma_load GPR64:$desc, GPR32:$x, GPR32:$y, timm:$bytes),
          (TMA_LOAD GPR64:$desc, GPR32:$x, GPR32:$y, timm:$bytes)>;
def : Pat<(tileas_tma_store TILE:$t, GPR64:$desc, GPR32:$x, GPR32:$y),
          (TMA_STORE TILE:$t, GPR64:$desc, GPR32:$x, GPR32:$y)>;
def : Pat<(tileas_cp_async GPR64:$src, timm:$bytes),
          (CP_ASYNC GPR64:$src, timm:$bytes)>;
def : Pat<(tileas_tmem_alloc timm:$columns), (TMEM_ALLOC timm:$columns)>;
def : Pat<(tileas_mma TMEM:$acc, TILE:$a, TILE:$b, timm:$kb, timm:$accbytes),
          (MMA_TMEM TMEM:$acc, TILE:$a, TILE:$b, timm:$kb, timm:$accbytes)>;
def : Pat<(tileas_mma_f16 TMEM:$acc, TILE:$a, TILE:$b, timm:$kb, timm:$accbytes,
                          timm:$idesc, PRED:$p),
          (MMA_TMEM_F16 TMEM:$acc, TILE:$a, TILE:$b, timm:$kb, timm:$accbytes,
                        timm:$idesc, PRED:$p)>;
def : Pat<(tileas_mma_f8f6f4 TMEM:$acc, TILE:$a, TILE:$b, timm:$kb,
                             timm:$accbytes, timm:$idesc, PRED:$p),
          (MMA_TMEM_F8F6F4 TMEM:$acc, TILE:$a, TILE:$b, timm:$kb,
                           timm:$accbytes, timm:$idesc, PRED:$p)>;
def : Pat<(tileas_mma_tf32 TMEM:$acc, TILE:$a, TILE:$b, timm:$kb,
                           timm:$accbytes, timm:$idesc, PRED:$p),
          (MMA_TMEM_TF32 TMEM:$acc, TILE:$a, TILE:$b, timm:$kb,
                         timm:$accbytes, timm:$idesc, PRED:$p)>;
def : Pat<(tileas_mma_i8 TMEM:$acc, TILE:$a, TILE:$b, timm:$kb,
                         timm:$accbytes, timm:$idesc, PRED:$p),
          (MMA_TMEM_I8 TMEM:$acc, TILE:$a, TILE:$b, timm:$kb,
                       timm:$accbytes, timm:$idesc, PRED:$p)>;
def : Pat<(tileas_wgmma FRAG:$acc, TILE:$a, TILE:$b, timm:$kb),
          (WGMMA FRAG:$acc, TILE:$a, TILE:$b, timm:$kb)>;
def : Pat<(tileas_tmem_load TMEM:$t), (TMEM_LD TMEM:$t)>;
def : Pat<(tileas_tmem_store TMEM:$t, FRAG:$v), (TMEM_ST TMEM:$t, FRAG:$v)>;
def : Pat<(tileas_smem_tile FRAG:$v, timm:$bytes), (STS FRAG:$v, timm:$bytes)>;
def : Pat<(tileas_smem_load TILE:$t, GPR32:$off), (LDS TILE:$t, GPR32:$off)>;
def : Pat<(tileas_redux_max FRAG:$v), (FRMAX FRAG:$v)>;
def : Pat<(tileas_redux_add FRAG:$v), (FRADD FRAG:$v)>;
def : Pat<(tileas_warp_sum FRAG:$v), (WARP_SUM FRAG:$v)>;
def : Pat<(tileas_cvt_bf16x2 FRAG:$lo, FRAG:$hi),
          (CVT_BF16X2 FRAG:$lo, FRAG:$hi)>;
def : Pat<(tileas_fadd2 FRAG:$a, FRAG:$b), (FADD2 FRAG:$a, FRAG:$b)>;
def : Pat<(tileas_fmul2 FRAG:$a, FRAG:$b), (FMUL2 FRAG:$a, FRAG:$b)>;
def : Pat<(tileas_ffma2 FRAG:$a, FRAG:$b, FRAG:$c),
          (FFMA2 FRAG:$a, FRAG:$b, FRAG:$c)>;
def : Pat<(tileas_acc_row), (ACC_ROW)>;
def : Pat<(tileas_tmem_column TMEM:$t, GPR32:$col),
          (TMEM_COL TMEM:$t, GPR32:$col)>;
def : Pat<(tileas_bar_sync timm:$id, timm:$count),
          (BAR_SYNC timm:$id, timm:$count)>;
def : Pat<(tileas_bar_arrive timm:$id, timm:$count),
          (BAR_ARRIVE timm:$id, timm:$count)>;

; The mainloop of a Hopper (sm_90a) attention forward: the wgmma form of
; fmha-fwd.ll, with the accumulators in registers. A CTA's 128 query rows
; (head dimension 64) are two m64 halves, top and bottom, as in
; gemm-wgmma-hopper.ll: every wgmma is issued by the warpgroup. Per K/V tile
; of 128 keys: S = Q K^T by four m64n128k16 wgmmas per half into a fresh
; <64 x float> accumulator (the chain starts from zero; k-blocks 0-3 read
; Q's rows 0-63, 4-7 its rows 64-127); the online softmax of each half as
; fmha-fwd.ll writes it (m and l, exp2 of the scaled scores minus the scaled
; maximum); P rounded to bf16 and written with tileas.smem.row into a tile
; per half, 64 rows x 128 keys in two K-major, 128-byte swizzled K-atoms
; (keys 0-63, then 64-127), which the second wgmma reads as its A operand;
; O (two <32 x float> accumulators, m64n64k16) rescaled by alpha in
; registers; O += P V by eight wgmmas per half: k-blocks 0-3 (keys 0-63,
; P's first atom) against V^T's first box, 4-7 (keys 64-127, its second
; atom) against the second. V is read as V^T (desc_vt), two 8 KiB TMA
; boxes of 64 keys, as in fmha-fwd.ll. After the loop each half of O / l
; is stored.
;
; The values are a wgmma accumulator's (docs/ptx.md, "Rows on Hopper"): a
; thread holds parts of two rows, 16 w + l / 4 and 8 below, and the other
; parts of each are with the other three threads of its quad. Selected for
; sm_90a, tileas.row.max / row.sum reduce the thread's parts and then
; across the quad (shfl.sync.bfly 1 and 2), giving the first row's value in
; lanes 0-1 of the result and the second's in lanes 2-3, which the fragment
; repeats below line up with the accumulators' registers; tileas.smem.row
; writes each packed pair of columns where the descriptor of the next wgmma
; reads it; tileas.acc.row() is the thread's first wgmma row, 16 w + l / 4,
; and the epilogue's store of each half of O at that row of the row-major
; 128 x 64 f32 output writes each pair of the thread's registers at its
; (row, column): columns 8 i + 2 (l mod 4) of that row and of the row eight
; below (docs/ptx.md, "Rows on Hopper").
; Q, K, V and the output are distinct tensors: noalias.

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare <64 x float> @tileas.wgmma(<64 x float>, ptr addrspace(3), ptr addrspace(3), i32) convergent nounwind willreturn memory(argmem: read)
declare <32 x float> @tileas.wgmma.v32f32(<32 x float>, ptr addrspace(3), ptr addrspace(3), i32) convergent nounwind willreturn memory(argmem: read)
declare <4 x float> @tileas.row.max(<64 x float>) nounwind willreturn memory(none)
declare <4 x float> @tileas.row.sum(<64 x float>) nounwind willreturn memory(none)
declare ptr addrspace(3) @tileas.smem.row(<64 x bfloat>, i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare i32 @tileas.acc.row() nounwind willreturn memory(none)

define void @fmha_fwd_hopper(ptr noalias %desc_q, ptr noalias %desc_k, ptr noalias %desc_vt, ptr addrspace(1) noalias %out, i32 %kvtiles, i32 %m0, float %scale) {
entry:
  %scins = insertelement <4 x float> poison, float %scale, i64 0
  %sc = shufflevector <4 x float> %scins, <4 x float> poison, <4 x i32> zeroinitializer
  %sc64 = shufflevector <4 x float> %sc, <4 x float> poison, <64 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %q = call ptr addrspace(3) @tileas.tma.load(ptr %desc_q, i32 0, i32 %m0, i32 16384)
  br label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %m_top = phi <4 x float> [ splat (float 0xFFF0000000000000), %entry ], [ %mn_top, %loop ]
  %m_bot = phi <4 x float> [ splat (float 0xFFF0000000000000), %entry ], [ %mn_bot, %loop ]
  %l_top = phi <4 x float> [ zeroinitializer, %entry ], [ %ln_top, %loop ]
  %l_bot = phi <4 x float> [ zeroinitializer, %entry ], [ %ln_bot, %loop ]
  %o_top = phi <32 x float> [ zeroinitializer, %entry ], [ %ot8, %loop ]
  %o_bot = phi <32 x float> [ zeroinitializer, %entry ], [ %ob8, %loop ]
  %ky = shl i32 %j, 7
  %kt = call ptr addrspace(3) @tileas.tma.load(ptr %desc_k, i32 0, i32 %ky, i32 16384)
  %vt_lo = call ptr addrspace(3) @tileas.tma.load(ptr %desc_vt, i32 %ky, i32 0, i32 8192)
  %vx_hi = add i32 %ky, 64
  %vt_hi = call ptr addrspace(3) @tileas.tma.load(ptr %desc_vt, i32 %vx_hi, i32 0, i32 8192)
  ; S = Q K^T: the top half's chain (k-blocks 0-3) and the bottom's (4-7),
  ; interleaved.
  %st1 = call <64 x float> @tileas.wgmma(<64 x float> zeroinitializer, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 0)
  %sb1 = call <64 x float> @tileas.wgmma(<64 x float> zeroinitializer, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 4)
  %st2 = call <64 x float> @tileas.wgmma(<64 x float> %st1, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 1)
  %sb2 = call <64 x float> @tileas.wgmma(<64 x float> %sb1, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 5)
  %st3 = call <64 x float> @tileas.wgmma(<64 x float> %st2, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 2)
  %sb3 = call <64 x float> @tileas.wgmma(<64 x float> %sb2, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 6)
  %st4 = call <64 x float> @tileas.wgmma(<64 x float> %st3, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 3)
  %sb4 = call <64 x float> @tileas.wgmma(<64 x float> %sb3, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 7)
  ; The online softmax of the top half.
  %mx_top = call <4 x float> @tileas.row.max(<64 x float> %st4)
  %mn_top = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %m_top, <4 x float> %mx_top)
  %dm_top = fsub <4 x float> %m_top, %mn_top
  %dms_top = fmul <4 x float> %dm_top, %sc
  %alpha_top = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %dms_top)
  %ms_top = fmul <4 x float> %mn_top, %sc
  %nms_top = fneg <4 x float> %ms_top
  %nms64_top = shufflevector <4 x float> %nms_top, <4 x float> poison, <64 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %y_top = call <64 x float> @llvm.fma.v64f32(<64 x float> %st4, <64 x float> %sc64, <64 x float> %nms64_top)
  %p_top = call afn <64 x float> @llvm.exp2.v64f32(<64 x float> %y_top)
  %rs_top = call <4 x float> @tileas.row.sum(<64 x float> %p_top)
  %ln_top = call <4 x float> @llvm.fma.v4f32(<4 x float> %l_top, <4 x float> %alpha_top, <4 x float> %rs_top)
  %pb_top = fptrunc <64 x float> %p_top to <64 x bfloat>
  %alpha32_top = shufflevector <4 x float> %alpha_top, <4 x float> poison, <32 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %os_top = fmul <32 x float> %o_top, %alpha32_top
  ; The online softmax of the bottom half.
  %mx_bot = call <4 x float> @tileas.row.max(<64 x float> %sb4)
  %mn_bot = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %m_bot, <4 x float> %mx_bot)
  %dm_bot = fsub <4 x float> %m_bot, %mn_bot
  %dms_bot = fmul <4 x float> %dm_bot, %sc
  %alpha_bot = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %dms_bot)
  %ms_bot = fmul <4 x float> %mn_bot, %sc
  %nms_bot = fneg <4 x float> %ms_bot
  %nms64_bot = shufflevector <4 x float> %nms_bot, <4 x float> poison, <64 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %y_bot = call <64 x float> @llvm.fma.v64f32(<64 x float> %sb4, <64 x float> %sc64, <64 x float> %nms64_bot)
  %p_bot = call afn <64 x float> @llvm.exp2.v64f32(<64 x float> %y_bot)
  %rs_bot = call <4 x float> @tileas.row.sum(<64 x float> %p_bot)
  %ln_bot = call <4 x float> @llvm.fma.v4f32(<4 x float> %l_bot, <4 x float> %alpha_bot, <4 x float> %rs_bot)
  %pb_bot = fptrunc <64 x float> %p_bot to <64 x bfloat>
  %alpha32_bot = shufflevector <4 x float> %alpha_bot, <4 x float> poison, <32 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %os_bot = fmul <32 x float> %o_bot, %alpha32_bot
  ; P in bf16 where the second wgmma reads it: each half's 64 rows x 128
  ; keys in a tile of its own.
  %pt_top = call ptr addrspace(3) @tileas.smem.row(<64 x bfloat> %pb_top, i32 16384)
  %pt_bot = call ptr addrspace(3) @tileas.smem.row(<64 x bfloat> %pb_bot, i32 16384)
  ; O += P V: m64n64k16; k-blocks 0-3 are keys 0-63 (P's first K-atom, V^T's
  ; first box), 4-7 keys 64-127 (its second atom, the second box); the top
  ; and bottom chains interleaved.
  %ot1 = call <32 x float> @tileas.wgmma.v32f32(<32 x float> %os_top, ptr addrspace(3) %pt_top, ptr addrspace(3) %vt_lo, i32 0)
  %ob1 = call <32 x float> @tileas.wgmma.v32f32(<32 x float> %os_bot, ptr addrspace(3) %pt_bot, ptr addrspace(3) %vt_lo, i32 0)
  %ot2 = call <32 x float> @tileas.wgmma.v32f32(<32 x float> %ot1, ptr addrspace(3) %pt_top, ptr addrspace(3) %vt_lo, i32 1)
  %ob2 = call <32 x float> @tileas.wgmma.v32f32(<32 x float> %ob1, ptr addrspace(3) %pt_bot, ptr addrspace(3) %vt_lo, i32 1)
  %ot3 = call <32 x float> @tileas.wgmma.v32f32(<32 x float> %ot2, ptr addrspace(3) %pt_top, ptr addrspace(3) %vt_lo, i32 2)
  %ob3 = call <32 x float> @tileas.wgmma.v32f32(<32 x float> %ob2, ptr addrspace(3) %pt_bot, ptr addrspace(3) %vt_lo, i32 2)
  %ot4 = call <32 x float> @tileas.wgmma.v32f32(<32 x float> %ot3, ptr addrspace(3) %pt_top, ptr addrspace(3) %vt_lo, i32 3)
  %ob4 = call <32 x float> @tileas.wgmma.v32f32(<32 x float> %ob3, ptr addrspace(3) %pt_bot, ptr addrspace(3) %vt_lo, i32 3)
  %ot5 = call <32 x float> @tileas.wgmma.v32f32(<32 x float> %ot4, ptr addrspace(3) %pt_top, ptr addrspace(3) %vt_hi, i32 4)
  %ob5 = call <32 x float> @tileas.wgmma.v32f32(<32 x float> %ob4, ptr addrspace(3) %pt_bot, ptr addrspace(3) %vt_hi, i32 4)
  %ot6 = call <32 x float> @tileas.wgmma.v32f32(<32 x float> %ot5, ptr addrspace(3) %pt_top, ptr addrspace(3) %vt_hi, i32 5)
  %ob6 = call <32 x float> @tileas.wgmma.v32f32(<32 x float> %ob5, ptr addrspace(3) %pt_bot, ptr addrspace(3) %vt_hi, i32 5)
  %ot7 = call <32 x float> @tileas.wgmma.v32f32(<32 x float> %ot6, ptr addrspace(3) %pt_top, ptr addrspace(3) %vt_hi, i32 6)
  %ob7 = call <32 x float> @tileas.wgmma.v32f32(<32 x float> %ob6, ptr addrspace(3) %pt_bot, ptr addrspace(3) %vt_hi, i32 6)
  %ot8 = call <32 x float> @tileas.wgmma.v32f32(<32 x float> %ot7, ptr addrspace(3) %pt_top, ptr addrspace(3) %vt_hi, i32 7)
  %ob8 = call <32 x float> @tileas.wgmma.v32f32(<32 x float> %ob7, ptr addrspace(3) %pt_bot, ptr addrspace(3) %vt_hi, i32 7)
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, %kvtiles
  br i1 %more, label %loop, label %exit

exit:
  ; O / l of each half: the thread's 32 f32 of the top rows (0-63), then of
  ; the bottom rows (64-127), stored at the thread's row of each half.
  %rl_top = fdiv afn <4 x float> splat (float 1.0), %ln_top
  %rl_bot = fdiv afn <4 x float> splat (float 1.0), %ln_bot
  %rl32_top = shufflevector <4 x float> %rl_top, <4 x float> poison, <32 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %rl32_bot = shufflevector <4 x float> %rl_bot, <4 x float> poison, <32 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %res_top = fmul <32 x float> %ot8, %rl32_top
  %res_bot = fmul <32 x float> %ob8, %rl32_bot
  %row = call i32 @tileas.acc.row()
  %row64 = zext i32 %row to i64
  %orow_top = getelementptr [64 x float], ptr addrspace(1) %out, i64 %row64
  store <32 x float> %res_top, ptr addrspace(1) %orow_top, align 16
  %orow_bot = getelementptr i8, ptr addrspace(1) %orow_top, i64 16384
  store <32 x float> %res_bot, ptr addrspace(1) %orow_bot, align 16
  ret void
}

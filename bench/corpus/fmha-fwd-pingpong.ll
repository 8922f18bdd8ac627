; The KV loop of a two-query-tile ("ping-pong") attention forward kernel on
; Blackwell (FlashAttention-3/4 structure, head dim 64, two tiles of 128 query
; rows per CTA, KV tiles of 128 keys; the IR form of fmha-fwd-pingpong.mir)
; with each thread's real values: thread t of the warpgroup owns row acc.row()
; of every tensor-memory accumulator (the tcgen05 32x32b layout). Per KV tile,
; for each query tile t = 0, 1: S_t = Q_t K^T by four kind::f16 MMAs into the
; tile's own S buffer (the first overwrites it); the thread's row of S_t as two
; 64-column halves; the online softmax (the row's maximum and sum over its 128
; columns in every lane of a fragment: m_t, l_t; alpha_t; P_t = 2^(S_t * scale
; - m_t * scale)); P_t rounded to bf16 and written row by row into two K-major,
; 128-byte swizzled tiles (tileas.smem.row) that the second MMA reads as its A
; operand; O_t (64 columns of f32 in tensor memory) read, scaled by alpha_t and
; written back (one tcgen05.ld / st of its 64 columns); O_t += P_t V by eight M128 N64 MMAs. Both
; query tiles share each K tile and the two 8 KiB boxes of V^T
; (head-dimension-major in global memory, desc_vt: a B operand is K-major).
; After the loop each thread stores its row of O_t / l_t for both tiles (rows
; m0 + row and m0 + 128 + row of the output, 256 bytes each), 16 columns at a
; time. Q, K, V and the output are distinct tensors: noalias. Descriptors:
; 136316048 = 0x08200490 (kind::f16 M128 N128 bf16 x bf16 -> f32, K-major) for
; S, 135267472 = 0x08100490 (N = 64) for O.

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32, i32, i1) nounwind willreturn memory(argmem: readwrite)
declare <64 x float> @tileas.tmem.load.at(ptr addrspace(6), i32) convergent nounwind willreturn memory(argmem: read)
declare <16 x float> @tileas.tmem.load.at.v16f32(ptr addrspace(6), i32) convergent nounwind willreturn memory(argmem: read)
declare ptr addrspace(6) @tileas.tmem.store.at(ptr addrspace(6), i32, <64 x float>) convergent nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.row.max(<64 x float>) nounwind willreturn memory(none)
declare <4 x float> @tileas.row.sum(<64 x float>) nounwind willreturn memory(none)
declare ptr addrspace(3) @tileas.smem.row(<64 x bfloat>, i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare i32 @tileas.acc.row() nounwind willreturn memory(none)

define void @fmha_fwd_pingpong(ptr noalias %desc_q, ptr noalias %desc_k, ptr noalias %desc_vt, ptr addrspace(1) noalias %out, i32 %kvtiles, i32 %m0, float %scale) {
entry:
  %scins = insertelement <4 x float> poison, float %scale, i64 0
  %sc = shufflevector <4 x float> %scins, <4 x float> poison, <4 x i32> zeroinitializer
  %sc64 = shufflevector <4 x float> %sc, <4 x float> poison, <64 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %m1 = add i32 %m0, 128
  %q0 = call ptr addrspace(3) @tileas.tma.load(ptr %desc_q, i32 0, i32 %m0, i32 16384)
  %q1 = call ptr addrspace(3) @tileas.tma.load(ptr %desc_q, i32 0, i32 %m1, i32 16384)
  %s0_buf = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %s1_buf = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %o0_buf = call ptr addrspace(6) @tileas.tmem.alloc(i32 64)
  %o1_buf = call ptr addrspace(6) @tileas.tmem.alloc(i32 64)
  br label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %m0_ = phi <4 x float> [ splat (float 0xFFF0000000000000), %entry ], [ %m0_new, %loop ]
  %l0_ = phi <4 x float> [ zeroinitializer, %entry ], [ %l0_new, %loop ]
  %o0_ = phi ptr addrspace(6) [ %o0_buf, %entry ], [ %o08, %loop ]
  %m1_ = phi <4 x float> [ splat (float 0xFFF0000000000000), %entry ], [ %m1_new, %loop ]
  %l1_ = phi <4 x float> [ zeroinitializer, %entry ], [ %l1_new, %loop ]
  %o1_ = phi ptr addrspace(6) [ %o1_buf, %entry ], [ %o18, %loop ]
  %ky = shl i32 %j, 7
  %kt = call ptr addrspace(3) @tileas.tma.load(ptr %desc_k, i32 0, i32 %ky, i32 16384)
  ; V^T's boxes of 64 keys (x, in bf16 elements) x 64 head-dimension rows.
  %vt_lo = call ptr addrspace(3) @tileas.tma.load(ptr %desc_vt, i32 %ky, i32 0, i32 8192)
  %vx_hi = add i32 %ky, 64
  %vt_hi = call ptr addrspace(3) @tileas.tma.load(ptr %desc_vt, i32 %vx_hi, i32 0, i32 8192)
  %s01 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %s0_buf, ptr addrspace(3) %q0, ptr addrspace(3) %kt, i32 0, i32 16384, i32 136316048, i1 false)
  %s02 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %s01, ptr addrspace(3) %q0, ptr addrspace(3) %kt, i32 1, i32 16384, i32 136316048, i1 true)
  %s03 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %s02, ptr addrspace(3) %q0, ptr addrspace(3) %kt, i32 2, i32 16384, i32 136316048, i1 true)
  %s04 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %s03, ptr addrspace(3) %q0, ptr addrspace(3) %kt, i32 3, i32 16384, i32 136316048, i1 true)
  %s11 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %s1_buf, ptr addrspace(3) %q1, ptr addrspace(3) %kt, i32 0, i32 16384, i32 136316048, i1 false)
  %s12 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %s11, ptr addrspace(3) %q1, ptr addrspace(3) %kt, i32 1, i32 16384, i32 136316048, i1 true)
  %s13 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %s12, ptr addrspace(3) %q1, ptr addrspace(3) %kt, i32 2, i32 16384, i32 136316048, i1 true)
  %s14 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %s13, ptr addrspace(3) %q1, ptr addrspace(3) %kt, i32 3, i32 16384, i32 136316048, i1 true)
  ; 0he online softmax of query tile 0: the thread's row of S_0.
  %s0_lo = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %s04, i32 0)
  %s0_hi = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %s04, i32 64)
  %mx0_lo = call <4 x float> @tileas.row.max(<64 x float> %s0_lo)
  %mx0_hi = call <4 x float> @tileas.row.max(<64 x float> %s0_hi)
  %mx0 = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %mx0_lo, <4 x float> %mx0_hi)
  %m0_new = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %m0_, <4 x float> %mx0)
  %dm0 = fsub <4 x float> %m0_, %m0_new
  %dms0 = fmul <4 x float> %dm0, %sc
  %alpha0 = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %dms0)
  %ms0 = fmul <4 x float> %m0_new, %sc
  %nms0 = fneg <4 x float> %ms0
  %nms064 = shufflevector <4 x float> %nms0, <4 x float> poison, <64 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %y0_lo = call <64 x float> @llvm.fma.v64f32(<64 x float> %s0_lo, <64 x float> %sc64, <64 x float> %nms064)
  %y0_hi = call <64 x float> @llvm.fma.v64f32(<64 x float> %s0_hi, <64 x float> %sc64, <64 x float> %nms064)
  %p0_lo = call afn <64 x float> @llvm.exp2.v64f32(<64 x float> %y0_lo)
  %p0_hi = call afn <64 x float> @llvm.exp2.v64f32(<64 x float> %y0_hi)
  %rs0_lo = call <4 x float> @tileas.row.sum(<64 x float> %p0_lo)
  %rs0_hi = call <4 x float> @tileas.row.sum(<64 x float> %p0_hi)
  %rs0 = fadd <4 x float> %rs0_lo, %rs0_hi
  %l0_new = call <4 x float> @llvm.fma.v4f32(<4 x float> %l0_, <4 x float> %alpha0, <4 x float> %rs0)
  %pb0_lo = fptrunc <64 x float> %p0_lo to <64 x bfloat>
  %pb0_hi = fptrunc <64 x float> %p0_hi to <64 x bfloat>
  %pt0_lo = call ptr addrspace(3) @tileas.smem.row(<64 x bfloat> %pb0_lo, i32 16384)
  %pt0_hi = call ptr addrspace(3) @tileas.smem.row(<64 x bfloat> %pb0_hi, i32 16384)
  ; Correction of O_0, then O_0 += P_0 V.
  %of0 = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %o0_, i32 0)
  %alpha064 = shufflevector <4 x float> %alpha0, <4 x float> poison, <64 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %ofs0 = fmul <64 x float> %of0, %alpha064
  %oc0 = call ptr addrspace(6) @tileas.tmem.store.at(ptr addrspace(6) %o0_, i32 0, <64 x float> %ofs0)
  %o01 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %oc0, ptr addrspace(3) %pt0_lo, ptr addrspace(3) %vt_lo, i32 0, i32 4096, i32 135267472, i1 true)
  %o02 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o01, ptr addrspace(3) %pt0_lo, ptr addrspace(3) %vt_lo, i32 1, i32 4096, i32 135267472, i1 true)
  %o03 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o02, ptr addrspace(3) %pt0_lo, ptr addrspace(3) %vt_lo, i32 2, i32 4096, i32 135267472, i1 true)
  %o04 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o03, ptr addrspace(3) %pt0_lo, ptr addrspace(3) %vt_lo, i32 3, i32 4096, i32 135267472, i1 true)
  %o05 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o04, ptr addrspace(3) %pt0_hi, ptr addrspace(3) %vt_hi, i32 0, i32 4096, i32 135267472, i1 true)
  %o06 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o05, ptr addrspace(3) %pt0_hi, ptr addrspace(3) %vt_hi, i32 1, i32 4096, i32 135267472, i1 true)
  %o07 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o06, ptr addrspace(3) %pt0_hi, ptr addrspace(3) %vt_hi, i32 2, i32 4096, i32 135267472, i1 true)
  %o08 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o07, ptr addrspace(3) %pt0_hi, ptr addrspace(3) %vt_hi, i32 3, i32 4096, i32 135267472, i1 true)
  ; 1he online softmax of query tile 1: the thread's row of S_1.
  %s1_lo = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %s14, i32 0)
  %s1_hi = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %s14, i32 64)
  %mx1_lo = call <4 x float> @tileas.row.max(<64 x float> %s1_lo)
  %mx1_hi = call <4 x float> @tileas.row.max(<64 x float> %s1_hi)
  %mx1 = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %mx1_lo, <4 x float> %mx1_hi)
  %m1_new = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %m1_, <4 x float> %mx1)
  %dm1 = fsub <4 x float> %m1_, %m1_new
  %dms1 = fmul <4 x float> %dm1, %sc
  %alpha1 = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %dms1)
  %ms1 = fmul <4 x float> %m1_new, %sc
  %nms1 = fneg <4 x float> %ms1
  %nms164 = shufflevector <4 x float> %nms1, <4 x float> poison, <64 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %y1_lo = call <64 x float> @llvm.fma.v64f32(<64 x float> %s1_lo, <64 x float> %sc64, <64 x float> %nms164)
  %y1_hi = call <64 x float> @llvm.fma.v64f32(<64 x float> %s1_hi, <64 x float> %sc64, <64 x float> %nms164)
  %p1_lo = call afn <64 x float> @llvm.exp2.v64f32(<64 x float> %y1_lo)
  %p1_hi = call afn <64 x float> @llvm.exp2.v64f32(<64 x float> %y1_hi)
  %rs1_lo = call <4 x float> @tileas.row.sum(<64 x float> %p1_lo)
  %rs1_hi = call <4 x float> @tileas.row.sum(<64 x float> %p1_hi)
  %rs1 = fadd <4 x float> %rs1_lo, %rs1_hi
  %l1_new = call <4 x float> @llvm.fma.v4f32(<4 x float> %l1_, <4 x float> %alpha1, <4 x float> %rs1)
  %pb1_lo = fptrunc <64 x float> %p1_lo to <64 x bfloat>
  %pb1_hi = fptrunc <64 x float> %p1_hi to <64 x bfloat>
  %pt1_lo = call ptr addrspace(3) @tileas.smem.row(<64 x bfloat> %pb1_lo, i32 16384)
  %pt1_hi = call ptr addrspace(3) @tileas.smem.row(<64 x bfloat> %pb1_hi, i32 16384)
  ; Correction of O_1, then O_1 += P_1 V.
  %of1 = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %o1_, i32 0)
  %alpha164 = shufflevector <4 x float> %alpha1, <4 x float> poison, <64 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %ofs1 = fmul <64 x float> %of1, %alpha164
  %oc1 = call ptr addrspace(6) @tileas.tmem.store.at(ptr addrspace(6) %o1_, i32 0, <64 x float> %ofs1)
  %o11 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %oc1, ptr addrspace(3) %pt1_lo, ptr addrspace(3) %vt_lo, i32 0, i32 4096, i32 135267472, i1 true)
  %o12 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o11, ptr addrspace(3) %pt1_lo, ptr addrspace(3) %vt_lo, i32 1, i32 4096, i32 135267472, i1 true)
  %o13 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o12, ptr addrspace(3) %pt1_lo, ptr addrspace(3) %vt_lo, i32 2, i32 4096, i32 135267472, i1 true)
  %o14 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o13, ptr addrspace(3) %pt1_lo, ptr addrspace(3) %vt_lo, i32 3, i32 4096, i32 135267472, i1 true)
  %o15 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o14, ptr addrspace(3) %pt1_hi, ptr addrspace(3) %vt_hi, i32 0, i32 4096, i32 135267472, i1 true)
  %o16 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o15, ptr addrspace(3) %pt1_hi, ptr addrspace(3) %vt_hi, i32 1, i32 4096, i32 135267472, i1 true)
  %o17 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o16, ptr addrspace(3) %pt1_hi, ptr addrspace(3) %vt_hi, i32 2, i32 4096, i32 135267472, i1 true)
  %o18 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o17, ptr addrspace(3) %pt1_hi, ptr addrspace(3) %vt_hi, i32 3, i32 4096, i32 135267472, i1 true)
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, %kvtiles
  br i1 %more, label %loop, label %exit

exit:
  ; Each thread's row of O_0 / l_0 and of O_1 / l_1 (256 bytes each).
  %row = call i32 @tileas.acc.row()
  %row64 = zext i32 %row to i64
  %o0_row = getelementptr [64 x float], ptr addrspace(1) %out, i64 %row64
  %o1_row = getelementptr i8, ptr addrspace(1) %o0_row, i64 32768
  %rl0 = fdiv afn <4 x float> splat (float 1.0), %l0_new
  %rl016 = shufflevector <4 x float> %rl0, <4 x float> poison, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %ofin0_0 = call <16 x float> @tileas.tmem.load.at.v16f32(ptr addrspace(6) %o08, i32 0)
  %res0_0 = fmul <16 x float> %ofin0_0, %rl016
  store <16 x float> %res0_0, ptr addrspace(1) %o0_row, align 16
  %ofin0_1 = call <16 x float> @tileas.tmem.load.at.v16f32(ptr addrspace(6) %o08, i32 16)
  %res0_1 = fmul <16 x float> %ofin0_1, %rl016
  %p0_1 = getelementptr i8, ptr addrspace(1) %o0_row, i64 64
  store <16 x float> %res0_1, ptr addrspace(1) %p0_1, align 16
  %ofin0_2 = call <16 x float> @tileas.tmem.load.at.v16f32(ptr addrspace(6) %o08, i32 32)
  %res0_2 = fmul <16 x float> %ofin0_2, %rl016
  %p0_2 = getelementptr i8, ptr addrspace(1) %o0_row, i64 128
  store <16 x float> %res0_2, ptr addrspace(1) %p0_2, align 16
  %ofin0_3 = call <16 x float> @tileas.tmem.load.at.v16f32(ptr addrspace(6) %o08, i32 48)
  %res0_3 = fmul <16 x float> %ofin0_3, %rl016
  %p0_3 = getelementptr i8, ptr addrspace(1) %o0_row, i64 192
  store <16 x float> %res0_3, ptr addrspace(1) %p0_3, align 16
  %rl1 = fdiv afn <4 x float> splat (float 1.0), %l1_new
  %rl116 = shufflevector <4 x float> %rl1, <4 x float> poison, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %ofin1_0 = call <16 x float> @tileas.tmem.load.at.v16f32(ptr addrspace(6) %o18, i32 0)
  %res1_0 = fmul <16 x float> %ofin1_0, %rl116
  store <16 x float> %res1_0, ptr addrspace(1) %o1_row, align 16
  %ofin1_1 = call <16 x float> @tileas.tmem.load.at.v16f32(ptr addrspace(6) %o18, i32 16)
  %res1_1 = fmul <16 x float> %ofin1_1, %rl116
  %p1_1 = getelementptr i8, ptr addrspace(1) %o1_row, i64 64
  store <16 x float> %res1_1, ptr addrspace(1) %p1_1, align 16
  %ofin1_2 = call <16 x float> @tileas.tmem.load.at.v16f32(ptr addrspace(6) %o18, i32 32)
  %res1_2 = fmul <16 x float> %ofin1_2, %rl116
  %p1_2 = getelementptr i8, ptr addrspace(1) %o1_row, i64 128
  store <16 x float> %res1_2, ptr addrspace(1) %p1_2, align 16
  %ofin1_3 = call <16 x float> @tileas.tmem.load.at.v16f32(ptr addrspace(6) %o18, i32 48)
  %res1_3 = fmul <16 x float> %ofin1_3, %rl116
  %p1_3 = getelementptr i8, ptr addrspace(1) %o1_row, i64 192
  store <16 x float> %res1_3, ptr addrspace(1) %p1_3, align 16
  ret void
}

; The KV loop of a two-query-tile ("ping-pong") attention forward kernel on
; Blackwell (FlashAttention-3/4 structure, head dim 64, two tiles of 128 query
; rows per CTA, KV tiles of 128), as a frontend emits it (the IR form of
; fmha-fwd-pingpong.mir). Per KV tile, for each query tile t = 0, 1:
; S_t = Q_t K^T by four tcgen05 MMAs into the tile's own S buffer; the online
; softmax on register fragments (row maximum, running sum, the correction
; alpha_t and P_t = 2^(S_t * scale - m_t * scale) on the XU); O_t in tensor
; memory read, scaled by alpha_t and written back; P_t staged in shared memory
; as two halves and O_t += P_t V by four MMAs. Both query tiles share each K
; and V tile. Q, K, V and the output are distinct tensors: noalias.

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)
declare ptr addrspace(6) @tileas.tmem.store(ptr addrspace(6), <4 x float>) convergent nounwind willreturn memory(argmem: readwrite)
declare ptr addrspace(3) @tileas.smem.tile(<4 x float>, i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare <4 x float> @tileas.redux.max(<4 x float>) convergent nounwind willreturn memory(none)

define void @fmha_fwd_pingpong(ptr noalias %desc_q, ptr noalias %desc_k, ptr noalias %desc_v, ptr addrspace(1) noalias %out, i32 %kvtiles, i32 %m0, float %scale) {
entry:
  %scins = insertelement <4 x float> poison, float %scale, i64 0
  %sc = shufflevector <4 x float> %scins, <4 x float> poison, <4 x i32> zeroinitializer
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
  %o0_ = phi ptr addrspace(6) [ %o0_buf, %entry ], [ %o04, %loop ]
  %m1_ = phi <4 x float> [ splat (float 0xFFF0000000000000), %entry ], [ %m1_new, %loop ]
  %l1_ = phi <4 x float> [ zeroinitializer, %entry ], [ %l1_new, %loop ]
  %o1_ = phi ptr addrspace(6) [ %o1_buf, %entry ], [ %o14, %loop ]
  %ky = shl i32 %j, 7
  %kt = call ptr addrspace(3) @tileas.tma.load(ptr %desc_k, i32 0, i32 %ky, i32 16384)
  %vt = call ptr addrspace(3) @tileas.tma.load(ptr %desc_v, i32 0, i32 %ky, i32 16384)
  %s01 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %s0_buf, ptr addrspace(3) %q0, ptr addrspace(3) %kt, i32 0, i32 16384)
  %s02 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %s01, ptr addrspace(3) %q0, ptr addrspace(3) %kt, i32 1, i32 16384)
  %s03 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %s02, ptr addrspace(3) %q0, ptr addrspace(3) %kt, i32 2, i32 16384)
  %s04 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %s03, ptr addrspace(3) %q0, ptr addrspace(3) %kt, i32 3, i32 16384)
  %s11 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %s1_buf, ptr addrspace(3) %q1, ptr addrspace(3) %kt, i32 0, i32 16384)
  %s12 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %s11, ptr addrspace(3) %q1, ptr addrspace(3) %kt, i32 1, i32 16384)
  %s13 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %s12, ptr addrspace(3) %q1, ptr addrspace(3) %kt, i32 2, i32 16384)
  %s14 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %s13, ptr addrspace(3) %q1, ptr addrspace(3) %kt, i32 3, i32 16384)
  ; The online softmax of query tile 0.
  %s0_lo = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %s04)
  %s0_hi = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %s04)
  %mx0_lo = call <4 x float> @tileas.redux.max(<4 x float> %s0_lo)
  %mx0_hi = call <4 x float> @tileas.redux.max(<4 x float> %s0_hi)
  %mx0 = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %mx0_lo, <4 x float> %mx0_hi)
  %m0_new = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %m0_, <4 x float> %mx0)
  %dm0 = fsub <4 x float> %m0_, %m0_new
  %dms0 = fmul <4 x float> %dm0, %sc
  %alpha0 = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %dms0)
  %ms0 = fmul <4 x float> %m0_new, %sc
  %x0_lo = fmul <4 x float> %s0_lo, %sc
  %x0_hi = fmul <4 x float> %s0_hi, %sc
  %y0_lo = fsub <4 x float> %x0_lo, %ms0
  %y0_hi = fsub <4 x float> %x0_hi, %ms0
  %p0_lo = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %y0_lo)
  %p0_hi = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %y0_hi)
  %rs0 = fadd <4 x float> %p0_lo, %p0_hi
  %l0_new = call <4 x float> @llvm.fma.v4f32(<4 x float> %l0_, <4 x float> %alpha0, <4 x float> %rs0)
  %pt0_lo = call ptr addrspace(3) @tileas.smem.tile(<4 x float> %p0_lo, i32 16384)
  %pt0_hi = call ptr addrspace(3) @tileas.smem.tile(<4 x float> %p0_hi, i32 16384)
  ; Correction of O_0, then O_0 += P_0 V.
  %of0 = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %o0_)
  %ofs0 = fmul <4 x float> %of0, %alpha0
  %oc0 = call ptr addrspace(6) @tileas.tmem.store(ptr addrspace(6) %o0_, <4 x float> %ofs0)
  %o01 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %oc0, ptr addrspace(3) %pt0_lo, ptr addrspace(3) %vt, i32 0, i32 8192)
  %o02 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %o01, ptr addrspace(3) %pt0_lo, ptr addrspace(3) %vt, i32 1, i32 8192)
  %o03 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %o02, ptr addrspace(3) %pt0_hi, ptr addrspace(3) %vt, i32 2, i32 8192)
  %o04 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %o03, ptr addrspace(3) %pt0_hi, ptr addrspace(3) %vt, i32 3, i32 8192)
  ; The online softmax of query tile 1.
  %s1_lo = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %s14)
  %s1_hi = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %s14)
  %mx1_lo = call <4 x float> @tileas.redux.max(<4 x float> %s1_lo)
  %mx1_hi = call <4 x float> @tileas.redux.max(<4 x float> %s1_hi)
  %mx1 = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %mx1_lo, <4 x float> %mx1_hi)
  %m1_new = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %m1_, <4 x float> %mx1)
  %dm1 = fsub <4 x float> %m1_, %m1_new
  %dms1 = fmul <4 x float> %dm1, %sc
  %alpha1 = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %dms1)
  %ms1 = fmul <4 x float> %m1_new, %sc
  %x1_lo = fmul <4 x float> %s1_lo, %sc
  %x1_hi = fmul <4 x float> %s1_hi, %sc
  %y1_lo = fsub <4 x float> %x1_lo, %ms1
  %y1_hi = fsub <4 x float> %x1_hi, %ms1
  %p1_lo = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %y1_lo)
  %p1_hi = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %y1_hi)
  %rs1 = fadd <4 x float> %p1_lo, %p1_hi
  %l1_new = call <4 x float> @llvm.fma.v4f32(<4 x float> %l1_, <4 x float> %alpha1, <4 x float> %rs1)
  %pt1_lo = call ptr addrspace(3) @tileas.smem.tile(<4 x float> %p1_lo, i32 16384)
  %pt1_hi = call ptr addrspace(3) @tileas.smem.tile(<4 x float> %p1_hi, i32 16384)
  ; Correction of O_1, then O_1 += P_1 V.
  %of1 = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %o1_)
  %ofs1 = fmul <4 x float> %of1, %alpha1
  %oc1 = call ptr addrspace(6) @tileas.tmem.store(ptr addrspace(6) %o1_, <4 x float> %ofs1)
  %o11 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %oc1, ptr addrspace(3) %pt1_lo, ptr addrspace(3) %vt, i32 0, i32 8192)
  %o12 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %o11, ptr addrspace(3) %pt1_lo, ptr addrspace(3) %vt, i32 1, i32 8192)
  %o13 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %o12, ptr addrspace(3) %pt1_hi, ptr addrspace(3) %vt, i32 2, i32 8192)
  %o14 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %o13, ptr addrspace(3) %pt1_hi, ptr addrspace(3) %vt, i32 3, i32 8192)
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, %kvtiles
  br i1 %more, label %loop, label %exit

exit:
  %ofin0 = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %o04)
  %rl0 = fdiv afn <4 x float> splat (float 1.0), %l0_new
  %res0 = fmul <4 x float> %ofin0, %rl0
  store <4 x float> %res0, ptr addrspace(1) %out, align 16
  %ofin1 = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %o14)
  %rl1 = fdiv afn <4 x float> splat (float 1.0), %l1_new
  %res1 = fmul <4 x float> %ofin1, %rl1
  %out1 = getelementptr i8, ptr addrspace(1) %out, i64 16
  store <4 x float> %res1, ptr addrspace(1) %out1, align 16
  ret void
}

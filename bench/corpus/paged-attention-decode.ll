; The KV-page loop of a paged-attention decode kernel (vLLM-style
; PagedAttention / FlashDecoding, one query token per sequence, head dim 128,
; f32), as a frontend emits it, with each thread's real values. The CTA's
; four warps take four heads of one sequence: warp w head w, and lane l of
; it dims 4l .. 4l+3 of the head (one fragment of q, of each K and V row, of
; O): thread row r = acc.row() = 32 w + l owns bytes 16 r .. 16 r + 15 of a
; [head][dim] row of the four heads. A page holds 8 tokens: its K (16 KiB,
; [token][head][dim]) then its V (16 KiB, the same), 32 KiB per page.
; Per page: the physical page number from the block table (a pointer PHI);
; the page's address page * 32 KiB + base; the K and V pages gathered into
; shared memory by cp.async; per token j the thread's partial dot product
; q . k_j over its four dims, reduced across the warp (warp.sum: 5 butterfly
; shuffles) into the score s_j, in every lane of every thread; the online
; softmax on the eight scores (running max m and sum l, the rescale factor
; alpha); O (the thread's four dims) rescaled by alpha and accumulated
; p_j v_j. The exit stores O / l. The KV cache, the block table, the query
; and the output are distinct: noalias. (paged-attention-decode.mir, its
; twin, still computes on <4 x float> stand-ins.)

declare ptr addrspace(3) @tileas.cp.async(ptr addrspace(1), i32) nounwind willreturn memory(argmem: read)
declare <4 x float> @tileas.smem.load(ptr addrspace(3), i32) nounwind willreturn memory(argmem: read)
declare <4 x float> @tileas.warp.sum(<4 x float>) convergent nounwind willreturn memory(none)
declare i32 @tileas.acc.row() nounwind willreturn memory(none)

define void @paged_attention_decode(ptr addrspace(1) noalias %kv_base, ptr addrspace(1) noalias %table0, ptr addrspace(1) noalias %qptr, ptr addrspace(1) noalias %out, i32 %pages, float %log2e_s) {
entry:
  %lins = insertelement <4 x float> poison, float %log2e_s, i64 0
  %log2e = shufflevector <4 x float> %lins, <4 x float> poison, <4 x i32> zeroinitializer
  %nlog2e_s = fneg float %log2e_s
  %nins = insertelement <4 x float> poison, float %nlog2e_s, i64 0
  %nlog2e = shufflevector <4 x float> %nins, <4 x float> poison, <4 x i32> zeroinitializer
  ; The thread's four dims of its warp's head: byte 16 r of a [head][dim] row.
  %row = call i32 @tileas.acc.row()
  %row64 = zext i32 %row to i64
  %pq = getelementptr [4 x float], ptr addrspace(1) %qptr, i64 %row64
  %q = load <4 x float>, ptr addrspace(1) %pq, align 16
  %off0 = shl i32 %row, 4
  %off1 = add i32 %off0, 2048
  %off2 = add i32 %off0, 4096
  %off3 = add i32 %off0, 6144
  %off4 = add i32 %off0, 8192
  %off5 = add i32 %off0, 10240
  %off6 = add i32 %off0, 12288
  %off7 = add i32 %off0, 14336
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %pt = phi ptr addrspace(1) [ %table0, %entry ], [ %pt.next, %loop ]
  %m = phi <4 x float> [ splat (float 0xFFF0000000000000), %entry ], [ %m_new, %loop ]
  %l = phi <4 x float> [ zeroinitializer, %entry ], [ %l_new, %loop ]
  %o = phi <4 x float> [ zeroinitializer, %entry ], [ %o8, %loop ]
  ; Block table -> page address (an unsigned byte offset).
  %page = load i32, ptr addrspace(1) %pt, align 4
  %poff = shl i32 %page, 15
  %poff64 = zext i32 %poff to i64
  %kaddr = getelementptr i8, ptr addrspace(1) %kv_base, i64 %poff64
  %vaddr = getelementptr i8, ptr addrspace(1) %kaddr, i64 16384
  %kt = call ptr addrspace(3) @tileas.cp.async(ptr addrspace(1) %kaddr, i32 16384)
  %vt = call ptr addrspace(3) @tileas.cp.async(ptr addrspace(1) %vaddr, i32 16384)
  ; Scores: token j's row of K (the thread's four dims), the partial dot
  ; product with q, the warp's sum of the partials.
  %k0 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %kt, i32 %off0)
  %qk0 = fmul <4 x float> %q, %k0
  %s0 = call <4 x float> @tileas.warp.sum(<4 x float> %qk0)
  %k1 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %kt, i32 %off1)
  %qk1 = fmul <4 x float> %q, %k1
  %s1 = call <4 x float> @tileas.warp.sum(<4 x float> %qk1)
  %k2 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %kt, i32 %off2)
  %qk2 = fmul <4 x float> %q, %k2
  %s2 = call <4 x float> @tileas.warp.sum(<4 x float> %qk2)
  %k3 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %kt, i32 %off3)
  %qk3 = fmul <4 x float> %q, %k3
  %s3 = call <4 x float> @tileas.warp.sum(<4 x float> %qk3)
  %k4 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %kt, i32 %off4)
  %qk4 = fmul <4 x float> %q, %k4
  %s4 = call <4 x float> @tileas.warp.sum(<4 x float> %qk4)
  %k5 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %kt, i32 %off5)
  %qk5 = fmul <4 x float> %q, %k5
  %s5 = call <4 x float> @tileas.warp.sum(<4 x float> %qk5)
  %k6 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %kt, i32 %off6)
  %qk6 = fmul <4 x float> %q, %k6
  %s6 = call <4 x float> @tileas.warp.sum(<4 x float> %qk6)
  %k7 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %kt, i32 %off7)
  %qk7 = fmul <4 x float> %q, %k7
  %s7 = call <4 x float> @tileas.warp.sum(<4 x float> %qk7)
  ; Online softmax over the page's eight scores.
  %x01 = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %s0, <4 x float> %s1)
  %x23 = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %s2, <4 x float> %s3)
  %x45 = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %s4, <4 x float> %s5)
  %x67 = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %s6, <4 x float> %s7)
  %x03 = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %x01, <4 x float> %x23)
  %x47 = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %x45, <4 x float> %x67)
  %smax = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %x03, <4 x float> %x47)
  %m_new = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %m, <4 x float> %smax)
  %dm = fsub <4 x float> %m, %m_new
  %dml = fmul <4 x float> %dm, %log2e
  %alpha = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %dml)
  %nml = fmul <4 x float> %m_new, %nlog2e
  %y0 = call <4 x float> @llvm.fma.v4f32(<4 x float> %s0, <4 x float> %log2e, <4 x float> %nml)
  %p0 = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %y0)
  %y1 = call <4 x float> @llvm.fma.v4f32(<4 x float> %s1, <4 x float> %log2e, <4 x float> %nml)
  %p1 = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %y1)
  %y2 = call <4 x float> @llvm.fma.v4f32(<4 x float> %s2, <4 x float> %log2e, <4 x float> %nml)
  %p2 = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %y2)
  %y3 = call <4 x float> @llvm.fma.v4f32(<4 x float> %s3, <4 x float> %log2e, <4 x float> %nml)
  %p3 = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %y3)
  %y4 = call <4 x float> @llvm.fma.v4f32(<4 x float> %s4, <4 x float> %log2e, <4 x float> %nml)
  %p4 = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %y4)
  %y5 = call <4 x float> @llvm.fma.v4f32(<4 x float> %s5, <4 x float> %log2e, <4 x float> %nml)
  %p5 = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %y5)
  %y6 = call <4 x float> @llvm.fma.v4f32(<4 x float> %s6, <4 x float> %log2e, <4 x float> %nml)
  %p6 = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %y6)
  %y7 = call <4 x float> @llvm.fma.v4f32(<4 x float> %s7, <4 x float> %log2e, <4 x float> %nml)
  %p7 = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %y7)
  %p01 = fadd <4 x float> %p0, %p1
  %p23 = fadd <4 x float> %p2, %p3
  %p45 = fadd <4 x float> %p4, %p5
  %p67 = fadd <4 x float> %p6, %p7
  %p03 = fadd <4 x float> %p01, %p23
  %p47 = fadd <4 x float> %p45, %p67
  %psum = fadd <4 x float> %p03, %p47
  %l_new = call <4 x float> @llvm.fma.v4f32(<4 x float> %l, <4 x float> %alpha, <4 x float> %psum)
  ; O (the thread's four dims) rescaled, then p_j times token j's row of V.
  %oa = fmul <4 x float> %o, %alpha
  %v0 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %vt, i32 %off0)
  %o1 = call <4 x float> @llvm.fma.v4f32(<4 x float> %p0, <4 x float> %v0, <4 x float> %oa)
  %v1 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %vt, i32 %off1)
  %o2 = call <4 x float> @llvm.fma.v4f32(<4 x float> %p1, <4 x float> %v1, <4 x float> %o1)
  %v2 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %vt, i32 %off2)
  %o3 = call <4 x float> @llvm.fma.v4f32(<4 x float> %p2, <4 x float> %v2, <4 x float> %o2)
  %v3 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %vt, i32 %off3)
  %o4 = call <4 x float> @llvm.fma.v4f32(<4 x float> %p3, <4 x float> %v3, <4 x float> %o3)
  %v4 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %vt, i32 %off4)
  %o5 = call <4 x float> @llvm.fma.v4f32(<4 x float> %p4, <4 x float> %v4, <4 x float> %o4)
  %v5 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %vt, i32 %off5)
  %o6 = call <4 x float> @llvm.fma.v4f32(<4 x float> %p5, <4 x float> %v5, <4 x float> %o5)
  %v6 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %vt, i32 %off6)
  %o7 = call <4 x float> @llvm.fma.v4f32(<4 x float> %p6, <4 x float> %v6, <4 x float> %o6)
  %v7 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %vt, i32 %off7)
  %o8 = call <4 x float> @llvm.fma.v4f32(<4 x float> %p7, <4 x float> %v7, <4 x float> %o7)
  %pt.next = getelementptr i8, ptr addrspace(1) %pt, i64 4
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %pages
  br i1 %more, label %loop, label %exit

exit:
  %rl = fdiv afn <4 x float> splat (float 1.0), %l_new
  %r = fmul <4 x float> %o8, %rl
  %pout = getelementptr [4 x float], ptr addrspace(1) %out, i64 %row64
  store <4 x float> %r, ptr addrspace(1) %pout, align 16
  ret void
}

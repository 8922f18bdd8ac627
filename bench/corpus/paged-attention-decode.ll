; The KV-page loop of a paged-attention decode kernel (vLLM-style
; PagedAttention / FlashDecoding, one query token per sequence, head dim 128,
; 16 KiB pages of K and of V), as a frontend emits it (the IR form of
; paged-attention-decode.mir). Per page: the physical page number from the
; block table (a pointer PHI); the page's address page * 32 KiB + base; the K
; and V pages gathered into shared memory by cp.async; four K fragments read
; back and dotted with the query; the online softmax (running max m and sum
; l, the rescale factor alpha on the XU); two V fragments accumulated into two
; output fragments rescaled by alpha each page. The KV cache, the block table,
; the query and the output are distinct: noalias.

declare ptr addrspace(3) @tileas.cp.async(ptr addrspace(1), i32) nounwind willreturn memory(argmem: read)
declare <4 x float> @tileas.smem.load(ptr addrspace(3), i32) nounwind willreturn memory(argmem: read)
declare <4 x float> @tileas.redux.max(<4 x float>) convergent nounwind willreturn memory(none)

define void @paged_attention_decode(ptr addrspace(1) noalias %kv_base, ptr addrspace(1) noalias %table0, ptr addrspace(1) noalias %qptr, ptr addrspace(1) noalias %out, i32 %pages, float %log2e_s) {
entry:
  %lins = insertelement <4 x float> poison, float %log2e_s, i64 0
  %log2e = shufflevector <4 x float> %lins, <4 x float> poison, <4 x i32> zeroinitializer
  %nlog2e_s = fneg float %log2e_s
  %nins = insertelement <4 x float> poison, float %nlog2e_s, i64 0
  %nlog2e = shufflevector <4 x float> %nins, <4 x float> poison, <4 x i32> zeroinitializer
  %q0 = load <4 x float>, ptr addrspace(1) %qptr, align 16
  %pq1 = getelementptr i8, ptr addrspace(1) %qptr, i64 16
  %q1 = load <4 x float>, ptr addrspace(1) %pq1, align 16
  %pq2 = getelementptr i8, ptr addrspace(1) %qptr, i64 32
  %q2 = load <4 x float>, ptr addrspace(1) %pq2, align 16
  %pq3 = getelementptr i8, ptr addrspace(1) %qptr, i64 48
  %q3 = load <4 x float>, ptr addrspace(1) %pq3, align 16
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %pt = phi ptr addrspace(1) [ %table0, %entry ], [ %pt.next, %loop ]
  %m = phi <4 x float> [ splat (float 0xFFF0000000000000), %entry ], [ %m_new, %loop ]
  %l = phi <4 x float> [ zeroinitializer, %entry ], [ %l_new, %loop ]
  %o0 = phi <4 x float> [ zeroinitializer, %entry ], [ %o0_new, %loop ]
  %o1 = phi <4 x float> [ zeroinitializer, %entry ], [ %o1_new, %loop ]
  ; Block table -> page address (an unsigned byte offset).
  %page = load i32, ptr addrspace(1) %pt, align 4
  %poff = shl i32 %page, 15
  %poff64 = zext i32 %poff to i64
  %kaddr = getelementptr i8, ptr addrspace(1) %kv_base, i64 %poff64
  %vaddr = getelementptr i8, ptr addrspace(1) %kaddr, i64 16384
  %kt = call ptr addrspace(3) @tileas.cp.async(ptr addrspace(1) %kaddr, i32 16384)
  %vt = call ptr addrspace(3) @tileas.cp.async(ptr addrspace(1) %vaddr, i32 16384)
  ; Scores.
  %k0 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %kt, i32 0)
  %k1 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %kt, i32 4096)
  %k2 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %kt, i32 8192)
  %k3 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %kt, i32 12288)
  %s0 = fmul <4 x float> %q0, %k0
  %s1 = call <4 x float> @llvm.fma.v4f32(<4 x float> %q1, <4 x float> %k1, <4 x float> %s0)
  %s2 = call <4 x float> @llvm.fma.v4f32(<4 x float> %q2, <4 x float> %k2, <4 x float> %s1)
  %s = call <4 x float> @llvm.fma.v4f32(<4 x float> %q3, <4 x float> %k3, <4 x float> %s2)
  ; Online softmax.
  %smax = call <4 x float> @tileas.redux.max(<4 x float> %s)
  %m_new = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %m, <4 x float> %smax)
  %dm = fsub <4 x float> %m, %m_new
  %dml = fmul <4 x float> %dm, %log2e
  %alpha = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %dml)
  %nml = fmul <4 x float> %m_new, %nlog2e
  %y = call <4 x float> @llvm.fma.v4f32(<4 x float> %s, <4 x float> %log2e, <4 x float> %nml)
  %p = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %y)
  %l_new = call <4 x float> @llvm.fma.v4f32(<4 x float> %l, <4 x float> %alpha, <4 x float> %p)
  ; Output accumulation.
  %v0 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %vt, i32 0)
  %v1 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %vt, i32 4096)
  %o0s = fmul <4 x float> %o0, %alpha
  %o1s = fmul <4 x float> %o1, %alpha
  %o0_new = call <4 x float> @llvm.fma.v4f32(<4 x float> %p, <4 x float> %v0, <4 x float> %o0s)
  %o1_new = call <4 x float> @llvm.fma.v4f32(<4 x float> %p, <4 x float> %v1, <4 x float> %o1s)
  %pt.next = getelementptr i8, ptr addrspace(1) %pt, i64 4
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %pages
  br i1 %more, label %loop, label %exit

exit:
  %rl = fdiv afn <4 x float> splat (float 1.0), %l_new
  %r0 = fmul <4 x float> %o0_new, %rl
  %r1 = fmul <4 x float> %o1_new, %rl
  store <4 x float> %r0, ptr addrspace(1) %out, align 16
  %pout1 = getelementptr i8, ptr addrspace(1) %out, i64 16
  store <4 x float> %r1, ptr addrspace(1) %pout1, align 16
  %pout2 = getelementptr i8, ptr addrspace(1) %out, i64 32
  store <4 x float> %m_new, ptr addrspace(1) %pout2, align 16
  ret void
}

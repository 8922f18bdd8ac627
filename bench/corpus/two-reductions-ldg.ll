; A pair of independent running reductions in one loop, as loop fusion leaves
; them (the IR form of two-reductions-ldg.mir): reduction A sums a streamed
; tensor through a pointer PHI; reduction B keeps the running maximum of a
; word read again each step from a loop-invariant address (a per-CTA flag
; another CTA updates: a volatile load, as CUDA's volatile gives; a plain load
; of a loop that stores nothing would be hoisted out of the loop). Both loads
; carry the far-memory latency and sit on no recurrence, so reaching the MII
; keeps about seven iterations of loads in flight. The loop stores nothing;
; the streamed tensor, the flag word and the result are distinct: noalias.

define void @two_reductions_ldg(ptr addrspace(1) noalias %p0, ptr addrspace(1) noalias %q, ptr addrspace(1) noalias %res, i32 %steps) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi ptr addrspace(1) [ %p0, %entry ], [ %p.next, %loop ]
  %acc.a = phi <4 x float> [ zeroinitializer, %entry ], [ %acc.a.next, %loop ]
  %acc.b = phi <4 x float> [ zeroinitializer, %entry ], [ %acc.b.next, %loop ]
  %x = load <4 x float>, ptr addrspace(1) %p, align 16
  %acc.a.next = fadd <4 x float> %acc.a, %x
  %y = load volatile <4 x float>, ptr addrspace(1) %q, align 16
  %acc.b.next = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %acc.b, <4 x float> %y)
  %p.next = getelementptr i8, ptr addrspace(1) %p, i64 16
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %steps
  br i1 %more, label %loop, label %exit

exit:
  store <4 x float> %acc.a.next, ptr addrspace(1) %res, align 16
  %res.b = getelementptr i8, ptr addrspace(1) %res, i64 16
  store <4 x float> %acc.b.next, ptr addrspace(1) %res.b, align 16
  ret void
}

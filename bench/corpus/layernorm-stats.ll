; The statistics pass of a LayerNorm forward kernel over long rows (hidden
; size 8192, one warp per row, 4-float vectors), as a frontend emits it (the
; IR form of layernorm-stats.mir): each step loads two vectors of the row,
; adds them with the packed fp32x2 unit, and accumulates the sum and the sum
; of squares, each in two partial accumulators rotated through a chain of two
; PHIs (every add reads the value of two iterations earlier), and a running
; abs-max for an fp8 output scale. The loop stores nothing; the row and the
; statistics output are distinct: noalias.

declare <4 x float> @tileas.fadd.f32x2(<4 x float>, <4 x float>) nounwind willreturn memory(none)
declare <4 x float> @tileas.redux.max(<4 x float>) convergent nounwind willreturn memory(none)

define void @layernorm_stats(ptr addrspace(1) noalias %x0, ptr addrspace(1) noalias %stats, i32 %steps) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %px = phi ptr addrspace(1) [ %x0, %entry ], [ %px.next, %loop ]
  ; Rotated partial sums: sum_old is the sum of two iterations ago.
  %sum_old = phi <4 x float> [ zeroinitializer, %entry ], [ %sum_prev, %loop ]
  %sum_prev = phi <4 x float> [ zeroinitializer, %entry ], [ %sum_new, %loop ]
  %sq_old = phi <4 x float> [ zeroinitializer, %entry ], [ %sq_prev, %loop ]
  %sq_prev = phi <4 x float> [ zeroinitializer, %entry ], [ %sq_new, %loop ]
  %amax = phi <4 x float> [ zeroinitializer, %entry ], [ %amax_new, %loop ]
  %va = load <4 x float>, ptr addrspace(1) %px, align 16
  %pvb = getelementptr i8, ptr addrspace(1) %px, i64 512
  %vb = load <4 x float>, ptr addrspace(1) %pvb, align 16
  %vs = call <4 x float> @tileas.fadd.f32x2(<4 x float> %va, <4 x float> %vb)
  %sum_new = fadd <4 x float> %sum_old, %vs
  %qa = call <4 x float> @llvm.fma.v4f32(<4 x float> %va, <4 x float> %va, <4 x float> %sq_old)
  %sq_new = call <4 x float> @llvm.fma.v4f32(<4 x float> %vb, <4 x float> %vb, <4 x float> %qa)
  %aa = call <4 x float> @llvm.fabs.v4f32(<4 x float> %va)
  %ab = call <4 x float> @llvm.fabs.v4f32(<4 x float> %vb)
  %mab = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %aa, <4 x float> %ab)
  %amax_new = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %amax, <4 x float> %mab)
  %px.next = getelementptr i8, ptr addrspace(1) %px, i64 1024
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %steps
  br i1 %more, label %loop, label %exit

exit:
  ; Combine the rotated partials and write mean-ready sums.
  %sum = fadd <4 x float> %sum_new, %sum_prev
  %sq = fadd <4 x float> %sq_new, %sq_prev
  %rm = call <4 x float> @tileas.redux.max(<4 x float> %amax_new)
  store <4 x float> %sum, ptr addrspace(1) %stats, align 16
  %psq = getelementptr i8, ptr addrspace(1) %stats, i64 16
  store <4 x float> %sq, ptr addrspace(1) %psq, align 16
  %prm = getelementptr i8, ptr addrspace(1) %stats, i64 32
  store <4 x float> %rm, ptr addrspace(1) %prm, align 16
  ret void
}

; The reduction kernel of a split-K GEMM (the IR form of splitk-reduce.mir):
; a grid-stride loop that sums four split-K partials from the workspace,
; computes D = alpha * sum + beta * C, stores D and keeps a running abs-max
; of D. The workspace, C, D and the abs-max output are distinct tensors:
; noalias, so the store of D no longer feeds the next step's loads.

declare <4 x float> @tileas.redux.max(<4 x float>) convergent nounwind willreturn memory(none)

define void @splitk_reduce(ptr addrspace(1) noalias %ws0, ptr addrspace(1) noalias %c0, ptr addrspace(1) noalias %d0, ptr addrspace(1) noalias %amax_out, i32 %steps, float %alpha_s, float %beta_s) {
entry:
  %ains = insertelement <4 x float> poison, float %alpha_s, i64 0
  %alpha = shufflevector <4 x float> %ains, <4 x float> poison, <4 x i32> zeroinitializer
  %bins = insertelement <4 x float> poison, float %beta_s, i64 0
  %beta = shufflevector <4 x float> %bins, <4 x float> poison, <4 x i32> zeroinitializer
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %ws = phi ptr addrspace(1) [ %ws0, %entry ], [ %ws.next, %loop ]
  %pc = phi ptr addrspace(1) [ %c0, %entry ], [ %pc.next, %loop ]
  %pd = phi ptr addrspace(1) [ %d0, %entry ], [ %pd.next, %loop ]
  %amax = phi <4 x i32> [ zeroinitializer, %entry ], [ %amax.next, %loop ]
  %p1 = getelementptr i8, ptr addrspace(1) %ws, i64 65536
  %p2 = getelementptr i8, ptr addrspace(1) %ws, i64 131072
  %p3 = getelementptr i8, ptr addrspace(1) %ws, i64 196608
  %w0 = load <4 x float>, ptr addrspace(1) %ws, align 16
  %w1 = load <4 x float>, ptr addrspace(1) %p1, align 16
  %w2 = load <4 x float>, ptr addrspace(1) %p2, align 16
  %w3 = load <4 x float>, ptr addrspace(1) %p3, align 16
  %cv = load <4 x float>, ptr addrspace(1) %pc, align 16
  %s01 = fadd <4 x float> %w0, %w1
  %s23 = fadd <4 x float> %w2, %w3
  %s = fadd <4 x float> %s01, %s23
  %bc = fmul <4 x float> %cv, %beta
  %d = call <4 x float> @llvm.fma.v4f32(<4 x float> %s, <4 x float> %alpha, <4 x float> %bc)
  store <4 x float> %d, ptr addrspace(1) %pd, align 16
  %dbits = bitcast <4 x float> %d to <4 x i32>
  %dabs = and <4 x i32> %dbits, splat (i32 2147483647)
  %amaxf = bitcast <4 x i32> %amax to <4 x float>
  %dabsf = bitcast <4 x i32> %dabs to <4 x float>
  %mx = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %amaxf, <4 x float> %dabsf)
  %amax.next = bitcast <4 x float> %mx to <4 x i32>
  %ws.next = getelementptr i8, ptr addrspace(1) %ws, i64 2048
  %pc.next = getelementptr i8, ptr addrspace(1) %pc, i64 2048
  %pd.next = getelementptr i8, ptr addrspace(1) %pd, i64 2048
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %steps
  br i1 %more, label %loop, label %exit

exit:
  %mf = bitcast <4 x i32> %amax.next to <4 x float>
  %m = call <4 x float> @tileas.redux.max(<4 x float> %mf)
  store <4 x float> %m, ptr addrspace(1) %amax_out, align 16
  ret void
}

; The single-pass loop of a fused cross-entropy kernel over a large
; vocabulary (online softmax, as in Liger-Kernel / Apex fused xentropy), as a
; frontend emits it (the IR form of softmax-xent-online.mir): each step loads
; two vectors of logits and updates the running max m, the running sum
; l = l * 2^((m_old - m) log2e) + sum 2^((x - m) log2e), and the sum of logits
; z, rotated three ways through a chain of three PHIs (distance 3). The loop
; stores nothing; the logits and the result are distinct: noalias.

declare <4 x float> @tileas.redux.max(<4 x float>) convergent nounwind willreturn memory(none)

define void @softmax_xent_online(ptr addrspace(1) noalias %x0, ptr addrspace(1) noalias %res, i32 %steps, float %log2e_s) {
entry:
  %lins = insertelement <4 x float> poison, float %log2e_s, i64 0
  %log2e = shufflevector <4 x float> %lins, <4 x float> poison, <4 x i32> zeroinitializer
  %nlog2e_s = fneg float %log2e_s
  %nins = insertelement <4 x float> poison, float %nlog2e_s, i64 0
  %nlog2e = shufflevector <4 x float> %nins, <4 x float> poison, <4 x i32> zeroinitializer
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %px = phi ptr addrspace(1) [ %x0, %entry ], [ %px.next, %loop ]
  %m = phi <4 x float> [ splat (float 0xFFF0000000000000), %entry ], [ %m_new, %loop ]
  %l = phi <4 x float> [ zeroinitializer, %entry ], [ %l_new, %loop ]
  ; Rotated sum of logits: z3 is the value of three iterations ago.
  %z3 = phi <4 x float> [ zeroinitializer, %entry ], [ %z2, %loop ]
  %z2 = phi <4 x float> [ zeroinitializer, %entry ], [ %z1, %loop ]
  %z1 = phi <4 x float> [ zeroinitializer, %entry ], [ %z_new, %loop ]
  %xa = load <4 x float>, ptr addrspace(1) %px, align 16
  %pxb = getelementptr i8, ptr addrspace(1) %px, i64 512
  %xb = load <4 x float>, ptr addrspace(1) %pxb, align 16
  %ma = call <4 x float> @tileas.redux.max(<4 x float> %xa)
  %mb = call <4 x float> @tileas.redux.max(<4 x float> %xb)
  %mab = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %ma, <4 x float> %mb)
  %m_new = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %m, <4 x float> %mab)
  %dm = fsub <4 x float> %m, %m_new
  %dml = fmul <4 x float> %dm, %log2e
  %alpha = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %dml)
  %nml = fmul <4 x float> %m_new, %nlog2e
  %ya = call <4 x float> @llvm.fma.v4f32(<4 x float> %xa, <4 x float> %log2e, <4 x float> %nml)
  %yb = call <4 x float> @llvm.fma.v4f32(<4 x float> %xb, <4 x float> %log2e, <4 x float> %nml)
  %ea = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %ya)
  %eb = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %yb)
  %es = fadd <4 x float> %ea, %eb
  %l_new = call <4 x float> @llvm.fma.v4f32(<4 x float> %l, <4 x float> %alpha, <4 x float> %es)
  %xs = fadd <4 x float> %xa, %xb
  %z_new = fadd <4 x float> %z3, %xs
  %px.next = getelementptr i8, ptr addrspace(1) %px, i64 1024
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %steps
  br i1 %more, label %loop, label %exit

exit:
  %lg = call afn <4 x float> @llvm.log2.v4f32(<4 x float> %l_new)
  %z12 = fadd <4 x float> %z_new, %z1
  %z = fadd <4 x float> %z12, %z2
  store <4 x float> %lg, ptr addrspace(1) %res, align 16
  %pm = getelementptr i8, ptr addrspace(1) %res, i64 16
  store <4 x float> %m_new, ptr addrspace(1) %pm, align 16
  %pz = getelementptr i8, ptr addrspace(1) %res, i64 32
  store <4 x float> %z, ptr addrspace(1) %pz, align 16
  ret void
}

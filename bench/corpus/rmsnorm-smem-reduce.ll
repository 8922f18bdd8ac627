; The reduction loop of a row-wise RMSNorm + fp8 quantization kernel that
; streams its rows through shared memory, as a frontend emits it (the IR form
; of rmsnorm-smem-reduce.mir): TMA brings a 16 KiB slab of the activation
; each step, the warp reads four fragments of it, gates them, and
; accumulates the sum of squares rotated three ways (a chain of three PHIs,
; distance 3), the abs-max of the gated values (a tree of maxima into a
; distance-1 running max) and a checksum of the slab with the packed fp32x2
; unit rotated two ways (distance 2). The loop stores nothing; the activation
; and the result are distinct: noalias.

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare <4 x float> @tileas.smem.load(ptr addrspace(3), i32) nounwind willreturn memory(argmem: read)
declare <4 x float> @tileas.redux.max(<4 x float>) convergent nounwind willreturn memory(none)
declare <4 x float> @tileas.fadd.f32x2(<4 x float>, <4 x float>) nounwind willreturn memory(none)

define void @rmsnorm_smem_reduce(ptr noalias %desc_x, ptr addrspace(1) noalias %res, i32 %steps, i32 %row0, float %gate_s) {
entry:
  %gins = insertelement <4 x float> poison, float %gate_s, i64 0
  %gate = shufflevector <4 x float> %gins, <4 x float> poison, <4 x i32> zeroinitializer
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %q3 = phi <4 x float> [ zeroinitializer, %entry ], [ %q2, %loop ]
  %q2 = phi <4 x float> [ zeroinitializer, %entry ], [ %q1, %loop ]
  %q1 = phi <4 x float> [ zeroinitializer, %entry ], [ %q_new, %loop ]
  %amax = phi <4 x float> [ zeroinitializer, %entry ], [ %amax_new, %loop ]
  %ck2 = phi <4 x float> [ zeroinitializer, %entry ], [ %ck1, %loop ]
  %ck1 = phi <4 x float> [ zeroinitializer, %entry ], [ %ck_new, %loop ]
  %cx = shl i32 %i, 10
  %slab = call ptr addrspace(3) @tileas.tma.load(ptr %desc_x, i32 %cx, i32 %row0, i32 16384)
  %v0 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %slab, i32 0)
  %v1 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %slab, i32 4096)
  %v2 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %slab, i32 8192)
  %v3 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %slab, i32 12288)
  %g0 = fmul <4 x float> %v0, %gate
  %g1 = fmul <4 x float> %v1, %gate
  %g2 = fmul <4 x float> %v2, %gate
  %g3 = fmul <4 x float> %v3, %gate
  %qa = call <4 x float> @llvm.fma.v4f32(<4 x float> %g0, <4 x float> %g0, <4 x float> %q3)
  %qb = call <4 x float> @llvm.fma.v4f32(<4 x float> %g1, <4 x float> %g1, <4 x float> %qa)
  %qc = call <4 x float> @llvm.fma.v4f32(<4 x float> %g2, <4 x float> %g2, <4 x float> %qb)
  %q_new = call <4 x float> @llvm.fma.v4f32(<4 x float> %g3, <4 x float> %g3, <4 x float> %qc)
  %a0 = call <4 x float> @llvm.fabs.v4f32(<4 x float> %g0)
  %a1 = call <4 x float> @llvm.fabs.v4f32(<4 x float> %g1)
  %a2 = call <4 x float> @llvm.fabs.v4f32(<4 x float> %g2)
  %a3 = call <4 x float> @llvm.fabs.v4f32(<4 x float> %g3)
  %m01 = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %a0, <4 x float> %a1)
  %m23 = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %a2, <4 x float> %a3)
  %m = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %m01, <4 x float> %m23)
  %amax_new = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %amax, <4 x float> %m)
  %c01 = call <4 x float> @tileas.fadd.f32x2(<4 x float> %v0, <4 x float> %v1)
  %c23 = call <4 x float> @tileas.fadd.f32x2(<4 x float> %v2, <4 x float> %v3)
  %c = call <4 x float> @tileas.fadd.f32x2(<4 x float> %c01, <4 x float> %c23)
  %ck_new = call <4 x float> @tileas.fadd.f32x2(<4 x float> %ck2, <4 x float> %c)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %steps
  br i1 %more, label %loop, label %exit

exit:
  %s12 = fadd <4 x float> %q_new, %q1
  %s = fadd <4 x float> %s12, %q2
  %sq = call afn <4 x float> @llvm.sqrt.v4f32(<4 x float> %s)
  %rms = fdiv afn <4 x float> splat (float 1.0), %sq
  %am = call <4 x float> @tileas.redux.max(<4 x float> %amax_new)
  %ck = call <4 x float> @tileas.fadd.f32x2(<4 x float> %ck_new, <4 x float> %ck1)
  store <4 x float> %rms, ptr addrspace(1) %res, align 16
  %pam = getelementptr i8, ptr addrspace(1) %res, i64 16
  store <4 x float> %am, ptr addrspace(1) %pam, align 16
  %pck = getelementptr i8, ptr addrspace(1) %res, i64 32
  store <4 x float> %ck, ptr addrspace(1) %pck, align 16
  ret void
}

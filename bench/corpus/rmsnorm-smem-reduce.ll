; The reduction loop of a row-wise RMSNorm + fp8 quantization kernel that
; streams its rows through shared memory, as a frontend emits it (the IR form
; of rmsnorm-smem-reduce.mir): TMA brings a 16 KiB slab of the activation
; each step (4096 f32, placed densely: the tensor map has no swizzle), and
; each thread reads its own elements of it: the eight 16-byte chunks t,
; t + 128, ..., t + 896 of thread t = acc.row() (bytes 16 t + 2048 j, so the
; warp's 32 loads of a chunk row are consecutive and conflict-free), 32
; floats per thread and step. It gates them, and accumulates the sum of
; squares rotated three ways (a chain of three PHIs, distance 3), the abs-max
; of the gated values (a tree of maxima into a distance-1 running max) and a
; checksum of the slab with the packed fp32x2 unit rotated two ways (distance
; 2). The loop stores nothing; after it each thread stores its three
; partials (48 bytes at res + 48 t; the reduction across threads is not in
; the loop). The activation and the result are distinct: noalias.

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare <4 x float> @tileas.smem.load(ptr addrspace(3), i32) nounwind willreturn memory(argmem: read)
declare <4 x float> @tileas.redux.max(<4 x float>) convergent nounwind willreturn memory(none)
declare <4 x float> @tileas.fadd.f32x2(<4 x float>, <4 x float>) nounwind willreturn memory(none)
declare i32 @tileas.acc.row() nounwind willreturn memory(none)

define void @rmsnorm_smem_reduce(ptr noalias %desc_x, ptr addrspace(1) noalias %res, i32 %steps, i32 %row0, float %gate_s) {
entry:
  %gins = insertelement <4 x float> poison, float %gate_s, i64 0
  %gate = shufflevector <4 x float> %gins, <4 x float> poison, <4 x i32> zeroinitializer
  ; The thread's chunks of the slab: byte 16 t + 2048 j.
  %t = call i32 @tileas.acc.row()
  %off0 = shl i32 %t, 4
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
  %q3 = phi <4 x float> [ zeroinitializer, %entry ], [ %q2, %loop ]
  %q2 = phi <4 x float> [ zeroinitializer, %entry ], [ %q1, %loop ]
  %q1 = phi <4 x float> [ zeroinitializer, %entry ], [ %q_new, %loop ]
  %amax = phi <4 x float> [ zeroinitializer, %entry ], [ %amax_new, %loop ]
  %ck2 = phi <4 x float> [ zeroinitializer, %entry ], [ %ck1, %loop ]
  %ck1 = phi <4 x float> [ zeroinitializer, %entry ], [ %ck_new, %loop ]
  %cx = shl i32 %i, 10
  %slab = call ptr addrspace(3) @tileas.tma.load(ptr %desc_x, i32 %cx, i32 %row0, i32 16384)
  %v0 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %slab, i32 %off0)
  %v1 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %slab, i32 %off1)
  %v2 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %slab, i32 %off2)
  %v3 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %slab, i32 %off3)
  %v4 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %slab, i32 %off4)
  %v5 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %slab, i32 %off5)
  %v6 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %slab, i32 %off6)
  %v7 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %slab, i32 %off7)
  %g0 = fmul <4 x float> %v0, %gate
  %g1 = fmul <4 x float> %v1, %gate
  %g2 = fmul <4 x float> %v2, %gate
  %g3 = fmul <4 x float> %v3, %gate
  %g4 = fmul <4 x float> %v4, %gate
  %g5 = fmul <4 x float> %v5, %gate
  %g6 = fmul <4 x float> %v6, %gate
  %g7 = fmul <4 x float> %v7, %gate
  %qa = call <4 x float> @llvm.fma.v4f32(<4 x float> %g0, <4 x float> %g0, <4 x float> %q3)
  %qb = call <4 x float> @llvm.fma.v4f32(<4 x float> %g1, <4 x float> %g1, <4 x float> %qa)
  %qc = call <4 x float> @llvm.fma.v4f32(<4 x float> %g2, <4 x float> %g2, <4 x float> %qb)
  %qd = call <4 x float> @llvm.fma.v4f32(<4 x float> %g3, <4 x float> %g3, <4 x float> %qc)
  %qe = call <4 x float> @llvm.fma.v4f32(<4 x float> %g4, <4 x float> %g4, <4 x float> %qd)
  %qf = call <4 x float> @llvm.fma.v4f32(<4 x float> %g5, <4 x float> %g5, <4 x float> %qe)
  %qg = call <4 x float> @llvm.fma.v4f32(<4 x float> %g6, <4 x float> %g6, <4 x float> %qf)
  %q_new = call <4 x float> @llvm.fma.v4f32(<4 x float> %g7, <4 x float> %g7, <4 x float> %qg)
  %a0 = call <4 x float> @llvm.fabs.v4f32(<4 x float> %g0)
  %a1 = call <4 x float> @llvm.fabs.v4f32(<4 x float> %g1)
  %a2 = call <4 x float> @llvm.fabs.v4f32(<4 x float> %g2)
  %a3 = call <4 x float> @llvm.fabs.v4f32(<4 x float> %g3)
  %a4 = call <4 x float> @llvm.fabs.v4f32(<4 x float> %g4)
  %a5 = call <4 x float> @llvm.fabs.v4f32(<4 x float> %g5)
  %a6 = call <4 x float> @llvm.fabs.v4f32(<4 x float> %g6)
  %a7 = call <4 x float> @llvm.fabs.v4f32(<4 x float> %g7)
  %m01 = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %a0, <4 x float> %a1)
  %m23 = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %a2, <4 x float> %a3)
  %m45 = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %a4, <4 x float> %a5)
  %m67 = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %a6, <4 x float> %a7)
  %m03 = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %m01, <4 x float> %m23)
  %m47 = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %m45, <4 x float> %m67)
  %m = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %m03, <4 x float> %m47)
  %amax_new = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %amax, <4 x float> %m)
  %c01 = call <4 x float> @tileas.fadd.f32x2(<4 x float> %v0, <4 x float> %v1)
  %c23 = call <4 x float> @tileas.fadd.f32x2(<4 x float> %v2, <4 x float> %v3)
  %c45 = call <4 x float> @tileas.fadd.f32x2(<4 x float> %v4, <4 x float> %v5)
  %c67 = call <4 x float> @tileas.fadd.f32x2(<4 x float> %v6, <4 x float> %v7)
  %c03 = call <4 x float> @tileas.fadd.f32x2(<4 x float> %c01, <4 x float> %c23)
  %c47 = call <4 x float> @tileas.fadd.f32x2(<4 x float> %c45, <4 x float> %c67)
  %c = call <4 x float> @tileas.fadd.f32x2(<4 x float> %c03, <4 x float> %c47)
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
  ; The thread's partials: 48 bytes at res + 48 t.
  %t64 = zext i32 %t to i64
  %pres = getelementptr [12 x float], ptr addrspace(1) %res, i64 %t64
  store <4 x float> %rms, ptr addrspace(1) %pres, align 16
  %pam = getelementptr i8, ptr addrspace(1) %pres, i64 16
  store <4 x float> %am, ptr addrspace(1) %pam, align 16
  %pck = getelementptr i8, ptr addrspace(1) %pres, i64 32
  store <4 x float> %ck, ptr addrspace(1) %pck, align 16
  ret void
}

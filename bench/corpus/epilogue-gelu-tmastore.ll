; The epilogue of a Blackwell GEMM with a fused bias + GELU, as a frontend
; emits it (the IR form of epilogue-gelu-tmastore.mir): eight 128x32
; sub-tiles of the tensor-memory accumulator, each biased, put through
; gelu(x) = x / (1 + 2^(k * x)), staged in shared memory and stored by TMA.
; The output descriptor and the bias are distinct tensors: noalias.

declare ptr addrspace(3) @tileas.smem.tile(<4 x float>, i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @tileas.tma.store(ptr addrspace(3), ptr, i32, i32) nounwind willreturn
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)
declare <4 x float> @tileas.fadd.f32x2(<4 x float>, <4 x float>) nounwind willreturn memory(none)

define void @epilogue_gelu_tmastore(ptr noalias %desc_d, ptr addrspace(1) noalias %bias, i32 %m0, i32 %n0, float %k) {
entry:
  %kins = insertelement <4 x float> poison, float %k, i64 0
  %kk = shufflevector <4 x float> %kins, <4 x float> poison, <4 x i32> zeroinitializer
  %acc = call ptr addrspace(6) @tileas.tmem.alloc(i32 256)
  br label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %pb = phi ptr addrspace(1) [ %bias, %entry ], [ %pb.next, %loop ]
  %c0 = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc)
  %c1 = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc)
  %b = load <4 x float>, ptr addrspace(1) %pb, align 16
  %x0 = fadd <4 x float> %c0, %b
  %x1 = fadd <4 x float> %c1, %b
  %t0 = fmul <4 x float> %x0, %kk
  %t1 = fmul <4 x float> %x1, %kk
  %e0 = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %t0)
  %e1 = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %t1)
  %d0 = fadd <4 x float> %e0, splat (float 1.0)
  %d1 = fadd <4 x float> %e1, splat (float 1.0)
  %r0 = fdiv afn <4 x float> splat (float 1.0), %d0
  %r1 = fdiv afn <4 x float> splat (float 1.0), %d1
  %y0 = fmul <4 x float> %x0, %r0
  %y1 = fmul <4 x float> %x1, %r1
  ; Pack the two fragments (the packed fp32x2 add stands in for a convert).
  %y = call <4 x float> @tileas.fadd.f32x2(<4 x float> %y0, <4 x float> %y1)
  %stage = call ptr addrspace(3) @tileas.smem.tile(<4 x float> %y, i32 8192)
  %col = shl i32 %j, 5
  %dx = add i32 %col, %n0
  call void @tileas.tma.store(ptr addrspace(3) %stage, ptr %desc_d, i32 %dx, i32 %m0)
  %pb.next = getelementptr i8, ptr addrspace(1) %pb, i64 128
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, 8
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

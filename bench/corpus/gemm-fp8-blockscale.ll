; A Blackwell fp8 (e4m3) GEMM mainloop with per-block scaling in the style
; of DeepSeek-V3 / DeepGEMM, as a frontend emits it (the IR form of
; gemm-fp8-blockscale.mir): CTA tile 128x128x128. Each k-tile: TMA loads of A
; and B, four tcgen05.mma kind::f8f6f4 into a partial accumulator in tensor
; memory (the first overwrites it), then the promotion: the partial is read
; back and folded into four fp32 register accumulators by FMA with the
; product of the row scales of A (a fragment) and the block scale of B (a
; float, broadcast), both loaded through pointer PHIs. The partial is
; double-buffered: two buffers alternate through a chain of two PHIs, so
; each MMA chain continues the handle of two iterations earlier. A, B, the
; two scale tensors and the output are distinct: noalias.

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma.f8f6f4(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32, i32, i1) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)

define void @gemm_fp8_blockscale(ptr noalias %desc_a, ptr noalias %desc_b, ptr addrspace(1) noalias %sfa0, ptr addrspace(1) noalias %sfb0, ptr addrspace(1) noalias %out, i32 %ktiles, i32 %m0, i32 %n0) {
entry:
  %buf0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %buf1 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  ; The partial accumulator of two k-tiles ago (ping-pong buffers).
  %part_old = phi ptr addrspace(6) [ %buf0, %entry ], [ %part_prev, %loop ]
  %part_prev = phi ptr addrspace(6) [ %buf1, %entry ], [ %p4, %loop ]
  %sfa = phi ptr addrspace(1) [ %sfa0, %entry ], [ %sfa.next, %loop ]
  %sfb = phi ptr addrspace(1) [ %sfb0, %entry ], [ %sfb.next, %loop ]
  %c0 = phi <4 x float> [ zeroinitializer, %entry ], [ %c0.next, %loop ]
  %c1 = phi <4 x float> [ zeroinitializer, %entry ], [ %c1.next, %loop ]
  %c2 = phi <4 x float> [ zeroinitializer, %entry ], [ %c2.next, %loop ]
  %c3 = phi <4 x float> [ zeroinitializer, %entry ], [ %c3.next, %loop ]
  %kx = shl i32 %k, 7
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc_a, i32 %kx, i32 %m0, i32 16384)
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %desc_b, i32 %kx, i32 %n0, i32 16384)
  ; kind::f8f6f4 M128 N128 K32, f32 <- e4m3 x e4m3, K-major (0x08200010). The
  ; first MMA overwrites the partial (its buffer holds the partial of two
  ; k-tiles ago, already promoted); the others add to it.
  %p1 = call ptr addrspace(6) @tileas.mma.f8f6f4(ptr addrspace(6) %part_old, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0, i32 16384, i32 136314896, i1 false)
  %p2 = call ptr addrspace(6) @tileas.mma.f8f6f4(ptr addrspace(6) %p1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 1, i32 16384, i32 136314896, i1 true)
  %p3 = call ptr addrspace(6) @tileas.mma.f8f6f4(ptr addrspace(6) %p2, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 2, i32 16384, i32 136314896, i1 true)
  %p4 = call ptr addrspace(6) @tileas.mma.f8f6f4(ptr addrspace(6) %p3, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 3, i32 16384, i32 136314896, i1 true)
  ; Scales: the row scales of A for this k-block, the one scale of B.
  %sa = load <4 x float>, ptr addrspace(1) %sfa, align 16
  %sb = load float, ptr addrspace(1) %sfb, align 4
  %sbins = insertelement <4 x float> poison, float %sb, i64 0
  %sbv = shufflevector <4 x float> %sbins, <4 x float> poison, <4 x i32> zeroinitializer
  %s = fmul <4 x float> %sa, %sbv
  ; Promotion of the partial into the register accumulators.
  %f0 = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %p4)
  %f1 = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %p4)
  %f2 = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %p4)
  %f3 = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %p4)
  %c0.next = call <4 x float> @llvm.fma.v4f32(<4 x float> %f0, <4 x float> %s, <4 x float> %c0)
  %c1.next = call <4 x float> @llvm.fma.v4f32(<4 x float> %f1, <4 x float> %s, <4 x float> %c1)
  %c2.next = call <4 x float> @llvm.fma.v4f32(<4 x float> %f2, <4 x float> %s, <4 x float> %c2)
  %c3.next = call <4 x float> @llvm.fma.v4f32(<4 x float> %f3, <4 x float> %s, <4 x float> %c3)
  %sfa.next = getelementptr i8, ptr addrspace(1) %sfa, i64 512
  %sfb.next = getelementptr i8, ptr addrspace(1) %sfb, i64 4
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %ktiles
  br i1 %more, label %loop, label %exit

exit:
  %d01 = fadd <4 x float> %c0.next, %c1.next
  %d23 = fadd <4 x float> %c2.next, %c3.next
  %d = fadd <4 x float> %d01, %d23
  store <4 x float> %d, ptr addrspace(1) %out, align 16
  ret void
}

; A Blackwell fp8 (e4m3) GEMM mainloop with per-block scaling in the style
; of DeepSeek-V3 / DeepGEMM, as a frontend emits it (the IR form of
; gemm-fp8-blockscale.mir), with each thread's real values: CTA tile
; 128x128x128, thread t of the warpgroup owning row acc.row() of the 128 x
; 128 f32 partial accumulator (the tcgen05 32x32b layout). Each k-tile: TMA
; loads of A and B, four tcgen05.mma kind::f8f6f4 into the partial in tensor
; memory (the first overwrites it), then the promotion: the thread reads its
; row of the partial back (four tcgen05.ld.32x32b.x32, 32 columns each) and
; folds all 128 columns into its row of the fp32 register accumulator (four
; <32 x float> quarters) by FMA with the block scale: the
; thread's row scale of A for this k-block (sfa is M-major, 128 f32 per
; k-tile: one float at sfa + 4 row) times the one scale of B's 128 x 128
; block, both loaded through pointer PHIs and broadcast across the row. The
; partial is double-buffered: two buffers alternate through a chain of two
; PHIs, so each MMA chain continues the handle of two iterations earlier.
; After the loop each thread stores its row of C (128 f32, 512 bytes at
; out + 512 row). A, B, the two scale tensors and the output are distinct:
; noalias.

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma.f8f6f4(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32, i32, i1) nounwind willreturn memory(argmem: readwrite)
declare <32 x float> @tileas.tmem.load.at(ptr addrspace(6), i32) convergent nounwind willreturn memory(argmem: read)
declare i32 @tileas.acc.row() nounwind willreturn memory(none)

define void @gemm_fp8_blockscale(ptr noalias %desc_a, ptr noalias %desc_b, ptr addrspace(1) noalias %sfa0, ptr addrspace(1) noalias %sfb0, ptr addrspace(1) noalias %out, i32 %ktiles, i32 %m0, i32 %n0) {
entry:
  %buf0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %buf1 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  ; The thread's row of the accumulators, and its row scale of A.
  %row = call i32 @tileas.acc.row()
  %row64 = zext i32 %row to i64
  %sfa.row = getelementptr float, ptr addrspace(1) %sfa0, i64 %row64
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  ; The partial accumulator of two k-tiles ago (ping-pong buffers).
  %part_old = phi ptr addrspace(6) [ %buf0, %entry ], [ %part_prev, %loop ]
  %part_prev = phi ptr addrspace(6) [ %buf1, %entry ], [ %p4, %loop ]
  %sfa = phi ptr addrspace(1) [ %sfa.row, %entry ], [ %sfa.next, %loop ]
  %sfb = phi ptr addrspace(1) [ %sfb0, %entry ], [ %sfb.next, %loop ]
  ; The thread's row of C in quarters: columns 0-31, 32-63, 64-95, 96-127.
  %c0 = phi <32 x float> [ zeroinitializer, %entry ], [ %c0.next, %loop ]
  %c1 = phi <32 x float> [ zeroinitializer, %entry ], [ %c1.next, %loop ]
  %c2 = phi <32 x float> [ zeroinitializer, %entry ], [ %c2.next, %loop ]
  %c3 = phi <32 x float> [ zeroinitializer, %entry ], [ %c3.next, %loop ]
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
  ; The block scale of the thread's row: its row scale of A times B's scale.
  %sa = load float, ptr addrspace(1) %sfa, align 4
  %sb = load float, ptr addrspace(1) %sfb, align 4
  %sains = insertelement <4 x float> poison, float %sa, i64 0
  %sav = shufflevector <4 x float> %sains, <4 x float> poison, <4 x i32> zeroinitializer
  %sbins = insertelement <4 x float> poison, float %sb, i64 0
  %sbv = shufflevector <4 x float> %sbins, <4 x float> poison, <4 x i32> zeroinitializer
  %s = fmul <4 x float> %sav, %sbv
  %s32 = shufflevector <4 x float> %s, <4 x float> poison, <32 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  ; Promotion of the thread's whole row of the partial, 32 columns at a time.
  %f0 = call <32 x float> @tileas.tmem.load.at(ptr addrspace(6) %p4, i32 0)
  %c0.next = call <32 x float> @llvm.fma.v32f32(<32 x float> %f0, <32 x float> %s32, <32 x float> %c0)
  %f1 = call <32 x float> @tileas.tmem.load.at(ptr addrspace(6) %p4, i32 32)
  %c1.next = call <32 x float> @llvm.fma.v32f32(<32 x float> %f1, <32 x float> %s32, <32 x float> %c1)
  %f2 = call <32 x float> @tileas.tmem.load.at(ptr addrspace(6) %p4, i32 64)
  %c2.next = call <32 x float> @llvm.fma.v32f32(<32 x float> %f2, <32 x float> %s32, <32 x float> %c2)
  %f3 = call <32 x float> @tileas.tmem.load.at(ptr addrspace(6) %p4, i32 96)
  %c3.next = call <32 x float> @llvm.fma.v32f32(<32 x float> %f3, <32 x float> %s32, <32 x float> %c3)
  %sfa.next = getelementptr i8, ptr addrspace(1) %sfa, i64 512
  %sfb.next = getelementptr i8, ptr addrspace(1) %sfb, i64 4
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %ktiles
  br i1 %more, label %loop, label %exit

exit:
  ; The thread's row of C: 128 f32 at out + 512 row.
  %c_row = getelementptr [128 x float], ptr addrspace(1) %out, i64 %row64
  store <32 x float> %c0.next, ptr addrspace(1) %c_row, align 16
  %c_row.1 = getelementptr i8, ptr addrspace(1) %c_row, i64 128
  store <32 x float> %c1.next, ptr addrspace(1) %c_row.1, align 16
  %c_row.2 = getelementptr i8, ptr addrspace(1) %c_row, i64 256
  store <32 x float> %c2.next, ptr addrspace(1) %c_row.2, align 16
  %c_row.3 = getelementptr i8, ptr addrspace(1) %c_row, i64 384
  store <32 x float> %c3.next, ptr addrspace(1) %c_row.3, align 16
  ret void
}

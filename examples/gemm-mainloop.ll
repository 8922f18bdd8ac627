; A Blackwell-style bf16 GEMM mainloop, as a frontend emits it (the IR form of
; gemm-mainloop.mir): C (128x128 f32) = A (128xK) B^T, B stored N x K, both
; K-major. Each k-tile brings a 128x64 tile of A and of B into shared memory
; with TMA (16 KiB each, 128-byte swizzle; coordinates {k, row}) and issues
; four tcgen05 MMAs, one per 16-wide k-block. Even and odd k-blocks accumulate into two
; tensor-memory accumulators, so that each accumulation chain carries two
; MMA latencies per iteration instead of four; the epilogue adds them. Each
; MMA says its instruction (tileas.mma.f16: kind::f16, M = N = 128, bf16 x
; bf16 -> f32, K-major) and whether it adds to its accumulator: the first
; k-tile's overwrite it. A, B and the output are distinct tensors: noalias.
;
;   /usr/lib/llvm-22/bin/llc --load=build/lib/libTileAS.so -march=tileas examples/gemm-mainloop.ll -o -
;   /usr/lib/llvm-22/bin/llc --load=build/lib/libTileAS.so -march=tileas -tileas-print-schedule \
;       -pass-remarks-analysis=tileas examples/gemm-mainloop.ll -o -

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32, i32, i1) nounwind willreturn memory(argmem: readwrite)
declare <16 x float> @tileas.tmem.load.at(ptr addrspace(6), i32) convergent nounwind willreturn memory(argmem: read)
declare i32 @tileas.acc.row() nounwind willreturn memory(none)

define void @gemm_mainloop(ptr noalias %desc_a, ptr noalias %desc_b, ptr addrspace(1) noalias %out, i32 %ktiles) {
entry:
  %acc_even0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %acc_odd0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc_even = phi ptr addrspace(6) [ %acc_even0, %entry ], [ %acc_even2, %loop ]
  %acc_odd = phi ptr addrspace(6) [ %acc_odd0, %entry ], [ %acc_odd2, %loop ]
  %kx = shl i32 %k, 6
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc_a, i32 %kx, i32 0, i32 16384)
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %desc_b, i32 %kx, i32 0, i32 16384)
  ; kind::f16 M128 N128 bf16 x bf16 -> f32, K-major (0x08200490); the
  ; first k-tile's MMAs overwrite the accumulators, the others add.
  %accumulate = icmp ne i32 %k, 0
  %acc_even1 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %acc_even, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0, i32 65536, i32 136316048, i1 %accumulate)
  %acc_odd1 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %acc_odd, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 1, i32 65536, i32 136316048, i1 %accumulate)
  %acc_even2 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %acc_even1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 2, i32 65536, i32 136316048, i1 true)
  %acc_odd2 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %acc_odd1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 3, i32 65536, i32 136316048, i1 true)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %ktiles
  br i1 %more, label %loop, label %exit

exit:
  ; Epilogue: thread t holds row acc.row() of both accumulators (the
  ; tcgen05 32x32b layout); it sums them 16 columns at a time (few values
  ; live at once, so the live ALU->LSU events stay within the budget) and
  ; stores its row of the 128x128 f32 tile (512 bytes per row).
  %row = call i32 @tileas.acc.row()
  %row64 = zext i32 %row to i64
  %c_row = getelementptr [128 x float], ptr addrspace(1) %out, i64 %row64
  %e0 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_even2, i32 0)
  %o0 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_odd2, i32 0)
  %c0 = fadd <16 x float> %e0, %o0
  store <16 x float> %c0, ptr addrspace(1) %c_row, align 16
  %e1 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_even2, i32 16)
  %o1 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_odd2, i32 16)
  %c1 = fadd <16 x float> %e1, %o1
  %p1 = getelementptr i8, ptr addrspace(1) %c_row, i64 64
  store <16 x float> %c1, ptr addrspace(1) %p1, align 16
  %e2 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_even2, i32 32)
  %o2 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_odd2, i32 32)
  %c2 = fadd <16 x float> %e2, %o2
  %p2 = getelementptr i8, ptr addrspace(1) %c_row, i64 128
  store <16 x float> %c2, ptr addrspace(1) %p2, align 16
  %e3 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_even2, i32 48)
  %o3 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_odd2, i32 48)
  %c3 = fadd <16 x float> %e3, %o3
  %p3 = getelementptr i8, ptr addrspace(1) %c_row, i64 192
  store <16 x float> %c3, ptr addrspace(1) %p3, align 16
  %e4 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_even2, i32 64)
  %o4 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_odd2, i32 64)
  %c4 = fadd <16 x float> %e4, %o4
  %p4 = getelementptr i8, ptr addrspace(1) %c_row, i64 256
  store <16 x float> %c4, ptr addrspace(1) %p4, align 16
  %e5 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_even2, i32 80)
  %o5 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_odd2, i32 80)
  %c5 = fadd <16 x float> %e5, %o5
  %p5 = getelementptr i8, ptr addrspace(1) %c_row, i64 320
  store <16 x float> %c5, ptr addrspace(1) %p5, align 16
  %e6 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_even2, i32 96)
  %o6 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_odd2, i32 96)
  %c6 = fadd <16 x float> %e6, %o6
  %p6 = getelementptr i8, ptr addrspace(1) %c_row, i64 384
  store <16 x float> %c6, ptr addrspace(1) %p6, align 16
  %e7 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_even2, i32 112)
  %o7 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_odd2, i32 112)
  %c7 = fadd <16 x float> %e7, %o7
  %p7 = getelementptr i8, ptr addrspace(1) %c_row, i64 448
  store <16 x float> %c7, ptr addrspace(1) %p7, align 16
  ret void
}

; A Blackwell-style bf16 GEMM mainloop, as a frontend emits it (the IR form of
; gemm-mainloop.mir). Each k-tile brings a 128x64 A tile and a 64x128 B tile
; into shared memory with TMA (16 KiB each) and issues four tcgen05 MMAs, one
; per 16-wide k-block. Even and odd k-blocks accumulate into two
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
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)

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
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %desc_b, i32 0, i32 %kx, i32 16384)
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
  ; Epilogue: sum the two accumulators and store the tile.
  %c_even = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc_even2)
  %c_odd = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc_odd2)
  %c = fadd <4 x float> %c_even, %c_odd
  store <4 x float> %c, ptr addrspace(1) %out, align 16
  ret void
}

; The mainloop of a large-tile fp8 GEMM on Blackwell with a deep k-tile, as
; a frontend emits it (the IR form of gemm-fp8-smem-bound.mir): CTA tile
; 128x256 (M x N), e4m3 x e4m3 -> f32, k-tile 256. Each k-tile brings A and B
; by TMA, 64 KiB each, as K-atoms of [rows][128 B] through rank-3 tensor maps
; (docs/ptx.md, "Tiles wider than one swizzle row"): B is 256 rows x 256 fp8
; (two atoms); A is 128 rows x 512 fp8 (four atoms), whose second half is the
; next k-tile's and is loaded again by the next iteration: the tile keeps the
; 64 KiB that makes the loop shared-memory bound. Eight tcgen05.mma
; kind::f8f6f4 M128 N256 K32 (instruction descriptor 0x08400010) split the
; k-tile between two 128x256 f32 accumulators, alternating: the first takes
; k-blocks 0-3 (K-atom 0), the second 4-7 (K-atom 1); the first k-tile's
; first MMA of each overwrites it. The epilogue stores the two partial sums
; 128 KiB apart (a split-K workspace; its consumer adds them), each thread its
; row acc.row() of both (the tcgen05 32x32b layout): 256 f32 (1 KiB) per
; accumulator, four tcgen05.ld.32x32b.x64 of 64 columns each, stored at
; out + 1024 row and 128 KiB above. One stage of
; operands is 128 KiB of shared memory, so the shared-memory budget, not a
; slot, sets the II. A, B and the output are distinct tensors: noalias.

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma.f8f6f4(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32, i32, i1) nounwind willreturn memory(argmem: readwrite)
declare <64 x float> @tileas.tmem.load.at(ptr addrspace(6), i32) convergent nounwind willreturn memory(argmem: read)
declare i32 @tileas.acc.row() nounwind willreturn memory(none)

define void @gemm_fp8_smem_bound(ptr noalias %desc_a, ptr noalias %desc_b, ptr addrspace(1) noalias %out, i32 %ktiles, i32 %m0, i32 %n0) {
entry:
  %top0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 256)
  %bot0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 256)
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %top = phi ptr addrspace(6) [ %top0, %entry ], [ %top4, %loop ]
  %bot = phi ptr addrspace(6) [ %bot0, %entry ], [ %bot4, %loop ]
  %kx = shl i32 %k, 8
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc_a, i32 %kx, i32 %m0, i32 65536)
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %desc_b, i32 %kx, i32 %n0, i32 65536)
  ; kind::f8f6f4 M128 N256 K32, f32 <- e4m3 x e4m3, K-major (0x08400010);
  ; the first k-tile's first MMAs overwrite the accumulators.
  %accumulate = icmp ne i32 %k, 0
  %top1 = call ptr addrspace(6) @tileas.mma.f8f6f4(ptr addrspace(6) %top, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0, i32 32768, i32 138412048, i1 %accumulate)
  %bot1 = call ptr addrspace(6) @tileas.mma.f8f6f4(ptr addrspace(6) %bot, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 4, i32 32768, i32 138412048, i1 %accumulate)
  %top2 = call ptr addrspace(6) @tileas.mma.f8f6f4(ptr addrspace(6) %top1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 1, i32 32768, i32 138412048, i1 true)
  %bot2 = call ptr addrspace(6) @tileas.mma.f8f6f4(ptr addrspace(6) %bot1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 5, i32 32768, i32 138412048, i1 true)
  %top3 = call ptr addrspace(6) @tileas.mma.f8f6f4(ptr addrspace(6) %top2, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 2, i32 32768, i32 138412048, i1 true)
  %bot3 = call ptr addrspace(6) @tileas.mma.f8f6f4(ptr addrspace(6) %bot2, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 6, i32 32768, i32 138412048, i1 true)
  %top4 = call ptr addrspace(6) @tileas.mma.f8f6f4(ptr addrspace(6) %top3, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 3, i32 32768, i32 138412048, i1 true)
  %bot4 = call ptr addrspace(6) @tileas.mma.f8f6f4(ptr addrspace(6) %bot3, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 7, i32 32768, i32 138412048, i1 true)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %ktiles
  br i1 %more, label %loop, label %exit

exit:
  ; The thread's row of each accumulator, 64 columns at a time.
  %row = call i32 @tileas.acc.row()
  %row64 = zext i32 %row to i64
  %top_row = getelementptr [256 x float], ptr addrspace(1) %out, i64 %row64
  %bot_row = getelementptr i8, ptr addrspace(1) %top_row, i64 131072
  %top_0 = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %top4, i32 0)
  store <64 x float> %top_0, ptr addrspace(1) %top_row, align 16
  %top_1 = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %top4, i32 64)
  %top_p1 = getelementptr i8, ptr addrspace(1) %top_row, i64 256
  store <64 x float> %top_1, ptr addrspace(1) %top_p1, align 16
  %top_2 = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %top4, i32 128)
  %top_p2 = getelementptr i8, ptr addrspace(1) %top_row, i64 512
  store <64 x float> %top_2, ptr addrspace(1) %top_p2, align 16
  %top_3 = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %top4, i32 192)
  %top_p3 = getelementptr i8, ptr addrspace(1) %top_row, i64 768
  store <64 x float> %top_3, ptr addrspace(1) %top_p3, align 16
  %bot_0 = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %bot4, i32 0)
  store <64 x float> %bot_0, ptr addrspace(1) %bot_row, align 16
  %bot_1 = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %bot4, i32 64)
  %bot_p1 = getelementptr i8, ptr addrspace(1) %bot_row, i64 256
  store <64 x float> %bot_1, ptr addrspace(1) %bot_p1, align 16
  %bot_2 = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %bot4, i32 128)
  %bot_p2 = getelementptr i8, ptr addrspace(1) %bot_row, i64 512
  store <64 x float> %bot_2, ptr addrspace(1) %bot_p2, align 16
  %bot_3 = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %bot4, i32 192)
  %bot_p3 = getelementptr i8, ptr addrspace(1) %bot_row, i64 768
  store <64 x float> %bot_3, ptr addrspace(1) %bot_p3, align 16
  ret void
}

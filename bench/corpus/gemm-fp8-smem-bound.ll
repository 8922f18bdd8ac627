; The mainloop of a large-tile fp8 GEMM on Blackwell with a deep k-tile, as
; a frontend emits it (the IR form of gemm-fp8-smem-bound.mir): each k-tile
; brings A and B (256x256 fp8, 64 KiB each) by TMA and issues eight tcgen05
; MMAs, alternating between the accumulators of the upper and lower 128 rows.
; One stage of operands is 128 KiB of shared memory, so the shared-memory
; budget, not a slot, sets the II. A, B and the output are distinct tensors:
; noalias.

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)

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
  %top1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %top, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0, i32 16384)
  %bot1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %bot, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 4, i32 16384)
  %top2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %top1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 1, i32 16384)
  %bot2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %bot1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 5, i32 16384)
  %top3 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %top2, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 2, i32 16384)
  %bot3 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %bot2, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 6, i32 16384)
  %top4 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %top3, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 3, i32 16384)
  %bot4 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %bot3, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 7, i32 16384)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %ktiles
  br i1 %more, label %loop, label %exit

exit:
  %ct = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %top4)
  %cb = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %bot4)
  store <4 x float> %ct, ptr addrspace(1) %out, align 16
  %out.bot = getelementptr i8, ptr addrspace(1) %out, i64 65536
  store <4 x float> %cb, ptr addrspace(1) %out.bot, align 16
  ret void
}

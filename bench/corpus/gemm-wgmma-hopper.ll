; The consumer mainloop of a Hopper (sm_90) bf16 GEMM with WGMMA and register
; accumulators, as a frontend emits it (the IR form of
; gemm-wgmma-hopper.mir): CTA tile 128x128x64 computed by two consumer warp
; groups. Each k-tile: TMA loads of A and B, and four WGMMAs per warp group
; into its own accumulator (k-blocks 0-3 for the top half of A, 4-7 for the
; bottom half), the two chains interleaved. An accumulator is <64 x float>,
; the 64 f32 per thread of wgmma m64n128k16 (-mcpu=sm_90a prints it as
; real wgmma PTX; the .mir keeps the abstract machine's one-fragment
; stand-in). After the loop each accumulator is stored at the thread's row
; (tileas.acc.row(): on sm_90a the wgmma row 16 w + l / 4, whose registers
; the printer writes at their columns of it and of the row eight below) of
; the row-major 128 x 128 f32 output, the bottom half 64 rows further.
; A, B and the output are distinct tensors: noalias.

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare <64 x float> @tileas.wgmma(<64 x float>, ptr addrspace(3), ptr addrspace(3), i32) convergent nounwind willreturn memory(argmem: read)
declare i32 @tileas.acc.row() nounwind willreturn memory(none)

define void @gemm_wgmma_hopper(ptr noalias %desc_a, ptr noalias %desc_b, ptr addrspace(1) noalias %out, i32 %ktiles, i32 %m0, i32 %n0) {
entry:
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %top = phi <64 x float> [ zeroinitializer, %entry ], [ %top4, %loop ]
  %bot = phi <64 x float> [ zeroinitializer, %entry ], [ %bot4, %loop ]
  %kx = shl i32 %k, 6
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc_a, i32 %kx, i32 %m0, i32 16384)
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %desc_b, i32 %kx, i32 %n0, i32 16384)
  %top1 = call <64 x float> @tileas.wgmma(<64 x float> %top, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0)
  %bot1 = call <64 x float> @tileas.wgmma(<64 x float> %bot, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 4)
  %top2 = call <64 x float> @tileas.wgmma(<64 x float> %top1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 1)
  %bot2 = call <64 x float> @tileas.wgmma(<64 x float> %bot1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 5)
  %top3 = call <64 x float> @tileas.wgmma(<64 x float> %top2, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 2)
  %bot3 = call <64 x float> @tileas.wgmma(<64 x float> %bot2, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 6)
  %top4 = call <64 x float> @tileas.wgmma(<64 x float> %top3, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 3)
  %bot4 = call <64 x float> @tileas.wgmma(<64 x float> %bot3, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 7)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %ktiles
  br i1 %more, label %loop, label %exit

exit:
  %row = call i32 @tileas.acc.row()
  %row64 = zext i32 %row to i64
  %out.row = getelementptr [128 x float], ptr addrspace(1) %out, i64 %row64
  store <64 x float> %top4, ptr addrspace(1) %out.row, align 16
  %out.bot = getelementptr i8, ptr addrspace(1) %out.row, i64 32768
  store <64 x float> %bot4, ptr addrspace(1) %out.bot, align 16
  ret void
}

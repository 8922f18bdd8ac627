; hopper-ws-c7511.test's input: the corpus Hopper GEMM
; (bench/corpus/gemm-wgmma-hopper.ll) with m64n32k16 accumulators, <16 x
; float> (16 f32 per thread) for each of its two chains, so that its
; warp-specialized form fits the register file without setmaxnreg.

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare <16 x float> @tileas.wgmma(<16 x float>, ptr addrspace(3), ptr addrspace(3), i32) convergent nounwind willreturn memory(argmem: read)

define void @gemm_wgmma_hopper(ptr noalias %desc_a, ptr noalias %desc_b, ptr addrspace(1) noalias %out, i32 %ktiles, i32 %m0, i32 %n0) {
entry:
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %top = phi <16 x float> [ zeroinitializer, %entry ], [ %top4, %loop ]
  %bot = phi <16 x float> [ zeroinitializer, %entry ], [ %bot4, %loop ]
  %kx = shl i32 %k, 6
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc_a, i32 %kx, i32 %m0, i32 16384)
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %desc_b, i32 %kx, i32 %n0, i32 16384)
  %top1 = call <16 x float> @tileas.wgmma(<16 x float> %top, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0)
  %bot1 = call <16 x float> @tileas.wgmma(<16 x float> %bot, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 4)
  %top2 = call <16 x float> @tileas.wgmma(<16 x float> %top1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 1)
  %bot2 = call <16 x float> @tileas.wgmma(<16 x float> %bot1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 5)
  %top3 = call <16 x float> @tileas.wgmma(<16 x float> %top2, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 2)
  %bot3 = call <16 x float> @tileas.wgmma(<16 x float> %bot2, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 6)
  %top4 = call <16 x float> @tileas.wgmma(<16 x float> %top3, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 3)
  %bot4 = call <16 x float> @tileas.wgmma(<16 x float> %bot3, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 7)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %ktiles
  br i1 %more, label %loop, label %exit

exit:
  store <16 x float> %top4, ptr addrspace(1) %out, align 16
  %out.bot = getelementptr i8, ptr addrspace(1) %out, i64 8192
  store <16 x float> %bot4, ptr addrspace(1) %out.bot, align 16
  ret void
}

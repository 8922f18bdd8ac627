; A load warp that cannot fit its register budget even without prefetch: the
; A tile's row is the sum of forty kernel parameters and the k offset, which
; the load warp recomputes every iteration, so it keeps forty parameters, its
; descriptors and its loop control live (53 32-bit registers) where
; setmaxnreg leaves it 40. The loop is not warp-specialized: the remark names
; the agent, its need and its budget, and the loop is materialized
; unspecialized under the same schedule (II 64, 5 stages).
;
; RUN: %llc -march=tileas -tileas-pipeline-strategy=warp-specialized \
; RUN:   -stop-after=tileas-materialize-schedule -verify-machineinstrs \
; RUN:   -pass-remarks-missed=tileas-materialize-schedule \
; RUN:   -pass-remarks=tileas-materialize-schedule %s -o %t.mir 2>&1 \
; RUN:   | FileCheck %s
; RUN: FileCheck %s --check-prefix=CODE < %t.mir
; RUN: %llc -march=tileas -tileas-pipeline-strategy=warp-specialized %s -o - \
; RUN:   | FileCheck %s --check-prefix=ASM
;
; CHECK: loop bb.1 in offset_sum not warp-specialized: agent load would keep 53 32-bit registers live in its loop, over its setmaxnreg budget of 40; it is materialized unspecialized
; CHECK: materialized II=64 with 5 stages
; CODE-NOT: AGENT_SWITCH
; CODE: TMA_LOAD
; ASM-NOT: setmaxnreg
; ASM: cp.async.bulk.tensor

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)

define void @offset_sum(ptr noalias %desc_a, ptr noalias %desc_b, ptr addrspace(1) noalias %out, i32 %ktiles, i32 %n0, i32 %p0, i32 %p1, i32 %p2, i32 %p3, i32 %p4, i32 %p5, i32 %p6, i32 %p7, i32 %p8, i32 %p9, i32 %p10, i32 %p11, i32 %p12, i32 %p13, i32 %p14, i32 %p15, i32 %p16, i32 %p17, i32 %p18, i32 %p19, i32 %p20, i32 %p21, i32 %p22, i32 %p23, i32 %p24, i32 %p25, i32 %p26, i32 %p27, i32 %p28, i32 %p29, i32 %p30, i32 %p31, i32 %p32, i32 %p33, i32 %p34, i32 %p35, i32 %p36, i32 %p37, i32 %p38, i32 %p39) {
entry:
  %acc0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi ptr addrspace(6) [ %acc0, %entry ], [ %acc4, %loop ]
  %kx = shl i32 %k, 6
  %y0 = add i32 %kx, %p0
  %y1 = add i32 %y0, %p1
  %y2 = add i32 %y1, %p2
  %y3 = add i32 %y2, %p3
  %y4 = add i32 %y3, %p4
  %y5 = add i32 %y4, %p5
  %y6 = add i32 %y5, %p6
  %y7 = add i32 %y6, %p7
  %y8 = add i32 %y7, %p8
  %y9 = add i32 %y8, %p9
  %y10 = add i32 %y9, %p10
  %y11 = add i32 %y10, %p11
  %y12 = add i32 %y11, %p12
  %y13 = add i32 %y12, %p13
  %y14 = add i32 %y13, %p14
  %y15 = add i32 %y14, %p15
  %y16 = add i32 %y15, %p16
  %y17 = add i32 %y16, %p17
  %y18 = add i32 %y17, %p18
  %y19 = add i32 %y18, %p19
  %y20 = add i32 %y19, %p20
  %y21 = add i32 %y20, %p21
  %y22 = add i32 %y21, %p22
  %y23 = add i32 %y22, %p23
  %y24 = add i32 %y23, %p24
  %y25 = add i32 %y24, %p25
  %y26 = add i32 %y25, %p26
  %y27 = add i32 %y26, %p27
  %y28 = add i32 %y27, %p28
  %y29 = add i32 %y28, %p29
  %y30 = add i32 %y29, %p30
  %y31 = add i32 %y30, %p31
  %y32 = add i32 %y31, %p32
  %y33 = add i32 %y32, %p33
  %y34 = add i32 %y33, %p34
  %y35 = add i32 %y34, %p35
  %y36 = add i32 %y35, %p36
  %y37 = add i32 %y36, %p37
  %y38 = add i32 %y37, %p38
  %y39 = add i32 %y38, %p39
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc_a, i32 %kx, i32 %y39, i32 16384)
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %desc_b, i32 %kx, i32 %n0, i32 16384)
  %acc1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0, i32 16384)
  %acc2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 1, i32 16384)
  %acc3 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc2, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 2, i32 16384)
  %acc4 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc3, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 3, i32 16384)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %ktiles
  br i1 %more, label %loop, label %exit

exit:
  %c = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc4)
  store <4 x float> %c, ptr addrspace(1) %out, align 16
  ret void
}

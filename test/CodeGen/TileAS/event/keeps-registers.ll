; The bundled GEMM with an epilogue of 32-column chunks: its exit block is
; one event over the ALU->LSU budget, and the order that meets the budget
; loads all eight chunks first (63 fragment registers, 260 32-bit registers
; in the warp-specialized compute agent, over its 232). The event scheduler
; keeps the block's order instead, with a remark, and the agent fits.
; RUN: %llc -march=tileas -tileas-pipeline-strategy=warp-specialized %s -o /dev/null \
; RUN:   -pass-remarks-missed=tileas-event-schedule -pass-remarks-analysis=tileas-agent-register-check 2>&1 \
; RUN:   | FileCheck %s
; RUN: %llc -march=tileas -tileas-pipeline-strategy=none %s -o /dev/null \
; RUN:   -pass-remarks-missed=tileas-event-schedule 2>&1 | FileCheck %s --check-prefix=NONE

; CHECK: remark: {{.*}}bb.{{[0-9]+}} in gemm_mainloop keeps its order: the order within its event budgets keeps {{[0-9]+}} 32-bit registers live (now {{[0-9]+}}), more than an agent holds (232)
; CHECK: remark: {{.*}}agent compute (from bb.{{[0-9]+}}) uses {{([0-9]|[0-9][0-9]|1[0-9][0-9]|2[0-2][0-9]|23[0-2])}} 32-bit registers of its budget 232
; NONE:  keeps its order

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32, i32, i1) nounwind willreturn memory(argmem: readwrite)
declare <32 x float> @tileas.tmem.load.at(ptr addrspace(6), i32) convergent nounwind willreturn memory(argmem: read)
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
  ; 32 columns at a time: eight FADD feeding eight stores, with the row
  ; address, is nine live ALU->LSU events, one over the budget of 8.
  %row = call i32 @tileas.acc.row()
  %row64 = zext i32 %row to i64
  %c_row = getelementptr [128 x float], ptr addrspace(1) %out, i64 %row64
  %e0 = call <32 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_even2, i32 0)
  %o0 = call <32 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_odd2, i32 0)
  %c0 = fadd <32 x float> %e0, %o0
  store <32 x float> %c0, ptr addrspace(1) %c_row, align 16
  %e1 = call <32 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_even2, i32 32)
  %o1 = call <32 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_odd2, i32 32)
  %c1 = fadd <32 x float> %e1, %o1
  %p1 = getelementptr i8, ptr addrspace(1) %c_row, i64 128
  store <32 x float> %c1, ptr addrspace(1) %p1, align 16
  %e2 = call <32 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_even2, i32 64)
  %o2 = call <32 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_odd2, i32 64)
  %c2 = fadd <32 x float> %e2, %o2
  %p2 = getelementptr i8, ptr addrspace(1) %c_row, i64 256
  store <32 x float> %c2, ptr addrspace(1) %p2, align 16
  %e3 = call <32 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_even2, i32 96)
  %o3 = call <32 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc_odd2, i32 96)
  %c3 = fadd <32 x float> %e3, %o3
  %p3 = getelementptr i8, ptr addrspace(1) %c_row, i64 384
  store <32 x float> %c3, ptr addrspace(1) %p3, align 16
  ret void
}

; The mainloop of a persistent grouped GEMM for a mixture-of-experts layer on
; Blackwell (CUTLASS grouped GEMM / vLLM fused MoE after token sorting), as a
; frontend emits it (the IR form of grouped-gemm-moe.mir). Per step of the
; tile scheduler's work list: the expert id and k-tile from the list (a
; pointer PHI); the expert's first row from the offsets table, offsets[expert];
; TMA loads of A at (k, row offset + m0) and B at (k, expert * N + n0); four
; tcgen05 MMAs into one tensor-memory accumulator. A chain of two dependent
; loads feeds the TMA coordinates. A, B, the work list, the offsets table and
; the output are distinct: noalias.

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)
declare <16 x float> @tileas.tmem.load.at(ptr addrspace(6), i32) convergent nounwind willreturn memory(argmem: read)
declare i32 @tileas.acc.row() nounwind willreturn memory(none)

define void @grouped_gemm_moe(ptr noalias %desc_a, ptr noalias %desc_b, ptr addrspace(1) noalias %work0, ptr addrspace(1) noalias %offsets, ptr addrspace(1) noalias %out, i32 %steps, i32 %m0, i32 %n0) {
entry:
  %acc0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %loop

loop:
  %step = phi i32 [ 0, %entry ], [ %step.next, %loop ]
  %work = phi ptr addrspace(1) [ %work0, %entry ], [ %work.next, %loop ]
  %acc = phi ptr addrspace(6) [ %acc0, %entry ], [ %acc4, %loop ]
  ; The work-list entry: expert id, k-tile.
  %expert = load i32, ptr addrspace(1) %work, align 8
  %pktile = getelementptr i8, ptr addrspace(1) %work, i64 4
  %ktile = load i32, ptr addrspace(1) %pktile, align 4
  ; The first row of the expert's tokens: offsets[expert] (an unsigned id).
  %expert64 = zext i32 %expert to i64
  %eaddr = getelementptr i32, ptr addrspace(1) %offsets, i64 %expert64
  %rowoff = load i32, ptr addrspace(1) %eaddr, align 4
  ; TMA coordinates.
  %kx = shl i32 %ktile, 6
  %ay = add i32 %rowoff, %m0
  %eb = mul i32 %expert, 4096
  %by = add i32 %eb, %n0
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc_a, i32 %kx, i32 %ay, i32 16384)
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %desc_b, i32 %kx, i32 %by, i32 16384)
  %acc1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0, i32 16384)
  %acc2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 1, i32 16384)
  %acc3 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc2, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 2, i32 16384)
  %acc4 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc3, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 3, i32 16384)
  %work.next = getelementptr i8, ptr addrspace(1) %work, i64 8
  %step.next = add i32 %step, 1
  %more = icmp slt i32 %step.next, %steps
  br i1 %more, label %loop, label %exit

exit:
  ; Epilogue: thread t stores row acc.row() of the 128x128 f32 accumulator
  ; (the tcgen05 32x32b layout), 16 columns at a time, at out + 512 * row.
  %row = call i32 @tileas.acc.row()
  %row64 = zext i32 %row to i64
  %c_row = getelementptr [128 x float], ptr addrspace(1) %out, i64 %row64
  %c0 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc4, i32 0)
  store <16 x float> %c0, ptr addrspace(1) %c_row, align 16
  %c1 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc4, i32 16)
  %p1 = getelementptr i8, ptr addrspace(1) %c_row, i64 64
  store <16 x float> %c1, ptr addrspace(1) %p1, align 16
  %c2 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc4, i32 32)
  %p2 = getelementptr i8, ptr addrspace(1) %c_row, i64 128
  store <16 x float> %c2, ptr addrspace(1) %p2, align 16
  %c3 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc4, i32 48)
  %p3 = getelementptr i8, ptr addrspace(1) %c_row, i64 192
  store <16 x float> %c3, ptr addrspace(1) %p3, align 16
  %c4 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc4, i32 64)
  %p4 = getelementptr i8, ptr addrspace(1) %c_row, i64 256
  store <16 x float> %c4, ptr addrspace(1) %p4, align 16
  %c5 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc4, i32 80)
  %p5 = getelementptr i8, ptr addrspace(1) %c_row, i64 320
  store <16 x float> %c5, ptr addrspace(1) %p5, align 16
  %c6 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc4, i32 96)
  %p6 = getelementptr i8, ptr addrspace(1) %c_row, i64 384
  store <16 x float> %c6, ptr addrspace(1) %p6, align 16
  %c7 = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc4, i32 112)
  %p7 = getelementptr i8, ptr addrspace(1) %c_row, i64 448
  store <16 x float> %c7, ptr addrspace(1) %p7, align 16
  ret void
}

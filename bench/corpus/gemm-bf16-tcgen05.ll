; The mainloop of a Blackwell bf16 GEMM (the IR form of
; gemm-bf16-tcgen05.mir): per k-tile, TMA loads of an A and a B tile and
; four tcgen05 MMAs (one per k-block) into a tensor-memory accumulator, each
; saying its instruction (tileas.mma.f16) and whether it adds to the
; accumulator (the first k-tile's first overwrites it); the epilogue reads
; the accumulator and stores it. A, B and the output are
; distinct tensors: noalias.

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32, i32, i1) nounwind willreturn memory(argmem: readwrite)
declare <16 x float> @tileas.tmem.load.at(ptr addrspace(6), i32) convergent nounwind willreturn memory(argmem: read)
declare i32 @tileas.acc.row() nounwind willreturn memory(none)

define void @gemm_bf16_tcgen05(ptr noalias %desc_a, ptr noalias %desc_b, ptr addrspace(1) noalias %out, i32 %ktiles, i32 %m0, i32 %n0) {
entry:
  %acc0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi ptr addrspace(6) [ %acc0, %entry ], [ %acc4, %loop ]
  %kx = shl i32 %k, 6
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc_a, i32 %kx, i32 %m0, i32 16384)
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %desc_b, i32 %kx, i32 %n0, i32 16384)
  ; kind::f16 M128 N128 bf16 x bf16 -> f32, K-major (0x08200490); the first
  ; k-tile's first MMA overwrites the accumulator.
  %accumulate = icmp ne i32 %k, 0
  %acc1 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %acc, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0, i32 16384, i32 136316048, i1 %accumulate)
  %acc2 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %acc1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 1, i32 16384, i32 136316048, i1 true)
  %acc3 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %acc2, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 2, i32 16384, i32 136316048, i1 true)
  %acc4 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %acc3, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 3, i32 16384, i32 136316048, i1 true)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %ktiles
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

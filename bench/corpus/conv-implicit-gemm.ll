; The mainloop of an implicit-GEMM forward convolution (NHWC, 3x3 filter,
; stride 1, padding 1, 56x56 feature map, 256 input channels) on Blackwell,
; as a frontend emits it (the IR form of conv-implicit-gemm.mir). The GEMM K
; dimension walks (r, s, channel block): 9 taps x 4 blocks of 64 channels =
; 36 iterations. Each iteration splits k into r, s and the channel block
; (rs / 3 strength-reduced to (rs * 11) >> 5 for rs < 9), computes the input
; pixel (p0 + r - 1, q0 + s - 1) with the top border clamped, and TMA-loads
; the activation tile and the filter tile for four tcgen05 MMAs into one
; tensor-memory accumulator. The activation, the filter and the output are
; distinct tensors: noalias.

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)
declare <16 x float> @tileas.tmem.load.at(ptr addrspace(6), i32) convergent nounwind willreturn memory(argmem: read)
declare i32 @tileas.acc.row() nounwind willreturn memory(none)

define void @conv_implicit_gemm(ptr noalias %desc_x, ptr noalias %desc_w, ptr addrspace(1) noalias %out, i32 %p0, i32 %q0, i32 %n0) {
entry:
  %acc0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi ptr addrspace(6) [ %acc0, %entry ], [ %acc4, %loop ]
  ; k = rs * 4 + cblk; r = rs / 3; s = rs - 3 r.
  %cblk = and i32 %k, 3
  %rs = ashr i32 %k, 2
  %rs11 = mul i32 %rs, 11
  %r = ashr i32 %rs11, 5
  %r3 = mul i32 %r, 3
  %s = sub i32 %rs, %r3
  ; The input pixel with padding 1; rows above the image read row 0.
  %hp = add i32 %p0, %r
  %h = sub i32 %hp, 1
  %neg = icmp slt i32 %h, 0
  %hc = select i1 %neg, i32 0, i32 %h
  %wq = add i32 %q0, %s
  %w = sub i32 %wq, 1
  %row = mul i32 %hc, 56
  %xy = add i32 %row, %w
  %cx = shl i32 %cblk, 6
  %wx = shl i32 %k, 6
  %xt = call ptr addrspace(3) @tileas.tma.load(ptr %desc_x, i32 %cx, i32 %xy, i32 16384)
  %wt = call ptr addrspace(3) @tileas.tma.load(ptr %desc_w, i32 %wx, i32 %n0, i32 16384)
  %acc1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc, ptr addrspace(3) %xt, ptr addrspace(3) %wt, i32 0, i32 16384)
  %acc2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc1, ptr addrspace(3) %xt, ptr addrspace(3) %wt, i32 1, i32 16384)
  %acc3 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc2, ptr addrspace(3) %xt, ptr addrspace(3) %wt, i32 2, i32 16384)
  %acc4 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc3, ptr addrspace(3) %xt, ptr addrspace(3) %wt, i32 3, i32 16384)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, 36
  br i1 %more, label %loop, label %exit

exit:
  ; Epilogue: thread t stores row acc.row() of the 128x128 f32 accumulator
  ; (the tcgen05 32x32b layout), 16 columns at a time, at out + 512 * row.
  %acc_row = call i32 @tileas.acc.row()
  %acc_row64 = zext i32 %acc_row to i64
  %c_row = getelementptr [128 x float], ptr addrspace(1) %out, i64 %acc_row64
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

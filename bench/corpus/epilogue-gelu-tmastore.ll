; The epilogue of a Blackwell GEMM with a fused bias + GELU, as a frontend
; emits it (the IR form of epilogue-gelu-tmastore.mir), with each thread's
; real values: the 128x256 fp32 accumulator in tensor memory is drained in
; eight 128x32 sub-tiles, thread t of the warpgroup owning row acc.row() of
; each (the tcgen05 32x32b layout). Per sub-tile j: the handle of its column
; 32 j (tileas.tmem.column), the thread's 32 columns in one
; tcgen05.ld.32x32b.x32, the sub-tile's 32 bias values added, gelu(x) = x /
; (1 + 2^(k * x)) on the row, and the row (32 f32, 128 bytes) written with
; tileas.smem.row.f32 into a 16 KiB staging tile of 128 rows x 128 bytes in
; the 128-byte swizzle (16-byte chunk c of row r at r * 128 + ((c ^ (r mod
; 8)) * 16)), which is what the TMA store reads through a tensor map of box
; 32 x 128 f32 with CU_TENSOR_MAP_SWIZZLE_128B; the store is preceded by
; fence.proxy.async.shared::cta. The output descriptor and the bias are
; distinct tensors: noalias.

declare ptr addrspace(3) @tileas.smem.row.f32(<32 x float>, i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @tileas.tma.store(ptr addrspace(3), ptr, i32, i32) nounwind willreturn
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.tmem.column(ptr addrspace(6), i32) nounwind willreturn memory(none)
declare <32 x float> @tileas.tmem.load.at(ptr addrspace(6), i32) convergent nounwind willreturn memory(argmem: read)

define void @epilogue_gelu_tmastore(ptr noalias %desc_d, ptr addrspace(1) noalias %bias, i32 %m0, i32 %n0, float %k) {
entry:
  %kins = insertelement <4 x float> poison, float %k, i64 0
  %kk = shufflevector <4 x float> %kins, <4 x float> poison, <4 x i32> zeroinitializer
  %kk32 = shufflevector <4 x float> %kk, <4 x float> poison, <32 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %acc = call ptr addrspace(6) @tileas.tmem.alloc(i32 256)
  br label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %pb = phi ptr addrspace(1) [ %bias, %entry ], [ %pb.next, %loop ]
  ; The thread's row of sub-tile j: columns 32 j .. 32 j + 31.
  %col = shl i32 %j, 5
  %sub = call ptr addrspace(6) @tileas.tmem.column(ptr addrspace(6) %acc, i32 %col)
  %c = call <32 x float> @tileas.tmem.load.at(ptr addrspace(6) %sub, i32 0)
  ; The sub-tile's 32 bias values (the same for every row).
  %b = load <32 x float>, ptr addrspace(1) %pb, align 16
  %x = fadd <32 x float> %c, %b
  %t = fmul <32 x float> %x, %kk32
  %e = call afn <32 x float> @llvm.exp2.v32f32(<32 x float> %t)
  %d = fadd <32 x float> %e, splat (float 1.0)
  %r = fdiv afn <32 x float> splat (float 1.0), %d
  %y = fmul <32 x float> %x, %r
  ; The row, swizzled where the TMA store reads it.
  %stage = call ptr addrspace(3) @tileas.smem.row.f32(<32 x float> %y, i32 16384)
  %dx = add i32 %col, %n0
  call void @tileas.tma.store(ptr addrspace(3) %stage, ptr %desc_d, i32 %dx, i32 %m0)
  %pb.next = getelementptr i8, ptr addrspace(1) %pb, i64 128
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, 8
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

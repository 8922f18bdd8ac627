; A persistent GEMM whose k-loop has two blocks: the first k-tile of each
; tile reuses the B tile loaded before the k-loop, the others load their own
; (the branch inside the k-loop). The passes
; pipeline single-block loops only: this nest is left as written.

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)

define void @two_block_inner(ptr noalias %desc_a, ptr noalias %desc_b, ptr addrspace(1) noalias %out, i32 %tiles, i32 %ktiles) {
entry:
  %acc0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %tile

tile:
  %t = phi i32 [ 0, %entry ], [ %t.next, %store ]
  %outp = phi ptr addrspace(1) [ %out, %entry ], [ %outp.next, %store ]
  %acc_t = phi ptr addrspace(6) [ %acc0, %entry ], [ %acc2, %store ]
  %m = shl i32 %t, 7
  %b0 = call ptr addrspace(3) @tileas.tma.load(ptr %desc_b, i32 %m, i32 0, i32 16384)
  br label %kloop

kloop:
  %k = phi i32 [ 0, %tile ], [ %k.next, %klatch ]
  %acc = phi ptr addrspace(6) [ %acc_t, %tile ], [ %acc2, %klatch ]
  %kx = shl i32 %k, 6
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc_a, i32 %kx, i32 %m, i32 16384)
  %skip = icmp eq i32 %k, 0
  br i1 %skip, label %klatch, label %kload

kload:
  %b1 = call ptr addrspace(3) @tileas.tma.load(ptr %desc_b, i32 %m, i32 %kx, i32 16384)
  br label %klatch

klatch:
  %b = phi ptr addrspace(3) [ %b0, %kloop ], [ %b1, %kload ]
  %acc2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0, i32 65536)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %ktiles
  br i1 %more, label %kloop, label %store

store:
  %c = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc2)
  store <4 x float> %c, ptr addrspace(1) %outp, align 16
  %outp.next = getelementptr inbounds i8, ptr addrspace(1) %outp, i64 16
  %t.next = add i32 %t, 1
  %more.tiles = icmp slt i32 %t.next, %tiles
  br i1 %more.tiles, label %tile, label %exit

exit:
  ret void
}

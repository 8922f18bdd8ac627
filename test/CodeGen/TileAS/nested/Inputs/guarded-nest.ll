; The persistent kernel with the guards loop rotation leaves: the tile loop
; runs only if %tiles > 0, the k-loop only if %ktiles > 0, so the k-loop's
; preheader branches and its exit block has two predecessors.
declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)

define void @guarded(ptr noalias %desc_a, ptr noalias %desc_b, ptr addrspace(1) noalias %out, i32 %tiles, i32 %ktiles) {
entry:
  %acc0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %any = icmp sgt i32 %tiles, 0
  br i1 %any, label %tile, label %exit
tile:
  %t = phi i32 [ 0, %entry ], [ %t.next, %store ]
  %ta = phi ptr addrspace(6) [ %acc0, %entry ], [ %res, %store ]
  %m = shl i32 %t, 7
  %anyk = icmp sgt i32 %ktiles, 0
  br i1 %anyk, label %kloop, label %store
kloop:
  %k = phi i32 [ 0, %tile ], [ %k.next, %kloop ]
  %acc = phi ptr addrspace(6) [ %ta, %tile ], [ %a2, %kloop ]
  %kx = shl i32 %k, 6
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc_a, i32 %kx, i32 %m, i32 16384)
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %desc_b, i32 %m, i32 %kx, i32 16384)
  %a2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0, i32 65536)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %ktiles
  br i1 %more, label %kloop, label %store
store:
  %res = phi ptr addrspace(6) [ %ta, %tile ], [ %a2, %kloop ]
  %x = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %res)
  store <4 x float> %x, ptr addrspace(1) %out, align 16
  %t.next = add i32 %t, 1
  %more.tiles = icmp slt i32 %t.next, %tiles
  br i1 %more.tiles, label %tile, label %exit
exit:
  ret void
}

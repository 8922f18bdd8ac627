; A persistent kernel whose tile loop is a while loop: the exit test is in
; the loop's header (before each tile), the k-loop's exit branches straight
; back to it.
declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)

define void @while_outer(ptr noalias %desc_a, ptr noalias %desc_b, ptr addrspace(1) noalias %out, i32 %tiles, i32 %ktiles) {
entry:
  %acc0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %tile
tile:
  %t = phi i32 [ 0, %entry ], [ %t.next, %kloop ]
  %ta = phi ptr addrspace(6) [ %acc0, %entry ], [ %a2, %kloop ]
  %go = icmp slt i32 %t, %tiles
  %m = shl i32 %t, 7
  %t.next = add i32 %t, 1
  br i1 %go, label %kloop, label %exit
kloop:
  %k = phi i32 [ 0, %tile ], [ %k.next, %kloop ]
  %acc = phi ptr addrspace(6) [ %ta, %tile ], [ %a2, %kloop ]
  %kx = shl i32 %k, 6
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc_a, i32 %kx, i32 %m, i32 16384)
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %desc_b, i32 %m, i32 %kx, i32 16384)
  %a2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0, i32 65536)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %ktiles
  br i1 %more, label %kloop, label %tile
exit:
  %x = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %ta)
  store <4 x float> %x, ptr addrspace(1) %out, align 16
  ret void
}

; A k-loop inside irreducible outer control: the cycle through %left and
; %right is entered at either block, as %first decides, and the k-loop sits
; in %right's path. The k-loop itself is a single-block counted loop, but no
; loop header dominates the cycle around it: it is left as written, with a
; remark.

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)

define void @irreducible_outer(ptr noalias %desc_a, ptr noalias %desc_b, ptr addrspace(1) noalias %out, i32 %tiles, i32 %ktiles, i32 %first) {
entry:
  %acc0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %start.right = icmp ne i32 %first, 0
  br i1 %start.right, label %right, label %left

left:
  %tl = phi i32 [ 0, %entry ], [ %t.next, %store ]
  %accl = phi ptr addrspace(6) [ %acc0, %entry ], [ %acc2, %store ]
  %tl1 = add i32 %tl, 1
  br label %right

right:
  %t = phi i32 [ 0, %entry ], [ %tl1, %left ]
  %acc_t = phi ptr addrspace(6) [ %acc0, %entry ], [ %accl, %left ]
  %m = shl i32 %t, 7
  br label %kloop

kloop:
  %k = phi i32 [ 0, %right ], [ %k.next, %kloop ]
  %acc = phi ptr addrspace(6) [ %acc_t, %right ], [ %acc2, %kloop ]
  %kx = shl i32 %k, 6
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc_a, i32 %kx, i32 %m, i32 16384)
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %desc_b, i32 %m, i32 %kx, i32 16384)
  %acc2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0, i32 65536)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %ktiles
  br i1 %more, label %kloop, label %store

store:
  %c = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc2)
  store <4 x float> %c, ptr addrspace(1) %out, align 16
  %t.next = add i32 %t, 1
  %more.tiles = icmp slt i32 %t.next, %tiles
  br i1 %more.tiles, label %left, label %exit

exit:
  ret void
}

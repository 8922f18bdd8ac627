; A persistent kernel with two k-loops per tile (as attention has a QK and
; a PV loop): the second starts when the first ends, both inside the loop
; over tiles, each accumulating into its own tensor-memory accumulator.
declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)

define void @two_inner(ptr noalias %desc_a, ptr noalias %desc_b, ptr addrspace(1) noalias %out, i32 %tiles, i32 %ktiles) {
entry:
  %acc0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %acc1 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %tile
tile:
  %t = phi i32 [ 0, %entry ], [ %t.next, %store ]
  %ta = phi ptr addrspace(6) [ %acc0, %entry ], [ %a2, %store ]
  %tb = phi ptr addrspace(6) [ %acc1, %entry ], [ %b2, %store ]
  %m = shl i32 %t, 7
  br label %k1
k1:
  %k = phi i32 [ 0, %tile ], [ %k.next, %k1 ]
  %acc = phi ptr addrspace(6) [ %ta, %tile ], [ %a2, %k1 ]
  %kx = shl i32 %k, 6
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc_a, i32 %kx, i32 %m, i32 16384)
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %desc_b, i32 %m, i32 %kx, i32 16384)
  %a2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0, i32 65536)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %ktiles
  br i1 %more, label %k1, label %mid
mid:
  br label %k2
k2:
  %j = phi i32 [ 0, %mid ], [ %j.next, %k2 ]
  %acc2 = phi ptr addrspace(6) [ %tb, %mid ], [ %b2, %k2 ]
  %jx = shl i32 %j, 6
  %c = call ptr addrspace(3) @tileas.tma.load(ptr %desc_a, i32 %jx, i32 %m, i32 16384)
  %d = call ptr addrspace(3) @tileas.tma.load(ptr %desc_b, i32 %m, i32 %jx, i32 16384)
  %b2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc2, ptr addrspace(3) %c, ptr addrspace(3) %d, i32 0, i32 65536)
  %j.next = add i32 %j, 1
  %more2 = icmp slt i32 %j.next, %ktiles
  br i1 %more2, label %k2, label %store
store:
  %x = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %a2)
  %y = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %b2)
  %z = fadd <4 x float> %x, %y
  store <4 x float> %z, ptr addrspace(1) %out, align 16
  %t.next = add i32 %t, 1
  %more.tiles = icmp slt i32 %t.next, %tiles
  br i1 %more.tiles, label %tile, label %exit
exit:
  ret void
}

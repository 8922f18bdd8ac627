; A grouped persistent bf16 GEMM (the loop nest of
; test/CodeGen/TileAS/nested/Inputs/grouped-persistent-gemm.ll): as
; persistent-gemm.ll, but each tile's number of k-tiles is loaded from
; %counts (one i32 per tile), as a grouped GEMM's problems differ in K.
;
; Why the shape matters: the inner trip count is a value the tile loop loads
; per tile, which every agent's k-loop control reads while the tile loop
; also stores (its epilogue): under warp specialization each agent that
; needs the count loads it itself, which is sound because nothing in the
; nest writes through %counts (docs/persistent.md).

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32, i32, i1) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)

define void @grouped_persistent_gemm(ptr noalias %desc_a, ptr noalias %desc_b, ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %counts, i32 %tiles) {
entry:
  %acc_even0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %acc_odd0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %tile

tile:
  %t = phi i32 [ 0, %entry ], [ %t.next, %store ]
  %outp = phi ptr addrspace(1) [ %out, %entry ], [ %outp.next, %store ]
  %acc_even_t = phi ptr addrspace(6) [ %acc_even0, %entry ], [ %acc_even2, %store ]
  %acc_odd_t = phi ptr addrspace(6) [ %acc_odd0, %entry ], [ %acc_odd2, %store ]
  ; The tile's row (t / 4) and column (t % 4), in elements.
  %row = ashr i32 %t, 2
  %m = shl i32 %row, 7
  %col = and i32 %t, 3
  %n = shl i32 %col, 7
  %countp = getelementptr inbounds i32, ptr addrspace(1) %counts, i32 %t
  %ktiles = load i32, ptr addrspace(1) %countp, align 4
  br label %kloop

kloop:
  %k = phi i32 [ 0, %tile ], [ %k.next, %kloop ]
  %acc_even = phi ptr addrspace(6) [ %acc_even_t, %tile ], [ %acc_even2, %kloop ]
  %acc_odd = phi ptr addrspace(6) [ %acc_odd_t, %tile ], [ %acc_odd2, %kloop ]
  %kx = shl i32 %k, 6
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc_a, i32 %kx, i32 %m, i32 16384)
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %desc_b, i32 %n, i32 %kx, i32 16384)
  %accumulate = icmp ne i32 %k, 0
  %acc_even1 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %acc_even, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0, i32 65536, i32 136316048, i1 %accumulate)
  %acc_odd1 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %acc_odd, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 1, i32 65536, i32 136316048, i1 %accumulate)
  %acc_even2 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %acc_even1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 2, i32 65536, i32 136316048, i1 true)
  %acc_odd2 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %acc_odd1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 3, i32 65536, i32 136316048, i1 true)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %ktiles
  br i1 %more, label %kloop, label %store

store:
  ; The tile's epilogue: sum the two accumulators and store the tile.
  %c_even = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc_even2)
  %c_odd = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc_odd2)
  %c = fadd <4 x float> %c_even, %c_odd
  store <4 x float> %c, ptr addrspace(1) %outp, align 16
  %outp.next = getelementptr inbounds i8, ptr addrspace(1) %outp, i64 16
  %t.next = add i32 %t, 1
  %more.tiles = icmp slt i32 %t.next, %tiles
  br i1 %more.tiles, label %tile, label %exit

exit:
  ret void
}

; A persistent kernel with a tile the tile loop loads for the inner loop, as
; the persistent attention's Q (bench/corpus/persistent-attention-fwd.ll)
; without its softmax: one CTA walks %tiles query tiles; per tile, one TMA
; box of Q (128 rows x 64 bf16, 16 KiB) in the tile loop, then a kv-loop that
; loads a K tile per iteration and accumulates S += Q K^T by four tcgen05
; MMAs into two tensor-memory accumulators (each tile's first kv-tile
; overwrites them), then an epilogue that reads and stores them. Q is read
; by the MMAs of every kv-tile: under warp specialization the load warp
; makes it and the MMA warp reads it, through a per-tile pipe
; (docs/persistent.md, "A tile the tile loop loads: the per-tile pipe").

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32, i32, i1) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)

define void @persistent_q_tile(ptr noalias %desc_q, ptr noalias %desc_k, ptr addrspace(1) noalias %out, i32 %tiles, i32 %kvtiles) {
entry:
  %acc_even0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %acc_odd0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %qtile

qtile:
  %t = phi i32 [ 0, %entry ], [ %t.next, %store ]
  %outp = phi ptr addrspace(1) [ %out, %entry ], [ %outp.next, %store ]
  %acc_even_t = phi ptr addrspace(6) [ %acc_even0, %entry ], [ %acc_even2, %store ]
  %acc_odd_t = phi ptr addrspace(6) [ %acc_odd0, %entry ], [ %acc_odd2, %store ]
  %qy = shl i32 %t, 7
  %q = call ptr addrspace(3) @tileas.tma.load(ptr %desc_q, i32 0, i32 %qy, i32 16384)
  br label %kvloop

kvloop:
  %j = phi i32 [ 0, %qtile ], [ %j.next, %kvloop ]
  %acc_even = phi ptr addrspace(6) [ %acc_even_t, %qtile ], [ %acc_even2, %kvloop ]
  %acc_odd = phi ptr addrspace(6) [ %acc_odd_t, %qtile ], [ %acc_odd2, %kvloop ]
  %ky = shl i32 %j, 7
  %kt = call ptr addrspace(3) @tileas.tma.load(ptr %desc_k, i32 0, i32 %ky, i32 16384)
  %accumulate = icmp ne i32 %j, 0
  %acc_even1 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %acc_even, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 0, i32 16384, i32 136316048, i1 %accumulate)
  %acc_odd1 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %acc_odd, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 1, i32 16384, i32 136316048, i1 %accumulate)
  %acc_even2 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %acc_even1, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 2, i32 16384, i32 136316048, i1 true)
  %acc_odd2 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %acc_odd1, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 3, i32 16384, i32 136316048, i1 true)
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, %kvtiles
  br i1 %more, label %kvloop, label %store

store:
  %c_even = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc_even2)
  %c_odd = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc_odd2)
  %c = fadd <4 x float> %c_even, %c_odd
  store <4 x float> %c, ptr addrspace(1) %outp, align 16
  %outp.next = getelementptr inbounds i8, ptr addrspace(1) %outp, i64 16
  %t.next = add i32 %t, 1
  %more.tiles = icmp slt i32 %t.next, %tiles
  br i1 %more.tiles, label %qtile, label %exit

exit:
  ret void
}

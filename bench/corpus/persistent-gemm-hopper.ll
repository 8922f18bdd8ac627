; The persistent GEMM's Hopper form (sm_90a), as a CUTLASS Hopper persistent
; kernel computes it (the loop nest of persistent-gemm.ll, docs/persistent.md,
; "Hopper"): one CTA walks %tiles output tiles of 128x128 (the outer loop,
; block tile: the tile's row and column from its index, four tiles to a
; row), and for each runs the k-loop of gemm-wgmma-hopper.ll (block kloop:
; TMA loads of A and B, then four m64n128k16 wgmmas per half of the tile
; into two register accumulators of 64 f32 per thread, the two chains
; interleaved) and an epilogue (block store) that stores the tile.
;
; There is no tensor memory on Hopper: the accumulators are registers of the
; warpgroup that issues the wgmmas, zero at each tile's first k-tile (the
; k-loop's PHIs start from zeroinitializer), and that warpgroup stores them
; itself. The epilogue stores each accumulator element at its (row, column)
; of the tile (tileas.acc.row(): the thread's wgmma row 16 w + l / 4, whose
; registers the printer writes at their columns of it and of the row eight
; below), the bottom half 64 rows further. The output is tile-major: tile t
; is a row-major 128 x 128 f32 block at %out + 64 KiB t (the printer's
; accumulator store writes rows of 2 x 64 f32).
;
; Why the shape matters (issues 27 and 28): warp-specialized on Hopper the
; load warpgroup's ring continues from one tile into the next while the
; compute warpgroup, which issues the wgmmas, waits for them, releases the
; slots and stores its own accumulators; there is no accumulator pipe
; between agents.
; A, B and the output are distinct tensors: noalias.

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare <64 x float> @tileas.wgmma(<64 x float>, ptr addrspace(3), ptr addrspace(3), i32) convergent nounwind willreturn memory(argmem: read)
declare i32 @tileas.acc.row() nounwind willreturn memory(none)

define void @persistent_gemm_hopper(ptr noalias %desc_a, ptr noalias %desc_b, ptr addrspace(1) noalias %out, i32 %tiles, i32 %ktiles) {
entry:
  br label %tile

tile:
  %t = phi i32 [ 0, %entry ], [ %t.next, %store ]
  %outp = phi ptr addrspace(1) [ %out, %entry ], [ %outp.next, %store ]
  ; The tile's row (t / 4) and column (t % 4), in elements.
  %row = ashr i32 %t, 2
  %m = shl i32 %row, 7
  %col = and i32 %t, 3
  %n = shl i32 %col, 7
  br label %kloop

kloop:
  %k = phi i32 [ 0, %tile ], [ %k.next, %kloop ]
  %top = phi <64 x float> [ zeroinitializer, %tile ], [ %top4, %kloop ]
  %bot = phi <64 x float> [ zeroinitializer, %tile ], [ %bot4, %kloop ]
  %kx = shl i32 %k, 6
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc_a, i32 %kx, i32 %m, i32 16384)
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %desc_b, i32 %kx, i32 %n, i32 16384)
  %top1 = call <64 x float> @tileas.wgmma(<64 x float> %top, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0)
  %bot1 = call <64 x float> @tileas.wgmma(<64 x float> %bot, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 4)
  %top2 = call <64 x float> @tileas.wgmma(<64 x float> %top1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 1)
  %bot2 = call <64 x float> @tileas.wgmma(<64 x float> %bot1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 5)
  %top3 = call <64 x float> @tileas.wgmma(<64 x float> %top2, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 2)
  %bot3 = call <64 x float> @tileas.wgmma(<64 x float> %bot2, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 6)
  %top4 = call <64 x float> @tileas.wgmma(<64 x float> %top3, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 3)
  %bot4 = call <64 x float> @tileas.wgmma(<64 x float> %bot3, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 7)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %ktiles
  br i1 %more, label %kloop, label %store

store:
  ; The tile's epilogue: each half of the accumulator at its rows of the
  ; tile's 128 x 128 f32 block.
  %r = call i32 @tileas.acc.row()
  %r64 = zext i32 %r to i64
  %out.row = getelementptr [128 x float], ptr addrspace(1) %outp, i64 %r64
  store <64 x float> %top4, ptr addrspace(1) %out.row, align 16
  %out.bot = getelementptr i8, ptr addrspace(1) %out.row, i64 32768
  store <64 x float> %bot4, ptr addrspace(1) %out.bot, align 16
  %outp.next = getelementptr inbounds i8, ptr addrspace(1) %outp, i64 65536
  %t.next = add i32 %t, 1
  %more.tiles = icmp slt i32 %t.next, %tiles
  br i1 %more.tiles, label %tile, label %exit

exit:
  ret void
}

; A persistent attention forward (FlashAttention-style, Blackwell): one CTA
; walks %qtiles query tiles of 128 rows (the outer loop, block qtile: the
; tile's Q, the online softmax's m and l reset), and for each runs the
; kv-loop of fmha-fwd.ll (block kvloop: per K/V tile of 128 keys, S = Q K^T
; by four kind::f16 MMAs into tensor memory, the thread's real row of S as
; two 64-column halves, the row's maximum and sum, exp2 of the scaled row
; minus the scaled maximum, P rounded to bf16 and written as two swizzled
; K-major MMA operands, O rescaled in tensor memory, O += P V by eight M128
; N64 MMAs over V^T in two 8 KiB boxes) and an epilogue (block store: each
; thread's row of O / l, 64 f32, stored 16 columns at a time at the tile's
; rows of the output). S and O are allocated once and reused by every
; query tile: each tile's first kv-tile overwrites S, and its first P V MMA
; overwrites O (the rescale before it multiplies by exp2(-inf) = 0).
; Q, K, V and the output are distinct tensors: noalias.
;
; Q (f32 in global memory, 128 rows x 64 a tile) is loaded by the threads,
; each its own row, rounded to bf16 and written where the first MMA reads
; it (tileas.smem.row), once per query tile: the corpus kernel's form
; before it loaded Q by TMA (nested/qload-thread-q.test).
;
; Why the shape matters (issue 28): the kv-loop's fill and drain (4 stages
; at an II of 336 on sm_100a) is paid per query tile unless the agents' loops
; run across tiles.
;
; Descriptors: 0x08200490 = 136316048 is kind::f16 M128 N128 bf16 x bf16 ->
; f32, K-major (S); 0x08100490 = 135267472 the same with N = 64 (O).

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32, i32, i1) nounwind willreturn memory(argmem: readwrite)
declare <64 x float> @tileas.tmem.load.at(ptr addrspace(6), i32) convergent nounwind willreturn memory(argmem: read)
declare <16 x float> @tileas.tmem.load.at.v16f32(ptr addrspace(6), i32) convergent nounwind willreturn memory(argmem: read)
declare ptr addrspace(6) @tileas.tmem.store.at(ptr addrspace(6), i32, <64 x float>) convergent nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.row.max(<64 x float>) nounwind willreturn memory(none)
declare <4 x float> @tileas.row.sum(<64 x float>) nounwind willreturn memory(none)
declare ptr addrspace(3) @tileas.smem.row(<64 x bfloat>, i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare i32 @tileas.acc.row() nounwind willreturn memory(none)

define void @persistent_attention_fwd(ptr addrspace(1) noalias %qin, ptr noalias %desc_k, ptr noalias %desc_vt, ptr addrspace(1) noalias %out, i32 %qtiles, i32 %kvtiles, float %scale) {
entry:
  %scins = insertelement <4 x float> poison, float %scale, i64 0
  %sc = shufflevector <4 x float> %scins, <4 x float> poison, <4 x i32> zeroinitializer
  %sc64 = shufflevector <4 x float> %sc, <4 x float> poison, <64 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %s_buf = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %o_buf = call ptr addrspace(6) @tileas.tmem.alloc(i32 64)
  br label %qtile

qtile:
  %qt = phi i32 [ 0, %entry ], [ %qt.next, %store ]
  %qp = phi ptr addrspace(1) [ %qin, %entry ], [ %qp.next, %store ]
  %outp = phi ptr addrspace(1) [ %out, %entry ], [ %outp.next, %store ]
  %o_t = phi ptr addrspace(6) [ %o_buf, %entry ], [ %o8, %store ]
  ; The query tile's Q (128 rows x 64 f32, 256 bytes a row): each thread
  ; loads its row, rounds it to bf16 and writes it where the first MMA reads
  ; it (a K-major, 128-byte swizzled tile of 16 KiB).
  %row = call i32 @tileas.acc.row()
  %row64 = zext i32 %row to i64
  %q_row = getelementptr [64 x float], ptr addrspace(1) %qp, i64 %row64
  %qf = load <64 x float>, ptr addrspace(1) %q_row, align 16
  %qb = fptrunc <64 x float> %qf to <64 x bfloat>
  %q = call ptr addrspace(3) @tileas.smem.row(<64 x bfloat> %qb, i32 16384)
  br label %kvloop

kvloop:
  %j = phi i32 [ 0, %qtile ], [ %j.next, %kvloop ]
  %m = phi <4 x float> [ splat (float 0xFFF0000000000000), %qtile ], [ %m.new, %kvloop ]
  %l = phi <4 x float> [ zeroinitializer, %qtile ], [ %l.new, %kvloop ]
  %o = phi ptr addrspace(6) [ %o_t, %qtile ], [ %o8, %kvloop ]
  %ky = shl i32 %j, 7
  %kt = call ptr addrspace(3) @tileas.tma.load(ptr %desc_k, i32 0, i32 %ky, i32 16384)
  ; V^T's boxes of 64 keys (x, in bf16 elements) x 64 head-dimension rows.
  %vt_lo = call ptr addrspace(3) @tileas.tma.load(ptr %desc_vt, i32 %ky, i32 0, i32 8192)
  %vx_hi = add i32 %ky, 64
  %vt_hi = call ptr addrspace(3) @tileas.tma.load(ptr %desc_vt, i32 %vx_hi, i32 0, i32 8192)
  %s1 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %s_buf, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 0, i32 16384, i32 136316048, i1 false)
  %s2 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %s1, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 1, i32 16384, i32 136316048, i1 true)
  %s3 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %s2, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 2, i32 16384, i32 136316048, i1 true)
  %s4 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %s3, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 3, i32 16384, i32 136316048, i1 true)
  ; The thread's row of S: columns 0-63 and 64-127.
  %s_lo = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %s4, i32 0)
  %s_hi = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %s4, i32 64)
  %mx_lo = call <4 x float> @tileas.row.max(<64 x float> %s_lo)
  %mx_hi = call <4 x float> @tileas.row.max(<64 x float> %s_hi)
  %mx = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %mx_lo, <4 x float> %mx_hi)
  %m.new = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %m, <4 x float> %mx)
  %dm = fsub <4 x float> %m, %m.new
  %dms = fmul <4 x float> %dm, %sc
  %alpha = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %dms)
  ; exp2(s * scale - m * scale) on the row.
  %ms = fmul <4 x float> %m.new, %sc
  %nms = fneg <4 x float> %ms
  %nms64 = shufflevector <4 x float> %nms, <4 x float> poison, <64 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %y_lo = call <64 x float> @llvm.fma.v64f32(<64 x float> %s_lo, <64 x float> %sc64, <64 x float> %nms64)
  %y_hi = call <64 x float> @llvm.fma.v64f32(<64 x float> %s_hi, <64 x float> %sc64, <64 x float> %nms64)
  %p_lo = call afn <64 x float> @llvm.exp2.v64f32(<64 x float> %y_lo)
  %p_hi = call afn <64 x float> @llvm.exp2.v64f32(<64 x float> %y_hi)
  %rs_lo = call <4 x float> @tileas.row.sum(<64 x float> %p_lo)
  %rs_hi = call <4 x float> @tileas.row.sum(<64 x float> %p_hi)
  %rs = fadd <4 x float> %rs_lo, %rs_hi
  %l.new = call <4 x float> @llvm.fma.v4f32(<4 x float> %l, <4 x float> %alpha, <4 x float> %rs)
  ; P in bf16 where the second MMA reads it.
  %pb_lo = fptrunc <64 x float> %p_lo to <64 x bfloat>
  %pb_hi = fptrunc <64 x float> %p_hi to <64 x bfloat>
  %pt_lo = call ptr addrspace(3) @tileas.smem.row(<64 x bfloat> %pb_lo, i32 16384)
  %pt_hi = call ptr addrspace(3) @tileas.smem.row(<64 x bfloat> %pb_hi, i32 16384)
  ; O *= alpha, in tensor memory: all 64 columns in one tcgen05.ld / st (the
  ; pipeliner takes one in-place rewrite of a buffer per iteration, not a
  ; chain of chunks).
  %of = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %o, i32 0)
  %alpha64 = shufflevector <4 x float> %alpha, <4 x float> poison, <64 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %ofs = fmul <64 x float> %of, %alpha64
  %oc = call ptr addrspace(6) @tileas.tmem.store.at(ptr addrspace(6) %o, i32 0, <64 x float> %ofs)
  ; O += P V (O = P V for the tile's first kv-tile): keys 0-63 of the tile (P's low half, V^T's first box), then 64-127.
  %accumulate = icmp ne i32 %j, 0
  %o1 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %oc, ptr addrspace(3) %pt_lo, ptr addrspace(3) %vt_lo, i32 0, i32 4096, i32 135267472, i1 %accumulate)
  %o2 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o1, ptr addrspace(3) %pt_lo, ptr addrspace(3) %vt_lo, i32 1, i32 4096, i32 135267472, i1 true)
  %o3 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o2, ptr addrspace(3) %pt_lo, ptr addrspace(3) %vt_lo, i32 2, i32 4096, i32 135267472, i1 true)
  %o4 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o3, ptr addrspace(3) %pt_lo, ptr addrspace(3) %vt_lo, i32 3, i32 4096, i32 135267472, i1 true)
  %o5 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o4, ptr addrspace(3) %pt_hi, ptr addrspace(3) %vt_hi, i32 0, i32 4096, i32 135267472, i1 true)
  %o6 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o5, ptr addrspace(3) %pt_hi, ptr addrspace(3) %vt_hi, i32 1, i32 4096, i32 135267472, i1 true)
  %o7 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o6, ptr addrspace(3) %pt_hi, ptr addrspace(3) %vt_hi, i32 2, i32 4096, i32 135267472, i1 true)
  %o8 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %o7, ptr addrspace(3) %pt_hi, ptr addrspace(3) %vt_hi, i32 3, i32 4096, i32 135267472, i1 true)
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, %kvtiles
  br i1 %more, label %kvloop, label %store

store:
  ; The thread's row of O / l: 64 f32 at the tile's rows (outp) + 256 row,
  ; 16 columns at a time.
  %o_row = getelementptr [64 x float], ptr addrspace(1) %outp, i64 %row64
  %rl = fdiv afn <4 x float> splat (float 1.0), %l.new
  %rl16 = shufflevector <4 x float> %rl, <4 x float> poison, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %ofin_0 = call <16 x float> @tileas.tmem.load.at.v16f32(ptr addrspace(6) %o8, i32 0)
  %res_0 = fmul <16 x float> %ofin_0, %rl16
  store <16 x float> %res_0, ptr addrspace(1) %o_row, align 16
  %ofin_1 = call <16 x float> @tileas.tmem.load.at.v16f32(ptr addrspace(6) %o8, i32 16)
  %res_1 = fmul <16 x float> %ofin_1, %rl16
  %p_1 = getelementptr i8, ptr addrspace(1) %o_row, i64 64
  store <16 x float> %res_1, ptr addrspace(1) %p_1, align 16
  %ofin_2 = call <16 x float> @tileas.tmem.load.at.v16f32(ptr addrspace(6) %o8, i32 32)
  %res_2 = fmul <16 x float> %ofin_2, %rl16
  %p_2 = getelementptr i8, ptr addrspace(1) %o_row, i64 128
  store <16 x float> %res_2, ptr addrspace(1) %p_2, align 16
  %ofin_3 = call <16 x float> @tileas.tmem.load.at.v16f32(ptr addrspace(6) %o8, i32 48)
  %res_3 = fmul <16 x float> %ofin_3, %rl16
  %p_3 = getelementptr i8, ptr addrspace(1) %o_row, i64 192
  store <16 x float> %res_3, ptr addrspace(1) %p_3, align 16
  ; The next query tile's 128 rows of 256 bytes.
  %outp.next = getelementptr inbounds i8, ptr addrspace(1) %outp, i64 32768
  %qp.next = getelementptr inbounds i8, ptr addrspace(1) %qp, i64 32768
  %qt.next = add i32 %qt, 1
  %more.tiles = icmp slt i32 %qt.next, %qtiles
  br i1 %more.tiles, label %qtile, label %exit

exit:
  ret void
}

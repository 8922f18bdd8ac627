; The inner loop of a FlashAttention-2/3-style backward kernel, as a frontend
; emits it (the IR form of fmha-bwd.mir), with each thread's real values:
; head dim 64, one CTA owns a 128-row block of K and V, the loop walks the
; 128-row blocks of Q. Thread t of the warpgroup owns row acc.row() of every
; tensor-memory accumulator (the tcgen05 32x32b layout): a query's row of
; S = Q K^T, dP = dO V^T and dQ, a key's row of dV and dK. Per Q block: Q and
; dO by TMA (128 rows x 64 bf16, 128-byte swizzle); S and dP by four kind::f16
; M128 N128 MMAs each (the first overwrites); the row's log-sum-exp and
; delta = rowsum(dO * O) (one float each, splat); on the row's four quarters
; of 32 keys, P = 2^(S * scale - LSE) and dS = P * (dP - delta), rounded to
; bf16 and stored as each quarter is made (tcgen05.ld.32x32b.x32 of S and of
; dP per quarter): a thread holds one quarter's f32 and bf16 values at a
; time, not its whole row's (which took more than the 255 registers a thread
; may have).
; dV += P^T dO and dK += dS^T Q (M128 N64, K = the block's 128 queries, eight
; MMAs each) read P^T and dS^T transposed: the thread's row of P (of dS) is a
; K row of an MN-major A operand (32 KiB, its quarters written by
; tileas.smem.row.mn.part / .into), and dO (Q), whose rows are queries with
; the head dimension contiguous, is an MN-major B.
; dQ = dS K (M128 N64, K = the CTA's 128 keys, eight MMAs) reads dS as a
; K-major A of two K-atoms (32 KiB, tileas.smem.row.x2.part / .into) and K,
; whose rows are keys, as an MN-major B; dQ is read back, scaled and stored row by row (the
; store stands in for the atomic add of the real kernel). After the loop, the
; thread's row of dV and of dK * scale is stored. Q, K, V, dO, LSE, delta, dQ
; and the dK/dV output are distinct tensors: noalias.
;
; Descriptors: 0x08200490 = 136316048 is kind::f16 M128 N128 bf16 x bf16 ->
; f32, K-major (S, dP); 0x08118490 = 135365776 M128 N64 with A and B MN-major
; (dV, dK); 0x08110490 = 135333008 M128 N64 with B MN-major (dQ).

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32, i32, i1) nounwind willreturn memory(argmem: readwrite)
declare <64 x float> @tileas.tmem.load.at.v64f32(ptr addrspace(6), i32) convergent nounwind willreturn memory(argmem: read)
declare <32 x float> @tileas.tmem.load.at.v32f32(ptr addrspace(6), i32) convergent nounwind willreturn memory(argmem: read)
declare ptr addrspace(3) @tileas.smem.row.x2.part(<32 x bfloat>, i32, i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(3) @tileas.smem.row.x2.into(ptr addrspace(3), <32 x bfloat>, i32) nounwind willreturn memory(argmem: readwrite)
declare ptr addrspace(3) @tileas.smem.row.mn.part(<32 x bfloat>, i32, i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(3) @tileas.smem.row.mn.into(ptr addrspace(3), <32 x bfloat>, i32) nounwind willreturn memory(argmem: readwrite)
declare i32 @tileas.acc.row() nounwind willreturn memory(none)

define void @fmha_bwd(ptr noalias %desc_q, ptr noalias %desc_k, ptr noalias %desc_v, ptr noalias %desc_do, ptr addrspace(1) noalias %lse0, ptr addrspace(1) noalias %delta0, ptr addrspace(1) noalias %dq0, ptr addrspace(1) noalias %dkv_out, i32 %qtiles, i32 %n0, float %scale) {
entry:
  %scins = insertelement <4 x float> poison, float %scale, i64 0
  %sc = shufflevector <4 x float> %scins, <4 x float> poison, <4 x i32> zeroinitializer
  %sc64 = shufflevector <4 x float> %sc, <4 x float> poison, <64 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %sc32 = shufflevector <4 x float> %sc, <4 x float> poison, <32 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %row = call i32 @tileas.acc.row()
  %row64 = zext i32 %row to i64
  %kt = call ptr addrspace(3) @tileas.tma.load(ptr %desc_k, i32 0, i32 %n0, i32 16384)
  %vt = call ptr addrspace(3) @tileas.tma.load(ptr %desc_v, i32 0, i32 %n0, i32 16384)
  %s_buf = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %dp_buf = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %dq_buf = call ptr addrspace(6) @tileas.tmem.alloc(i32 64)
  %dv0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 64)
  %dk0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 64)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %plse = phi ptr addrspace(1) [ %lse0, %entry ], [ %plse.next, %loop ]
  %pdelta = phi ptr addrspace(1) [ %delta0, %entry ], [ %pdelta.next, %loop ]
  %pdq = phi ptr addrspace(1) [ %dq0, %entry ], [ %pdq.next, %loop ]
  %dv = phi ptr addrspace(6) [ %dv0, %entry ], [ %dv8, %loop ]
  %dk = phi ptr addrspace(6) [ %dk0, %entry ], [ %dk8, %loop ]
  %qy = shl i32 %i, 7
  %qt = call ptr addrspace(3) @tileas.tma.load(ptr %desc_q, i32 0, i32 %qy, i32 16384)
  %dot = call ptr addrspace(3) @tileas.tma.load(ptr %desc_do, i32 0, i32 %qy, i32 16384)
  ; S = Q K^T and dP = dO V^T.
  %s1 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %s_buf, ptr addrspace(3) %qt, ptr addrspace(3) %kt, i32 0, i32 16384, i32 136316048, i1 false)
  %s2 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %s1, ptr addrspace(3) %qt, ptr addrspace(3) %kt, i32 1, i32 16384, i32 136316048, i1 true)
  %s3 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %s2, ptr addrspace(3) %qt, ptr addrspace(3) %kt, i32 2, i32 16384, i32 136316048, i1 true)
  %s4 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %s3, ptr addrspace(3) %qt, ptr addrspace(3) %kt, i32 3, i32 16384, i32 136316048, i1 true)
  %dp1 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dp_buf, ptr addrspace(3) %dot, ptr addrspace(3) %vt, i32 0, i32 16384, i32 136316048, i1 false)
  %dp2 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dp1, ptr addrspace(3) %dot, ptr addrspace(3) %vt, i32 1, i32 16384, i32 136316048, i1 true)
  %dp3 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dp2, ptr addrspace(3) %dot, ptr addrspace(3) %vt, i32 2, i32 16384, i32 136316048, i1 true)
  %dp4 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dp3, ptr addrspace(3) %dot, ptr addrspace(3) %vt, i32 3, i32 16384, i32 136316048, i1 true)
  ; The row's LSE and delta, in every lane; -LSE for the fma.
  %plse_row = getelementptr float, ptr addrspace(1) %plse, i64 %row64
  %lse = load float, ptr addrspace(1) %plse_row, align 4
  %nlse = fneg float %lse
  %nlse_ins = insertelement <4 x float> poison, float %nlse, i64 0
  %nlse4 = shufflevector <4 x float> %nlse_ins, <4 x float> poison, <4 x i32> zeroinitializer
  %nlse32 = shufflevector <4 x float> %nlse4, <4 x float> poison, <32 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %pdelta_row = getelementptr float, ptr addrspace(1) %pdelta, i64 %row64
  %delta = load float, ptr addrspace(1) %pdelta_row, align 4
  %delta_ins = insertelement <4 x float> poison, float %delta, i64 0
  %delta4 = shufflevector <4 x float> %delta_ins, <4 x float> poison, <4 x i32> zeroinitializer
  %delta32 = shufflevector <4 x float> %delta4, <4 x float> poison, <32 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  ; The row's four quarters (keys 32q .. 32q + 31): P = 2^(S * scale - LSE),
  ; dS = P * (dP - delta), each rounded to bf16 and stored as it is made:
  ; P^T and dS^T as MN-major A operands (the thread's query is a K row; MN:
  ; the 128 keys), dS as a K-major one (rows: queries; two K-atoms of keys).
  %sq0 = call <32 x float> @tileas.tmem.load.at.v32f32(ptr addrspace(6) %s4, i32 0)
  %x0 = call <32 x float> @llvm.fma.v32f32(<32 x float> %sq0, <32 x float> %sc32, <32 x float> %nlse32)
  %p0 = call afn <32 x float> @llvm.exp2.v32f32(<32 x float> %x0)
  %dpf0 = call <32 x float> @tileas.tmem.load.at.v32f32(ptr addrspace(6) %dp4, i32 0)
  %t0 = fsub <32 x float> %dpf0, %delta32
  %dsf0 = fmul <32 x float> %p0, %t0
  %pb0 = fptrunc <32 x float> %p0 to <32 x bfloat>
  %dsb0 = fptrunc <32 x float> %dsf0 to <32 x bfloat>
  %pt0 = call ptr addrspace(3) @tileas.smem.row.mn.part(<32 x bfloat> %pb0, i32 0, i32 32768)
  %dst0 = call ptr addrspace(3) @tileas.smem.row.mn.part(<32 x bfloat> %dsb0, i32 0, i32 32768)
  %ds0 = call ptr addrspace(3) @tileas.smem.row.x2.part(<32 x bfloat> %dsb0, i32 0, i32 32768)
  %sq1 = call <32 x float> @tileas.tmem.load.at.v32f32(ptr addrspace(6) %s4, i32 32)
  %x1 = call <32 x float> @llvm.fma.v32f32(<32 x float> %sq1, <32 x float> %sc32, <32 x float> %nlse32)
  %p1 = call afn <32 x float> @llvm.exp2.v32f32(<32 x float> %x1)
  %dpf1 = call <32 x float> @tileas.tmem.load.at.v32f32(ptr addrspace(6) %dp4, i32 32)
  %t1 = fsub <32 x float> %dpf1, %delta32
  %dsf1 = fmul <32 x float> %p1, %t1
  %pb1 = fptrunc <32 x float> %p1 to <32 x bfloat>
  %dsb1 = fptrunc <32 x float> %dsf1 to <32 x bfloat>
  %pt1 = call ptr addrspace(3) @tileas.smem.row.mn.into(ptr addrspace(3) %pt0, <32 x bfloat> %pb1, i32 32)
  %dst1 = call ptr addrspace(3) @tileas.smem.row.mn.into(ptr addrspace(3) %dst0, <32 x bfloat> %dsb1, i32 32)
  %ds1 = call ptr addrspace(3) @tileas.smem.row.x2.into(ptr addrspace(3) %ds0, <32 x bfloat> %dsb1, i32 32)
  %sq2 = call <32 x float> @tileas.tmem.load.at.v32f32(ptr addrspace(6) %s4, i32 64)
  %x2 = call <32 x float> @llvm.fma.v32f32(<32 x float> %sq2, <32 x float> %sc32, <32 x float> %nlse32)
  %p2 = call afn <32 x float> @llvm.exp2.v32f32(<32 x float> %x2)
  %dpf2 = call <32 x float> @tileas.tmem.load.at.v32f32(ptr addrspace(6) %dp4, i32 64)
  %t2 = fsub <32 x float> %dpf2, %delta32
  %dsf2 = fmul <32 x float> %p2, %t2
  %pb2 = fptrunc <32 x float> %p2 to <32 x bfloat>
  %dsb2 = fptrunc <32 x float> %dsf2 to <32 x bfloat>
  %pt2 = call ptr addrspace(3) @tileas.smem.row.mn.into(ptr addrspace(3) %pt1, <32 x bfloat> %pb2, i32 64)
  %dst2 = call ptr addrspace(3) @tileas.smem.row.mn.into(ptr addrspace(3) %dst1, <32 x bfloat> %dsb2, i32 64)
  %ds2 = call ptr addrspace(3) @tileas.smem.row.x2.into(ptr addrspace(3) %ds1, <32 x bfloat> %dsb2, i32 64)
  %sq3 = call <32 x float> @tileas.tmem.load.at.v32f32(ptr addrspace(6) %s4, i32 96)
  %x3 = call <32 x float> @llvm.fma.v32f32(<32 x float> %sq3, <32 x float> %sc32, <32 x float> %nlse32)
  %p3 = call afn <32 x float> @llvm.exp2.v32f32(<32 x float> %x3)
  %dpf3 = call <32 x float> @tileas.tmem.load.at.v32f32(ptr addrspace(6) %dp4, i32 96)
  %t3 = fsub <32 x float> %dpf3, %delta32
  %dsf3 = fmul <32 x float> %p3, %t3
  %pb3 = fptrunc <32 x float> %p3 to <32 x bfloat>
  %dsb3 = fptrunc <32 x float> %dsf3 to <32 x bfloat>
  %pt3 = call ptr addrspace(3) @tileas.smem.row.mn.into(ptr addrspace(3) %pt2, <32 x bfloat> %pb3, i32 96)
  %dst3 = call ptr addrspace(3) @tileas.smem.row.mn.into(ptr addrspace(3) %dst2, <32 x bfloat> %dsb3, i32 96)
  %ds3 = call ptr addrspace(3) @tileas.smem.row.x2.into(ptr addrspace(3) %ds2, <32 x bfloat> %dsb3, i32 96)
  ; dV += P^T dO and dK += dS^T Q over the block's queries (k-blocks 0-7).
  %dv1 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dv, ptr addrspace(3) %pt3, ptr addrspace(3) %dot, i32 0, i32 4096, i32 135365776, i1 true)
  %dv2 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dv1, ptr addrspace(3) %pt3, ptr addrspace(3) %dot, i32 1, i32 4096, i32 135365776, i1 true)
  %dv3 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dv2, ptr addrspace(3) %pt3, ptr addrspace(3) %dot, i32 2, i32 4096, i32 135365776, i1 true)
  %dv4 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dv3, ptr addrspace(3) %pt3, ptr addrspace(3) %dot, i32 3, i32 4096, i32 135365776, i1 true)
  %dv5 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dv4, ptr addrspace(3) %pt3, ptr addrspace(3) %dot, i32 4, i32 4096, i32 135365776, i1 true)
  %dv6 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dv5, ptr addrspace(3) %pt3, ptr addrspace(3) %dot, i32 5, i32 4096, i32 135365776, i1 true)
  %dv7 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dv6, ptr addrspace(3) %pt3, ptr addrspace(3) %dot, i32 6, i32 4096, i32 135365776, i1 true)
  %dv8 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dv7, ptr addrspace(3) %pt3, ptr addrspace(3) %dot, i32 7, i32 4096, i32 135365776, i1 true)
  %dk1 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dk, ptr addrspace(3) %dst3, ptr addrspace(3) %qt, i32 0, i32 4096, i32 135365776, i1 true)
  %dk2 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dk1, ptr addrspace(3) %dst3, ptr addrspace(3) %qt, i32 1, i32 4096, i32 135365776, i1 true)
  %dk3 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dk2, ptr addrspace(3) %dst3, ptr addrspace(3) %qt, i32 2, i32 4096, i32 135365776, i1 true)
  %dk4 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dk3, ptr addrspace(3) %dst3, ptr addrspace(3) %qt, i32 3, i32 4096, i32 135365776, i1 true)
  %dk5 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dk4, ptr addrspace(3) %dst3, ptr addrspace(3) %qt, i32 4, i32 4096, i32 135365776, i1 true)
  %dk6 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dk5, ptr addrspace(3) %dst3, ptr addrspace(3) %qt, i32 5, i32 4096, i32 135365776, i1 true)
  %dk7 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dk6, ptr addrspace(3) %dst3, ptr addrspace(3) %qt, i32 6, i32 4096, i32 135365776, i1 true)
  %dk8 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dk7, ptr addrspace(3) %dst3, ptr addrspace(3) %qt, i32 7, i32 4096, i32 135365776, i1 true)
  ; dQ = dS K over the CTA's keys (k-blocks 0-3 in dS's first K-atom, 4-7 in
  ; the second), scaled and stored: the thread's query row.
  %dq1 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dq_buf, ptr addrspace(3) %ds3, ptr addrspace(3) %kt, i32 0, i32 4096, i32 135333008, i1 false)
  %dq2 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dq1, ptr addrspace(3) %ds3, ptr addrspace(3) %kt, i32 1, i32 4096, i32 135333008, i1 true)
  %dq3 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dq2, ptr addrspace(3) %ds3, ptr addrspace(3) %kt, i32 2, i32 4096, i32 135333008, i1 true)
  %dq4 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dq3, ptr addrspace(3) %ds3, ptr addrspace(3) %kt, i32 3, i32 4096, i32 135333008, i1 true)
  %dq5 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dq4, ptr addrspace(3) %ds3, ptr addrspace(3) %kt, i32 4, i32 4096, i32 135333008, i1 true)
  %dq6 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dq5, ptr addrspace(3) %ds3, ptr addrspace(3) %kt, i32 5, i32 4096, i32 135333008, i1 true)
  %dq7 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dq6, ptr addrspace(3) %ds3, ptr addrspace(3) %kt, i32 6, i32 4096, i32 135333008, i1 true)
  %dq8 = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %dq7, ptr addrspace(3) %ds3, ptr addrspace(3) %kt, i32 7, i32 4096, i32 135333008, i1 true)
  %dqf = call <64 x float> @tileas.tmem.load.at.v64f32(ptr addrspace(6) %dq8, i32 0)
  %dqs = fmul <64 x float> %dqf, %sc64
  %dq_row = getelementptr [64 x float], ptr addrspace(1) %pdq, i64 %row64
  store <64 x float> %dqs, ptr addrspace(1) %dq_row, align 16
  %plse.next = getelementptr i8, ptr addrspace(1) %plse, i64 512
  %pdelta.next = getelementptr i8, ptr addrspace(1) %pdelta, i64 512
  %pdq.next = getelementptr i8, ptr addrspace(1) %pdq, i64 32768
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %qtiles
  br i1 %more, label %loop, label %exit

exit:
  ; The thread's key row of dV and of dK * scale (64 f32 each).
  %dvf = call <64 x float> @tileas.tmem.load.at.v64f32(ptr addrspace(6) %dv8, i32 0)
  %dv_row = getelementptr [64 x float], ptr addrspace(1) %dkv_out, i64 %row64
  store <64 x float> %dvf, ptr addrspace(1) %dv_row, align 16
  %dkf = call <64 x float> @tileas.tmem.load.at.v64f32(ptr addrspace(6) %dk8, i32 0)
  %dks = fmul <64 x float> %dkf, %sc64
  %dk_out = getelementptr i8, ptr addrspace(1) %dkv_out, i64 32768
  %dk_row = getelementptr [64 x float], ptr addrspace(1) %dk_out, i64 %row64
  store <64 x float> %dks, ptr addrspace(1) %dk_row, align 16
  ret void
}

; The inner loop of a FlashAttention-2/3-style backward kernel, as a frontend
; emits it (the IR form of fmha-bwd.mir): head dim 64, one CTA owns a 128-row
; block of K and V, the loop walks the 128-row blocks of Q. Per Q block: Q
; and dO by TMA, the row log-sum-exp and delta = rowsum(dO * O) as fragments
; through pointer PHIs; S = Q K^T and dP = dO V^T (four MMAs each);
; P = 2^(S * scale - LSE) and dS = P * (dP - delta), staged in shared memory;
; dV += P^T dO and dK += dS^T Q (two MMAs each, accumulated in tensor memory
; across the loop); dQ = dS K (two MMAs), read back, scaled and stored to
; global memory (the store stands in for the atomic add of the real kernel).
; Q, K, V, dO, LSE, delta, dQ and the dK/dV output are distinct tensors:
; noalias, so the dQ store does not feed the next block's loads.

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)
declare ptr addrspace(3) @tileas.smem.tile(<4 x float>, i32) nounwind willreturn memory(inaccessiblemem: readwrite)

define void @fmha_bwd(ptr noalias %desc_q, ptr noalias %desc_k, ptr noalias %desc_v, ptr noalias %desc_do, ptr addrspace(1) noalias %lse0, ptr addrspace(1) noalias %delta0, ptr addrspace(1) noalias %dq0, ptr addrspace(1) noalias %dkv_out, i32 %qtiles, i32 %n0, float %scale) {
entry:
  %scins = insertelement <4 x float> poison, float %scale, i64 0
  %sc = shufflevector <4 x float> %scins, <4 x float> poison, <4 x i32> zeroinitializer
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
  %dv = phi ptr addrspace(6) [ %dv0, %entry ], [ %dv2, %loop ]
  %dk = phi ptr addrspace(6) [ %dk0, %entry ], [ %dk2, %loop ]
  %qy = shl i32 %i, 7
  %qt = call ptr addrspace(3) @tileas.tma.load(ptr %desc_q, i32 0, i32 %qy, i32 16384)
  %dot = call ptr addrspace(3) @tileas.tma.load(ptr %desc_do, i32 0, i32 %qy, i32 16384)
  %lse = load <4 x float>, ptr addrspace(1) %plse, align 16
  %delta = load <4 x float>, ptr addrspace(1) %pdelta, align 16
  ; S = Q K^T and dP = dO V^T.
  %s1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %s_buf, ptr addrspace(3) %qt, ptr addrspace(3) %kt, i32 0, i32 16384)
  %s2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %s1, ptr addrspace(3) %qt, ptr addrspace(3) %kt, i32 1, i32 16384)
  %s3 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %s2, ptr addrspace(3) %qt, ptr addrspace(3) %kt, i32 2, i32 16384)
  %s4 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %s3, ptr addrspace(3) %qt, ptr addrspace(3) %kt, i32 3, i32 16384)
  %dp1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %dp_buf, ptr addrspace(3) %dot, ptr addrspace(3) %vt, i32 0, i32 16384)
  %dp2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %dp1, ptr addrspace(3) %dot, ptr addrspace(3) %vt, i32 1, i32 16384)
  %dp3 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %dp2, ptr addrspace(3) %dot, ptr addrspace(3) %vt, i32 2, i32 16384)
  %dp4 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %dp3, ptr addrspace(3) %dot, ptr addrspace(3) %vt, i32 3, i32 16384)
  ; P = 2^(S * scale - LSE); dS = P * (dP - delta).
  %sf = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %s4)
  %xs = fmul <4 x float> %sf, %sc
  %x = fsub <4 x float> %xs, %lse
  %p = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %x)
  %dpf = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %dp4)
  %t = fsub <4 x float> %dpf, %delta
  %ds = fmul <4 x float> %p, %t
  %pt = call ptr addrspace(3) @tileas.smem.tile(<4 x float> %p, i32 16384)
  %dst = call ptr addrspace(3) @tileas.smem.tile(<4 x float> %ds, i32 16384)
  ; dV += P^T dO; dK += dS^T Q.
  %dv1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %dv, ptr addrspace(3) %pt, ptr addrspace(3) %dot, i32 0, i32 16384)
  %dv2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %dv1, ptr addrspace(3) %pt, ptr addrspace(3) %dot, i32 1, i32 16384)
  %dk1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %dk, ptr addrspace(3) %dst, ptr addrspace(3) %qt, i32 0, i32 16384)
  %dk2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %dk1, ptr addrspace(3) %dst, ptr addrspace(3) %qt, i32 1, i32 16384)
  ; dQ = dS K, stored to global memory.
  %dq1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %dq_buf, ptr addrspace(3) %dst, ptr addrspace(3) %kt, i32 0, i32 16384)
  %dq2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %dq1, ptr addrspace(3) %dst, ptr addrspace(3) %kt, i32 1, i32 16384)
  %dqf = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %dq2)
  %dqs = fmul <4 x float> %dqf, %sc
  store <4 x float> %dqs, ptr addrspace(1) %pdq, align 16
  %plse.next = getelementptr i8, ptr addrspace(1) %plse, i64 512
  %pdelta.next = getelementptr i8, ptr addrspace(1) %pdelta, i64 512
  %pdq.next = getelementptr i8, ptr addrspace(1) %pdq, i64 32768
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %qtiles
  br i1 %more, label %loop, label %exit

exit:
  %dvf = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %dv2)
  %dkf = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %dk2)
  store <4 x float> %dvf, ptr addrspace(1) %dkv_out, align 16
  %dk_out = getelementptr i8, ptr addrspace(1) %dkv_out, i64 16384
  store <4 x float> %dkf, ptr addrspace(1) %dk_out, align 16
  ret void
}

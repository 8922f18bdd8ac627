; A kernel written as a user would, against none of the tests: the k-loop of
; an FP8 GEMM with per-block scales (DeepSeek-V3 style). Each k-block's two
; MMAs accumulate into a tensor-memory tile cleared every iteration; the
; partial product is read back and added to a register accumulator times
; the product of the block's two scalar scales, each loaded from global
; memory and broadcast. The DAG combiner turns that product of two splats
; into a splat of a product, which stopped selection ("Cannot select:
; vector_shuffle") until the shuffle was lowered to broadcasts. Pipelined
; at its recurrence bound under both strategies (the cleared tile's mutex
; keeps it unspecialized), protocol-checked and simulated at its II.
;
; RUN: %llc -march=tileas -verify-machineinstrs -tileas-verify-schedule -stop-after=tileas-materialize-schedule \
; RUN:   -pass-remarks-analysis=tileas-generate-schedule -pass-remarks-output=%t.yaml \
; RUN:   %s -o %t.mir 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %tileas-protocol-check %t.mir --trip-counts=1,2,3,16 | FileCheck %s --check-prefix=PROTO
; RUN: %tileas-sim %t.mir --trip-count=128 --remarks=%t.yaml --expect-ii | FileCheck %s --check-prefix=SIM
; RUN: %llc -march=tileas -verify-machineinstrs -tileas-verify-schedule -tileas-pipeline-strategy=warp-specialized \
; RUN:   -stop-after=tileas-materialize-schedule -pass-remarks-missed=tileas -pass-remarks-analysis=tileas \
; RUN:   %s -o %t.ws.mir 2>&1 | FileCheck %s --check-prefixes=REMARK,WS
; RUN: %tileas-protocol-check %t.ws.mir --trip-counts=1,2,3 | FileCheck %s --check-prefix=PROTO3
; RUN: %llc -march=tileas -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM
;
; REMARK: loop bb.1 in fp8_blockscale: II=51 MII=51 (res 16, rec 51, {{.*}}optimal (the recurrence bound)
; WS: loop bb.1 in fp8_blockscale not warp-specialized: the ops of mutex 0
; PROTO-COUNT-4: fp8_blockscale trip count {{[0-9]+}}: ok
; PROTO3-COUNT-3: fp8_blockscale trip count {{[0-9]+}}: ok
; SIM: 51 cycles per iteration in the steady state {{.*}}scheduled II 51
; ASM: ld.global.b32
; ASM: mul.rn.f32
; ASM: tcgen05.mma
; ASM: ret;
declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)
declare ptr addrspace(6) @tileas.tmem.store(ptr addrspace(6), <4 x float>) convergent nounwind willreturn memory(argmem: readwrite)
define void @fp8_blockscale(ptr noalias %da, ptr noalias %db, ptr addrspace(1) noalias readonly %sa, ptr addrspace(1) noalias readonly %sb, ptr addrspace(1) noalias %out, i32 %ktiles, i32 %m0, i32 %n0) {
entry:
  %t = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi <4 x float> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %kx = shl i32 %k, 7
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %da, i32 %kx, i32 %m0, i32 16384)
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %db, i32 %kx, i32 %n0, i32 16384)
  %k64 = zext i32 %k to i64
  %psa = getelementptr float, ptr addrspace(1) %sa, i64 %k64
  %psb = getelementptr float, ptr addrspace(1) %sb, i64 %k64
  %xa = load float, ptr addrspace(1) %psa, align 4
  %xb = load float, ptr addrspace(1) %psb, align 4
  %z = call ptr addrspace(6) @tileas.tmem.store(ptr addrspace(6) %t, <4 x float> zeroinitializer)
  %t1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %z, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0, i32 32768)
  %t2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %t1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 1, i32 32768)
  %part = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %t2)
  %ia = insertelement <4 x float> poison, float %xa, i64 0
  %va = shufflevector <4 x float> %ia, <4 x float> poison, <4 x i32> zeroinitializer
  %ib = insertelement <4 x float> poison, float %xb, i64 0
  %vb = shufflevector <4 x float> %ib, <4 x float> poison, <4 x i32> zeroinitializer
  %s = fmul <4 x float> %va, %vb
  %acc.next = call <4 x float> @llvm.fma.v4f32(<4 x float> %part, <4 x float> %s, <4 x float> %acc)
  %k.next = add nuw nsw i32 %k, 1
  %more = icmp ne i32 %k.next, %ktiles
  br i1 %more, label %loop, label %exit
exit:
  store <4 x float> %acc.next, ptr addrspace(1) %out, align 16
  ret void
}

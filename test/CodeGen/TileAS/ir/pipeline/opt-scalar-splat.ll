; opt -O2 turns an operation on two splats (a GEMM's per-block scale: the
; product of an A scale and a B scale, each broadcast) into a splat of a
; scalar float operation, and a scalar float has no arithmetic on TileAS:
; llc refused the optimized kernel ("only <4 x float> has this operation")
; that it compiled before opt. A scalar float operation whose value only
; reaches broadcasts is now selected on broadcasts of its operands (FBCAST,
; then FMUL on fragments), and the loop pipelines as before opt.
;
; RUN: %llvm_tools/opt -O2 %s -S -o %t.o2.ll
; RUN: FileCheck %s --check-prefix=OPT < %t.o2.ll
; RUN: %llc -march=tileas -verify-machineinstrs -tileas-verify-schedule -pass-remarks-analysis=tileas-generate-schedule \
; RUN:   %t.o2.ll -o - 2>&1 | FileCheck %s --check-prefix=LLC
; RUN: %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel %t.o2.ll -o - | FileCheck %s --check-prefix=MIR
;
; OPT:      [[S:%[.a-z0-9]+]] = fmul float %xa, %xb
; OPT-NEXT: insertelement <4 x float> poison, float [[S]], i64 0
; LLC: remark: {{.*}}loop bb.1 in fp8_blockscale: II=51 MII=51 {{.*}}optimal (the recurrence bound)
; LLC: fp8_blockscale:
; LLC: ret;
; MIR:     %[[SA:[0-9]+]]:gpr32 = LDG {{.*}} :: (load (s32) from %ir.psa
; MIR:     %[[SB:[0-9]+]]:gpr32 = LDG {{.*}} :: (load (s32) from %ir.psb
; MIR-DAG: %[[A:[0-9]+]]:frag = FBCAST {{(killed )?}}%[[SA]]
; MIR-DAG: %[[B:[0-9]+]]:frag = FBCAST {{(killed )?}}%[[SB]]
; MIR:     FMUL {{(killed )?}}%[[A]], {{(killed )?}}%[[B]]
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

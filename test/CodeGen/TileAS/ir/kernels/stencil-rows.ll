; A kernel none of the passes was written against: a three-point stencil
; over rows of 4 KiB, each row brought into shared memory by cp.async, three
; fragments read from it, averaged, and stored. The row index scales by a
; 4 KiB stride (twelve doublings: there is no 64-bit multiply), which once
; crashed selection. Pipelined at its resource bound, protocol-checked, and
; simulated at its II.
;
; RUN: %llc -march=tileas -verify-machineinstrs -stop-after=tileas-materialize-schedule \
; RUN:   -pass-remarks-analysis=tileas-generate-schedule -pass-remarks-output=%t.yaml \
; RUN:   %s -o %t.mir 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %tileas-protocol-check %t.mir --trip-counts=1,2,3,16 | FileCheck %s --check-prefix=PROTO
; RUN: %tileas-sim %t.mir --trip-count=128 --remarks=%t.yaml --expect-ii | FileCheck %s --check-prefix=SIM
; RUN: %llc -march=tileas -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM
;
; REMARK: loop bb.1 in stencil: II=21 MII=21 (res 21, {{.*}}optimal (the resource bound)
; PROTO-COUNT-4: stencil trip count {{[0-9]+}}: ok
; SIM: 21 cycles per iteration in the steady state {{.*}}scheduled II 21
; ASM: cp.async
; ASM-NOT: mul.{{[su]}}64
; ASM: ret;
declare ptr addrspace(3) @tileas.cp.async(ptr addrspace(1), i32) nounwind willreturn memory(argmem: read)
declare <4 x float> @tileas.smem.load(ptr addrspace(3), i32) nounwind willreturn memory(argmem: read)

define void @stencil(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i64 = zext i32 %i to i64
  %src = getelementptr [4096 x i8], ptr addrspace(1) %in, i64 %i64
  %t = call ptr addrspace(3) @tileas.cp.async(ptr addrspace(1) %src, i32 4096)
  %x0 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %t, i32 0)
  %x1 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %t, i32 16)
  %x2 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %t, i32 32)
  %s01 = fadd <4 x float> %x0, %x1
  %s = fadd <4 x float> %s01, %x2
  %y = fmul <4 x float> %s, <float 0x3FD5555560000000, float 0x3FD5555560000000, float 0x3FD5555560000000, float 0x3FD5555560000000>
  %dst = getelementptr <4 x float>, ptr addrspace(1) %out, i64 %i64
  store <4 x float> %y, ptr addrspace(1) %dst, align 16
  %i1 = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; A split-K GEMM's k-loop runs from a runtime start (this split's first
; k-tile) to a runtime bound. Selection copies the live-in parameters last
; first, so the bound's COPY ($r1) comes before the start's ($r0): the runs
; set the bound relative to the start where the start is copied, where both
; are known (lib/MIRExec/TripCountPlan.cpp), whatever the start's value.
;
; RUN: %llc -march=tileas -verify-machineinstrs -tileas-verify-schedule -stop-after=tileas-materialize-schedule %s -o %t.mir
; RUN: FileCheck %s --check-prefix=MIR < %t.mir
; MIR:      %[[BOUND:[0-9]+]]:gpr32 = COPY $r1
; MIR-NEXT: %[[START:[0-9]+]]:gpr32 = COPY $r0
; MIR:      PIPE_CREATE 0, {{.*}}, %[[START]], 1, 0, 0
; RUN: %tileas-protocol-check %t.mir --trip-counts=1,2,3 | FileCheck %s --check-prefix=CHECKER
; CHECKER: splitk trip count 1: ok ({{.*}}, with %10 = %9 + 1)
; CHECKER: splitk trip count 2: ok ({{.*}}, with %10 = %9 + 2)
; CHECKER: splitk trip count 3: ok ({{.*}}, with %10 = %9 + 3)
; The cycles do not depend on where the split starts.
; RUN: %tileas-sim %t.mir --trip-count=64 | FileCheck %s --check-prefix=SIM
; RUN: %tileas-sim %t.mir --trip-count=64 --live-in=r0=5 | FileCheck %s --check-prefix=SIM
; SIM: splitk trip count 64 (with %10 = %9 + 64): 2214 cycles, 32 cycles per iteration in the steady state
declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)
define void @splitk(ptr noalias %da, ptr noalias %db, ptr addrspace(1) noalias %ws, i32 %kbeg, i32 %kend, i32 %m0, i32 %n0, i32 %split) {
entry:
  %acc0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %empty = icmp sge i32 %kbeg, %kend
  br i1 %empty, label %exit, label %loop
loop:
  %k = phi i32 [ %kbeg, %entry ], [ %k.next, %loop ]
  %acc = phi ptr addrspace(6) [ %acc0, %entry ], [ %acc2, %loop ]
  %kx = shl i32 %k, 6
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %da, i32 %kx, i32 %m0, i32 16384)
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %db, i32 %kx, i32 %n0, i32 16384)
  %acc1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0, i32 32768)
  %acc2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc1, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 1, i32 32768)
  %k.next = add nsw i32 %k, 1
  %more = icmp slt i32 %k.next, %kend
  br i1 %more, label %loop, label %exit
exit:
  %accf = phi ptr addrspace(6) [ %acc0, %entry ], [ %acc2, %loop ]
  %r = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %accf)
  %sl = zext i32 %split to i64
  %dst = getelementptr <4 x float>, ptr addrspace(1) %ws, i64 %sl
  store <4 x float> %r, ptr addrspace(1) %dst, align 16
  ret void
}

; opt -O2 then llc on the loop forms opt leaves when it unrolls or rotates a
; tile loop; each loop that is left counted pipelines (the independent
; verifier checks every schedule), and the materialized loops run exactly
; the iterations the loop ran (the protocol checker sets each loop's bound
; from its own exit test and checks every iteration runs once):
; - @runtime_by_four (unroll count 4, trip count in a register): a main loop
;   stepping by 4 whose exit test is an EQ of its own counter against the
;   count rounded down (computed before the loop with smax and and), and a
;   remainder loop counting 1 to the remainder;
; - @constant_by_two (unroll count 2, 16 iterations): the test reads the
;   first copy's increment, k + 1 < 15, while k steps by 2;
; - @guarded_unsigned (a while loop on an unsigned k < n, k stepping by 64):
;   rotated behind a guard, the test compares k + 64 unsigned (both sign
;   bits flipped);
; - @constant_small (4 iterations): fully unrolled, no loop is left;
; - @kept_exits (unroll count 4 of 10 iterations): the copies keep their
;   exit tests, the loop has two blocks and is not scheduled, with a remark.
;
; RUN: %llvm_tools/opt -O2 %s -S -o %t.o2.ll
; RUN: FileCheck %s --check-prefix=OPT < %t.o2.ll
; RUN: %llc -march=tileas -tileas-verify-schedule -pass-remarks-analysis=tileas \
; RUN:   -pass-remarks-missed=tileas %t.o2.ll -o - 2>&1 | FileCheck %s --check-prefix=LLC
; The serial generator takes the small loops at the default effort (one
; stage, no prologue); -tileas-force-modulo gives them 7 stages, so that the
; guard and the prologue of every form run:
; RUN: %llc -march=tileas -tileas-force-modulo -stop-after=tileas-materialize-schedule %t.o2.ll -o %t.mir
; RUN: %tileas-protocol-check %t.mir --function=runtime_by_four --live-in=r0=100 \
; RUN:   --trip-counts=1,2,3,5,7,8 | FileCheck %s --check-prefix=RUNTIME
; RUN: %tileas-protocol-check %t.mir --function=constant_by_two --trip-counts=8 \
; RUN:   | FileCheck %s --check-prefix=CONSTANT
; RUN: %tileas-protocol-check %t.mir --function=guarded_unsigned --live-in=r0=100 \
; RUN:   --trip-counts=1,2,3,5,7,8 | FileCheck %s --check-prefix=UNSIGNED
; tileas-sim runs the runtime-unrolled function as written from its live-in
; count: 35 tiles are 8 iterations of the main loop (its 3-stage kernel 6
; times) and 3 of the remainder (which runs the loop as written: fewer than
; its stages); 2 tiles skip the main loop. (--trip-count=T sets each loop to
; T iterations instead, the remainder's too: docs/simulator.md.)
; RUN: %tileas-sim %t.mir --function=runtime_by_four --live-in='$r0=35' \
; RUN:   | FileCheck %s --check-prefix=SIM35
; SIM35:      runtime_by_four: {{[0-9]+}} cycles
; SIM35-NEXT: loop bb.{{[0-9]+}} (agent issuer): 6 iterations
; SIM35-NEXT: loop bb.{{[0-9]+}} (agent issuer): 3 iterations
; RUN: %tileas-sim %t.mir --function=runtime_by_four --live-in='$r0=2' \
; RUN:   | FileCheck %s --check-prefix=SIM2
; SIM2:      runtime_by_four: {{[0-9]+}} cycles
; SIM2-NEXT: loop bb.{{[0-9]+}} (agent issuer): 2 iterations
; SIM2-NOT:  loop bb.

; OPT-LABEL: define void @runtime_by_four(
; OPT:       %niter.ncmp.3.not = icmp eq i32 %niter.next.3, %unroll_iter
; OPT:       %epil.iter.cmp.not = icmp eq i32 %epil.iter.next, %xtraiter
; OPT-LABEL: define void @constant_by_two(
; OPT:       icmp samesign ult i32 %k.next, 15
; OPT-LABEL: define void @guarded_unsigned(
; OPT:       icmp ult i32 %k.next, %n
; OPT-LABEL: define void @constant_small(
; OPT-NOT:   br i1
; OPT:       ret void
; OPT-LABEL: define void @kept_exits(
; OPT:       loop.2:

; LLC-NOT:   error
; LLC:       remark: {{.*}}loop bb.2 in runtime_by_four: II=64 MII=64 (res 32, rec 64, {{.*}}), stages 3
; LLC:       remark: {{.*}}loop bb.5 in runtime_by_four: II={{[0-9]+}} MII=16
; LLC:       remark: {{.*}}loop bb.1 in constant_by_two: II={{[0-9]+}} MII=32 (res 16, rec 32, {{.*}}), stages {{[2-9]}}
; LLC:       remark: {{.*}}loop bb.2 in guarded_unsigned: II={{[0-9]+}} MII=16
; LLC-NOT:   loop bb.{{[0-9]+}} in constant_small
; LLC:       remark: {{.*}}loop bb.1 in kept_exits not pipelined: its body is 2 blocks (a branch inside, or an unrolled loop that kept an exit test per copy); only a single-block loop is scheduled
; LLC-NOT:   error

; Each trip count sets the main loop's count (4 per iteration) and the
; remainder's.
; RUNTIME:      runtime_by_four trip count 1: ok ({{.*}} 7 pipes, {{.*}}, with %{{[0-9]+}} = 4, %{{[0-9]+}} = 1)
; RUNTIME-NEXT: runtime_by_four trip count 2: ok ({{.*}}, with %{{[0-9]+}} = 8, %{{[0-9]+}} = 2)
; RUNTIME-NEXT: runtime_by_four trip count 3: ok
; RUNTIME-NEXT: runtime_by_four trip count 5: ok
; RUNTIME-NEXT: runtime_by_four trip count 7: ok
; RUNTIME-NEXT: runtime_by_four trip count 8: ok
; CONSTANT:     constant_by_two trip count 8: ok
; The flipped bound of T iterations is 64T - 2^31.
; UNSIGNED:      guarded_unsigned trip count 1: ok ({{.*}}, with %{{[0-9]+}} = -2147483584)
; UNSIGNED-NEXT: guarded_unsigned trip count 2: ok ({{.*}}, with %{{[0-9]+}} = -2147483520)
; UNSIGNED-NEXT: guarded_unsigned trip count 3: ok
; UNSIGNED-NEXT: guarded_unsigned trip count 5: ok
; UNSIGNED-NEXT: guarded_unsigned trip count 7: ok
; UNSIGNED-NEXT: guarded_unsigned trip count 8: ok

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)

; A k-loop of a GEMM with one tile per step: a TMA load and an MMA.
define void @runtime_by_four(ptr noalias %desc, ptr addrspace(1) noalias %out, i32 %ktiles, i32 %m0) {
entry:
  %acc0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi ptr addrspace(6) [ %acc0, %entry ], [ %acc1, %loop ]
  %kx = shl i32 %k, 6
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc, i32 %kx, i32 %m0, i32 8192)
  %acc1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc, ptr addrspace(3) %a, ptr addrspace(3) %a, i32 0, i32 16384)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %ktiles
  br i1 %more, label %loop, label %exit, !llvm.loop !0

exit:
  %c = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc1)
  store <4 x float> %c, ptr addrspace(1) %out, align 16
  ret void
}

define void @constant_by_two(ptr noalias %desc, ptr addrspace(1) noalias %out, i32 %m0) {
entry:
  %acc0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi ptr addrspace(6) [ %acc0, %entry ], [ %acc1, %loop ]
  %kx = shl i32 %k, 6
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc, i32 %kx, i32 %m0, i32 8192)
  %acc1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc, ptr addrspace(3) %a, ptr addrspace(3) %a, i32 0, i32 16384)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, 16
  br i1 %more, label %loop, label %exit, !llvm.loop !2

exit:
  %c = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc1)
  store <4 x float> %c, ptr addrspace(1) %out, align 16
  ret void
}

; for (k = 0; k < n; k += 64), k and n unsigned.
define void @guarded_unsigned(ptr noalias %desc, ptr addrspace(1) noalias %out, i32 %n, i32 %m0) {
entry:
  %acc0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %head

head:
  %k = phi i32 [ 0, %entry ], [ %k.next, %body ]
  %acc = phi ptr addrspace(6) [ %acc0, %entry ], [ %acc1, %body ]
  %go = icmp ult i32 %k, %n
  br i1 %go, label %body, label %exit

body:
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc, i32 %k, i32 %m0, i32 8192)
  %acc1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc, ptr addrspace(3) %a, ptr addrspace(3) %a, i32 0, i32 16384)
  %k.next = add i32 %k, 64
  br label %head

exit:
  %c = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc)
  store <4 x float> %c, ptr addrspace(1) %out, align 16
  ret void
}

define void @constant_small(ptr noalias %desc, ptr addrspace(1) noalias %out, i32 %m0) {
entry:
  %acc0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi ptr addrspace(6) [ %acc0, %entry ], [ %acc1, %loop ]
  %kx = shl i32 %k, 6
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc, i32 %kx, i32 %m0, i32 8192)
  %acc1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc, ptr addrspace(3) %a, ptr addrspace(3) %a, i32 0, i32 16384)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, 4
  br i1 %more, label %loop, label %exit

exit:
  %c = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc1)
  store <4 x float> %c, ptr addrspace(1) %out, align 16
  ret void
}

define void @kept_exits(ptr noalias %desc, ptr addrspace(1) noalias %out, i32 %m0) {
entry:
  %acc0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi ptr addrspace(6) [ %acc0, %entry ], [ %acc1, %loop ]
  %kx = shl i32 %k, 6
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %desc, i32 %kx, i32 %m0, i32 8192)
  %acc1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc, ptr addrspace(3) %a, ptr addrspace(3) %a, i32 0, i32 16384)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, 10
  br i1 %more, label %loop, label %exit, !llvm.loop !0

exit:
  %c = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc1)
  store <4 x float> %c, ptr addrspace(1) %out, align 16
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.count", i32 4}
!2 = distinct !{!2, !3}
!3 = !{!"llvm.loop.unroll.count", i32 2}

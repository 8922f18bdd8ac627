; Soundness: noalias says nothing about two accesses of the same object. A
; loop that stores p[i+1] and reads it back as p[i] in the next iteration
; keeps its loop-carried (distance 1) memory dependence, and so does a loop
; whose two pointers are not noalias; only the pair of distinct noalias
; objects loses it.
; RUN: %llc -march=tileas -stop-after=finalize-isel %s -o %t.mir
; RUN: %tileas-sched --emit-problem --function=carried %t.mir | FileCheck %s --check-prefix=CARRIED
; RUN: %tileas-sched --emit-problem --function=unknown %t.mir | FileCheck %s --check-prefix=UNKNOWN
; RUN: %tileas-sched --emit-problem --function=distinct %t.mir | FileCheck %s --check-prefix=DISTINCT
; The modulo generator (the selection rule would issue these small loops one
; iteration at a time) shows what the dependences allow.
; RUN: %llc -march=tileas -tileas-force-modulo -tileas-verify-schedule -pass-remarks-analysis=tileas %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK

; CARRIED: op "[[LD:[0-9]+:LDG_F]]"
; CARRIED: op "[[ST:[0-9]+:STG_F]]"
; CARRIED-DAG: dep "[[LD]]" "[[ST]]" lat=0 dist=0 kind=memory
; CARRIED-DAG: dep "[[ST]]" "[[LD]]" lat={{[0-9]+}} dist=1 kind=memory
; UNKNOWN: op "[[LD:[0-9]+:LDG_F]]"
; UNKNOWN: op "[[ST:[0-9]+:STG_F]]"
; UNKNOWN-DAG: dep "[[LD]]" "[[ST]]" lat=0 dist=0 kind=memory
; UNKNOWN-DAG: dep "[[ST]]" "[[LD]]" lat={{[0-9]+}} dist=1 kind=memory
; DISTINCT: op "[[LD:[0-9]+:LDG_F]]"
; DISTINCT-NOT: kind=memory
; REMARK-DAG: loop bb.1 in carried: II=111 MII=111 (res 7, rec 111,
; REMARK-DAG: loop bb.1 in unknown: II=111 MII=111 (res 7, rec 111,
; The distinct loop is bound by its loop control: the branch waits for the
; exit test, 9 cycles after the induction update starts (dep 9).
; REMARK-DAG: loop bb.1 in distinct: II=9 MII=9 (res 7, rec 4,

define void @carried(ptr addrspace(1) noalias %p, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %q = phi ptr addrspace(1) [ %p, %entry ], [ %q.next, %loop ]
  %v = load <4 x float>, ptr addrspace(1) %q, align 16
  %w = fadd <4 x float> %v, %v
  %q.next = getelementptr i8, ptr addrspace(1) %q, i64 16
  store <4 x float> %w, ptr addrspace(1) %q.next, align 16
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

define void @unknown(ptr addrspace(1) %src, ptr addrspace(1) %dst, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi ptr addrspace(1) [ %src, %entry ], [ %s.next, %loop ]
  %d = phi ptr addrspace(1) [ %dst, %entry ], [ %d.next, %loop ]
  %v = load <4 x float>, ptr addrspace(1) %s, align 16
  %w = fadd <4 x float> %v, %v
  store <4 x float> %w, ptr addrspace(1) %d, align 16
  %s.next = getelementptr i8, ptr addrspace(1) %s, i64 16
  %d.next = getelementptr i8, ptr addrspace(1) %d, i64 16
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

define void @distinct(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi ptr addrspace(1) [ %src, %entry ], [ %s.next, %loop ]
  %d = phi ptr addrspace(1) [ %dst, %entry ], [ %d.next, %loop ]
  %v = load <4 x float>, ptr addrspace(1) %s, align 16
  %w = fadd <4 x float> %v, %v
  store <4 x float> %w, ptr addrspace(1) %d, align 16
  %s.next = getelementptr i8, ptr addrspace(1) %s, i64 16
  %d.next = getelementptr i8, ptr addrspace(1) %d, i64 16
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

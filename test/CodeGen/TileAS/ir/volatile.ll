; Volatile accesses (a flag word another CTA writes, read again every step)
; are selected like other accesses, with a volatile memory operand. A plain
; load from a loop-invariant address of a loop that stores nothing is hoisted
; out of the loop by MachineLICM; a volatile one stays in the loop. Volatile
; accesses keep their program order among themselves in the dependence graph
; (an order dependence each way, the backward one into the next iteration),
; while two plain loads are not ordered at all.
; RUN: %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel %s -o - \
; RUN:   | FileCheck %s --check-prefix=MIR
; RUN: %llc -march=tileas -stop-before=tileas-generate-schedule %s -o %t.mir
; RUN: FileCheck %s --check-prefix=LICM < %t.mir
; RUN: %tileas-sched --emit-problem --function=two_volatile %t.mir | FileCheck %s --check-prefix=ORDER
; RUN: %tileas-sched --emit-problem --function=two_plain %t.mir | FileCheck %s --check-prefix=PLAIN
; RUN: %llc -march=tileas -tileas-force-modulo -tileas-verify-schedule -pass-remarks-analysis=tileas-generate-schedule \
; RUN:   %s -o %t.s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s --check-prefix=ASM < %t.s

; MIR-LABEL: name: access
; MIR:       LDG_F %{{[0-9]+}}, 0 :: (volatile load (s128) from %ir.p, addrspace 1)
; MIR:       STG_F killed %{{[0-9]+}}, %{{[0-9]+}}, 16 :: (volatile store (s128) into %ir.q, addrspace 1)
define void @access(ptr addrspace(1) %p) {
  %v = load volatile <4 x float>, ptr addrspace(1) %p, align 16
  %q = getelementptr i8, ptr addrspace(1) %p, i64 16
  store volatile <4 x float> %v, ptr addrspace(1) %q, align 16
  ret void
}

; The plain flag load leaves the loop; the volatile one stays in it.
; LICM-LABEL: name: hoisted
; LICM:       bb.0.entry:
; LICM:       LDG_F {{.*}} :: (load (s128) from %ir.flag, addrspace 1)
; LICM:       bb.1.loop:
; LICM-NOT:   LDG_F
; LICM:       BR_P
; LICM-LABEL: name: reread
; LICM:       bb.1.loop:
; LICM:       LDG_F {{.*}} :: (volatile load (s128) from %ir.flag, addrspace 1)
; LICM:       BR_P
define void @hoisted(ptr addrspace(1) noalias %flag, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi <4 x float> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %f = load <4 x float>, ptr addrspace(1) %flag, align 16
  %acc.next = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %acc, <4 x float> %f)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  store <4 x float> %acc.next, ptr addrspace(1) %out, align 16
  ret void
}

define void @reread(ptr addrspace(1) noalias %flag, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi <4 x float> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %f = load volatile <4 x float>, ptr addrspace(1) %flag, align 16
  %acc.next = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %acc, <4 x float> %f)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  store <4 x float> %acc.next, ptr addrspace(1) %out, align 16
  ret void
}

; ORDER:     op "[[A:[0-9]+:LDG_F]]"
; ORDER:     op "[[B:[0-9]+:LDG_F]]"
; ORDER-DAG: dep "[[A]]" "[[B]]" lat=0 dist=0 kind=order
; ORDER-DAG: dep "[[B]]" "[[A]]" lat=1 dist=1 kind=order
; PLAIN:     op "{{[0-9]+}}:LDG_F"
; PLAIN-NOT: dep "{{[0-9]+}}:LDG_F" "{{[0-9]+}}:LDG_F"
; REMARK-DAG: remark: {{.*}}loop bb.1 in two_volatile: II=14 MII=14
; REMARK-DAG: remark: {{.*}}loop bb.1 in two_plain: II=14 MII=14
; ASM-LABEL: two_volatile:
; ASM:       ld.global.v4.f32
; ASM:       ld.global.v4.f32
define void @two_volatile(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %b, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %pa = phi ptr addrspace(1) [ %a, %entry ], [ %pa.next, %loop ]
  %acc = phi <4 x float> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %x = load volatile <4 x float>, ptr addrspace(1) %pa, align 16
  %y = load volatile <4 x float>, ptr addrspace(1) %b, align 16
  %s = fadd <4 x float> %x, %y
  %acc.next = fadd <4 x float> %acc, %s
  %pa.next = getelementptr i8, ptr addrspace(1) %pa, i64 16
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  store <4 x float> %acc.next, ptr addrspace(1) %out, align 16
  ret void
}

define void @two_plain(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %b, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %pa = phi ptr addrspace(1) [ %a, %entry ], [ %pa.next, %loop ]
  %pb = phi ptr addrspace(1) [ %b, %entry ], [ %pb.next, %loop ]
  %acc = phi <4 x float> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %x = load <4 x float>, ptr addrspace(1) %pa, align 16
  %y = load <4 x float>, ptr addrspace(1) %pb, align 16
  %s = fadd <4 x float> %x, %y
  %acc.next = fadd <4 x float> %acc, %s
  %pa.next = getelementptr i8, ptr addrspace(1) %pa, i64 16
  %pb.next = getelementptr i8, ptr addrspace(1) %pb, i64 16
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  store <4 x float> %acc.next, ptr addrspace(1) %out, align 16
  ret void
}

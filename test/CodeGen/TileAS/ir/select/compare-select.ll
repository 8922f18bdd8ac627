; Compares and selects: icmp on i32 is setp (signed; an unsigned compare
; flips both sign bits first), select is selp, and logic on i1 goes through
; 0/1 integers and back (the machine has no predicate logic).
; RUN: %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel %s -o - \
; RUN:   | FileCheck %s --check-prefix=MIR
; RUN: %llc -march=tileas -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM

; MIR-LABEL: name: compare_select
; MIR:       %[[B:[0-9]+]]:gpr32 = COPY $r1
; MIR-NEXT:  %[[A:[0-9]+]]:gpr32 = COPY $r0
; MIR:       %[[LT:[0-9]+]]:pred = SETPrr %[[A]], %[[B]], 2
; MIR-NEXT:  %[[S1:[0-9]+]]:gpr32 = SELP %[[A]], %[[B]], killed %[[LT]]
; MIR:       %[[EQ:[0-9]+]]:pred = SETPri %[[A]], 9, 0
; MIR-NEXT:  SELP %[[B]], %[[A]], killed %[[EQ]]
; ult: both sign bits flipped, then lt.
; MIR-DAG:   %[[FA:[0-9]+]]:gpr32 = XORri %[[A]], -2147483648
; MIR-DAG:   %[[FB:[0-9]+]]:gpr32 = XORri %[[B]], -2147483648
; MIR:       %[[ULT:[0-9]+]]:pred = SETPrr killed %[[FA]], killed %[[FB]], 2
; MIR:       SELP {{.*}}, killed %[[ULT]]
; ASM-LABEL: compare_select:
; ASM:       setp.lt.s32 %p{{[0-9]+}}, %r0, %r1;
; ASM:       selp.b32 %r{{[0-9]+}}, %r0, %r1, %p{{[0-9]+}};
; ASM:       setp.eq.s32 %p{{[0-9]+}}, %r0, 9;
define void @compare_select(ptr %p, i32 %a, i32 %b) {
  %lt = icmp slt i32 %a, %b
  %min = select i1 %lt, i32 %a, i32 %b
  store i32 %min, ptr %p
  %eq = icmp eq i32 %a, 9
  %s2 = select i1 %eq, i32 %b, i32 %a
  %q = getelementptr i8, ptr %p, i64 4
  store i32 %s2, ptr %q
  %ult = icmp ult i32 %a, %b
  %s3 = select i1 %ult, i32 %a, i32 7
  %r = getelementptr i8, ptr %p, i64 8
  store i32 %s3, ptr %r
  ret void
}

; Each condition code of setp.
; MIR-LABEL: name: condition_codes
; MIR-DAG:   SETPrr %{{[0-9]+}}, %{{[0-9]+}}, 0
; MIR-DAG:   SETPrr %{{[0-9]+}}, %{{[0-9]+}}, 1
; MIR-DAG:   SETPrr %{{[0-9]+}}, %{{[0-9]+}}, 3
; MIR-DAG:   SETPrr %{{[0-9]+}}, %{{[0-9]+}}, 5
; ASM-LABEL: condition_codes:
; ASM-DAG:   setp.eq.s32
; ASM-DAG:   setp.ne.s32
; ASM-DAG:   setp.le.s32
; ASM-DAG:   setp.ge.s32
define void @condition_codes(ptr %p, i32 %a, i32 %b, i32 %c, i32 %d) {
  %eq = icmp eq i32 %a, %b
  %ne = icmp ne i32 %b, %c
  %le = icmp sle i32 %c, %d
  %ge = icmp sge i32 %d, %a
  %s0 = select i1 %eq, i32 %a, i32 %d
  %s1 = select i1 %ne, i32 %b, i32 %s0
  %s2 = select i1 %le, i32 %c, i32 %s1
  %s3 = select i1 %ge, i32 %d, i32 %s2
  store i32 %s3, ptr %p
  ret void
}

; i1 logic: each operand becomes 0/1 by selp, the integer op combines them,
; setp.ne against 0 makes the predicate again. (A predicate carried by a PHI
; keeps the combiner from folding the xor into a compare.)
; MIR-LABEL: name: predicate_logic
; MIR:       bb.1.loop:
; MIR:       %[[ACC:[0-9]+]]:pred = PHI
; MIR:       %[[X:[0-9]+]]:pred = SETPrr
; MIR:       %[[A:[0-9]+]]:gpr32 = SELP %[[ONE:[0-9]+]], %[[ZERO:[0-9]+]], %[[ACC]]
; MIR-NEXT:  %[[B:[0-9]+]]:gpr32 = SELP %[[ONE]], %[[ZERO]], killed %[[X]]
; MIR-NEXT:  %[[XOR:[0-9]+]]:gpr32 = XORrr killed %[[B]], killed %[[A]]
; MIR-NEXT:  %{{[0-9]+}}:pred = SETPri killed %[[XOR]], 0, 1
define void @predicate_logic(ptr %p, i32 %a, i32 %b, i32 %c, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i1 [ false, %entry ], [ %odd, %loop ]
  %x = icmp slt i32 %i, %b
  %odd = xor i1 %x, %acc
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  %s = select i1 %odd, i32 %a, i32 %c
  store i32 %s, ptr %p
  ret void
}

; samesign unsigned compares (opt's exit tests) are the signed ones: one
; setp, no sign flips, so the loop stays counted.
; MIR-LABEL: name: samesign
; MIR:       SETPrr %{{[0-9]+}}, %{{[0-9]+}}, 2
; MIR-NOT:   XORri
; MIR:       SETPri %{{[0-9]+}}, 7, 4
; MIR-NOT:   XORri
; MIR:       RET
define void @samesign(ptr %p, i32 %a, i32 %b) {
  %lt = icmp samesign ult i32 %a, %b
  %x = select i1 %lt, i32 %a, i32 %b
  %gt = icmp samesign ugt i32 %x, 7
  %y = select i1 %gt, i32 %x, i32 %b
  store i32 %y, ptr %p
  ret void
}

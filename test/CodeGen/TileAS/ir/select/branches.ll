; Branches: an unconditional br is bra, a conditional one @p bra on the
; predicate (@!p bra on its negation), ret void is ret.
; RUN: %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel %s -o - \
; RUN:   | FileCheck %s --check-prefix=MIR
; RUN: %llc -march=tileas -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM

; A predicate carried into the loop by a PHI is branched on negated.
; MIR-LABEL: name: branches
; MIR:       bb.1.loop:
; MIR:         %[[P:[0-9]+]]:pred = PHI
; MIR:         BR_NP %[[P]], %bb.3
; MIR-NEXT:    BRA %bb.2
; MIR:       bb.2.body:
; MIR:         BR_P %{{[0-9]+}}, %bb.1
; MIR-NEXT:    BRA %bb.3
; MIR:       bb.3.exit:
; MIR-NEXT:    RET
; ASM-LABEL: branches:
; ASM:       @!%p{{[0-9]+}} bra $L__BB0_3;
; ASM:       @%p{{[0-9]+}} bra $L__BB0_1;
; ASM:       ret;
define void @branches(ptr %p, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %go = phi i1 [ true, %entry ], [ %more, %body ]
  %stop = xor i1 %go, true
  br i1 %stop, label %exit, label %body
body:
  store i32 %i, ptr %p
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

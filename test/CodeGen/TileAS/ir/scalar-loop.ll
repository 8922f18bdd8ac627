; A scalar counted loop (i32 add, compare, branch, PHIs) selected from IR:
; kernel parameters arrive in the live-in registers the MIR kernels use
; (64-bit values in rd0, rd1, ..., 32-bit values in r0, r1, ..., each file
; counting on its own), and the loop has the counted shape the TileAS passes
; recognize (PHI, ADDri, SETP, BR_P).
; RUN: %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel %s -o - \
; RUN:   | FileCheck %s --check-prefix=MIR
; RUN: %llc -march=tileas -verify-machineinstrs %s -o - \
; RUN:   | FileCheck %s --check-prefix=ASM

; MIR-LABEL: name: count
; The pointers take rd0 and rd1 and are unused: only the 32-bit parameters
; stay live in, as r0 and r1.
; MIR:       liveins:
; MIR-NEXT:    - { reg: '$r0', virtual-reg: '%[[N:[0-9]+]]' }
; MIR-NEXT:    - { reg: '$r1', virtual-reg: '%[[START:[0-9]+]]' }
; MIR-NEXT:  frameInfo:
; MIR:       bb.0.entry:
; MIR-DAG:     %[[START]]:gpr32 = COPY $r1
; MIR-DAG:     %[[N]]:gpr32 = COPY $r0
; MIR:       bb.1.loop:
; MIR:         %[[K:[0-9]+]]:gpr32 = PHI %[[START]], %bb.0, %[[NEXT:[0-9]+]], %bb.1
; MIR-NEXT:    %[[NEXT]]:gpr32 = ADDri %[[K]], 1
; MIR-NEXT:    %[[MORE:[0-9]+]]:pred = SETPrr %[[NEXT]], %[[N]], 2
; MIR-NEXT:    BR_P killed %[[MORE]], %bb.1
; MIR-NEXT:    BRA %bb.2
; MIR:       bb.2.exit:
; MIR-NEXT:    RET

; ASM-LABEL: count:
; ASM:       $L__BB0_1:
; ASM-NEXT:  // =>This Inner Loop Header
; ASM-NEXT:    add.s32 %r1, %r1, 1;
; ASM-NEXT:    setp.lt.s32 %p0, %r1, %r0;
; ASM-NEXT:    @%p0 bra $L__BB0_1;
; ASM:         ret;
define void @count(ptr %p, i32 %n, ptr %q, i32 %start) {
entry:
  br label %loop

loop:
  %k = phi i32 [ %start, %entry ], [ %k.next, %loop ]
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; Constants: i32 and float constants are a 32-bit mov (a float as its bits),
; i64 and double constants a 64-bit mov.
; RUN: %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel %s -o - \
; RUN:   | FileCheck %s --check-prefix=MIR
; RUN: %llc -march=tileas -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM

; MIR-LABEL: name: constants
; MIR-DAG:   MOVri 42
; MIR-DAG:   MOVri 1069547520
; MIR-DAG:   MOV64ri 4294967296
; ASM-LABEL: constants:
; ASM-DAG:   mov.b32 %r{{[0-9]+}}, 42;
; ASM-DAG:   mov.b32 %r{{[0-9]+}}, 1069547520;
; ASM-DAG:   mov.b64 %rd{{[0-9]+}}, 4294967296;
define void @constants(ptr %p, ptr %q) {
  store i32 42, ptr %p
  %f = getelementptr i8, ptr %p, i64 4
  store float 1.5, ptr %f
  %big = getelementptr i8, ptr %q, i64 4294967296
  store i32 0, ptr %big
  ret void
}

; A double constant: the bits of 2.0 in a 64-bit register.
; MIR-LABEL: name: double_constant
; MIR:       MOV64ri 4611686018427387904
; MIR:       RCP64
define void @double_constant(ptr %p, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %r = phi double [ 2.0, %entry ], [ %r.next, %loop ]
  %r.next = fdiv double 1.0, %r
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  %bits = bitcast double %r.next to i64
  %at = getelementptr i8, ptr %p, i64 %bits
  store i32 0, ptr %at
  ret void
}

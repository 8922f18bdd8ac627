; Scalar 32-bit arithmetic: each IR operator with a register and with an
; immediate operand, one store each so that nothing folds. ashr is shr.s32
; (an arithmetic shift); sub of a constant is canonicalized to an add of its
; negation and selected back to sub. The machine has no or and no logical
; shift: lshr by a constant is the arithmetic shift with the sign copies
; masked off, or is (a ^ b) ^ (a & b), or an add when the operands are
; disjoint. fneg of a scalar float is an xor of its sign bit.
; RUN: %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel %s -o - \
; RUN:   | FileCheck %s --check-prefix=MIR
; RUN: %llc -march=tileas -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM

; MIR-LABEL: name: add
; MIR:       %[[B:[0-9]+]]:gpr32 = COPY $r1
; MIR-NEXT:  %[[A:[0-9]+]]:gpr32 = COPY $r0
; MIR:       %[[RR:[0-9]+]]:gpr32 = ADDrr %[[A]], %[[B]]
; MIR-NEXT:  STG killed %[[RR]], %{{[0-9]+}}, 0
; MIR-NEXT:  %[[RI:[0-9]+]]:gpr32 = ADDri %[[A]], 3
; MIR-NEXT:  STG killed %[[RI]], %{{[0-9]+}}, 4
; ASM-LABEL: add:
; ASM:       add.s32 %r{{[0-9]+}}, %r0, %r1;
; ASM:       add.s32 %r{{[0-9]+}}, %r0, 3;
define void @add(ptr %p, i32 %a, i32 %b) {
  %rr = add i32 %a, %b
  store i32 %rr, ptr %p
  %ri = add i32 %a, 3
  %q = getelementptr i8, ptr %p, i64 4
  store i32 %ri, ptr %q
  ret void
}

; MIR-LABEL: name: sub
; MIR:       %[[B:[0-9]+]]:gpr32 = COPY $r1
; MIR-NEXT:  %[[A:[0-9]+]]:gpr32 = COPY $r0
; MIR:       %[[RR:[0-9]+]]:gpr32 = SUBrr %[[A]], %[[B]]
; MIR-NEXT:  STG killed %[[RR]], %{{[0-9]+}}, 0
; MIR-NEXT:  %[[RI:[0-9]+]]:gpr32 = SUBri %[[A]], 7
; MIR-NEXT:  STG killed %[[RI]], %{{[0-9]+}}, 4
; ASM-LABEL: sub:
; ASM:       sub.s32 %r{{[0-9]+}}, %r0, %r1;
; ASM:       sub.s32 %r{{[0-9]+}}, %r0, 7;
define void @sub(ptr %p, i32 %a, i32 %b) {
  %rr = sub i32 %a, %b
  store i32 %rr, ptr %p
  %ri = sub i32 %a, 7
  %q = getelementptr i8, ptr %p, i64 4
  store i32 %ri, ptr %q
  ret void
}

; MIR-LABEL: name: mul
; MIR:       %[[B:[0-9]+]]:gpr32 = COPY $r1
; MIR-NEXT:  %[[A:[0-9]+]]:gpr32 = COPY $r0
; MIR:       %[[RR:[0-9]+]]:gpr32 = MULrr %[[A]], %[[B]]
; MIR-NEXT:  STG killed %[[RR]], %{{[0-9]+}}, 0
; MIR-NEXT:  %[[RI:[0-9]+]]:gpr32 = MULri %[[A]], 5
; MIR-NEXT:  STG killed %[[RI]], %{{[0-9]+}}, 4
; ASM-LABEL: mul:
; ASM:       mul.lo.s32 %r{{[0-9]+}}, %r0, %r1;
; ASM:       mul.lo.s32 %r{{[0-9]+}}, %r0, 5;
define void @mul(ptr %p, i32 %a, i32 %b) {
  %rr = mul i32 %a, %b
  store i32 %rr, ptr %p
  %ri = mul i32 %a, 5
  %q = getelementptr i8, ptr %p, i64 4
  store i32 %ri, ptr %q
  ret void
}

; MIR-LABEL: name: and
; MIR:       %[[B:[0-9]+]]:gpr32 = COPY $r1
; MIR-NEXT:  %[[A:[0-9]+]]:gpr32 = COPY $r0
; MIR:       %[[RR:[0-9]+]]:gpr32 = ANDrr %[[A]], %[[B]]
; MIR-NEXT:  STG killed %[[RR]], %{{[0-9]+}}, 0
; MIR-NEXT:  %[[RI:[0-9]+]]:gpr32 = ANDri %[[A]], 255
; MIR-NEXT:  STG killed %[[RI]], %{{[0-9]+}}, 4
; ASM-LABEL: and:
; ASM:       and.s32 %r{{[0-9]+}}, %r0, %r1;
; ASM:       and.s32 %r{{[0-9]+}}, %r0, 255;
define void @and(ptr %p, i32 %a, i32 %b) {
  %rr = and i32 %a, %b
  store i32 %rr, ptr %p
  %ri = and i32 %a, 255
  %q = getelementptr i8, ptr %p, i64 4
  store i32 %ri, ptr %q
  ret void
}

; MIR-LABEL: name: xor
; MIR:       %[[B:[0-9]+]]:gpr32 = COPY $r1
; MIR-NEXT:  %[[A:[0-9]+]]:gpr32 = COPY $r0
; MIR:       %[[RR:[0-9]+]]:gpr32 = XORrr %[[A]], %[[B]]
; MIR-NEXT:  STG killed %[[RR]], %{{[0-9]+}}, 0
; MIR-NEXT:  %[[RI:[0-9]+]]:gpr32 = XORri %[[A]], 15
; MIR-NEXT:  STG killed %[[RI]], %{{[0-9]+}}, 4
; ASM-LABEL: xor:
; ASM:       xor.s32 %r{{[0-9]+}}, %r0, %r1;
; ASM:       xor.s32 %r{{[0-9]+}}, %r0, 15;
define void @xor(ptr %p, i32 %a, i32 %b) {
  %rr = xor i32 %a, %b
  store i32 %rr, ptr %p
  %ri = xor i32 %a, 15
  %q = getelementptr i8, ptr %p, i64 4
  store i32 %ri, ptr %q
  ret void
}

; A scalar float negates by flipping its sign bit.
; MIR-LABEL: name: fneg_float
; MIR:       %[[X:[0-9]+]]:gpr32 = COPY $r0
; MIR:       %[[N:[0-9]+]]:gpr32 = XORri %[[X]], -2147483648
; MIR-NEXT:  STG killed %[[N]], %{{[0-9]+}}, 0
; ASM-LABEL: fneg_float:
; ASM:       xor.s32 %r{{[0-9]+}}, %r0, -2147483648;
define void @fneg_float(ptr %p, float %x) {
  %n = fneg float %x
  store float %n, ptr %p
  ret void
}

; MIR-LABEL: name: shl
; MIR:       %[[B:[0-9]+]]:gpr32 = COPY $r1
; MIR-NEXT:  %[[A:[0-9]+]]:gpr32 = COPY $r0
; MIR:       %[[RR:[0-9]+]]:gpr32 = SHLrr %[[A]], %[[B]]
; MIR-NEXT:  STG killed %[[RR]], %{{[0-9]+}}, 0
; MIR-NEXT:  %[[RI:[0-9]+]]:gpr32 = SHLri %[[A]], 2
; MIR-NEXT:  STG killed %[[RI]], %{{[0-9]+}}, 4
; ASM-LABEL: shl:
; ASM:       shl.s32 %r{{[0-9]+}}, %r0, %r1;
; ASM:       shl.s32 %r{{[0-9]+}}, %r0, 2;
define void @shl(ptr %p, i32 %a, i32 %b) {
  %rr = shl i32 %a, %b
  store i32 %rr, ptr %p
  %ri = shl i32 %a, 2
  %q = getelementptr i8, ptr %p, i64 4
  store i32 %ri, ptr %q
  ret void
}

; MIR-LABEL: name: ashr
; MIR:       %[[B:[0-9]+]]:gpr32 = COPY $r1
; MIR-NEXT:  %[[A:[0-9]+]]:gpr32 = COPY $r0
; MIR:       %[[RR:[0-9]+]]:gpr32 = SHRrr %[[A]], %[[B]]
; MIR-NEXT:  STG killed %[[RR]], %{{[0-9]+}}, 0
; MIR-NEXT:  %[[RI:[0-9]+]]:gpr32 = SHRri %[[A]], 3
; MIR-NEXT:  STG killed %[[RI]], %{{[0-9]+}}, 4
; ASM-LABEL: ashr:
; ASM:       shr.s32 %r{{[0-9]+}}, %r0, %r1;
; ASM:       shr.s32 %r{{[0-9]+}}, %r0, 3;
define void @ashr(ptr %p, i32 %a, i32 %b) {
  %rr = ashr i32 %a, %b
  store i32 %rr, ptr %p
  %ri = ashr i32 %a, 3
  %q = getelementptr i8, ptr %p, i64 4
  store i32 %ri, ptr %q
  ret void
}

; lshr 4: shr.s32 then and 0x0fffffff.
; MIR-LABEL: name: lshr
; MIR:       %[[A:[0-9]+]]:gpr32 = COPY $r0
; MIR:       %[[S:[0-9]+]]:gpr32 = SHRri %[[A]], 4
; MIR-NEXT:  %[[M:[0-9]+]]:gpr32 = ANDri killed %[[S]], 268435455
; MIR-NEXT:  STG killed %[[M]]
define void @lshr(ptr %p, i32 %a) {
  %r = lshr i32 %a, 4
  store i32 %r, ptr %p
  ret void
}

; MIR-LABEL: name: or
; MIR:       %[[B:[0-9]+]]:gpr32 = COPY $r1
; MIR-NEXT:  %[[A:[0-9]+]]:gpr32 = COPY $r0
; a | b = (a ^ b) ^ (a & b)
; MIR:       %[[AND:[0-9]+]]:gpr32 = ANDrr %[[A]], %[[B]]
; MIR-NEXT:  %[[XOR:[0-9]+]]:gpr32 = XORrr %[[A]], %[[B]]
; MIR-NEXT:  %[[OR:[0-9]+]]:gpr32 = XORrr killed %[[XOR]], killed %[[AND]]
; MIR-NEXT:  STG killed %[[OR]], %{{[0-9]+}}, 0
; a | 16 = (a & ~16) ^ 16
; MIR-NEXT:  %[[C:[0-9]+]]:gpr32 = ANDri %[[A]], -17
; MIR-NEXT:  %[[OC:[0-9]+]]:gpr32 = XORri killed %[[C]], 16
; MIR-NEXT:  STG killed %[[OC]], %{{[0-9]+}}, 4
define void @or(ptr %p, i32 %a, i32 %b) {
  %o = or i32 %a, %b
  store i32 %o, ptr %p
  %oc = or i32 %a, 16
  %q = getelementptr i8, ptr %p, i64 4
  store i32 %oc, ptr %q
  ret void
}

; a | b with disjoint bits = a + b
; MIR-LABEL: name: or_disjoint
; MIR:       %[[B:[0-9]+]]:gpr32 = COPY $r1
; MIR-NEXT:  %[[A:[0-9]+]]:gpr32 = COPY $r0
; MIR:       %[[D:[0-9]+]]:gpr32 = disjoint ADDrr %[[A]], %[[B]]
; MIR-NEXT:  STG killed %[[D]], %{{[0-9]+}}, 0
define void @or_disjoint(ptr %p, i32 %a, i32 %b) {
  %od = or disjoint i32 %a, %b
  store i32 %od, ptr %p
  ret void
}

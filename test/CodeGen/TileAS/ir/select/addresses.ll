; 64-bit address arithmetic: the machine adds 64-bit values and widens
; 32-bit ones. A getelementptr adds its offset (ADD64ri for a constant that
; fits 32 bits and is not folded into the access, ADD64rr otherwise), an i32
; index is zero-extended by cvt or sign-extended as zext(i ^ 2^31) - 2^31,
; and scaling by 2^k is k doublings.
; RUN: %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel %s -o - \
; RUN:   | FileCheck %s --check-prefix=MIR
; RUN: %llc -march=tileas -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM

; MIR-LABEL: name: addresses
; MIR:       %[[P:[0-9]+]]:gpr64 = COPY $rd0
; MIR:       %[[Z:[0-9]+]]:gpr64 = CVT64_32 %[[I:[0-9]+]]
; MIR-NEXT:  %[[A:[0-9]+]]:gpr64 = ADD64rr %[[P]], killed %[[Z]]
; MIR-NEXT:  STG %{{[0-9]+}}, killed %[[A]], 4096
; i * 4, sign-extended: flip the sign bit, widen, subtract 2^31, double twice.
; MIR-NEXT:  %[[F:[0-9]+]]:gpr32 = XORri %[[I]], -2147483648
; MIR-NEXT:  %[[W:[0-9]+]]:gpr64 = CVT64_32 killed %[[F]]
; MIR-NEXT:  %[[SX:[0-9]+]]:gpr64 = ADD64ri killed %[[W]], -2147483648
; MIR-NEXT:  %[[X2:[0-9]+]]:gpr64 = ADD64rr %[[SX]], %[[SX]]
; MIR-NEXT:  %[[X4:[0-9]+]]:gpr64 = ADD64rr %[[X2]], %[[X2]]
; MIR-NEXT:  %[[E:[0-9]+]]:gpr64 = ADD64rr %[[P]], killed %[[X4]]
; MIR-NEXT:  STG %{{[0-9]+}}, killed %[[E]], 0

; ASM-LABEL: addresses:
; ASM-DAG:   cvt.u64.u32 %rd{{[0-9]+}}, %r{{[0-9]+}};
; ASM-DAG:   add.s64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, %rd{{[0-9]+}};
; ASM-DAG:   add.s64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, -2147483648;
; ASM-LABEL: pointer_walk:
; ASM:       add.s64 %rd0, %rd0, 128;
define void @addresses(ptr %p, i32 %i, i32 %v) {
  %z = zext i32 %i to i64
  %a = getelementptr i8, ptr %p, i64 %z
  %b = getelementptr i8, ptr %a, i64 4096
  store i32 %v, ptr %b
  %s = sext i32 %i to i64
  %e = getelementptr i32, ptr %p, i64 %s
  store i32 %v, ptr %e
  ret void
}

; A pointer advanced by a constant each iteration: ADD64ri.
; MIR-LABEL: name: pointer_walk
; MIR:       bb.1.loop:
; MIR:       %[[PP:[0-9]+]]:gpr64 = PHI
; MIR:       ADD64ri %[[PP]], 128
define void @pointer_walk(ptr %p, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %pp = phi ptr [ %p, %entry ], [ %pp.next, %loop ]
  store i32 %i, ptr %pp
  %pp.next = getelementptr i8, ptr %pp, i64 128
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

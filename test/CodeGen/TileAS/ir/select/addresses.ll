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

; Strides that are not small powers of two: an index into rows of 12 bytes
; is x*4 + x*8 (doublings, an add per set bit of the stride); into rows of
; 4 KiB, twelve doublings, the first three shared with the 12-byte stride (a
; 64-bit multiply or shift by a constant never reaches selection as one).
; MIR-LABEL: name: strides
; MIR:       %[[X:[0-9]+]]:gpr64 = COPY $rd1
; MIR:       %[[P:[0-9]+]]:gpr64 = COPY $rd0
; MIR-NEXT:  %[[X2:[0-9]+]]:gpr64 = ADD64rr %[[X]], %[[X]]
; MIR-NEXT:  %[[X4:[0-9]+]]:gpr64 = ADD64rr %[[X2]], %[[X2]]
; MIR-NEXT:  %[[X8:[0-9]+]]:gpr64 = ADD64rr %[[X4]], %[[X4]]
; MIR-NEXT:  %[[X12:[0-9]+]]:gpr64 = ADD64rr %[[X4]], %[[X8]]
; MIR-NEXT:  %[[R:[0-9]+]]:gpr64 = ADD64rr %[[P]], killed %[[X12]]
; MIR-NEXT:  STG %{{[0-9]+}}, killed %[[R]], 0
; MIR-NEXT:  %[[D4:[0-9]+]]:gpr64 = ADD64rr %[[X8]], %[[X8]]
; MIR-NEXT:  %[[D5:[0-9]+]]:gpr64 = ADD64rr %[[D4]], %[[D4]]
; MIR-NEXT:  %[[D6:[0-9]+]]:gpr64 = ADD64rr %[[D5]], %[[D5]]
; MIR-NEXT:  %[[D7:[0-9]+]]:gpr64 = ADD64rr %[[D6]], %[[D6]]
; MIR-NEXT:  %[[D8:[0-9]+]]:gpr64 = ADD64rr %[[D7]], %[[D7]]
; MIR-NEXT:  %[[D9:[0-9]+]]:gpr64 = ADD64rr %[[D8]], %[[D8]]
; MIR-NEXT:  %[[D10:[0-9]+]]:gpr64 = ADD64rr %[[D9]], %[[D9]]
; MIR-NEXT:  %[[D11:[0-9]+]]:gpr64 = ADD64rr %[[D10]], %[[D10]]
; MIR-NEXT:  %[[D12:[0-9]+]]:gpr64 = ADD64rr %[[D11]], %[[D11]]
; MIR-NEXT:  %[[R2:[0-9]+]]:gpr64 = ADD64rr %[[P]], killed %[[D12]]
; MIR-NEXT:  STG %{{[0-9]+}}, killed %[[R2]], 0
; ASM-LABEL: strides:
; ASM-NOT:   mul
; ASM:       ret;
define void @strides(ptr %p, i64 %x, i32 %v) {
  %a = getelementptr [3 x i32], ptr %p, i64 %x
  store i32 %v, ptr %a
  %b = getelementptr [4096 x i8], ptr %p, i64 %x
  store i32 %v, ptr %b
  ret void
}

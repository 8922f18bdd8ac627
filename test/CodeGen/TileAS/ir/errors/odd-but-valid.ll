; IR that is odd but valid compiles without an error: a loop that never ends
; (not a counted loop: emitted as written), a function that is only
; `unreachable`, and a smax/umin on i32 (opt -O2 computes a runtime-unrolled
; loop's count with them), which select as a compare and a SELP, and a
; switch (opt -O2 makes one of a chain of compares), which becomes compares
; and branches.
; RUN: %llc -march=tileas %s -o - 2>&1 | FileCheck %s
; RUN: %llc -march=tileas -pass-remarks-missed=tileas %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK
; RUN: %llc -march=tileas -O0 %s -o - 2>&1 | FileCheck %s --check-prefix=O0

; REMARK: remark: {{.*}}loop bb.1 in forever not pipelined: its loop control is not a counted loop, which materialization cannot expand: the block is not a loop with one exit
; REMARK-NOT: error

; CHECK-NOT: error
; CHECK-LABEL: forever:
; CHECK:       $L__BB0_1:
; CHECK:         st.global.b32
; CHECK:         bra $L__BB0_1;
; CHECK-LABEL: unreachable_only:
; CHECK-NOT:     ret;
; CHECK-LABEL: clamp:
; CHECK:         setp.gt.s32 {{%p[0-9]+}}, %r0, 1;
; CHECK:         selp.b32
; CHECK:         xor.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, -2147483648;
; CHECK:         xor.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, -2147483648;
; CHECK:         setp.lt.s32
; CHECK:         selp.b32
; CHECK:         ret;
; CHECK-LABEL: select_case:
; CHECK-DAG:     setp.eq.s32 {{%p[0-9]+}}, %r0, 7;
; CHECK-DAG:     setp.{{eq|ne}}.s32 {{%p[0-9]+}}, %r0, 3;
; CHECK:         ret;
; CHECK-NOT: error
; O0-NOT: error
; O0: forever:
; O0: clamp:
; O0: select_case:

define void @forever(ptr %p) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %j, %loop ]
  %j = add i32 %i, 1
  store i32 %j, ptr %p
  br label %loop
}

define void @unreachable_only() {
  unreachable
}

define void @clamp(ptr %p, i32 %a, i32 %b) {
  %m = call i32 @llvm.smax.i32(i32 %a, i32 1)
  %u = call i32 @llvm.umin.i32(i32 %m, i32 %b)
  store i32 %u, ptr %p
  ret void
}

define void @select_case(ptr %p, i32 %a) {
entry:
  switch i32 %a, label %done [ i32 3, label %three
                               i32 7, label %seven ]
three:
  store i32 30, ptr %p
  br label %done
seven:
  store i32 70, ptr %p
  br label %done
done:
  ret void
}

; Integer division. TileAS has no divide instruction: an unsigned i32
; division or remainder by a constant power of two selects as a shift or a
; mask (at -O0 too), and `freeze` (opt puts one on a runtime-unrolled loop's
; trip count before taking its remainder) is a copy. Any other division is
; refused by name, with the instruction, before selection: opt's runtime
; unrolling by a count that is not a power of two divides the trip count.
; RUN: %llc -march=tileas -O2 %s -o - 2>&1 | FileCheck %s
; RUN: %llc -march=tileas -O0 %s -o - 2>&1 | FileCheck %s
; RUN: not %llc -march=tileas %S/Inputs/division-bad.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD

; CHECK-NOT:   error
; CHECK-LABEL: pow2:
; CHECK-DAG:     and.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 7;
; CHECK-DAG:     shr.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4;
; CHECK:         st.global.b32
; CHECK:         ret;

; BAD: error: {{.*}}in function by_three {{.*}}there is no integer division: only an unsigned i32 division or remainder by a constant power of two (a shift or a mask); an unroll count that is not a power of two needs one for its remainder loop: %r = urem i32 %f, 3
; BAD: error: {{.*}}in function signed {{.*}}there is no integer division{{.*}}: %q = sdiv i32 %n, 4
; BAD: error: {{.*}}in function wide {{.*}}there is no integer division{{.*}}: %q = udiv i64 %n, 4
; BAD: error: {{.*}}in function odd_freeze {{.*}}only i32, i64, i1 and pointers are frozen: %f = freeze float %x

define void @pow2(ptr addrspace(1) %p, i32 %n) {
entry:
  %f = freeze i32 %n
  %a = urem i32 %f, 8
  %b = udiv i32 %f, 16
  %c = add i32 %a, %b
  store i32 %c, ptr addrspace(1) %p, align 4
  ret void
}

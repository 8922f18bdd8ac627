; Volatile accesses are selected (ir/volatile.ll); atomic ones are not: an
; error naming the function and the instruction, and a non-zero exit.
; RUN: not %llc -march=tileas %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: error: {{.*}}in function atomic {{.*}}: atomic accesses are not supported: %v = load atomic i32, ptr addrspace(1) %p monotonic, align 4
define void @atomic(ptr addrspace(1) %p) {
  %v = load atomic i32, ptr addrspace(1) %p monotonic, align 4
  store i32 %v, ptr addrspace(1) %p
  ret void
}

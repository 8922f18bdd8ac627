; A scalar float operation is selected only where its value is broadcast
; (what opt -O2 makes of an operation on splats, ../pipeline/opt-scalar-splat.ll):
; one whose value is stored, or compared, is an error naming it.
; RUN: not %llc -march=tileas %s -o /dev/null 2>&1 | FileCheck %s

; CHECK-DAG: error: {{.*}}in function stored {{.*}}: only fragments (<N x float>) have this operation (a float one only where its result is broadcast): %p = fmul float %a, %b
define void @stored(ptr addrspace(1) %out, float %a, float %b) {
  %p = fmul float %a, %b
  store float %p, ptr addrspace(1) %out, align 4
  ret void
}

; Broadcast and stored: still an error.
; CHECK-DAG: error: {{.*}}in function both {{.*}}: only fragments (<N x float>) have this operation (a float one only where its result is broadcast): %s = fadd float %a, %b
define void @both(ptr addrspace(1) %out, float %a, float %b) {
  %s = fadd float %a, %b
  %i = insertelement <4 x float> poison, float %s, i64 0
  %v = shufflevector <4 x float> %i, <4 x float> poison, <4 x i32> zeroinitializer
  store <4 x float> %v, ptr addrspace(1) %out, align 16
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}

; Only broadcast, through a chain of two: compiles.
; CHECK-NOT: error: {{.*}}in function chain
define void @chain(ptr addrspace(1) %out, float %a, float %b) {
  %p = fmul float %a, %b
  %s = fsub float %p, %a
  %i = insertelement <4 x float> poison, float %s, i64 0
  %v = shufflevector <4 x float> %i, <4 x float> poison, <4 x i32> zeroinitializer
  store <4 x float> %v, ptr addrspace(1) %out, align 16
  ret void
}

; The negation of such an operation, broadcast: done on fragments too (a
; plain scalar negation keeps its own instruction, the sign bit's XOR).
; CHECK-NOT: error: {{.*}}in function negated
define void @negated(ptr addrspace(1) %out, float %a, float %b) {
  %p = fmul float %a, %b
  %n = fneg float %p
  %i = insertelement <4 x float> poison, float %n, i64 0
  %v = shufflevector <4 x float> %i, <4 x float> poison, <4 x i32> zeroinitializer
  store <4 x float> %v, ptr addrspace(1) %out, align 16
  ret void
}

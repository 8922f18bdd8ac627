; A fragment value is <N x float> (or <N x i32>) with N a power of two from
; 4 to 128: other widths, and a wide fragment below 16-byte alignment, are
; errors naming the function and the instruction.
; RUN: not %llc -march=tileas %s -o /dev/null 2>&1 | FileCheck %s

; CHECK-DAG: error: {{.*}}in function odd_width {{.*}}: only i32, float and fragments (<N x float>, N a power of two from 4 to 128) are loaded and stored, and packed bf16 (<N x bfloat>, N from 8) stored: store <12 x float> %x
; CHECK-DAG: error: {{.*}}in function odd_width {{.*}}: no register holds its type: %x = load <12 x float>
; CHECK-DAG: error: {{.*}}in function too_wide {{.*}}: only i32, float and fragments (<N x float>, N a power of two from 4 to 128) are loaded and stored, and packed bf16 (<N x bfloat>, N from 8) stored: store <256 x float> %x
; CHECK-DAG: error: {{.*}}in function two {{.*}}: no register holds its type: %x = load <2 x float>
; CHECK-DAG: error: {{.*}}in function misaligned {{.*}}: <8 x float> is loaded and stored with align 16 or more, not align 8: %x = load <8 x float>, ptr addrspace(1) %p, align 8
; CHECK-DAG: error: {{.*}}in function wide_frag_builtin {{.*}}: wrong signature for @tileas.fadd.f32x2: expected <N x float> @tileas.fadd.f32x2(<N x float> %a, <N x float> %b) (N a power of two from 4 to 128, the same N throughout)

define void @odd_width(ptr addrspace(1) %p) {
  %x = load <12 x float>, ptr addrspace(1) %p, align 16
  store <12 x float> %x, ptr addrspace(1) %p, align 16
  ret void
}

define void @too_wide(ptr addrspace(1) %p) {
  %x = load <256 x float>, ptr addrspace(1) %p, align 16
  store <256 x float> %x, ptr addrspace(1) %p, align 16
  ret void
}

define void @two(ptr addrspace(1) %p) {
  %x = load <2 x float>, ptr addrspace(1) %p, align 8
  store <2 x float> %x, ptr addrspace(1) %p, align 8
  ret void
}

define void @misaligned(ptr addrspace(1) %p) {
  %x = load <8 x float>, ptr addrspace(1) %p, align 8
  store <8 x float> %x, ptr addrspace(1) %p, align 16
  ret void
}

declare <8 x float> @tileas.fadd.f32x2(<8 x float>, <16 x float>)

define void @wide_frag_builtin(ptr addrspace(1) %p) {
  %a = load <8 x float>, ptr addrspace(1) %p, align 16
  %b = load <16 x float>, ptr addrspace(1) %p, align 16
  %c = call <8 x float> @tileas.fadd.f32x2(<8 x float> %a, <16 x float> %b)
  store <8 x float> %c, ptr addrspace(1) %p, align 16
  ret void
}

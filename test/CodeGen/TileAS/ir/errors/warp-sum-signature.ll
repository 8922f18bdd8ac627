; A warp's sum is one fragment: @tileas.warp.sum returning <8 x float> is a
; wrong signature, reported with the function and the call, and llc exits
; non-zero.
; RUN: not %llc -march=tileas -mcpu=sm_100a %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: error: {{.*}}in function bad_warp_sum {{.*}}: wrong signature for @tileas.warp.sum: expected <4 x float> @tileas.warp.sum(<N x float> %v) {{.*}}: %t = call <8 x float> @tileas.warp.sum(<8 x float> %w)

declare <8 x float> @tileas.warp.sum(<8 x float>) convergent nounwind willreturn memory(none)

define void @bad_warp_sum(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out) {
entry:
  %w = load <8 x float>, ptr addrspace(1) %in, align 16
  %t = call <8 x float> @tileas.warp.sum(<8 x float> %w)
  store <8 x float> %t, ptr addrspace(1) %out, align 16
  ret void
}

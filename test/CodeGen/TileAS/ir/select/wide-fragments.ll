; Operations on <32 x float> are legalized into eight fragment instructions
; each (the XU approximations, reciprocals, splats, negation, bit
; operations on <32 x i32>), on sm_100a with the f32x2 forms for the
; multiplies and subtractions (a division's multiply and a negation's
; subtraction too); a reciprocal of a splat of one stays RCP. ptxas accepts
; the PTX (ptx/assemble.test).
; RUN: %llc -march=tileas -mcpu=sm_100a -verify-machineinstrs -stop-after=finalize-isel %s -o - \
; RUN:   | FileCheck %s --check-prefix=MIR

; MIR-LABEL: name: wide_ops
; MIR-COUNT-8: = LDG_F
; MIR-COUNT-8: = afn EX2
; MIR-COUNT-8: = RCP
; MIR-COUNT-8: = IADDF
; MIR-COUNT-8: STG_F
; MIR-NOT:     = FMUL {{.*}}
; MIR-NOT:     = FSUB {{.*}}
; MIR-LABEL: name: reciprocal
; MIR:         = afn RCP
; MIR-NOT:     FMUL
; MIR-LABEL: name: negation
; MIR:         = FSUB2

declare <32 x float> @llvm.exp2.v32f32(<32 x float>)

define void @wide_ops(ptr addrspace(1) noalias %p, float %s) {
entry:
  %x = load <32 x float>, ptr addrspace(1) %p, align 16
  %e = call afn <32 x float> @llvm.exp2.v32f32(<32 x float> %x)
  %r = fdiv afn <32 x float> splat (float 2.0), %e
  %ins = insertelement <32 x float> poison, float %s, i64 0
  %sp = shufflevector <32 x float> %ins, <32 x float> poison, <32 x i32> zeroinitializer
  %m = fmul <32 x float> %r, %sp
  %i = bitcast <32 x float> %m to <32 x i32>
  %j = add <32 x i32> %i, %i
  %k = bitcast <32 x i32> %j to <32 x float>
  store <32 x float> %k, ptr addrspace(1) %p, align 16
  ret void
}

define void @reciprocal(ptr addrspace(1) noalias %p) {
entry:
  %x = load <4 x float>, ptr addrspace(1) %p, align 16
  %r = fdiv afn <4 x float> splat (float 1.0), %x
  store <4 x float> %r, ptr addrspace(1) %p, align 16
  ret void
}

define void @negation(ptr addrspace(1) noalias %p) {
entry:
  %x = load <4 x float>, ptr addrspace(1) %p, align 16
  %n = fneg <4 x float> %x
  store <4 x float> %n, ptr addrspace(1) %p, align 16
  ret void
}

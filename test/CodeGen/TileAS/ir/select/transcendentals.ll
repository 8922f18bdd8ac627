; The XU approximations: llvm.exp2 and llvm.log2 with afn, fdiv afn of 1.0
; (a reciprocal), of 1.0 by llvm.sqrt (a reciprocal square root), and of any
; other numerator (times the reciprocal). A double reciprocal 1.0 / x is
; rcp.rn.f64, correctly rounded, with or without afn.
; RUN: %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel %s -o - \
; RUN:   | FileCheck %s --check-prefix=MIR
; RUN: %llc -march=tileas -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM

; MIR-LABEL: name: xu
; MIR:       %[[X:[0-9]+]]:frag = LDG_F
; MIR-NEXT:  %[[E:[0-9]+]]:frag = afn EX2 %[[X]]
; MIR-NEXT:  %[[L:[0-9]+]]:frag = afn LG2 killed %[[E]]
; MIR-NEXT:  %[[R:[0-9]+]]:frag = afn RCP killed %[[L]]
; MIR-NEXT:  %[[S:[0-9]+]]:frag = afn RSQ killed %[[R]]
; MIR-NEXT:  %[[RX:[0-9]+]]:frag = RCP %[[X]]
; MIR-NEXT:  %[[Q:[0-9]+]]:frag = afn FMUL killed %[[S]], killed %[[RX]]
; MIR-NEXT:  STG_F killed %[[Q]]
; ASM-LABEL: xu:
; ASM:       ex2.approx.f32
; ASM:       lg2.approx.f32
; ASM:       rcp.approx.f32
; ASM:       rsqrt.approx.f32
define void @xu(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out) {
  %x = load <4 x float>, ptr addrspace(1) %in
  %e = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %x)
  %l = call afn <4 x float> @llvm.log2.v4f32(<4 x float> %e)
  %r = fdiv afn <4 x float> splat (float 1.0), %l
  %sq = call afn <4 x float> @llvm.sqrt.v4f32(<4 x float> %r)
  %rs = fdiv afn <4 x float> splat (float 1.0), %sq
  %q = fdiv afn <4 x float> %rs, %x
  store <4 x float> %q, ptr addrspace(1) %out
  ret void
}

; 1.0 / x in double precision, its result used as an address offset (the
; machine has no other use for a double).
; MIR-LABEL: name: reciprocal_f64
; MIR:       %[[D:[0-9]+]]:gpr64 = COPY $rd1
; MIR:       %[[R:[0-9]+]]:gpr64 = RCP64 %[[D]]
; ASM-LABEL: reciprocal_f64:
; ASM:       rcp.rn.f64 %rd{{[0-9]+}}, %rd1;
define void @reciprocal_f64(ptr %p, double %d) {
  %r = fdiv double 1.0, %d
  %bits = bitcast double %r to i64
  %at = getelementptr i8, ptr %p, i64 %bits
  store i32 0, ptr %at
  ret void
}

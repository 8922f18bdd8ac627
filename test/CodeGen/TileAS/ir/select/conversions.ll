; fptrunc <N x float> to <N x bfloat> (N a power of two from 8 to 128): the
; result is N / 8 fragments of packed bf16 (four bf16x2 registers each), one
; CVT_BF16X2 per pair of f32 fragments, printed as four cvt.rn.bf16x2.f32
; with element 2i in the low half of register i (PTX puts the first source
; in the upper half). A <8 x bfloat> is one fragment; a row of 128 is 16.
; RUN: %llc -march=tileas -mcpu=sm_100a -verify-machineinstrs -stop-after=finalize-isel %s -o - \
; RUN:   | FileCheck %s --check-prefix=MIR
; RUN: %llc -march=tileas -mcpu=sm_100a -verify-machineinstrs %s -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: %if ptxas %{ %ptxas-check sm_100a %t.ptx %}

; MIR-LABEL: name: eight
; MIR:       %[[HI:[0-9]+]]:frag = LDG_F %{{[0-9]+}}, 16
; MIR-NEXT:  %[[LO:[0-9]+]]:frag = LDG_F %{{[0-9]+}}, 0
; MIR-NEXT:  %[[B:[0-9]+]]:frag = CVT_BF16X2 killed %[[LO]], killed %[[HI]]
; MIR-NEXT:  STG_F killed %[[B]]
; MIR-LABEL: name: row
; MIR-COUNT-16: CVT_BF16X2
; MIR-NOT:      CVT_BF16X2
; MIR:          RET

; PTX-LABEL: .entry eight(
; PTX:       ld.global.v4.b32 {%f[[HI0:[0-9]+]], %f[[HI1:[0-9]+]], %f[[HI2:[0-9]+]], %f[[HI3:[0-9]+]]}, [%rd0+16];
; PTX-NEXT:  // LDG_F
; PTX-NEXT:  ld.global.v4.b32 {%f[[LO0:[0-9]+]], %f[[LO1:[0-9]+]], %f[[LO2:[0-9]+]], %f[[LO3:[0-9]+]]}, [%rd0];
; PTX-NEXT:  // CVT_BF16X2
; PTX-NEXT:  cvt.rn.bf16x2.f32 %x10, %f[[LO1]], %f[[LO0]];
; PTX-NEXT:  cvt.rn.bf16x2.f32 %x11, %f[[LO3]], %f[[LO2]];
; PTX-NEXT:  cvt.rn.bf16x2.f32 %x12, %f[[HI1]], %f[[HI0]];
; PTX-NEXT:  cvt.rn.bf16x2.f32 %x13, %f[[HI3]], %f[[HI2]];
; PTX-NEXT:  mov.b32 %f[[D0:[0-9]+]], %x10;
; PTX-NEXT:  mov.b32 %f[[D1:[0-9]+]], %x11;
; PTX-NEXT:  mov.b32 %f[[D2:[0-9]+]], %x12;
; PTX-NEXT:  mov.b32 %f[[D3:[0-9]+]], %x13;
; PTX-NEXT:  // STG_F
; PTX-NEXT:  st.global.v4.b32 [%rd1], {%f[[D0]], %f[[D1]], %f[[D2]], %f[[D3]]};
; PTX-LABEL: .entry row(
; PTX-COUNT-64: cvt.rn.bf16x2.f32

define void @eight(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out) {
  %v = load <8 x float>, ptr addrspace(1) %in, align 16
  %b = fptrunc <8 x float> %v to <8 x bfloat>
  store <8 x bfloat> %b, ptr addrspace(1) %out, align 16
  ret void
}

define void @row(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out) {
  %v = load <128 x float>, ptr addrspace(1) %in, align 16
  %b = fptrunc <128 x float> %v to <128 x bfloat>
  store <128 x bfloat> %b, ptr addrspace(1) %out, align 16
  ret void
}

; Where the machine pairs fp32 lanes (sm_100a and its relatives: the f32x2
; feature), fragment add, sub, mul and fma are the f32x2 instructions, two
; per fragment in the PTX (the scheduler charges their footprint); the
; abstract sm_100 keeps the four-lane forms. A `<16 x float>` is four
; fragments: four instructions of each.
; RUN: %llc -march=tileas -mcpu=sm_100a -verify-machineinstrs -stop-after=finalize-isel %s -o - \
; RUN:   | FileCheck %s --check-prefix=MIR
; RUN: %llc -march=tileas -mcpu=sm_100 -verify-machineinstrs -stop-after=finalize-isel %s -o - \
; RUN:   | FileCheck %s --check-prefix=ABSTRACT
; RUN: %llc -march=tileas -mcpu=sm_100a -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=PTX

; MIR-LABEL: name: pairs
; MIR:       %[[X:[0-9]+]]:frag = LDG_F
; MIR-NEXT:  %[[Y:[0-9]+]]:frag = LDG_F
; MIR-NEXT:  %[[A:[0-9]+]]:frag = FADD2 %[[X]], %[[Y]]
; MIR-NEXT:  %[[B:[0-9]+]]:frag = FSUB2 killed %[[A]], %[[X]]
; MIR-NEXT:  %[[C:[0-9]+]]:frag = FMUL2 killed %[[B]], %[[Y]]
; MIR-NEXT:  %[[D:[0-9]+]]:frag = FFMA2 killed %[[C]], %[[X]], %[[Y]]
; MIR-NEXT:  %{{[0-9]+}}:frag = FMAX killed %[[D]], %[[X]]
; MIR-LABEL: name: wide
; MIR-COUNT-4: = FADD2
; MIR-COUNT-4: = FMUL2
; MIR-NOT:   FADD
; MIR-NOT:   FMUL

; ABSTRACT-LABEL: name: pairs
; ABSTRACT:      = FADD %
; ABSTRACT-NEXT: = FSUB killed
; ABSTRACT-NEXT: = FMUL killed
; ABSTRACT-NEXT: = FFMA killed
; ABSTRACT-LABEL: name: wide
; ABSTRACT-COUNT-4: = FADD %
; ABSTRACT-COUNT-4: = FMUL

; Each fragment: two 64-bit pairs of lanes through the f32x2 instruction.
; PTX-LABEL: .entry pairs(
; PTX:      // FADD2
; PTX-NEXT: mov.b64 %xd0, {[[X0:%f[0-9]+]], [[X1:%f[0-9]+]]};
; PTX-NEXT: mov.b64 %xd1, {{[{]%f[0-9]+, %f[0-9]+[}]}};
; PTX-NEXT: add.rn.f32x2 %xd3, %xd0, %xd1;
; PTX-NEXT: mov.b64 {{[{]%f[0-9]+, %f[0-9]+[}]}}, %xd3;
; PTX-NEXT: mov.b64 %xd0, {{[{]%f[0-9]+, %f[0-9]+[}]}};
; PTX-NEXT: mov.b64 %xd1, {{[{]%f[0-9]+, %f[0-9]+[}]}};
; PTX-NEXT: add.rn.f32x2 %xd3, %xd0, %xd1;
; PTX:      // FSUB2
; PTX:      sub.rn.f32x2 %xd3, %xd0, %xd1;
; PTX:      // FMUL2
; PTX:      mul.rn.f32x2 %xd3, %xd0, %xd1;
; PTX:      // FFMA2
; PTX:      fma.rn.f32x2 %xd3, %xd0, %xd1, %xd2;

define void @pairs(ptr addrspace(1) noalias %p) {
entry:
  %x = load <4 x float>, ptr addrspace(1) %p, align 16
  %q = getelementptr i8, ptr addrspace(1) %p, i64 16
  %y = load <4 x float>, ptr addrspace(1) %q, align 16
  %a = fadd <4 x float> %x, %y
  %b = fsub <4 x float> %a, %x
  %c = fmul <4 x float> %b, %y
  %d = call <4 x float> @llvm.fma.v4f32(<4 x float> %c, <4 x float> %x, <4 x float> %y)
  %e = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %d, <4 x float> %x)
  store <4 x float> %e, ptr addrspace(1) %p, align 16
  ret void
}

define void @wide(ptr addrspace(1) noalias %p) {
entry:
  %x = load <16 x float>, ptr addrspace(1) %p, align 16
  %a = fadd <16 x float> %x, %x
  %b = fmul <16 x float> %a, %x
  store <16 x float> %b, ptr addrspace(1) %p, align 16
  ret void
}

declare <4 x float> @llvm.fma.v4f32(<4 x float>, <4 x float>, <4 x float>)
declare <4 x float> @llvm.maxnum.v4f32(<4 x float>, <4 x float>)

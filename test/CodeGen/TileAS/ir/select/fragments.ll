; Fragment arithmetic on <4 x float> (and <4 x i32> for bit operations):
; fadd, fsub, fmul, llvm.maxnum, llvm.fma (and llvm.fmuladd), fneg as
; -0.0 - x, add and and on <4 x i32>, zeroinitializer, and splats of a
; register or a constant broadcast from a 32-bit register.
; RUN: %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel %s -o - \
; RUN:   | FileCheck %s --check-prefix=MIR
; RUN: %llc -march=tileas -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM

; MIR-LABEL: name: fragments
; MIR:       %[[K:[0-9]+]]:gpr32 = COPY $r0
; MIR:       %[[X:[0-9]+]]:frag = LDG_F
; MIR-NEXT:  %[[Y:[0-9]+]]:frag = LDG_F
; MIR-NEXT:  %[[KS:[0-9]+]]:frag = FBCAST %[[K]]
; MIR-NEXT:  %[[A:[0-9]+]]:frag = FADD %[[X]], killed %[[KS]]
; MIR-NEXT:  %[[B:[0-9]+]]:frag = FMUL %[[A]], %[[Y]]
; MIR-NEXT:  %[[C:[0-9]+]]:frag = FSUB killed %[[B]], %[[X]]
; MIR-NEXT:  %[[Z:[0-9]+]]:frag = FZERO
; MIR-NEXT:  %[[D:[0-9]+]]:frag = FMAX killed %[[C]], killed %[[Z]]
; MIR-NEXT:  %[[E:[0-9]+]]:frag = FFMA killed %[[D]], %[[X]], %[[A]]
; MIR-NEXT:  %[[F:[0-9]+]]:frag = FFMA killed %[[E]], %[[Y]], %[[X]]
; -x = -0.0 - x: the bits 0x80000000 broadcast.
; MIR-NEXT:  %[[SIGN:[0-9]+]]:gpr32 = MOVri -2147483648
; MIR-NEXT:  %[[NZ:[0-9]+]]:frag = FBCAST killed %[[SIGN]]
; MIR-NEXT:  %[[N:[0-9]+]]:frag = FSUB killed %[[NZ]], killed %[[F]]
; MIR-NEXT:  %[[MASK:[0-9]+]]:gpr32 = MOVri 2147483647
; MIR-NEXT:  %[[MS:[0-9]+]]:frag = FBCAST killed %[[MASK]]
; MIR-NEXT:  %[[AND:[0-9]+]]:frag = LOPF %[[N]], killed %[[MS]]
; MIR-NEXT:  %[[ADD:[0-9]+]]:frag = IADDF killed %[[AND]], %[[N]]
; MIR-NEXT:  STG_F killed %[[ADD]]
; ASM-LABEL: fragments:
; ASM:       mov.b32 %f{{[0-9]+}}, %r0;
; ASM:       add.rn.f32
; ASM:       mul.rn.f32
; ASM:       sub.rn.f32
; ASM:       mov.f32 %f{{[0-9]+}}, 0f00000000;
; ASM:       max.f32
; ASM:       fma.rn.f32
; ASM:       and.b32
; ASM:       add.s32 %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}};
define void @fragments(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out, float %k) {
  %x = load <4 x float>, ptr addrspace(1) %in
  %in.y = getelementptr i8, ptr addrspace(1) %in, i64 16
  %y = load <4 x float>, ptr addrspace(1) %in.y
  %ki = insertelement <4 x float> poison, float %k, i64 0
  %ks = shufflevector <4 x float> %ki, <4 x float> poison, <4 x i32> zeroinitializer
  %a = fadd <4 x float> %x, %ks
  %b = fmul <4 x float> %a, %y
  %c = fsub <4 x float> %b, %x
  %d = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %c, <4 x float> zeroinitializer)
  %e = call <4 x float> @llvm.fma.v4f32(<4 x float> %d, <4 x float> %x, <4 x float> %a)
  %f = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %e, <4 x float> %y, <4 x float> %x)
  %n = fneg <4 x float> %f
  %bits = bitcast <4 x float> %n to <4 x i32>
  %abs = and <4 x i32> %bits, splat (i32 2147483647)
  %sum = add <4 x i32> %abs, %bits
  store <4 x i32> %sum, ptr addrspace(1) %out
  ret void
}

; A constant splat is its bits broadcast.
; MIR-LABEL: name: constant_splat
; MIR:       %[[C:[0-9]+]]:gpr32 = MOVri 1069547520
; MIR-NEXT:  FBCAST killed %[[C]]
define void @constant_splat(ptr addrspace(1) %out) {
  store <4 x float> splat (float 1.5), ptr addrspace(1) %out
  ret void
}

; |x| (llvm.fabs, or an and of the bits with 0x7fffffff, which the DAG
; combiner turns into fabs) clears the sign bits with LOPF.
; MIR-LABEL: name: absolute
; MIR:       %[[X:[0-9]+]]:frag = LDG_F
; MIR-NEXT:  %[[M:[0-9]+]]:gpr32 = MOVri 2147483647
; MIR-NEXT:  %[[MS:[0-9]+]]:frag = FBCAST killed %[[M]]
; MIR-NEXT:  %[[A:[0-9]+]]:frag = LOPF killed %[[X]], %[[MS]]
; MIR-NEXT:  STG_F killed %[[A]]
; MIR-NEXT:  %[[Y:[0-9]+]]:frag = LDG_F
; MIR-NEXT:  %[[B:[0-9]+]]:frag = LOPF killed %[[Y]], %[[MS]]
; MIR-NEXT:  STG_F killed %[[B]]
define void @absolute(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out) {
  %x = load <4 x float>, ptr addrspace(1) %in, align 16
  %a = call <4 x float> @llvm.fabs.v4f32(<4 x float> %x)
  store <4 x float> %a, ptr addrspace(1) %out, align 16
  %p = getelementptr i8, ptr addrspace(1) %in, i64 16
  %y = load <4 x float>, ptr addrspace(1) %p, align 16
  %bits = bitcast <4 x float> %y to <4 x i32>
  %abs = and <4 x i32> %bits, splat (i32 2147483647)
  %q = getelementptr i8, ptr addrspace(1) %out, i64 16
  store <4 x i32> %abs, ptr addrspace(1) %q, align 16
  ret void
}

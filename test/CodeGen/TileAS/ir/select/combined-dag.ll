; Valid IR that LLVM's DAG combiner rewrites into nodes no pattern selects
; unless the target lowers them: an operation on two splats becomes a splat
; of the operation on the vectors they broadcast (a lane shuffle, which no
; instruction does); a 32-bit load and its zext to 64 bits become an
; extending load; a load whose high bits are masked or shifted out becomes
; an 8- or 16-bit load. Each used to stop llc with "Cannot select"; each now
; selects the instructions the IR says: broadcasts (FBCAST) of the scalars
; and the operation on the fragments, a 32-bit load and its extension
; (CVT64_32), a 32-bit load and its mask.
; RUN: %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel %s -o - \
; RUN:   | FileCheck %s --check-prefix=MIR
; RUN: %llc -march=tileas -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM

; A per-block scale of an FP8 GEMM: the product of two scalar scales,
; broadcast, times a fragment.
; MIR-LABEL: name: scale_product
; MIR-DAG:   %[[SA:[0-9]+]]:gpr32 = LDG
; MIR-DAG:   %[[SB:[0-9]+]]:gpr32 = LDG
; MIR-DAG:   %[[BA:[0-9]+]]:frag = FBCAST {{(killed )?}}%[[SA]]
; MIR-DAG:   %[[BB:[0-9]+]]:frag = FBCAST {{(killed )?}}%[[SB]]
; MIR:       %[[S:[0-9]+]]:frag = FMUL {{(killed )?}}%[[BA]], {{(killed )?}}%[[BB]]
; MIR:       FMUL {{.*}}%[[S]]
; MIR-NOT:   Cannot select
; ASM-LABEL: scale_product:
; ASM:       mul.rn.f32
; ASM:       mul.rn.f32
; ASM:       ret;
define void @scale_product(ptr addrspace(1) %sa, ptr addrspace(1) %sb, ptr addrspace(1) %x, ptr addrspace(1) %out) {
  %a = load float, ptr addrspace(1) %sa, align 4
  %b = load float, ptr addrspace(1) %sb, align 4
  %ia = insertelement <4 x float> poison, float %a, i64 0
  %va = shufflevector <4 x float> %ia, <4 x float> poison, <4 x i32> zeroinitializer
  %ib = insertelement <4 x float> poison, float %b, i64 0
  %vb = shufflevector <4 x float> %ib, <4 x float> poison, <4 x i32> zeroinitializer
  %s = fmul <4 x float> %va, %vb
  %v = load <4 x float>, ptr addrspace(1) %x, align 16
  %r = fmul <4 x float> %v, %s
  store <4 x float> %r, ptr addrspace(1) %out, align 16
  ret void
}

; One splat squared, and the sum of two splats, one of them of an i32
; parameter's bits.
; MIR-LABEL: name: splat_ops
; MIR-DAG:   %[[F:[0-9]+]]:gpr32 = COPY $r1
; MIR-DAG:   %[[N:[0-9]+]]:gpr32 = COPY $r0
; MIR:       %[[BF:[0-9]+]]:frag = FBCAST %[[F]]
; MIR:       FMUL {{(killed )?}}%[[BF]], %[[BF]]
; MIR:       %[[BN:[0-9]+]]:frag = FBCAST %[[N]]
; MIR:       FADD {{.*}}%[[BN]]
define void @splat_ops(ptr addrspace(1) %x, ptr addrspace(1) %out, i32 %n, float %f) {
  %i = insertelement <4 x float> poison, float %f, i64 0
  %a = shufflevector <4 x float> %i, <4 x float> poison, <4 x i32> zeroinitializer
  %sq = fmul <4 x float> %a, %a
  %nf = bitcast i32 %n to float
  %j = insertelement <4 x float> poison, float %nf, i64 0
  %b = shufflevector <4 x float> %j, <4 x float> poison, <4 x i32> zeroinitializer
  %sum = fadd <4 x float> %sq, %b
  %v = load <4 x float>, ptr addrspace(1) %x, align 16
  %r = fmul <4 x float> %sum, %v
  store <4 x float> %r, ptr addrspace(1) %out, align 16
  ret void
}

; A page-table entry widened to a 64-bit byte offset.
; MIR-LABEL: name: page_offset
; MIR:       %[[P:[0-9]+]]:gpr32 = LDG
; MIR:       CVT64_32 {{(killed )?}}%[[P]]
; ASM-LABEL: page_offset:
; ASM:       ld.global.b32
; ASM:       cvt.u64.u32
define void @page_offset(ptr addrspace(1) %table, ptr addrspace(1) %out, i32 %v) {
  %page = load i32, ptr addrspace(1) %table, align 4
  %off = zext i32 %page to i64
  %p = getelementptr i8, ptr addrspace(1) %out, i64 %off
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

; The low byte and the high byte of a loaded word, as packed FP8 scale
; exponents are unpacked: 32-bit loads, then a mask and a shift.
; MIR-LABEL: name: unpack_bytes
; MIR:       %[[W:[0-9]+]]:gpr32 = LDG {{.*}} :: (load (s32)
; MIR:       ANDri {{(killed )?}}%[[W]], 255
; MIR:       %[[H:[0-9]+]]:gpr32 = LDG {{.*}} :: (load (s32)
; MIR:       SHRri {{(killed )?}}%[[H]], 24
; ASM-LABEL: unpack_bytes:
; ASM-NOT:   ld.global.{{(u|b)(8|16)}}
; ASM:       ret;
define void @unpack_bytes(ptr addrspace(1) %x, ptr addrspace(1) %y, ptr addrspace(1) %out) {
  %w = load i32, ptr addrspace(1) %x, align 4
  %lo = and i32 %w, 255
  store i32 %lo, ptr addrspace(1) %out, align 4
  %h = load i32, ptr addrspace(1) %y, align 4
  %hi = lshr i32 %h, 24
  %o2 = getelementptr i8, ptr addrspace(1) %out, i64 4
  store i32 %hi, ptr addrspace(1) %o2, align 4
  ret void
}

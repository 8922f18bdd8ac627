; Global memory: loads and stores of i32, float and <4 x float> through
; ptr or ptr addrspace(1), with a constant offset folded into the access.
; Each access keeps its IR value in its memory operand.
; RUN: %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel %s -o - \
; RUN:   | FileCheck %s --check-prefix=MIR
; RUN: %llc -march=tileas -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM

; MIR-LABEL: name: global_memory
; MIR:       %[[OUT:[0-9]+]]:gpr64 = COPY $rd1
; MIR-NEXT:  %[[IN:[0-9]+]]:gpr64 = COPY $rd0
; MIR-NEXT:  %[[I:[0-9]+]]:gpr32 = LDG %[[IN]], 0 :: (load (s32) from %ir.in, addrspace 1)
; MIR-NEXT:  %[[F:[0-9]+]]:gpr32 = LDG %[[IN]], 4 :: (load (s32) from %ir.in.f, addrspace 1)
; MIR-NEXT:  %[[V:[0-9]+]]:frag = LDG_F %[[IN]], 16 :: (load (s128) from %ir.in.v, addrspace 1)
; MIR-NEXT:  STG killed %[[I]], %[[OUT]], 0 :: (store (s32) into %ir.out)
; MIR-NEXT:  STG killed %[[F]], %[[OUT]], 4 :: (store (s32) into %ir.out.f)
; MIR-NEXT:  STG_F killed %[[V]], %[[OUT]], 16 :: (store (s128) into %ir.out.v)
; ASM-LABEL: global_memory:
; ASM:       ld.global.b32 %r{{[0-9]+}}, [%rd0 + 0];
; ASM:       ld.global.b32 %r{{[0-9]+}}, [%rd0 + 4];
; ASM:       ld.global.v4.f32 %f{{[0-9]+}}, [%rd0 + 16];
; ASM:       st.global.b32 [%rd1 + 0], %r{{[0-9]+}};
; ASM:       st.global.b32 [%rd1 + 4], %r{{[0-9]+}};
; ASM:       st.global.v4.f32 [%rd1 + 16], %f{{[0-9]+}};
define void @global_memory(ptr addrspace(1) %in, ptr %out) {
  %i = load i32, ptr addrspace(1) %in
  %in.f = getelementptr i8, ptr addrspace(1) %in, i64 4
  %f = load float, ptr addrspace(1) %in.f
  %in.v = getelementptr i8, ptr addrspace(1) %in, i64 16
  %v = load <4 x float>, ptr addrspace(1) %in.v
  store i32 %i, ptr %out
  %out.f = getelementptr i8, ptr %out, i64 4
  store float %f, ptr %out.f
  %out.v = getelementptr i8, ptr %out, i64 16
  store <4 x float> %v, ptr %out.v
  ret void
}

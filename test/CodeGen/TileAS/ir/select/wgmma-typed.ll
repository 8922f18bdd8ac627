; A typed wgmma: `<L x float> @tileas.wgmma.typed`, L >= 8, is one WGMMA_T_XL
; over its L / 4 fragments, the operands of WGMMA_XL then the type word
; (0x722 = 1826: tf32 x tf32 -> f32; tileas/PTX/WgmmaKinds.h). Hopper's:
; every RUN line is -mcpu=sm_90a. Each RUN line sets L. A `<4 x float>`
; accumulator, and a type word wgmma has no instruction for, are refused by
; the IR check naming the call (ptx/wgmma-kinds.test has the PTX).
; RUN: sed 's/<L x/<8 x/g' %s | %llc -march=tileas -mcpu=sm_90a -verify-machineinstrs -stop-after=finalize-isel -o - | FileCheck %s --check-prefix=MIR-X8
; RUN: sed 's/<L x/<16 x/g' %s | %llc -march=tileas -mcpu=sm_90a -verify-machineinstrs -stop-after=finalize-isel -o - | FileCheck %s --check-prefix=MIR-X16
; RUN: sed 's/<L x/<32 x/g' %s | %llc -march=tileas -mcpu=sm_90a -verify-machineinstrs -stop-after=finalize-isel -o - | FileCheck %s --check-prefix=MIR-X32
; RUN: sed 's/<L x/<64 x/g' %s | %llc -march=tileas -mcpu=sm_90a -verify-machineinstrs -stop-after=finalize-isel -o - | FileCheck %s --check-prefix=MIR-X64
; RUN: sed 's/<L x/<128 x/g' %s | %llc -march=tileas -mcpu=sm_90a -verify-machineinstrs -stop-after=finalize-isel -o - | FileCheck %s --check-prefix=MIR-X128
; RUN: sed 's/<L x/<4 x/g' %s | not %llc -march=tileas -mcpu=sm_90a -o /dev/null 2>&1 | FileCheck %s --check-prefix=X4
; RUN: sed 's/<L x/<64 x/g;s/i32 1826/i32 1810/' %s | not %llc -march=tileas -mcpu=sm_90a -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD-TYPES

; MIR-X8:      %[[A:[0-9]+]]:tile = TMA_LOAD
; MIR-X8-NEXT: %[[B:[0-9]+]]:tile = TMA_LOAD
; MIR-X8:      %[[D0:[0-9]+]]:frag, %[[D1:[0-9]+]]:frag = WGMMA_T_X8 %{{[0-9]+}}, %{{[0-9]+}}, %[[A]], %[[B]], 0, 1826
; MIR-X8-NEXT: %{{[0-9]+}}:frag, %{{[0-9]+}}:frag = WGMMA_T_X8 {{(killed )?}}%[[D0]], {{(killed )?}}%[[D1]], %[[A]], %[[B]], 3, 1826

; MIR-X16:      = WGMMA_T_X16 {{((killed )?%[0-9]+, ){4}()}}%{{[0-9]+}}, %{{[0-9]+}}, 0, 1826
; MIR-X16-NEXT: = WGMMA_T_X16 {{((killed )?%[0-9]+, ){4}()}}%{{[0-9]+}}, %{{[0-9]+}}, 3, 1826

; MIR-X32:      = WGMMA_T_X32 {{((killed )?%[0-9]+, ){8}()}}%{{[0-9]+}}, %{{[0-9]+}}, 0, 1826
; MIR-X32-NEXT: = WGMMA_T_X32 {{((killed )?%[0-9]+, ){8}()}}%{{[0-9]+}}, %{{[0-9]+}}, 3, 1826

; MIR-X64:      = WGMMA_T_X64 {{((killed )?%[0-9]+, ){16}()}}%{{[0-9]+}}, %{{[0-9]+}}, 0, 1826
; MIR-X64-NEXT: = WGMMA_T_X64 {{((killed )?%[0-9]+, ){16}()}}%{{[0-9]+}}, %{{[0-9]+}}, 3, 1826

; MIR-X128:      = WGMMA_T_X128 {{((killed )?%[0-9]+, ){32}()}}%{{[0-9]+}}, %{{[0-9]+}}, 0, 1826
; MIR-X128-NEXT: = WGMMA_T_X128 {{((killed )?%[0-9]+, ){32}()}}%{{[0-9]+}}, %{{[0-9]+}}, 3, 1826

; X4: error: {{.*}}in function wgmma {{.*}}: @tileas.wgmma.typed takes an accumulator of 8 to 128 lanes (m64n16 to m64n256), not 4
; BAD-TYPES: error: {{.*}}in function wgmma {{.*}}: operand %types of @tileas.wgmma.typed: wgmma tf32 x bf16 -> f32 has no instruction

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare <L x float> @tileas.wgmma.typed(<L x float>, ptr addrspace(3), ptr addrspace(3), i32, i32) convergent nounwind willreturn memory(argmem: read)

define void @wgmma(ptr noalias %da, ptr noalias %db, ptr addrspace(1) noalias %out) {
entry:
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %da, i32 0, i32 0, i32 16384)
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %db, i32 0, i32 0, i32 16384)
  %d0 = call <L x float> @tileas.wgmma.typed(<L x float> zeroinitializer, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0, i32 1826)
  %d1 = call <L x float> @tileas.wgmma.typed(<L x float> %d0, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 3, i32 1826)
  store <L x float> %d1, ptr addrspace(1) %out, align 16
  ret void
}

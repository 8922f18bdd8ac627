; wgmma with the accumulator of its real per-thread shape: a `<L x float>`
; @tileas.wgmma, L >= 8, is wgmma m64n(2L)k16 (L f32 per thread), one
; WGMMA_XL over its L / 4 fragments, result fragments first, then the
; accumulator's, the A and B tiles and the k-block. `<4 x float>` stays the
; one-fragment WGMMA that Hopper's scheduling tests use (the PTX printer
; refuses it). wgmma is Hopper's: every RUN line is -mcpu=sm_90a (Blackwell
; refuses it, machines/wgmma-blackwell.test). Each RUN line sets L.
; RUN: sed 's/<L x/<4 x/g' %s | %llc -march=tileas -mcpu=sm_90a -verify-machineinstrs -stop-after=finalize-isel -o - | FileCheck %s --check-prefix=MIR-X4
; RUN: sed 's/<L x/<8 x/g' %s | %llc -march=tileas -mcpu=sm_90a -verify-machineinstrs -stop-after=finalize-isel -o - | FileCheck %s --check-prefix=MIR-X8
; RUN: sed 's/<L x/<16 x/g' %s | %llc -march=tileas -mcpu=sm_90a -verify-machineinstrs -stop-after=finalize-isel -o - | FileCheck %s --check-prefix=MIR-X16
; RUN: sed 's/<L x/<32 x/g' %s | %llc -march=tileas -mcpu=sm_90a -verify-machineinstrs -stop-after=finalize-isel -o - | FileCheck %s --check-prefix=MIR-X32
; RUN: sed 's/<L x/<64 x/g' %s | %llc -march=tileas -mcpu=sm_90a -verify-machineinstrs -stop-after=finalize-isel -o - | FileCheck %s --check-prefix=MIR-X64
; RUN: sed 's/<L x/<128 x/g' %s | %llc -march=tileas -mcpu=sm_90a -verify-machineinstrs -stop-after=finalize-isel -o - | FileCheck %s --check-prefix=MIR-X128

; MIR-X4:      %[[A:[0-9]+]]:tile = TMA_LOAD
; MIR-X4-NEXT: %[[B:[0-9]+]]:tile = TMA_LOAD
; MIR-X4:      %[[D0:[0-9]+]]:frag = WGMMA %{{[0-9]+}}, %[[A]], %[[B]], 0
; MIR-X4-NEXT: %{{[0-9]+}}:frag = WGMMA {{(killed )?}}%[[D0]], %[[A]], %[[B]], 5

; MIR-X8:      %[[A:[0-9]+]]:tile = TMA_LOAD
; MIR-X8-NEXT: %[[B:[0-9]+]]:tile = TMA_LOAD
; MIR-X8:      %[[D0:[0-9]+]]:frag, %[[D1:[0-9]+]]:frag = WGMMA_X8 %{{[0-9]+}}, %{{[0-9]+}}, %[[A]], %[[B]], 0
; MIR-X8-NEXT: %{{[0-9]+}}:frag, %{{[0-9]+}}:frag = WGMMA_X8 {{(killed )?}}%[[D0]], {{(killed )?}}%[[D1]], %[[A]], %[[B]], 5

; MIR-X16:      %[[D0:[0-9]+]]:frag, {{.*}}, %[[D3:[0-9]+]]:frag = WGMMA_X16 {{((killed )?%[0-9]+, ){4}()}}%{{[0-9]+}}, %{{[0-9]+}}, 0
; MIR-X16-NEXT: = WGMMA_X16 {{(killed )?}}%[[D0]], {{.*}}, {{(killed )?}}%[[D3]], %{{[0-9]+}}, %{{[0-9]+}}, 5

; MIR-X32:      = WGMMA_X32 {{((killed )?%[0-9]+, ){8}()}}%{{[0-9]+}}, %{{[0-9]+}}, 0
; MIR-X32-NEXT: = WGMMA_X32 {{((killed )?%[0-9]+, ){8}()}}%{{[0-9]+}}, %{{[0-9]+}}, 5

; MIR-X64:      = WGMMA_X64 {{((killed )?%[0-9]+, ){16}()}}%{{[0-9]+}}, %{{[0-9]+}}, 0
; MIR-X64-NEXT: = WGMMA_X64 {{((killed )?%[0-9]+, ){16}()}}%{{[0-9]+}}, %{{[0-9]+}}, 5

; MIR-X128:      = WGMMA_X128 {{((killed )?%[0-9]+, ){32}()}}%{{[0-9]+}}, %{{[0-9]+}}, 0
; MIR-X128-NEXT: = WGMMA_X128 {{((killed )?%[0-9]+, ){32}()}}%{{[0-9]+}}, %{{[0-9]+}}, 5

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare <L x float> @tileas.wgmma(<L x float>, ptr addrspace(3), ptr addrspace(3), i32) convergent nounwind willreturn memory(argmem: read)

define void @wgmma(ptr noalias %da, ptr noalias %db, ptr addrspace(1) noalias %out) {
entry:
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %da, i32 0, i32 0, i32 16384)
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %db, i32 0, i32 0, i32 16384)
  %d0 = call <L x float> @tileas.wgmma(<L x float> zeroinitializer, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0)
  %d1 = call <L x float> @tileas.wgmma(<L x float> %d0, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 5)
  store <L x float> %d1, ptr addrspace(1) %out, align 16
  ret void
}

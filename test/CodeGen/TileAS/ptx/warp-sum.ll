; A warp's sum in PTX (tileas.warp.sum, WARP_SUM): a dot product of two
; 128-element vectors spread over a warp, four elements per thread (lane l
; holds elements 4l .. 4l+3). The thread's partial product's four lanes are
; added, then five butterfly steps (lane xor 16, 8, 4, 2, 1; clamp 31; the
; full-warp mask) each add the partner's partial sum, so every lane of every
; thread ends with the whole sum; the result fragment holds it in all four
; lanes. The same on sm_90a (no wgmma in the function). ptxas accepts both
; (warp-sum-ptxas.test).
; RUN: %llc -march=tileas -mcpu=sm_100a %s -o - | FileCheck %s
; RUN: %llc -march=tileas -mcpu=sm_90a %s -o - | FileCheck %s

; CHECK-LABEL: .entry warp_dot(
; CHECK:       // WARP_SUM
; CHECK-NEXT:  add.rn.f32 %x10, {{%f[0-9]+}}, {{%f[0-9]+}};
; CHECK-NEXT:  add.rn.f32 %x11, {{%f[0-9]+}}, {{%f[0-9]+}};
; CHECK-NEXT:  add.rn.f32 %x10, %x10, %x11;{{.*}}
; CHECK-NEXT:  shfl.sync.bfly.b32 %x12, %x10, 16, 31, 0xffffffff;
; CHECK-NEXT:  add.rn.f32 %x10, %x10, %x12;
; CHECK-NEXT:  shfl.sync.bfly.b32 %x12, %x10, 8, 31, 0xffffffff;
; CHECK-NEXT:  add.rn.f32 %x10, %x10, %x12;
; CHECK-NEXT:  shfl.sync.bfly.b32 %x12, %x10, 4, 31, 0xffffffff;
; CHECK-NEXT:  add.rn.f32 %x10, %x10, %x12;
; CHECK-NEXT:  shfl.sync.bfly.b32 %x12, %x10, 2, 31, 0xffffffff;
; CHECK-NEXT:  add.rn.f32 %x10, %x10, %x12;
; CHECK-NEXT:  shfl.sync.bfly.b32 %x12, %x10, 1, 31, 0xffffffff;
; CHECK-NEXT:  add.rn.f32 %x10, %x10, %x12;
; CHECK-NEXT:  mov.b32 [[D0:%f[0-9]+]], %x10;
; CHECK-NEXT:  mov.b32 [[D1:%f[0-9]+]], %x10;
; CHECK-NEXT:  mov.b32 [[D2:%f[0-9]+]], %x10;
; CHECK-NEXT:  mov.b32 [[D3:%f[0-9]+]], %x10;
; CHECK-NOT:   shfl.sync
; CHECK:       st.global.v4.b32 [%rd{{[0-9]+}}], {[[D0]], [[D1]], [[D2]], [[D3]]};
; CHECK:       ret;

declare i32 @tileas.acc.row() nounwind willreturn memory(none)
declare <4 x float> @tileas.warp.sum(<4 x float>) convergent nounwind willreturn memory(none)

define void @warp_dot(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %b, ptr addrspace(1) noalias %out) {
entry:
  %row = call i32 @tileas.acc.row()
  %lane = and i32 %row, 31
  %lane64 = zext i32 %lane to i64
  %pa = getelementptr [4 x float], ptr addrspace(1) %a, i64 %lane64
  %pb = getelementptr [4 x float], ptr addrspace(1) %b, i64 %lane64
  %va = load <4 x float>, ptr addrspace(1) %pa, align 16
  %vb = load <4 x float>, ptr addrspace(1) %pb, align 16
  %part = fmul <4 x float> %va, %vb
  %dot = call <4 x float> @tileas.warp.sum(<4 x float> %part)
  store <4 x float> %dot, ptr addrspace(1) %out, align 16
  ret void
}

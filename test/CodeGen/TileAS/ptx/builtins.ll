; Each tile builtin's PTX sequence in a kernel that is not pipelined (the
; `none` strategy: no coordination, so every asynchronous operation waits
; for its own completion). One thread issues TMA, bulk copies, tcgen05.mma
; and its commit (the elected lane of warp 0, %q2); warp 0 allocates and
; frees tensor memory; each warp reads and writes its own 32 TMEM lanes.
; RUN: %llc -march=tileas -mcpu=sm_100a -tileas-pipeline-strategy=none %s -o - \
; RUN:   | FileCheck %s

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare void @tileas.tma.store(ptr addrspace(3), ptr, i32, i32) nounwind willreturn
declare ptr addrspace(3) @tileas.cp.async(ptr addrspace(1), i32) nounwind willreturn memory(argmem: read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)
declare ptr addrspace(6) @tileas.tmem.store(ptr addrspace(6), <4 x float>) convergent nounwind willreturn memory(argmem: readwrite)
declare ptr addrspace(3) @tileas.smem.tile(<4 x float>, i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare <4 x float> @tileas.smem.load(ptr addrspace(3), i32) nounwind willreturn memory(argmem: read)
declare <4 x float> @tileas.redux.max(<4 x float>) convergent nounwind willreturn memory(none)
declare <4 x float> @tileas.fadd.f32x2(<4 x float>, <4 x float>) nounwind willreturn memory(none)
declare void @tileas.bar.sync(i32, i32) convergent nounwind willreturn
declare void @tileas.bar.arrive(i32, i32) convergent nounwind willreturn

define void @builtins(ptr noalias %da, ptr addrspace(1) noalias %src, ptr noalias %dc, i32 %x) {
entry:
  %acc0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %da, i32 %x, i32 0, i32 16384)
  %b = call ptr addrspace(3) @tileas.cp.async(ptr addrspace(1) %src, i32 16384)
  %acc1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc0, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 1, i32 65536)
  %f0 = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc1)
  %s = call <4 x float> @tileas.smem.load(ptr addrspace(3) %a, i32 %x)
  %m = call <4 x float> @tileas.redux.max(<4 x float> %f0)
  %p = call <4 x float> @tileas.fadd.f32x2(<4 x float> %m, <4 x float> %s)
  %acc2 = call ptr addrspace(6) @tileas.tmem.store(ptr addrspace(6) %acc1, <4 x float> %p)
  call void @tileas.bar.sync(i32 1, i32 128)
  %t = call ptr addrspace(3) @tileas.smem.tile(<4 x float> %p, i32 2048)
  call void @tileas.bar.arrive(i32 2, i32 128)
  call void @tileas.tma.store(ptr addrspace(3) %t, ptr %dc, i32 %x, i32 0)
  ret void
}

; The arena: the tiles no ring holds, their mbarriers, the MMA issuer's
; mbarrier and the word tcgen05.alloc writes.
; CHECK:      // shared arena: {{[0-9]+}} of 232448 bytes, .align 1024
; CHECK-DAG:  //   0x{{[0-9a-f]+}}  buffer tile bb.0 #0: 16384 B, align 1024
; CHECK-DAG:  //   0x{{[0-9a-f]+}}  buffer tmem address 0: 4 B, align 8
; CHECK-DAG:  //   0x{{[0-9a-f]+}}  buffer mbarrier of the MMA issuer: 8 B, align 8
; CHECK:      .param .align 128 .b8 builtins_param_0[128],
; CHECK-NEXT: .param .u64 builtins_param_1,
; CHECK-NEXT: .param .align 128 .b8 builtins_param_2[128],

; CHECK:      // TMEM_ALLOC
; CHECK-NEXT: add.u32 %x10, %x2, [[WORD:[0-9]+]];
; CHECK-NEXT: @!%q1 bra.uni [[SKIP:\$L__TA0_[0-9]+]];
; CHECK-NEXT: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%x10], 128;
; CHECK-NEXT: tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
; CHECK-NEXT: [[SKIP]]:
; CHECK-NEXT: tcgen05.fence::before_thread_sync;
; CHECK-NEXT: bar.sync 0, 128;
; CHECK-NEXT: tcgen05.fence::after_thread_sync;
; CHECK-NEXT: ld.shared.b32 %[[ACC:tmem[0-9]+]], [%x10];
; A fresh accumulator is zero: four 32-column stores per warp.
; CHECK-NEXT: add.u32 %x11, %[[ACC]], %x3;
; CHECK-NEXT: mov.b32 %x12, 0;
; CHECK-NEXT: add.u32 %x13, %x11, 0;
; CHECK-NEXT: tcgen05.st.sync.aligned.32x32b.x32.b32 [%x13], {%x12, %x12,
; CHECK-COUNT-3: tcgen05.st.sync.aligned.32x32b.x32.b32
; CHECK-NEXT: tcgen05.wait::st.sync.aligned;

; CHECK:      // TMA_LOAD
; CHECK-NEXT: bar.sync 0, 128; // the buffer's readers are done
; CHECK-NEXT: add.u32 %[[A:tile[0-9]+]], %x2, 0;
; CHECK-NEXT: add.u32 %x9, %x2, [[ABAR:[0-9]+]];
; CHECK-NEXT: @%q2 mbarrier.arrive.expect_tx.shared::cta.b64 _, [%x9], 16384;
; CHECK-NEXT: @%q2 cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes [%[[A]]], [%rd0, {%r0, %r{{[0-9]+}}}], [%x9];
; CHECK-NEXT: add.u32 %x9, %x2, [[ABAR]];
; CHECK-NEXT: [[W:\$L__TA0_[0-9]+]]:
; CHECK-NEXT: mbarrier.try_wait.parity.shared::cta.b64 %q3, [%x9], %[[APH:ph[0-9]+]];
; CHECK-NEXT: @!%q3 bra [[W]];
; CHECK-NEXT: bar.warp.sync -1;
; CHECK-NEXT: tcgen05.fence::after_thread_sync;
; CHECK-NEXT: xor.b32 %[[APH]], %[[APH]], 1;

; CHECK:      // CP_ASYNC
; CHECK:      @%q2 mbarrier.arrive.expect_tx.shared::cta.b64 _, [%x9], 16384;
; CHECK-NEXT: @%q2 cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [%[[B:tile[0-9]+]]], [%rd1], 16384, [%x9];
; CHECK:      xor.b32 %[[BPH:ph[0-9]+]], %[[BPH]], 1;

; The descriptors of the two tiles at k-block 1 (32 bytes: + 2), the
; instruction descriptor, the MMA by the elected lane, then (not pipelined)
; its commit and the wait for it.
; CHECK:      // MMA_TMEM
; CHECK-NEXT: shr.u32 %x11, %[[A]], 4;
; CHECK-NEXT: and.b32 %x11, %x11, 16383;
; CHECK-NEXT: cvt.u64.u32 %xd0, %x11;
; CHECK-NEXT: or.b64 %xd0, %xd0, 0x4000404000010000; // start 0x0, LBO 16, SBO 1024, base 0, swizzle 128B
; CHECK-NEXT: add.s64 %xd0, %xd0, 2; // k-block 1
; CHECK-NEXT: shr.u32 %x11, %[[B]], 4;
; CHECK:      add.s64 %xd1, %xd1, 2; // k-block 1
; CHECK-NEXT: mov.b32 %x10, 0x8200490; // kind::f16 M128 N128 K16, f32 <- bf16 x bf16, A K-major, B K-major
; CHECK-NEXT: @%q2 tcgen05.mma.cta_group::1.kind::f16 [%[[ACC]]], %xd0, %xd1, %x10, %q5;
; CHECK-NEXT: add.u32 %x9, %x2, [[MMABAR:[0-9]+]];
; CHECK-NEXT: @%q2 tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%x9];
; CHECK-NEXT: add.u32 %x9, %x2, [[MMABAR]];
; CHECK:      mbarrier.try_wait.parity.shared::cta.b64 %q3, [%x9], %[[MPH:ph[0-9]+]];

; CHECK:      // LDS
; CHECK-NEXT: add.u32 %x10, %[[A]], %r0;
; CHECK-NEXT: ld.shared.v4.b32 {%f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}}, [%x10];

; CHECK:      // TMEM_LD
; CHECK-NEXT: add.u32 %x10, %[[ACC]], %x3;
; CHECK-NEXT: tcgen05.ld.sync.aligned.32x32b.x4.b32 {%f[[F0:[0-9]+]], %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}}, [%x10];
; CHECK-NEXT: tcgen05.wait::ld.sync.aligned;

; The row's maximum over the thread's four columns, in every lane.
; CHECK:      // FRMAX
; CHECK-NEXT: max.f32 %x10, %f{{[0-9]+}}, %f{{[0-9]+}};
; CHECK-NEXT: max.f32 %x11, %f{{[0-9]+}}, %f{{[0-9]+}};
; CHECK-NEXT: max.f32 %x10, %x10, %x11;
; CHECK-COUNT-4: mov.b32 %f{{[0-9]+}}, %x10;

; Two f32x2 operations on packed pairs.
; CHECK:      // FADD2
; CHECK-NEXT: mov.b64 %xd0, {%f{{[0-9]+}}, %f{{[0-9]+}}};
; CHECK-NEXT: mov.b64 %xd1, {%f{{[0-9]+}}, %f{{[0-9]+}}};
; CHECK-NEXT: add.rn.f32x2 %xd3, %xd0, %xd1;
; CHECK-NEXT: mov.b64 {%f{{[0-9]+}}, %f{{[0-9]+}}}, %xd3;
; CHECK-COUNT-2: mov.b64 %xd
; CHECK-NEXT: add.rn.f32x2 %xd3, %xd0, %xd1;

; CHECK:      // TMEM_ST
; CHECK-NEXT: add.u32 %x10, %[[ACC]], %x3;
; CHECK-NEXT: tcgen05.st.sync.aligned.32x32b.x4.b32 [%x10], {%f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}};
; CHECK-NEXT: tcgen05.wait::st.sync.aligned;

; CHECK:      // BAR_SYNC
; CHECK-NEXT: bar.sync 1, 128;

; Thread t writes its fragment at byte 16 t of its own 2048-byte buffer,
; between CTA barriers; the TMA store reads it through the async proxy.
; CHECK:      // STS
; CHECK-NEXT: bar.sync 0, 128;
; CHECK-NEXT: add.u32 %[[T:tile[0-9]+]], %x2, {{[0-9]+}};
; CHECK-NEXT: shl.b32 %x10, %x0, 4;
; CHECK-NEXT: setp.lt.u32 %q4, %x10, 2048;
; CHECK-NEXT: add.u32 %x10, %x10, %[[T]];
; CHECK-NEXT: @%q4 st.shared.v4.b32 [%x10], {%f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}};
; CHECK-NEXT: fence.proxy.async.shared::cta;
; CHECK-NEXT: bar.sync 0, 128;

; CHECK:      // BAR_ARRIVE
; CHECK-NEXT: bar.arrive 2, 128;

; CHECK:      // TMA_STORE
; CHECK-NEXT: fence.proxy.async.shared::cta;
; CHECK-NEXT: bar.sync 0, 128;
; CHECK-NEXT: @%q2 cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd2, {%r0, %r{{[0-9]+}}}], [%[[T]]];
; CHECK-NEXT: @%q2 cp.async.bulk.commit_group;
; CHECK-NEXT: @%q2 cp.async.bulk.wait_group.read 0;

; The return waits for the MMAs and the stores, and frees tensor memory.
; CHECK:      // RET
; CHECK-NEXT: add.u32 %x9, %x2, [[MMABAR]];
; CHECK-NEXT: @%q2 tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%x9];
; CHECK:      xor.b32 %[[MPH]], %[[MPH]], 1;
; CHECK-NEXT: @%q2 cp.async.bulk.wait_group 0;
; CHECK-NEXT: tcgen05.fence::before_thread_sync;
; CHECK-NEXT: bar.sync 0, 128;
; CHECK-NEXT: @!%q1 bra.uni [[END:\$L__TA0_[0-9]+]];
; CHECK-NEXT: tcgen05.fence::after_thread_sync;
; CHECK-NEXT: ld.shared.b32 %x10, [%x2+[[WORD]]];
; CHECK-NEXT: tcgen05.dealloc.cta_group::1.sync.aligned.b32 %x10, 128;
; CHECK-NEXT: [[END]]:
; CHECK-NEXT: ret;

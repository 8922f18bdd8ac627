; A kernel none of the passes was written against: the gated MLP (SwiGLU)
; mainloop of a transformer's feed-forward layer. Each k-tile brings an
; activation tile and two weight tiles (gate and up) by TMA, and two tensor
; core chains accumulate x*Wg and x*Wu; the epilogue, after the loop, reads
; both accumulators. Warp-specialized, the load warp issues the three TMAs,
; the MMA warp the four MMAs, and the compute warps have only the loop
; control in the loop.
;
; RUN: %llc -march=tileas -tileas-pipeline-strategy=warp-specialized \
; RUN:   -stop-after=tileas-materialize-schedule -verify-machineinstrs \
; RUN:   -pass-remarks=tileas-materialize-schedule \
; RUN:   -pass-remarks-output=%t.yaml %s -o %t.mir 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %tileas-protocol-check %t.mir --trip-counts=1,2,3,5 | FileCheck %s --check-prefix=PROTO
; RUN: %tileas-sim %t.mir --trip-count=128 --remarks=%t.yaml --json | FileCheck %s --check-prefix=SIM
; RUN: %tileas-sim %t.mir --trip-count=128 | FileCheck %s --check-prefix=IDLE
;
; REMARK: warp-specialized at II=33 with 5 stages into 3 agents: compute ({{.*}}), load (1 warp(s), {{.*}}), mma (1 warp(s),
; PROTO-COUNT-4: swiglu trip count {{[0-9]}}: ok
;
; The load and MMA warps run the kernel 124 times at the II. The compute
; warps have nothing to issue in the loop but its control (an unsigned
; compare: the bound and the counter with their sign bits flipped), so they
; skip it and wait for the accumulators: running the empty loop took issue
; cycles from the load warp (4466 cycles in all against 4393 then, 4383
; now that the dispatch reads the first k offset, a shift of 0, as the
; preamble's constant; the unspecialized loop takes 4394).
; SIM:      "cycles_per_iteration": 33,
; SIM-NEXT: "ii": 33,
; IDLE-NOT:  agent compute)
; IDLE:      agent compute: 13 instructions
declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)

define void @swiglu(ptr noalias %dx, ptr noalias %dg, ptr noalias %du, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %g0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %u0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %g = phi ptr addrspace(6) [ %g0, %entry ], [ %g2, %loop ]
  %u = phi ptr addrspace(6) [ %u0, %entry ], [ %u2, %loop ]
  %kx = mul i32 %k, 64
  %x = call ptr addrspace(3) @tileas.tma.load(ptr %dx, i32 %kx, i32 0, i32 16384)
  %wg = call ptr addrspace(3) @tileas.tma.load(ptr %dg, i32 0, i32 %kx, i32 16384)
  %wu = call ptr addrspace(3) @tileas.tma.load(ptr %du, i32 0, i32 %kx, i32 16384)
  %g1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %g, ptr addrspace(3) %x, ptr addrspace(3) %wg, i32 0, i32 65536)
  %u1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %u, ptr addrspace(3) %x, ptr addrspace(3) %wu, i32 0, i32 65536)
  %g2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %g1, ptr addrspace(3) %x, ptr addrspace(3) %wg, i32 1, i32 65536)
  %u2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %u1, ptr addrspace(3) %x, ptr addrspace(3) %wu, i32 1, i32 65536)
  %k1 = add nuw nsw i32 %k, 1
  %c = icmp ult i32 %k1, %n
  br i1 %c, label %loop, label %exit
exit:
  %gv = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %g2)
  %uv = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %u2)
  %p = fmul <4 x float> %gv, %uv
  store <4 x float> %p, ptr addrspace(1) %out, align 16
  ret void
}

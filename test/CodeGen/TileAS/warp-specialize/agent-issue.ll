; Every agent of a warp-specialized loop issues on the one machine. Here the
; load warp's cp.async and the compute warps' store each need a 64-bit
; address (a row of 64 bytes: six doublings of the index) and the loop
; control, which both agents would recompute: ten more ALU instructions a
; round than the unspecialized loop, whose II of 13 already holds the ALU
; twelve cycles. Specialized, it would run at about 20 cycles an iteration
; (tileas-sim: 19.4); the materialization decides it from the machine model
; and keeps the loop unspecialized, saying so. (A kernel of
; utils/fuzz/tileas-kernel-gen.py --seed=2.)
;
; RUN: %llc -march=tileas -tileas-pipeline-strategy=warp-specialized \
; RUN:   -stop-after=tileas-materialize-schedule -verify-machineinstrs \
; RUN:   -pass-remarks-missed=tileas-materialize-schedule %s -o %t.mir 2>&1 | FileCheck %s
; RUN: FileCheck %s --check-prefix=CODE < %t.mir
;
; CHECK: loop bb.1 in rows_to_out not warp-specialized: its 2 agents would issue 10 instructions more than the unspecialized loop (scalars each recomputes, its own loop control), which needs II 20 on the machine's slots where the schedule has 13; it is materialized unspecialized
; CODE-NOT: AGENT_SWITCH
; CODE: CP_ASYNC
declare ptr addrspace(3) @tileas.cp.async(ptr addrspace(1), i32) nounwind willreturn memory(argmem: read)
declare <4 x float> @tileas.smem.load(ptr addrspace(3), i32) nounwind willreturn memory(argmem: read)
declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)

define void @rows_to_out(ptr noalias %d0, ptr addrspace(1) noalias readonly %src0, ptr addrspace(1) noalias readonly %src1, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %kx = shl i32 %k, 6
  %t0 = call ptr addrspace(3) @tileas.tma.load(ptr %d0, i32 0, i32 %kx, i32 16384)
  %k64 = zext i32 %k to i64
  %row0 = getelementptr [64 x i8], ptr addrspace(1) %src0, i64 %k64
  %c0 = call ptr addrspace(3) @tileas.cp.async(ptr addrspace(1) %row0, i32 1024)
  %row1 = getelementptr [4096 x i8], ptr addrspace(1) %src1, i64 %k64
  %c1 = call ptr addrspace(3) @tileas.cp.async(ptr addrspace(1) %row1, i32 4096)
  %v0 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %c0, i32 0)
  %k64o = zext i32 %k to i64
  %dst = getelementptr <4 x float>, ptr addrspace(1) %out, i64 %k64o
  store <4 x float> %v0, ptr addrspace(1) %dst, align 16
  %k.next = add nuw nsw i32 %k, 1
  %more = icmp ult i32 %k.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

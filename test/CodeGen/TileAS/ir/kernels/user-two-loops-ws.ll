; XFAIL: *
; Defect for the warp-specialization / simulator owners (not fixed here):
; a function with two pipelined loops, warp-specialized. The first loop is
; specialized; the second, after it, is materialized unspecialized (remark:
; "an earlier loop of the function is warp-specialized"). Only the compute
; agent continues past the first loop, so it issues the second loop's pipe
; operations, but that pipe's PIPE_CREATE gives both of its sides to agent
; 0 (the preamble). tileas-protocol-check accepts the result; tileas-sim
; refuses it: "PIPE_PRODUCER_ACQUIRE ...: run by agent 1 (compute), but
; PIPE_CREATE gives the producer side of pipe 1 to the preamble (0)".
; Either the second loop's pipes must name the agent that runs them, or the
; simulator is wrong to refuse them; the protocol checker and the simulator
; should agree either way. Unspecialized, both accept it (first RUN lines).
;
; RUN: %llc -march=tileas -verify-machineinstrs -stop-after=tileas-materialize-schedule %s -o %t.u.mir
; RUN: %tileas-protocol-check %t.u.mir --trip-counts=1,2,3
; RUN: %tileas-sim %t.u.mir --trip-count=64
; RUN: %llc -march=tileas -verify-machineinstrs -tileas-pipeline-strategy=warp-specialized \
; RUN:   -stop-after=tileas-materialize-schedule %s -o %t.ws.mir
; RUN: %tileas-protocol-check %t.ws.mir --trip-counts=1,2,3
; RUN: %tileas-sim %t.ws.mir --trip-count=64
declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare <4 x float> @tileas.smem.load(ptr addrspace(3), i32) nounwind willreturn memory(argmem: read)
define void @twoloops(ptr noalias %da, ptr noalias %db, ptr addrspace(1) noalias %out, i32 %n, i32 %m) {
entry:
  br label %l1
l1:
  %k = phi i32 [ 0, %entry ], [ %k.next, %l1 ]
  %r = phi <4 x float> [ zeroinitializer, %entry ], [ %r.next, %l1 ]
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %da, i32 %k, i32 0, i32 8192)
  %v = call <4 x float> @tileas.smem.load(ptr addrspace(3) %a, i32 0)
  %r.next = fadd <4 x float> %r, %v
  %k.next = add nsw i32 %k, 1
  %more = icmp slt i32 %k.next, %n
  br i1 %more, label %l1, label %mid
mid:
  br label %l2
l2:
  %j = phi i32 [ 0, %mid ], [ %j.next, %l2 ]
  %s = phi <4 x float> [ %r.next, %mid ], [ %s.next, %l2 ]
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %db, i32 %j, i32 0, i32 8192)
  %w = call <4 x float> @tileas.smem.load(ptr addrspace(3) %b, i32 16)
  %s.next = fmul <4 x float> %s, %w
  %j.next = add nsw i32 %j, 1
  %more2 = icmp slt i32 %j.next, %m
  br i1 %more2, label %l2, label %exit
exit:
  store <4 x float> %s.next, ptr addrspace(1) %out, align 16
  ret void
}

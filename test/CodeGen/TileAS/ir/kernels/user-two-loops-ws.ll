; A function with two pipelined loops, warp-specialized. The first loop is
; specialized; the second, after it, is materialized unspecialized (remark:
; "an earlier loop of the function is warp-specialized"). Only the compute
; agent's warps continue past the first loop (the load and MMA warps
; return), so they alone run the second loop: its PIPE_CREATE, after the
; dispatch, must name the compute agent (1) for both sides, as the pipe
; pseudos' agent operands name the agent that runs them. Naming 0 (the code
; before the dispatch) there was a user-found defect: tileas-protocol-check
; accepted it and tileas-sim refused it. Now both refuse it (seeded below).
;
; Unspecialized, both loops are the one stream's (agents 0).
; RUN: %llc -march=tileas -verify-machineinstrs -stop-after=tileas-materialize-schedule %s -o %t.u.mir
; RUN: FileCheck %s --check-prefix=UNSPEC < %t.u.mir
; UNSPEC: PIPE_CREATE 0, {{.*}}, 1, 0, 0
; UNSPEC: PIPE_CREATE 1, {{.*}}, 1, 0, 0
; RUN: %tileas-protocol-check %t.u.mir --trip-counts=1,2,3 | FileCheck %s --check-prefix=OK
; RUN: %tileas-sim %t.u.mir --trip-count=64 | FileCheck %s --check-prefix=USIM
; USIM: twoloops trip count 64 (with %11 = 64, %12 = 64): 1414 cycles
;
; Warp-specialized: pipe 0 from the load warp (2) to the compute warps (1),
; created before the dispatch; pipe 1 created and run by the compute warps.
; RUN: %llc -march=tileas -verify-machineinstrs -tileas-pipeline-strategy=warp-specialized \
; RUN:   -stop-after=tileas-materialize-schedule %s -o %t.ws.mir
; RUN: FileCheck %s --check-prefix=WS < %t.ws.mir
; WS:      PIPE_CREATE 0, {{[0-9]+}}, 8192, 1, 2, 5, 0, %{{[0-9]+}}, 1, 2, 1
; WS:      AGENT_SWITCH 1,
; WS:      bb.{{[0-9]+}}.mid:
; WS:      PIPE_CREATE 1, {{[0-9]+}}, 8192, 1, 2, 5, 0, %{{[0-9]+}}, 1, 1, 1
; RUN: %tileas-protocol-check %t.ws.mir --trip-counts=1,2,3 | FileCheck %s --check-prefix=OK
; OK: twoloops trip count 1: ok
; OK: twoloops trip count 2: ok
; OK: twoloops trip count 3: ok
; RUN: %tileas-sim %t.ws.mir --trip-count=64 | FileCheck %s --check-prefix=WSSIM
; WSSIM: twoloops trip count 64 (with %11 = 64, %12 = 64): 1405 cycles
; WSSIM: loop {{.*}} (agent compute): 51 iterations
; WSSIM: loop {{.*}} (agent compute): 51 iterations
;
; Seeded mistakes: the second loop's pipe names the code before the
; dispatch (the old form), or the load warp, as its producer. Both tools
; name the instruction the compute warps run for the other side.
; RUN: sed -E 's/(PIPE_CREATE 1, .*), 1, 1, 1$/\1, 1, 0, 0/' %t.ws.mir > %t.zero.mir
; RUN: not %tileas-protocol-check %t.zero.mir --trip-counts=1 | FileCheck %s --check-prefix=ZERO
; ZERO: twoloops trip count 1: wrong agent: bb.{{[0-9]+}}: PIPE_PRODUCER_ACQUIRE 1, {{.*}}: issued by agent 1 (compute), but PIPE_CREATE of pipe 1 names the code before the dispatch (0) as the producer
; ZERO: wrong agent: bb.{{[0-9]+}}: PIPE_CONSUMER_RELEASE 1, {{.*}}: issued by agent 1 (compute), but PIPE_CREATE of pipe 1 names the code before the dispatch (0) as the consumer
; RUN: not %tileas-sim %t.zero.mir --trip-count=4 2>&1 | FileCheck %s --check-prefix=ZEROSIM
; ZEROSIM: error: twoloops: bb.{{[0-9]+}}: PIPE_PRODUCER_ACQUIRE 1, {{.*}}: run by agent 1 (compute), but PIPE_CREATE gives the producer side of pipe 1 to the preamble (0)
; RUN: sed -E 's/(PIPE_CREATE 1, .*), 1, 1, 1$/\1, 1, 2, 1/' %t.ws.mir > %t.load.mir
; RUN: not %tileas-protocol-check %t.load.mir --trip-counts=1 | FileCheck %s --check-prefix=LOAD
; LOAD: twoloops trip count 1: wrong agent: bb.{{[0-9]+}}: PIPE_PRODUCER_ACQUIRE 1, {{.*}}: issued by agent 1 (compute), but PIPE_CREATE of pipe 1 names agent 2 (load) as the producer
; LOAD-NOT: as the consumer
; RUN: not %tileas-sim %t.load.mir --trip-count=4 2>&1 | FileCheck %s --check-prefix=LOADSIM
; LOADSIM: error: twoloops: bb.{{[0-9]+}}: PIPE_PRODUCER_ACQUIRE 1, {{.*}}: run by agent 1 (compute), but PIPE_CREATE gives the producer side of pipe 1 to agent 2 (load)
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

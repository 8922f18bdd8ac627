; A TMA load of 0 bytes (a fuzzed gemm-bf16-tcgen05.ll and
; grouped-persistent-gemm.mir): pipelined, its ring had slots of 0 bytes,
; which the shared arena gives no slots, and the printer crashed asking
; for the slot's address. Now it is an error naming the kernel, the block
; and the instruction under every strategy, and llc exits 1.
; RUN: not %llc -march=tileas -mcpu=sm_100a -tileas-pipeline-strategy=none %s -o /dev/null 2>&1 | FileCheck %s
; RUN: not %llc -march=tileas -mcpu=sm_100a -tileas-pipeline-strategy=unspecialized %s -o /dev/null 2>&1 | FileCheck %s
; RUN: not %llc -march=tileas -mcpu=sm_100a -tileas-pipeline-strategy=warp-specialized %s -o /dev/null 2>&1 | FileCheck %s
; CHECK: error: zero_bytes bb.{{[0-9]+}}: TMA_LOAD: makes a tile of 0 bytes
; CHECK-NOT: {{Stack dump|LLVM ERROR}}

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)

define void @zero_bytes(ptr noalias %da, ptr noalias %db, i32 %n) {
entry:
  %acc0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi ptr addrspace(6) [ %acc0, %entry ], [ %acc1, %loop ]
  %kx = shl i32 %k, 6
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %da, i32 %kx, i32 0, i32 0)
  %b = call ptr addrspace(3) @tileas.tma.load(ptr %db, i32 %kx, i32 0, i32 16384)
  %acc1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 0, i32 65536)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

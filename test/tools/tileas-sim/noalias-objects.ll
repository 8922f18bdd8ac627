; The simulator orders a load after the earlier stores that may touch its
; object, no others: the store to %out and the TMA loads of the next
; iterations access distinct noalias parameters, which the scheduler's
; dependences leave unordered (II 24, the resource bound), and the simulated
; loop runs at 24 too. Ordering every global load after every global store
; ran it at 28 (a kernel of tileas-kernel-gen.py, seed 1).
;
; RUN: %llc -march=tileas -verify-machineinstrs -stop-after=tileas-materialize-schedule \
; RUN:   -pass-remarks-output=%t.yaml %s -o %t.mir
; RUN: %tileas-sim %t.mir --trip-count=64 --remarks=%t.yaml --expect-ii | FileCheck %s
; CHECK: 24 cycles per iteration in the steady state (loop bb.2), scheduled II 24
;
; Without IR values in the memory operands (the MIR as printed, its IR
; dropped), nothing names an object, and every load waits:
; RUN: sed -e '/^--- |/,/^\.\.\.$/d' -e 's/ from %ir\.[a-z0-9_.]*//; s/ into %ir\.[a-z0-9_.]*//' \
; RUN:   -e 's/\(bb\.[0-9]*\)\.[a-z][a-z0-9_.]*/\1/g; s/ (%ir-block\.[0-9]*)//' %t.mir > %t.noir.mir
; RUN: not %tileas-sim %t.noir.mir --trip-count=64 --ii=24 --expect-ii 2>&1 | FileCheck %s --check-prefix=NOIR
; NOIR: 28 cycles per iteration
declare <4 x float> @tileas.smem.load(ptr addrspace(3), i32) nounwind willreturn memory(argmem: read)
declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)

define void @store_and_load(ptr noalias %d0, ptr noalias %d1, ptr noalias %d2, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %kx = shl i32 %k, 7
  %t0 = call ptr addrspace(3) @tileas.tma.load(ptr %d0, i32 0, i32 %kx, i32 8192)
  %t1 = call ptr addrspace(3) @tileas.tma.load(ptr %d1, i32 0, i32 %kx, i32 4096)
  %t2 = call ptr addrspace(3) @tileas.tma.load(ptr %d2, i32 0, i32 %kx, i32 16384)
  %v0 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %t1, i32 0)
  %v1 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %t0, i32 16)
  %v2 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %t2, i32 32)
  %f0 = fsub <4 x float> %v0, %v1
  %f1 = fadd <4 x float> %f0, %v2
  %k64o = zext i32 %k to i64
  %dst = getelementptr <4 x float>, ptr addrspace(1) %out, i64 %k64o
  store <4 x float> %f1, ptr addrspace(1) %dst, align 16
  %k.next = add nuw nsw i32 %k, 1
  %more = icmp ult i32 %k.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

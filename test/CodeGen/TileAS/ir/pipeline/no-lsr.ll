; Loop strength reduction, which llc runs on the IR before selection, changes
; nothing on TileAS (TileASTTIImpl: no LSR cost is less than another). A TMA
; coordinate k << 7 stays a shift of the one induction variable, as in the
; MIR corpus, instead of becoming an induction variable of its own that
; steps by 128 (one more loop-carried register, and for the ping-pong
; attention II 135 instead of 128: ../kernels/corpus-ll.test).
; RUN: %llc -march=tileas -O2 -print-after=loop-reduce %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=IR
; RUN: %llc -march=tileas -O2 -stop-after=finalize-isel %s -o - \
; RUN:   | FileCheck %s --check-prefix=MIR

; IR: IR Dump After Loop Strength Reduction
; IR-NOT: lsr.iv
; IR: %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
; IR-NOT: lsr.iv
; IR: %ky = shl i32 %k, 7
; IR-NOT: lsr.iv
; IR: %k.next = add i32 %k, 1
; IR-NOT: lsr.iv

; MIR-LABEL: bb.1.loop:
; MIR: [[K:%[0-9]+]]:gpr32 = PHI
; MIR-NOT: gpr32 = PHI
; MIR: [[KY:%[0-9]+]]:gpr32 = SHLri [[K]], 7
; MIR: TMA_LOAD {{%[0-9]+}}, {{%[0-9]+}}, [[KY]], 16384
; MIR: TMA_LOAD {{%[0-9]+}}, {{%[0-9]+}}, [[KY]], 16384
; MIR: {{%[0-9]+}}:gpr32 = ADDri [[K]], 1
; MIR-NOT: ADDri
; MIR: BR_P

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)

define void @kv_loop(ptr noalias %desc_k, ptr noalias %desc_v, ptr addrspace(1) noalias %out, i32 %tiles) {
entry:
  %acc0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi ptr addrspace(6) [ %acc0, %entry ], [ %acc2, %loop ]
  %ky = shl i32 %k, 7
  %kt = call ptr addrspace(3) @tileas.tma.load(ptr %desc_k, i32 0, i32 %ky, i32 16384)
  %vt = call ptr addrspace(3) @tileas.tma.load(ptr %desc_v, i32 0, i32 %ky, i32 16384)
  %acc1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc, ptr addrspace(3) %kt, ptr addrspace(3) %vt, i32 0, i32 65536)
  %acc2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc1, ptr addrspace(3) %kt, ptr addrspace(3) %vt, i32 1, i32 65536)
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %tiles
  br i1 %more, label %loop, label %exit

exit:
  %c = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc2)
  store <4 x float> %c, ptr addrspace(1) %out, align 16
  ret void
}

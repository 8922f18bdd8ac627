; A kernel written as a user would, against none of the tests: the page loop
; of a decode-attention kernel whose page table holds 32-bit page numbers,
; each widened to a 64-bit byte offset (an 8 KiB page: thirteen doublings)
; before its K and V halves are gathered by cp.async. The DAG combiner
; folded the table load and its zext into an extending 64-bit load, which
; stopped selection ("Cannot select: load ... zext from i32") until i64
; extending loads were expanded. The loop also exits on an unsigned compare.
; Pipelined at its resource bound, protocol-checked and simulated at its II.
;
; RUN: %llc -march=tileas -verify-machineinstrs -tileas-verify-schedule -stop-after=tileas-materialize-schedule \
; RUN:   -pass-remarks-analysis=tileas-generate-schedule -pass-remarks-output=%t.yaml \
; RUN:   %s -o %t.mir 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %tileas-protocol-check %t.mir --trip-counts=1,2,3,16 | FileCheck %s --check-prefix=PROTO
; RUN: %tileas-sim %t.mir --trip-count=128 --remarks=%t.yaml --expect-ii | FileCheck %s --check-prefix=SIM
; RUN: %llc -march=tileas -verify-machineinstrs -tileas-pipeline-strategy=warp-specialized %s -o - | FileCheck %s --check-prefix=ASM
;
; REMARK: loop bb.1 in decode_pages: II=28 MII=28 (res 28, {{.*}}optimal (the resource bound)
; PROTO-COUNT-4: decode_pages trip count {{[0-9]+}}: ok
; SIM: 28 cycles per iteration in the steady state {{.*}}scheduled II 28
; ASM: ld.global.b32
; ASM: cvt.u64.u32
; ASM: cp.async
; ASM: ret;
declare ptr addrspace(3) @tileas.cp.async(ptr addrspace(1), i32) nounwind willreturn memory(argmem: read)
declare <4 x float> @tileas.smem.load(ptr addrspace(3), i32) nounwind willreturn memory(argmem: read)
declare <4 x float> @tileas.redux.max(<4 x float>) convergent nounwind willreturn memory(none)
define void @decode_pages(ptr addrspace(1) noalias readonly %kv, ptr addrspace(1) noalias readonly %table, ptr addrspace(1) noalias %out, i64 %seq, i32 %npages, float %qs) {
entry:
  %qi = insertelement <4 x float> poison, float %qs, i64 0
  %q = shufflevector <4 x float> %qi, <4 x float> poison, <4 x i32> zeroinitializer
  %tbase = getelementptr i32, ptr addrspace(1) %table, i64 %seq
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %m = phi <4 x float> [ splat (float 0xFFF0000000000000), %entry ], [ %m.new, %loop ]
  %o = phi <4 x float> [ zeroinitializer, %entry ], [ %o.new, %loop ]
  %i64 = zext i32 %i to i64
  %pe = getelementptr i32, ptr addrspace(1) %tbase, i64 %i64
  %page = load i32, ptr addrspace(1) %pe, align 4
  %page64 = zext i32 %page to i64
  %kaddr = getelementptr [8192 x i8], ptr addrspace(1) %kv, i64 %page64
  %kt = call ptr addrspace(3) @tileas.cp.async(ptr addrspace(1) %kaddr, i32 4096)
  %vaddr = getelementptr i8, ptr addrspace(1) %kaddr, i64 4096
  %vt = call ptr addrspace(3) @tileas.cp.async(ptr addrspace(1) %vaddr, i32 4096)
  %k0 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %kt, i32 0)
  %s = fmul <4 x float> %k0, %q
  %mx = call <4 x float> @tileas.redux.max(<4 x float> %s)
  %m.new = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %m, <4 x float> %mx)
  %d = fsub <4 x float> %s, %m.new
  %p = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %d)
  %v0 = call <4 x float> @tileas.smem.load(ptr addrspace(3) %vt, i32 0)
  %o.new = call <4 x float> @llvm.fma.v4f32(<4 x float> %p, <4 x float> %v0, <4 x float> %o)
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %i.next, %npages
  br i1 %more, label %loop, label %exit
exit:
  store <4 x float> %o.new, ptr addrspace(1) %out, align 16
  ret void
}

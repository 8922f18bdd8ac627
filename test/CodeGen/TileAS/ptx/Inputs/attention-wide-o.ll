; fmha-fwd.ll with O's rescale on 16 columns of tensor memory at column 16
; (a <16 x float> tmem.load.at / tmem.store.at in the pipelined loop):
; instructions of several defined registers through the modulo expansion and
; warp specialization (test/CodeGen/TileAS/ptx/wide-in-loop.test).

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)
declare ptr addrspace(6) @tileas.tmem.store(ptr addrspace(6), <4 x float>) convergent nounwind willreturn memory(argmem: readwrite)
declare ptr addrspace(3) @tileas.smem.tile(<4 x float>, i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare <16 x float> @tileas.tmem.load.at(ptr addrspace(6), i32)
declare ptr addrspace(6) @tileas.tmem.store.at(ptr addrspace(6), i32, <16 x float>)
declare <4 x float> @tileas.redux.max(<4 x float>) convergent nounwind willreturn memory(none)

define void @fmha_fwd(ptr noalias %desc_q, ptr noalias %desc_k, ptr noalias %desc_v, ptr addrspace(1) noalias %out, i32 %kvtiles, i32 %m0, float %scale) {
entry:
  %scins = insertelement <4 x float> poison, float %scale, i64 0
  %sc = shufflevector <4 x float> %scins, <4 x float> poison, <4 x i32> zeroinitializer
  %q = call ptr addrspace(3) @tileas.tma.load(ptr %desc_q, i32 0, i32 %m0, i32 16384)
  %s_buf = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %o_buf = call ptr addrspace(6) @tileas.tmem.alloc(i32 64)
  br label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %m = phi <4 x float> [ splat (float 0xFFF0000000000000), %entry ], [ %m.new, %loop ]
  %l = phi <4 x float> [ zeroinitializer, %entry ], [ %l.new, %loop ]
  %o = phi ptr addrspace(6) [ %o_buf, %entry ], [ %o4, %loop ]
  %ky = shl i32 %j, 7
  %kt = call ptr addrspace(3) @tileas.tma.load(ptr %desc_k, i32 0, i32 %ky, i32 16384)
  %vt = call ptr addrspace(3) @tileas.tma.load(ptr %desc_v, i32 0, i32 %ky, i32 16384)
  %s1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %s_buf, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 0, i32 16384)
  %s2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %s1, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 1, i32 16384)
  %s3 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %s2, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 2, i32 16384)
  %s4 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %s3, ptr addrspace(3) %q, ptr addrspace(3) %kt, i32 3, i32 16384)
  %s_lo = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %s4)
  %s_hi = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %s4)
  %mx_lo = call <4 x float> @tileas.redux.max(<4 x float> %s_lo)
  %mx_hi = call <4 x float> @tileas.redux.max(<4 x float> %s_hi)
  %mx = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %mx_lo, <4 x float> %mx_hi)
  %m.new = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %m, <4 x float> %mx)
  %dm = fsub <4 x float> %m, %m.new
  %dms = fmul <4 x float> %dm, %sc
  %alpha = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %dms)
  %ms = fmul <4 x float> %m.new, %sc
  %x_lo = fmul <4 x float> %s_lo, %sc
  %x_hi = fmul <4 x float> %s_hi, %sc
  %y_lo = fsub <4 x float> %x_lo, %ms
  %y_hi = fsub <4 x float> %x_hi, %ms
  %p_lo = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %y_lo)
  %p_hi = call afn <4 x float> @llvm.exp2.v4f32(<4 x float> %y_hi)
  %rs = fadd <4 x float> %p_lo, %p_hi
  %l.new = call <4 x float> @llvm.fma.v4f32(<4 x float> %l, <4 x float> %alpha, <4 x float> %rs)
  %pt_lo = call ptr addrspace(3) @tileas.smem.tile(<4 x float> %p_lo, i32 16384)
  %pt_hi = call ptr addrspace(3) @tileas.smem.tile(<4 x float> %p_hi, i32 16384)
  %of = call <16 x float> @tileas.tmem.load.at(ptr addrspace(6) %o, i32 16)
  %ofs = fmul <16 x float> %of, %of
  %oc = call ptr addrspace(6) @tileas.tmem.store.at(ptr addrspace(6) %o, i32 16, <16 x float> %ofs)
  %o1 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %oc, ptr addrspace(3) %pt_lo, ptr addrspace(3) %vt, i32 0, i32 8192)
  %o2 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %o1, ptr addrspace(3) %pt_lo, ptr addrspace(3) %vt, i32 1, i32 8192)
  %o3 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %o2, ptr addrspace(3) %pt_hi, ptr addrspace(3) %vt, i32 2, i32 8192)
  %o4 = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %o3, ptr addrspace(3) %pt_hi, ptr addrspace(3) %vt, i32 3, i32 8192)
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, %kvtiles
  br i1 %more, label %loop, label %exit

exit:
  %ofin = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %o4)
  %rl = fdiv afn <4 x float> splat (float 1.0), %l.new
  %res = fmul <4 x float> %ofin, %rl
  store <4 x float> %res, ptr addrspace(1) %out, align 16
  ret void
}

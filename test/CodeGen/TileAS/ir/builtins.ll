; Every tile builtin, called by name, selects its instruction: constant
; operands become immediates, and the builtins that touch memory keep the IR
; pointer they access in their memory operand (the descriptor, the source,
; the tile or the accumulator; a new staging tile has none). tileas.wgmma is
; Hopper's (Blackwell refuses it): its function, after the line
; `; hopper-begin`, is compiled alone with -mcpu=sm_90a (the WGMMA_X<L>
; widths: select/wgmma.ll).
; RUN: sed '/^; hopper-begin/,$d' %s > %t.blackwell.ll
; RUN: %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel %t.blackwell.ll -o - \
; RUN:   | FileCheck %s --check-prefix=MIR
; RUN: %llc -march=tileas -verify-machineinstrs %t.blackwell.ll -o - | FileCheck %s --check-prefix=ASM
; RUN: sed -n '/^; hopper-begin/,$p' %s > %t.hopper.ll
; RUN: %llc -march=tileas -mcpu=sm_90a -verify-machineinstrs -stop-after=finalize-isel %t.hopper.ll -o - \
; RUN:   | FileCheck %s --check-prefix=MIR-HOPPER

; MIR-LABEL: name: builtins
; MIR:      %[[ACC0:[0-9]+]]:tmem = TMEM_ALLOC 128
; MIR-NEXT: %[[A:[0-9]+]]:tile = TMA_LOAD %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, 16384 :: (load unknown-size from %ir.da, align 16)
; MIR-NEXT: %[[B:[0-9]+]]:tile = CP_ASYNC %{{[0-9]+}}, 8192 :: (load unknown-size from %ir.src, align 16, addrspace 1)
; MIR-NEXT: %[[ACC1M:[0-9]+]]:tmem = MMA_TMEM %[[ACC0]], %[[A]], %[[B]], 2, 65536
; MIR-NEXT: %[[FIRST:[0-9]+]]:pred = SETPri %{{[0-9]+}}, 0, 0
; MIR-NEXT: %[[ACC1H:[0-9]+]]:tmem = MMA_TMEM_F16 %[[ACC1M]], %[[A]], %[[B]], 3, 65536, 136316048, %[[FIRST]]
; MIR-NEXT: %[[ACC1F:[0-9]+]]:tmem = MMA_TMEM_F8F6F4 %[[ACC1H]], %[[A]], %[[B]], 1, 65536, 136314896, %[[FIRST]]
; MIR-NEXT: %[[ACC1T:[0-9]+]]:tmem = MMA_TMEM_TF32 %[[ACC1F]], %[[A]], %[[B]], 1, 65536, 136317200, %[[FIRST]]
; MIR-NEXT: %[[ACC1:[0-9]+]]:tmem = MMA_TMEM_I8 %[[ACC1T]], %[[A]], %[[B]], 1, 65536, 136316064, %[[FIRST]]
; MIR-NEXT: %[[F0:[0-9]+]]:frag = TMEM_LD %[[ACC1]] :: (load unknown-size from %ir.acc1, align 16, addrspace 6)
; MIR-NEXT: %[[ROW:[0-9]+]]:gpr32 = ACC_ROW
; MIR-NEXT: %[[S:[0-9]+]]:frag = LDS %[[A]], killed %[[ROW]] :: (load unknown-size from %ir.a, align 16, addrspace 3)
; MIR-NEXT: %[[M:[0-9]+]]:frag = FRMAX killed %[[F0]]
; MIR-NEXT: %[[P:[0-9]+]]:frag = FADD2 %[[M]], %[[S]]
; MIR-NEXT: %[[Q:[0-9]+]]:frag = FMUL2 %[[P]], %[[S]]
; MIR-NEXT: %[[R:[0-9]+]]:frag = FFMA2 killed %[[Q]], %[[P]], %[[M]]
; MIR-NEXT: %[[ACC2:[0-9]+]]:tmem = TMEM_ST %[[ACC1]], killed %[[R]] :: (store unknown-size into %ir.acc1, align 16, addrspace 6)
; MIR-NEXT: %[[F1:[0-9]+]]:frag = TMEM_LD killed %[[ACC2]] :: (load unknown-size from %ir.acc2, align 16, addrspace 6)
; MIR-NEXT: BAR_SYNC 1, 256
; MIR-NEXT: %[[T:[0-9]+]]:tile = STS killed %[[F1]], 4096 :: (store unknown-size, align 16, addrspace 3)
; MIR-NEXT: BAR_ARRIVE 2, 128
; MIR-NEXT: TMA_STORE killed %[[T]], %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}} :: (store unknown-size into %ir.dc, align 16)
; MIR-NEXT: RET

; ASM-LABEL: builtins:
; ASM:      tcgen05.alloc.cta_group::1 %tmem0, 128;
; ASM-NEXT: cp.async.bulk.tensor.2d.shared.global.tile [%tile0], [%rd0, %r0, %r1], 16384;
; ASM-NEXT: cp.async.cg.shared.global [%tile1], [%rd3], 8192;
; ASM-NEXT: tcgen05.mma.cta_group::1.kind::f16 [%tmem0], [%tile0], [%tile1], kblock 2;
; ASM-NEXT: setp.eq.s32 %p0, %r2, 0;
; ASM-NEXT: tcgen05.mma.cta_group::1.kind::f16 [%tmem0], [%tile0], [%tile1], kblock 3, idesc 136316048, %p0;
; ASM-NEXT: tcgen05.mma.cta_group::1.kind::f8f6f4 [%tmem0], [%tile0], [%tile1], kblock 1, idesc 136314896, %p0;
; ASM-NEXT: tcgen05.mma.cta_group::1.kind::tf32 [%tmem0], [%tile0], [%tile1], kblock 1, idesc 136317200, %p0;
; ASM-NEXT: tcgen05.mma.cta_group::1.kind::i8 [%tmem0], [%tile0], [%tile1], kblock 1, idesc 136316064, %p0;
; ASM-DAG:  tcgen05.ld.sync.aligned.32x32b.x4.b32
; ASM-DAG:  mov.u32 %r2, %accrow;
; ASM-DAG:  ld.shared.v4.f32 %f{{[0-9]+}}, [%tile0 + %r2];
; ASM:      redux.max.f32
; ASM-NEXT: add.rn.f32x2
; ASM-NEXT: mul.rn.f32x2
; ASM-NEXT: fma.rn.f32x2
; ASM-NEXT: tcgen05.st.sync.aligned.32x32b.x4.b32 [%tmem0]
; ASM-NEXT: tcgen05.ld.sync.aligned.32x32b.x4.b32
; ASM-NEXT: bar.sync 1, 256;
; ASM-NEXT: st.shared.v4.f32 [%tile0]
; ASM-NEXT: bar.arrive 2, 128;
; ASM-NEXT: cp.async.bulk.tensor.2d.global.shared.tile [%rd2, %r0, %r1], [%tile0];
; ASM-NEXT: ret;

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare void @tileas.tma.store(ptr addrspace(3), ptr, i32, i32) nounwind willreturn
declare ptr addrspace(3) @tileas.cp.async(ptr addrspace(1), i32) nounwind willreturn memory(argmem: read)
declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn memory(argmem: readwrite)
declare ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32, i32, i1) nounwind willreturn memory(argmem: readwrite)
declare ptr addrspace(6) @tileas.mma.f8f6f4(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32, i32, i1) nounwind willreturn memory(argmem: readwrite)
declare ptr addrspace(6) @tileas.mma.tf32(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32, i32, i1) nounwind willreturn memory(argmem: readwrite)
declare ptr addrspace(6) @tileas.mma.i8(ptr addrspace(6), ptr addrspace(3), ptr addrspace(3), i32, i32, i32, i1) nounwind willreturn memory(argmem: readwrite)
declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)
declare ptr addrspace(6) @tileas.tmem.store(ptr addrspace(6), <4 x float>) convergent nounwind willreturn memory(argmem: readwrite)
declare ptr addrspace(3) @tileas.smem.tile(<4 x float>, i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare <4 x float> @tileas.smem.load(ptr addrspace(3), i32) nounwind willreturn memory(argmem: read)
declare <4 x float> @tileas.redux.max(<4 x float>) convergent nounwind willreturn memory(none)
declare <4 x float> @tileas.fadd.f32x2(<4 x float>, <4 x float>) nounwind willreturn memory(none)
declare <4 x float> @tileas.fmul.f32x2(<4 x float>, <4 x float>) nounwind willreturn memory(none)
declare <4 x float> @tileas.fma.f32x2(<4 x float>, <4 x float>, <4 x float>) nounwind willreturn memory(none)
declare i32 @tileas.acc.row() nounwind willreturn memory(none)
declare void @tileas.bar.sync(i32, i32) convergent nounwind willreturn
declare void @tileas.bar.arrive(i32, i32) convergent nounwind willreturn

define void @builtins(ptr noalias %da, ptr noalias %db, ptr noalias %dc, ptr addrspace(1) noalias %src, i32 %x, i32 %y, i32 %off) {
entry:
  %acc0 = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %da, i32 %x, i32 %y, i32 16384)
  %b = call ptr addrspace(3) @tileas.cp.async(ptr addrspace(1) %src, i32 8192)
  %acc1m = call ptr addrspace(6) @tileas.mma(ptr addrspace(6) %acc0, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 2, i32 65536)
  %first = icmp eq i32 %off, 0
  %acc1h = call ptr addrspace(6) @tileas.mma.f16(ptr addrspace(6) %acc1m, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 3, i32 65536, i32 136316048, i1 %first)
  %acc1f = call ptr addrspace(6) @tileas.mma.f8f6f4(ptr addrspace(6) %acc1h, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 1, i32 65536, i32 136314896, i1 %first)
  %acc1t = call ptr addrspace(6) @tileas.mma.tf32(ptr addrspace(6) %acc1f, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 1, i32 65536, i32 136317200, i1 %first)
  %acc1 = call ptr addrspace(6) @tileas.mma.i8(ptr addrspace(6) %acc1t, ptr addrspace(3) %a, ptr addrspace(3) %b, i32 1, i32 65536, i32 136316064, i1 %first)
  %f0 = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc1)
  %row = call i32 @tileas.acc.row()
  %s = call <4 x float> @tileas.smem.load(ptr addrspace(3) %a, i32 %row)
  %m = call <4 x float> @tileas.redux.max(<4 x float> %f0)
  %p = call <4 x float> @tileas.fadd.f32x2(<4 x float> %m, <4 x float> %s)
  %q = call <4 x float> @tileas.fmul.f32x2(<4 x float> %p, <4 x float> %s)
  %r = call <4 x float> @tileas.fma.f32x2(<4 x float> %q, <4 x float> %p, <4 x float> %m)
  %acc2 = call ptr addrspace(6) @tileas.tmem.store(ptr addrspace(6) %acc1, <4 x float> %r)
  %f1 = call <4 x float> @tileas.tmem.load(ptr addrspace(6) %acc2)
  call void @tileas.bar.sync(i32 1, i32 256)
  %t = call ptr addrspace(3) @tileas.smem.tile(<4 x float> %f1, i32 4096)
  call void @tileas.bar.arrive(i32 2, i32 128)
  call void @tileas.tma.store(ptr addrspace(3) %t, ptr %dc, i32 %x, i32 %y)
  ret void
}

; A row of 64 columns: its maximum and sum in every lane of one fragment
; (the lane-wise maximum or sum of the 16 fragments, then FRMAX / FRADD),
; and the row rounded to bf16 and written into a swizzled operand tile
; (eight CVT_BF16X2, one STS_ROW of the eight packed fragments).
; MIR-LABEL: name: row_builtins
; MIR-COUNT-15: FMAX
; MIR:          %[[RM:[0-9]+]]:frag = FRMAX
; MIR-COUNT-15: FADD
; MIR:          %[[RS:[0-9]+]]:frag = FRADD
; MIR-COUNT-8:  CVT_BF16X2
; A second width of tmem.load.at in the module, through its type suffix.
; MIR:          %{{[0-9]+}}:frag, %{{[0-9]+}}:frag, %{{[0-9]+}}:frag, %{{[0-9]+}}:frag = TMEM_LD_X16 %{{[0-9]+}}, 16 :: (load unknown-size from %ir.acc, align 16, addrspace 6)
; MIR:          %{{[0-9]+}}:tile = STS_ROW 16384, killed %{{[0-9]+}}, killed %{{[0-9]+}}, killed %{{[0-9]+}}, killed %{{[0-9]+}}, killed %{{[0-9]+}}, killed %{{[0-9]+}}, killed %{{[0-9]+}}, killed %{{[0-9]+}} :: (store unknown-size, align 16, addrspace 3)

; ASM-LABEL: row_builtins:
; ASM:      redux.max.f32
; ASM:      redux.add.f32
; ASM:      cvt.rn.bf16x2.f32
; ASM:      st.shared.v4.b32 [%tile{{[0-9]+}} + swizzle128(row)]

declare <64 x float> @tileas.tmem.load.at(ptr addrspace(6), i32) convergent nounwind willreturn memory(argmem: read)
declare <4 x float> @tileas.row.max(<64 x float>) nounwind willreturn memory(none)
declare <16 x float> @tileas.tmem.load.at.v16f32(ptr addrspace(6), i32) convergent nounwind willreturn memory(argmem: read)
declare <4 x float> @tileas.row.sum(<64 x float>) nounwind willreturn memory(none)
declare ptr addrspace(3) @tileas.smem.row(<64 x bfloat>, i32) nounwind willreturn memory(inaccessiblemem: readwrite)

define void @row_builtins(ptr addrspace(1) noalias %out, ptr noalias %dout) {
entry:
  %acc = call ptr addrspace(6) @tileas.tmem.alloc(i32 64)
  %s = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc, i32 0)
  %mx = call <4 x float> @tileas.row.max(<64 x float> %s)
  %sum = call <4 x float> @tileas.row.sum(<64 x float> %s)
  %r = fadd <4 x float> %mx, %sum
  store <4 x float> %r, ptr addrspace(1) %out, align 16
  %b = fptrunc <64 x float> %s to <64 x bfloat>
  %q = call <16 x float> @tileas.tmem.load.at.v16f32(ptr addrspace(6) %acc, i32 16)
  %qo = getelementptr i8, ptr addrspace(1) %out, i64 64
  store <16 x float> %q, ptr addrspace(1) %qo, align 16
  %t = call ptr addrspace(3) @tileas.smem.row(<64 x bfloat> %b, i32 16384)
  call void @tileas.tma.store(ptr addrspace(3) %t, ptr %dout, i32 0, i32 0)
  ret void
}

; A sub-tile of an accumulator at a column held in a register (TMEM_COL, the
; handle plus the column), its 32 columns loaded from there, and the thread's
; row of 32 f32 written into a swizzled tile that a TMA store reads (the same
; STS_ROW as a bf16 row: 128 bytes, eight fragments).
; MIR-LABEL: name: column_builtins
; MIR:          %[[CACC:[0-9]+]]:tmem = TMEM_ALLOC 256
; MIR:          %[[SUB:[0-9]+]]:tmem = TMEM_COL killed %[[CACC]], %{{[0-9]+}}
; MIR-NEXT:     %{{[0-9]+}}:frag, %{{[0-9]+}}:frag, %{{[0-9]+}}:frag, %{{[0-9]+}}:frag, %{{[0-9]+}}:frag, %{{[0-9]+}}:frag, %{{[0-9]+}}:frag, %{{[0-9]+}}:frag = TMEM_LD_X32 killed %[[SUB]], 0 :: (load unknown-size from %ir.sub, align 16, addrspace 6)
; MIR:          %{{[0-9]+}}:tile = STS_ROW 16384, killed %{{[0-9]+}}, killed %{{[0-9]+}}, killed %{{[0-9]+}}, killed %{{[0-9]+}}, killed %{{[0-9]+}}, killed %{{[0-9]+}}, killed %{{[0-9]+}}, killed %{{[0-9]+}} :: (store unknown-size, align 16, addrspace 3)

; ASM-LABEL: column_builtins:
; ASM:      add.u32 %tmem{{[0-9]+}}, %tmem{{[0-9]+}}, %r{{[0-9]+}};
; ASM-NEXT: tcgen05.ld.sync.aligned.32x32b.x32.b32
; ASM:      st.shared.v4.b32 [%tile{{[0-9]+}} + swizzle128(row)]

declare ptr addrspace(6) @tileas.tmem.column(ptr addrspace(6), i32) nounwind willreturn memory(none)
declare <32 x float> @tileas.tmem.load.at.v32f32(ptr addrspace(6), i32) convergent nounwind willreturn memory(argmem: read)
declare ptr addrspace(3) @tileas.smem.row.f32(<32 x float>, i32) nounwind willreturn memory(inaccessiblemem: readwrite)

define void @column_builtins(ptr noalias %dout, i32 %j) {
entry:
  %acc = call ptr addrspace(6) @tileas.tmem.alloc(i32 256)
  %col = shl i32 %j, 5
  %sub = call ptr addrspace(6) @tileas.tmem.column(ptr addrspace(6) %acc, i32 %col)
  %c = call <32 x float> @tileas.tmem.load.at.v32f32(ptr addrspace(6) %sub, i32 0)
  %t = call ptr addrspace(3) @tileas.smem.row.f32(<32 x float> %c, i32 16384)
  call void @tileas.tma.store(ptr addrspace(3) %t, ptr %dout, i32 %col, i32 0)
  ret void
}

; A row of 128 bf16 as two halves: smem.row.x2 (a K-major tile of two
; K-atoms) and smem.row.mn (an MN-major tile), each one store of the sixteen
; packed fragments, lo's eight then hi's (the same registers for both).
; MIR-LABEL: name: wide_rows
; MIR-COUNT-16: CVT_BF16X2
; MIR:          %{{[0-9]+}}:tile = STS_ROW_X2 32768, [[F16:(%[0-9]+, ){15}%[0-9]+]] :: (store unknown-size, align 16, addrspace 3)
; MIR:          %{{[0-9]+}}:tile = STS_ROW_MN 32768, [[F16]] :: (store unknown-size, align 16, addrspace 3)

; ASM-LABEL: wide_rows:
; ASM:      st.shared.v4.b32 [%tile{{[0-9]+}} + katoms128(row)]
; ASM:      st.shared.v4.b32 [%tile{{[0-9]+}} + mnswizzle128(row)]

declare ptr addrspace(3) @tileas.smem.row.x2(<64 x bfloat>, <64 x bfloat>, i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(3) @tileas.smem.row.mn(<64 x bfloat>, <64 x bfloat>, i32) nounwind willreturn memory(inaccessiblemem: readwrite)

define void @wide_rows(ptr noalias %dout) {
entry:
  %acc = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %lo = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc, i32 0)
  %hi = call <64 x float> @tileas.tmem.load.at(ptr addrspace(6) %acc, i32 64)
  %blo = fptrunc <64 x float> %lo to <64 x bfloat>
  %bhi = fptrunc <64 x float> %hi to <64 x bfloat>
  %k = call ptr addrspace(3) @tileas.smem.row.x2(<64 x bfloat> %blo, <64 x bfloat> %bhi, i32 32768)
  %mn = call ptr addrspace(3) @tileas.smem.row.mn(<64 x bfloat> %blo, <64 x bfloat> %bhi, i32 32768)
  call void @tileas.tma.store(ptr addrspace(3) %k, ptr %dout, i32 0, i32 0)
  call void @tileas.tma.store(ptr addrspace(3) %mn, ptr %dout, i32 0, i32 128)
  ret void
}

; A row of 128 bf16 a quarter at a time: smem.row.x2.part / .mn.part make
; the tile (bytes, column, the quarter's four packed fragments), .into writes
; another quarter into it (tied: the tile, its bytes, the column).
; MIR-LABEL: name: quarter_rows
; MIR-COUNT-4:  CVT_BF16X2
; MIR:          [[K:%[0-9]+]]:tile = STS_ROW_X2_PART 32768, 0, [[Q:(%[0-9]+, ){3}%[0-9]+]] :: (store unknown-size, align 16, addrspace 3)
; MIR:          %{{[0-9]+}}:tile = STS_ROW_X2_INTO [[K]], 32768, 96, [[Q]] :: (store unknown-size into %ir.k0, align 16, addrspace 3)
; MIR:          [[MN:%[0-9]+]]:tile = STS_ROW_MN_PART 32768, 32, [[Q]] :: (store unknown-size, align 16, addrspace 3)
; MIR:          %{{[0-9]+}}:tile = STS_ROW_MN_INTO [[MN]], 32768, 64, [[Q]] :: (store unknown-size into %ir.mn0, align 16, addrspace 3)

; ASM-LABEL: quarter_rows:
; ASM:      st.shared.v4.b32 [%tile{{[0-9]+}} + katoms128(row, 0)]
; ASM:      st.shared.v4.b32 [%tile{{[0-9]+}} + katoms128(row, 96)]
; ASM:      st.shared.v4.b32 [%tile{{[0-9]+}} + mnswizzle128(row, 32)]
; ASM:      st.shared.v4.b32 [%tile{{[0-9]+}} + mnswizzle128(row, 64)]

declare ptr addrspace(3) @tileas.smem.row.x2.part(<32 x bfloat>, i32, i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(3) @tileas.smem.row.x2.into(ptr addrspace(3), <32 x bfloat>, i32) nounwind willreturn memory(argmem: readwrite)
declare ptr addrspace(3) @tileas.smem.row.mn.part(<32 x bfloat>, i32, i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(3) @tileas.smem.row.mn.into(ptr addrspace(3), <32 x bfloat>, i32) nounwind willreturn memory(argmem: readwrite)

define void @quarter_rows(ptr noalias %dout) {
entry:
  %acc = call ptr addrspace(6) @tileas.tmem.alloc(i32 128)
  %q = call <32 x float> @tileas.tmem.load.at.v32f32(ptr addrspace(6) %acc, i32 0)
  %b = fptrunc <32 x float> %q to <32 x bfloat>
  %k0 = call ptr addrspace(3) @tileas.smem.row.x2.part(<32 x bfloat> %b, i32 0, i32 32768)
  %k1 = call ptr addrspace(3) @tileas.smem.row.x2.into(ptr addrspace(3) %k0, <32 x bfloat> %b, i32 96)
  %mn0 = call ptr addrspace(3) @tileas.smem.row.mn.part(<32 x bfloat> %b, i32 32, i32 32768)
  %mn1 = call ptr addrspace(3) @tileas.smem.row.mn.into(ptr addrspace(3) %mn0, <32 x bfloat> %b, i32 64)
  call void @tileas.tma.store(ptr addrspace(3) %k1, ptr %dout, i32 0, i32 0)
  call void @tileas.tma.store(ptr addrspace(3) %mn1, ptr %dout, i32 0, i32 128)
  ret void
}

; A warp's sum of <16 x float>: the lane-wise sum of its four fragments
; (three FADD), then WARP_SUM (of one fragment alone:
; ptx/warp-sum.ll).
; MIR-LABEL: name: warp_builtins
; MIR-COUNT-3:  FADD
; MIR-NEXT:     %{{[0-9]+}}:frag = WARP_SUM killed %{{[0-9]+}}
; MIR-NEXT:     STG_F
; ASM-LABEL: warp_builtins:
; ASM-COUNT-3: add.rn.f32
; ASM-NEXT:    warp.sum.f32

declare <4 x float> @tileas.warp.sum(<16 x float>) convergent nounwind willreturn memory(none)

define void @warp_builtins(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out) {
entry:
  %w = load <16 x float>, ptr addrspace(1) %in, align 16
  %t = call <4 x float> @tileas.warp.sum(<16 x float> %w)
  store <4 x float> %t, ptr addrspace(1) %out, align 16
  ret void
}

; hopper-begin: the one-fragment wgmma, on sm_90a.
; MIR-HOPPER-LABEL: name: wgmma_builtin
; MIR-HOPPER:      %[[A:[0-9]+]]:tile = TMA_LOAD %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, 16384 :: (load unknown-size from %ir.da, align 16)
; MIR-HOPPER:      %{{[0-9]+}}:frag = WGMMA %{{[0-9]+}}, %[[A]], %[[A]], 1

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare <4 x float> @tileas.wgmma(<4 x float>, ptr addrspace(3), ptr addrspace(3), i32) convergent nounwind willreturn memory(argmem: read)

define void @wgmma_builtin(ptr noalias %da, ptr addrspace(1) noalias %out, i32 %x, i32 %y) {
entry:
  %a = call ptr addrspace(3) @tileas.tma.load(ptr %da, i32 %x, i32 %y, i32 16384)
  %w = call <4 x float> @tileas.wgmma(<4 x float> zeroinitializer, ptr addrspace(3) %a, ptr addrspace(3) %a, i32 1)
  store <4 x float> %w, ptr addrspace(1) %out, align 16
  ret void
}

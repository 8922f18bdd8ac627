; Tensor-memory loads and stores of N columns of the thread's accumulator
; row (tcgen05.ld / st .32x32b.xN): `<N x float> @tileas.tmem.load` and
; `@tileas.tmem.store` from column 0, the `.at` forms from a constant
; column. Four columns from column 0 are TMEM_LD / TMEM_ST (the MIR corpus's
; form); everything else is TMEM_LD_XN / TMEM_ST_XN with the column. The
; arithmetic on `<N x float>` is N / 4 fragment instructions: the scheduler
; sees the work the PTX does. Each RUN line sets N.
; RUN: sed 's/<N x/<4 x/g' %s | %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel -o - | FileCheck %s --check-prefix=MIR-X4
; RUN: sed 's/<N x/<8 x/g' %s | %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel -o - | FileCheck %s --check-prefix=MIR-X8
; RUN: sed 's/<N x/<16 x/g' %s | %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel -o - | FileCheck %s --check-prefix=MIR-X16
; RUN: sed 's/<N x/<32 x/g' %s | %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel -o - | FileCheck %s --check-prefix=MIR-X32
; RUN: sed 's/<N x/<64 x/g' %s | %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel -o - | FileCheck %s --check-prefix=MIR-X64
; RUN: sed 's/<N x/<128 x/g' %s | %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel -o - | FileCheck %s --check-prefix=MIR-X128
; RUN: sed 's/<N x/<32 x/g' %s | %llc -march=tileas -verify-machineinstrs -o - | FileCheck %s --check-prefix=ASM-X32

; MIR-X4:      %[[T:[0-9]+]]:tmem = TMEM_ALLOC 512
; MIR-X4:      %[[A:[0-9]+]]:frag = TMEM_LD_X4 %[[T]], 128 :: (load unknown-size from %ir.t, align 16, addrspace 6)
; MIR-X4-NEXT: %[[B:[0-9]+]]:frag = TMEM_LD %[[T]] :: (load unknown-size from %ir.t, align 16, addrspace 6)
; MIR-X4-NEXT: %[[S:[0-9]+]]:frag = FADD %[[A]], killed %[[B]]
; MIR-X4-NEXT: %[[T2:[0-9]+]]:tmem = TMEM_ST_X4 %[[T]], 256, killed %[[S]] :: (store unknown-size into %ir.t, align 16, addrspace 6)
; MIR-X4-NEXT: %[[T3:[0-9]+]]:tmem = TMEM_ST {{(killed )?}}%[[T2]], %[[A]] :: (store unknown-size into %ir.t2, align 16, addrspace 6)
; MIR-X4-NEXT: %{{[0-9]+}}:frag = TMEM_LD killed %[[T3]]

; MIR-X8:      %[[T:[0-9]+]]:tmem = TMEM_ALLOC 512
; MIR-X8:      %[[A0:[0-9]+]]:frag, %[[A1:[0-9]+]]:frag = TMEM_LD_X8 %[[T]], 128 :: (load unknown-size from %ir.t, align 16, addrspace 6)
; MIR-X8-NEXT: %[[B0:[0-9]+]]:frag, %[[B1:[0-9]+]]:frag = TMEM_LD_X8 %[[T]], 0 :: (load unknown-size from %ir.t, align 16, addrspace 6)
; MIR-X8-DAG:  %[[S0:[0-9]+]]:frag = FADD %[[A0]], killed %[[B0]]
; MIR-X8-DAG:  %[[S1:[0-9]+]]:frag = FADD %[[A1]], killed %[[B1]]
; MIR-X8:      %[[T2:[0-9]+]]:tmem = TMEM_ST_X8 %[[T]], 256, killed %[[S0]], killed %[[S1]] :: (store unknown-size into %ir.t, align 16, addrspace 6)
; MIR-X8-NEXT: %[[T3:[0-9]+]]:tmem = TMEM_ST_X8 {{(killed )?}}%[[T2]], 0, %[[A0]], %[[A1]]
; MIR-X8-NEXT: %{{[0-9]+}}:frag, %{{[0-9]+}}:frag = TMEM_LD_X8 killed %[[T3]], 0

; MIR-X16:      = TMEM_LD_X16 %{{[0-9]+}}, 128
; MIR-X16-NEXT: = TMEM_LD_X16 %{{[0-9]+}}, 0
; MIR-X16-COUNT-4: = FADD
; MIR-X16-NEXT: = TMEM_ST_X16 %{{[0-9]+}}, 256,
; MIR-X16-NEXT: = TMEM_ST_X16 {{(killed )?}}%{{[0-9]+}}, 0,
; MIR-X16-NEXT: = TMEM_LD_X16 killed %{{[0-9]+}}, 0

; MIR-X32:      = TMEM_LD_X32 %{{[0-9]+}}, 128
; MIR-X32-NEXT: = TMEM_LD_X32 %{{[0-9]+}}, 0
; MIR-X32-COUNT-8: = FADD
; MIR-X32-NEXT: = TMEM_ST_X32 %{{[0-9]+}}, 256,
; MIR-X32-NEXT: = TMEM_ST_X32 {{(killed )?}}%{{[0-9]+}}, 0,
; MIR-X32-NEXT: = TMEM_LD_X32 killed %{{[0-9]+}}, 0

; MIR-X64:      = TMEM_LD_X64 %{{[0-9]+}}, 128
; MIR-X64-NEXT: = TMEM_LD_X64 %{{[0-9]+}}, 0
; MIR-X64-COUNT-16: = FADD
; MIR-X64-NEXT: = TMEM_ST_X64 %{{[0-9]+}}, 256,
; MIR-X64-NEXT: = TMEM_ST_X64 {{(killed )?}}%{{[0-9]+}}, 0,
; MIR-X64-NEXT: = TMEM_LD_X64 killed %{{[0-9]+}}, 0

; MIR-X128:      = TMEM_LD_X128 %{{[0-9]+}}, 128
; MIR-X128-NEXT: = TMEM_LD_X128 %{{[0-9]+}}, 0
; MIR-X128-COUNT-32: = FADD
; MIR-X128-NEXT: = TMEM_ST_X128 %{{[0-9]+}}, 256,
; MIR-X128-NEXT: = TMEM_ST_X128 {{(killed )?}}%{{[0-9]+}}, 0,
; MIR-X128-NEXT: = TMEM_LD_X128 killed %{{[0-9]+}}, 0

; ASM-X32: tcgen05.ld.sync.aligned.32x32b.x32.b32 {{[{](%f[0-9]+, ){7}%f[0-9]+[}]}}, [%tmem0 + 128];
; ASM-X32: tcgen05.st.sync.aligned.32x32b.x32.b32 [%tmem0 + 256], {{[{](%f[0-9]+, ){7}%f[0-9]+[}]}};

declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind willreturn memory(inaccessiblemem: readwrite)
declare <N x float> @tileas.tmem.load(ptr addrspace(6)) convergent nounwind willreturn memory(argmem: read)
declare <N x float> @tileas.tmem.load.at(ptr addrspace(6), i32) convergent nounwind willreturn memory(argmem: read)
declare ptr addrspace(6) @tileas.tmem.store(ptr addrspace(6), <N x float>) convergent nounwind willreturn memory(argmem: readwrite)
declare ptr addrspace(6) @tileas.tmem.store.at(ptr addrspace(6), i32, <N x float>) convergent nounwind willreturn memory(argmem: readwrite)

define void @tmem(ptr addrspace(1) noalias %out) {
entry:
  %t = call ptr addrspace(6) @tileas.tmem.alloc(i32 512)
  %a = call <N x float> @tileas.tmem.load.at(ptr addrspace(6) %t, i32 128)
  %b = call <N x float> @tileas.tmem.load(ptr addrspace(6) %t)
  %s = fadd <N x float> %a, %b
  %t2 = call ptr addrspace(6) @tileas.tmem.store.at(ptr addrspace(6) %t, i32 256, <N x float> %s)
  %t3 = call ptr addrspace(6) @tileas.tmem.store(ptr addrspace(6) %t2, <N x float> %a)
  %c = call <N x float> @tileas.tmem.load(ptr addrspace(6) %t3)
  store <N x float> %c, ptr addrspace(1) %out, align 16
  ret void
}

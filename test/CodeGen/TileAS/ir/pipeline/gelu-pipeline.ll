; The IR pipeline around the TileAS passes, on the GELU epilogue of
; ../alias/gelu-noalias.ll:
; - opt -O2 then llc: opt merges the two identical accumulator loads
;   (tmem.load reads only its argument) and keeps the TMA store in the loop;
;   the loop still pipelines, at the resource bound of what remains, and the
;   independent verifier accepts the schedule;
; - -stop-before / -run-pass: the selected MIR goes through the two passes
;   alone, as hand-written MIR does, with the same II as the full pipeline.
; RUN: %llvm_tools/opt -O2 %S/../alias/gelu-noalias.ll -S -o %t.o2.ll
; RUN: FileCheck %s --check-prefix=OPT < %t.o2.ll
; RUN: %llc -march=tileas -tileas-verify-schedule -pass-remarks-analysis=tileas %t.o2.ll -o - 2>&1 \
; RUN:   | FileCheck %s --check-prefix=O2
; RUN: %llc -march=tileas -stop-before=tileas-generate-schedule %S/../alias/gelu-noalias.ll -o %t.mir
; RUN: %llc -march=tileas -run-pass=tileas-generate-schedule,tileas-materialize-schedule \
; RUN:   -tileas-verify-schedule -pass-remarks-analysis=tileas %t.mir -o - 2>&1 \
; RUN:   | FileCheck %s --check-prefix=RUNPASS

; OPT: loop:
; OPT-COUNT-1: call <4 x float> @tileas.tmem.load
; OPT: call void @tileas.tma.store
; OPT: br i1

; O2: remark: {{.*}}loop bb.1 in epilogue_gelu_tmastore: II=16 MII=16 (res 16, rec 4,
; O2: ret;

; RUNPASS: remark: {{.*}}loop bb.1 in epilogue_gelu_tmastore: II=32 MII=32 (res 32, rec 4,
; RUNPASS: PIPE_
; RUNPASS: TMA_STORE

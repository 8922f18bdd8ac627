; A test of an integer's low bit (`icmp eq (and %k, 1), 0`, every other
; k-tile), which the DAG combiner turns into a truncation to i1, selects as
; (k & 1) != 0: it used to stop llc with "Cannot select: i1 = truncate".
; RUN: %llc -march=tileas -verify-machineinstrs -stop-after=finalize-isel %s -o - \
; RUN:   | FileCheck %s --check-prefix=MIR
; RUN: %llc -march=tileas -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM

; MIR-LABEL: name: low_bit
; MIR:      %[[BIT:[0-9]+]]:gpr32 = ANDri %{{[0-9]+}}, 1
; MIR-NEXT: %[[P:[0-9]+]]:pred = SETPri killed %[[BIT]], 0, 1
; MIR:      BR_{{N?}}P {{(killed )?}}%[[P]]
; ASM-LABEL: low_bit:
; ASM:      and.s32 %r[[B:[0-9]+]], %r{{[0-9]+}}, 1;
; ASM-NEXT: setp.ne.s32 %p{{[0-9]+}}, %r[[B]], 0;

define void @low_bit(ptr addrspace(1) %out, i32 %k) {
entry:
  %odd = and i32 %k, 1
  %even = icmp eq i32 %odd, 0
  br i1 %even, label %store, label %done

store:
  store i32 %k, ptr addrspace(1) %out, align 4
  br label %done

done:
  ret void
}

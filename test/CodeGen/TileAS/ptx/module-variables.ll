; Module-level variables in a PTX module: no kernel reads one (the IR check
; refuses a use: a kernel reaches memory through its parameters), but a
; module may hold them. Each is declared in its state space, zero-filled,
; and ptxas accepts the module (the default printer wrote ELF directives,
; .p2align and .zero, which ptxas refused; found by the PTX fuzzer on a MIR
; test whose IR holds two arrays). Initialized data is an error naming the
; variable.
; REQUIRES: ptxas
; RUN: %llc -march=tileas -mcpu=sm_100a %s -o %t.ptx
; RUN: FileCheck %s < %t.ptx
; RUN: %ptxas-check sm_100a %t.ptx
; RUN: sed -e 's/^@table = .*/@table = global [4 x i32] [i32 1, i32 2, i32 3, i32 4]/' %s > %t.init.ll
; RUN: not %llc -march=tileas -mcpu=sm_100a %t.init.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=INIT
; RUN: %llc -march=tileas -mcpu=sm_100a %S/../generate/memory-dependences.mir -o %t.mir.ptx
; RUN: %ptxas-check sm_100a %t.mir.ptx | FileCheck %s --check-prefix=MIR

; CHECK-NOT: .p2align
; CHECK-DAG: .visible .global .align 16 .b8 buf[4096];
; CHECK-DAG: {{^}}.global .align 16 .b8 local[64];
; CHECK-DAG: {{^}}.shared .align 16 .b8 scratch[1024];
; CHECK-DAG: .visible .const .align 4 .b8 table[16];
; CHECK-NOT: llvm.used
; INIT: error: global variable @table: TileAS prints no initialized data in a PTX module
; MIR: Compiling entry function

@buf = global [1024 x float] zeroinitializer
@local = internal global [16 x i32] zeroinitializer
@scratch = addrspace(3) global [256 x float] undef
@table = addrspace(4) global [4 x i32] zeroinitializer
@llvm.used = appending global [1 x ptr] [ptr @buf], section "llvm.metadata"

define void @k(ptr addrspace(1) %p) {
entry:
  ret void
}

; A load or store below its type's alignment (a packed struct, a byte
; buffer reinterpreted) would be split into narrower accesses, and TileAS
; has no 8- or 16-bit loads and stores: each is an error that names the
; function and the instruction, and llc exits non-zero. Before
; TileASIRCheck refused them, each stopped llc in selection ("Cannot
; select" on the pieces).
; RUN: not %llc -march=tileas %s -o /dev/null 2>&1 | FileCheck %s
; RUN: not %llc -march=tileas -O0 %s -o /dev/null 2>&1 | FileCheck %s
; RUN: not %llc -march=tileas %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCRASH
; NOCRASH-NOT: {{LLVM ERROR|Cannot select|PLEASE submit|Assertion}}

; CHECK-DAG: error: {{.*}}in function fragment_align4 {{.*}}: <4 x float> is loaded and stored with align 16 or more, not align 4: %v = load <4 x float>, ptr addrspace(1) %x, align 4
; CHECK-DAG: error: {{.*}}in function fragment_align4 {{.*}}: <4 x float> is loaded and stored with align 16 or more, not align 8: store <4 x float> %v, ptr addrspace(1) %out, align 8
define void @fragment_align4(ptr addrspace(1) %x, ptr addrspace(1) %out) {
  %v = load <4 x float>, ptr addrspace(1) %x, align 4
  store <4 x float> %v, ptr addrspace(1) %out, align 8
  ret void
}

; CHECK-DAG: error: {{.*}}in function word_align1 {{.*}}: i32 is loaded and stored with align 4 or more, not align 1: %w = load i32, ptr addrspace(1) %x, align 1
; CHECK-DAG: error: {{.*}}in function word_align1 {{.*}}: float is loaded and stored with align 4 or more, not align 2: store float %f, ptr addrspace(1) %out, align 2
define void @word_align1(ptr addrspace(1) %x, ptr addrspace(1) %out, float %f) {
  %w = load i32, ptr addrspace(1) %x, align 1
  store i32 %w, ptr addrspace(1) %out, align 4
  store float %f, ptr addrspace(1) %out, align 2
  ret void
}

; Naturally aligned accesses compile.
; CHECK-NOT: error: {{.*}}in function aligned
define void @aligned(ptr addrspace(1) %x, ptr addrspace(1) %out) {
  %v = load <4 x float>, ptr addrspace(1) %x, align 16
  store <4 x float> %v, ptr addrspace(1) %out, align 32
  ret void
}

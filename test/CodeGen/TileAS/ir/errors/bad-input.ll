; Bad IR input: every problem is an error naming the function and the IR
; instruction, llc exits non-zero, and nothing crashes. Each function holds
; one kind of problem; a refused function is emitted empty.
; RUN: not %llc -march=tileas %s -o /dev/null 2>&1 | FileCheck %s
; RUN: not %llc -march=tileas -O0 %s -o /dev/null 2>&1 | FileCheck %s

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32)
declare void @tileas.bar.sync(i32, i32, i32)
declare void @helper(i32)

; CHECK: error: {{.*}}in function nonconstant {{.*}}: operand %bytes of @tileas.tma.load must be a constant: %t = call ptr addrspace(3) @tileas.tma.load(ptr %d, i32 0, i32 0, i32 %n)
define void @nonconstant(ptr %d, i32 %n) {
  %t = call ptr addrspace(3) @tileas.tma.load(ptr %d, i32 0, i32 0, i32 %n)
  ret void
}

; CHECK: error: {{.*}}in function signature {{.*}}: wrong signature for @tileas.bar.sync: expected void @tileas.bar.sync(i32 %id, i32 %count): call void @tileas.bar.sync(i32 1, i32 2, i32 3)
define void @signature() {
  call void @tileas.bar.sync(i32 1, i32 2, i32 3)
  ret void
}

; CHECK: error: {{.*}}in function unknown {{.*}}: call to unknown function @helper: call void @helper(i32 %n)
define void @unknown(i32 %n) {
  call void @helper(i32 %n)
  ret void
}

; CHECK: error: {{.*}}in function division {{.*}}: there is no integer division: only an unsigned i32 division or remainder by a constant power of two{{.*}}: %q = udiv i32 %a, %b
define void @division(ptr %p, i32 %a, i32 %b) {
  %q = udiv i32 %a, %b
  store i32 %q, ptr %p
  ret void
}

; CHECK: error: {{.*}}in function type {{.*}}: no register holds its type: %w = load i16, ptr %p
define void @type(ptr %p) {
  %w = load i16, ptr %p
  %x = zext i16 %w to i32
  store i32 %x, ptr %p
  ret void
}

; CHECK: error: {{.*}}in function scalarfloat {{.*}}: only fragments (<N x float>) have this operation (a float one only where its result is broadcast): %s = fadd float %a, %b
define void @scalarfloat(ptr %p, float %a, float %b) {
  %s = fadd float %a, %b
  store float %s, ptr %p
  ret void
}

; CHECK: error: {{.*}}in function exact {{.*}}: the XU approximations need the afn flag: %e = call <4 x float> @llvm.exp2.v4f32(<4 x float> %v)
define void @exact(ptr %p) {
  %v = load <4 x float>, ptr %p
  %e = call <4 x float> @llvm.exp2.v4f32(<4 x float> %v)
  store <4 x float> %e, ptr %p
  ret void
}

; CHECK: error: {{.*}}in function param {{.*}}: parameter %c: no kernel register holds its type
define void @param(i8 %c) {
  ret void
}

; CHECK: error: {{.*}}in function returns {{.*}}: a kernel returns void
define i32 @returns(i32 %a) {
  ret i32 %a
}

; CHECK: error: {{.*}}in function sharedstore {{.*}}: only global memory is loaded and stored (a shared-memory tile is read by @tileas.smem.load): store <4 x float> %v, ptr addrspace(3) %t
define void @sharedstore(ptr %d, <4 x float> %v) {
  %t = call ptr addrspace(3) @tileas.tma.load(ptr %d, i32 0, i32 0, i32 64)
  store <4 x float> %v, ptr addrspace(3) %t
  ret void
}

; 64-bit scaling is doublings and adds, so it has limits: a variable index
; into rows of 64 KiB, a multiply by a register, a shift by more than 16.
; CHECK: error: {{.*}}in function widerow {{.*}}: a variable index scaled by a stride of 65536 bytes (at most 65535: 64-bit multiplies are doublings and adds): %a = getelementptr [65536 x i8], ptr %p, i64 %x
define void @widerow(ptr %p, i64 %x, i32 %v) {
  %a = getelementptr [65536 x i8], ptr %p, i64 %x
  store i32 %v, ptr %a
  ret void
}

; CHECK: error: {{.*}}in function mulreg {{.*}}: a 64-bit multiply must be by a constant below 65536: %o = mul i64 %x, %y
define void @mulreg(ptr %p, i64 %x, i64 %y, i32 %v) {
  %o = mul i64 %x, %y
  %a = getelementptr i8, ptr %p, i64 %o
  store i32 %v, ptr %a
  ret void
}

; CHECK: error: {{.*}}in function bigshift {{.*}}: a 64-bit shift must be by a constant of at most 16: %o = shl i64 %x, 17
define void @bigshift(ptr %p, i64 %x, i32 %v) {
  %o = shl i64 %x, 17
  %a = getelementptr i8, ptr %p, i64 %o
  store i32 %v, ptr %a
  ret void
}

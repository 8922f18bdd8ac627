; Hostile IR input, without debug info: every problem is an error that names
; the function and prints the IR instruction (or the parameter), llc exits
; non-zero at -O2 and at -O0, and nothing crashes or asserts. Before
; TileASIRCheck refused them, the global, the constant expression, the
; vector constants, the inserts and the shuffle stopped llc in selection
; ("Cannot select"), and a variadic kernel compiled.
; RUN: not %llc -march=tileas %s -o /dev/null 2>&1 | FileCheck %s
; RUN: not %llc -march=tileas -O0 %s -o /dev/null 2>&1 | FileCheck %s
; RUN: not %llc -march=tileas %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCRASH
; NOCRASH-NOT: {{LLVM ERROR|Cannot select|PLEASE submit|Assertion}}

declare void @tileas.bar.sync(i32, i32)
declare i32 @tileas.bar.arrive(i32, i32)
declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32)
declare void @external(i32)
declare void @variadic(i32, ...)
declare { i32, i32 } @pair()

@global = global i32 0

; CHECK-DAG: error: {{.*}}in function wrong_result {{.*}}: wrong signature for @tileas.bar.arrive: expected void @tileas.bar.arrive(i32 %id, i32 %count): %r = call i32 @tileas.bar.arrive(i32 1, i32 %a)
define void @wrong_result(i32 %a) {
  %r = call i32 @tileas.bar.arrive(i32 1, i32 %a)
  ret void
}

; CHECK-DAG: error: {{.*}}in function call_type_mismatch {{.*}}: call of @tileas.bar.sync with a type other than its declaration's: call void @tileas.bar.sync(i64 1, i32 2)
define void @call_type_mismatch() {
  call void @tileas.bar.sync(i64 1, i32 2)
  ret void
}

; CHECK-DAG: error: {{.*}}in function nonconstant_count {{.*}}: operand %count of @tileas.bar.sync must be a constant: call void @tileas.bar.sync(i32 1, i32 %a)
define void @nonconstant_count(i32 %a) {
  call void @tileas.bar.sync(i32 1, i32 %a)
  ret void
}

; CHECK-DAG: error: {{.*}}in function half_vector {{.*}}: no register holds its type: %v = load <8 x half>, ptr %p
define void @half_vector(ptr %p) {
  %v = load <8 x half>, ptr %p
  store <8 x half> %v, ptr %p
  ret void
}

; CHECK-DAG: error: {{.*}}in function wide_integer {{.*}}: no register holds its type: %x = zext i32 %a to i128
define void @wide_integer(ptr %p, i32 %a) {
  %x = zext i32 %a to i128
  %y = mul i128 %x, %x
  %z = trunc i128 %y to i32
  store i32 %z, ptr %p
  ret void
}

; CHECK-DAG: error: {{.*}}in function double_add {{.*}}: only fragments (<N x float>) have this operation: %b = fadd double %a, %a
define void @double_add(ptr %p, double %a) {
  %b = fadd double %a, %a
  %c = fptosi double %b to i32
  store i32 %c, ptr %p
  ret void
}

; CHECK-DAG: error: {{.*}}in function unknown_external {{.*}}: call to unknown function @external: call void @external(i32 %a)
define void @unknown_external(i32 %a) {
  call void @external(i32 %a)
  ret void
}

; CHECK-DAG: error: {{.*}}in function indirect {{.*}}: indirect call (only the tile builtins can be called): call void %f(i32 1)
define void @indirect(ptr %f) {
  call void %f(i32 1)
  ret void
}

; CHECK-DAG: error: {{.*}}in function vararg_call {{.*}}: call to unknown function @variadic: call void (i32, ...) @variadic(i32 %a, i32 2)
define void @vararg_call(i32 %a) {
  call void (i32, ...) @variadic(i32 %a, i32 2)
  ret void
}

; CHECK-DAG: error: {{.*}}in function vararg_kernel {{.*}}: a kernel takes no variable arguments
define void @vararg_kernel(i32 %a, ...) {
  ret void
}

; CHECK-DAG: error: {{.*}}in function struct_call {{.*}}: no register holds its type: %s = call { i32, i32 } @pair()
define void @struct_call() {
  %s = call { i32, i32 } @pair()
  ret void
}

; CHECK-DAG: error: {{.*}}in function struct_return {{.*}}: a kernel returns void
define { i32, i32 } @struct_return() {
  ret { i32, i32 } zeroinitializer
}

; CHECK-DAG: error: {{.*}}in function inline_asm {{.*}}: inline assembly is not supported: call void asm sideeffect "nop", ""()
define void @inline_asm() {
  call void asm sideeffect "nop", ""()
  ret void
}

; CHECK-DAG: error: {{.*}}in function indirect_branch {{.*}}: no TileAS instruction selects this operation: indirectbr ptr %t, [label %a, label %b]
define void @indirect_branch(ptr %t) {
  indirectbr ptr %t, [label %a, label %b]
a:
  ret void
b:
  ret void
}

; CHECK-DAG: error: {{.*}}in function global_load {{.*}}: operand 0: it refers to the global @global; a kernel reaches memory only through its parameters: %v = load i32, ptr @global
define void @global_load(ptr %p) {
  %v = load i32, ptr @global
  store i32 %v, ptr %p
  ret void
}

; CHECK-DAG: error: {{.*}}in function constant_expression {{.*}}: operand 0: a constant expression as an operand is not supported: store i32 ptrtoint (ptr @global to i32), ptr %p
define void @constant_expression(ptr %p) {
  store i32 ptrtoint (ptr @global to i32), ptr %p
  ret void
}

; CHECK-DAG: error: {{.*}}in function lanes_differ {{.*}}: operand 0: a vector constant must have four equal lanes: store <4 x float> <float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00>, ptr %p
define void @lanes_differ(ptr %p) {
  store <4 x float> <float 1.0, float 2.0, float 3.0, float 4.0>, ptr %p
  ret void
}

; CHECK-DAG: error: {{.*}}in function int_lanes_differ {{.*}}: operand 0: a vector constant must have four equal lanes: store <4 x i32> <i32 1, i32 2, i32 3, i32 4>, ptr %p
define void @int_lanes_differ(ptr %p) {
  store <4 x i32> <i32 1, i32 2, i32 3, i32 4>, ptr %p
  ret void
}

; CHECK-DAG: error: {{.*}}in function insert_lane_two {{.*}}: only a splat inserts an element (a scalar into lane 0 of poison, broadcast by a shufflevector): %v = insertelement <4 x float> zeroinitializer, float %a, i32 2
define void @insert_lane_two(ptr %p, float %a) {
  %v = insertelement <4 x float> zeroinitializer, float %a, i32 2
  store <4 x float> %v, ptr %p
  ret void
}

; CHECK-DAG: error: {{.*}}in function insert_variable_lane {{.*}}: only a splat inserts an element (a scalar into lane 0 of poison, broadcast by a shufflevector): %v = insertelement <4 x float> poison, float %a, i32 %i
define void @insert_variable_lane(ptr %p, float %a, i32 %i) {
  %v = insertelement <4 x float> poison, float %a, i32 %i
  store <4 x float> %v, ptr %p
  ret void
}

; CHECK-DAG: error: {{.*}}in function splat_of_vector {{.*}}: only splats of a scalar and repeats of a fragment (<0, 1, 2, 3, 0, 1, 2, 3, ...>) shuffle: %s = shufflevector <4 x float> %v, <4 x float> poison, <4 x i32> zeroinitializer
define void @splat_of_vector(ptr %p) {
  %v = load <4 x float>, ptr %p
  %s = shufflevector <4 x float> %v, <4 x float> poison, <4 x i32> zeroinitializer
  store <4 x float> %s, ptr %p
  ret void
}

; CHECK-DAG: error: {{.*}}in function repeat_out_of_order {{.*}}: only splats of a scalar and repeats of a fragment (<0, 1, 2, 3, 0, 1, 2, 3, ...>) shuffle: %s = shufflevector <4 x float> %v, <4 x float> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 1, i32 0, i32 2, i32 3>
define void @repeat_out_of_order(ptr %p) {
  %v = load <4 x float>, ptr %p
  %s = shufflevector <4 x float> %v, <4 x float> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 1, i32 0, i32 2, i32 3>
  store <8 x float> %s, ptr %p
  ret void
}

; CHECK-DAG: error: {{.*}}in function fptrunc_half_fragment {{.*}}: no conversion of this width: cvt.rn.bf16x2.f32 packs f32 pairs, so fptrunc converts <N x float> to <N x bfloat>, N a power of two from 8 to 128 (a fragment of packed bf16 holds 8): %b = fptrunc <4 x float> %v to <4 x bfloat>
define void @fptrunc_half_fragment(ptr %p) {
  %v = load <4 x float>, ptr %p
  %b = fptrunc <4 x float> %v to <4 x bfloat>
  ret void
}

; CHECK-DAG: error: {{.*}}in function fptrunc_to_half {{.*}}: no conversion of this width: cvt.rn.bf16x2.f32 packs f32 pairs, so fptrunc converts <N x float> to <N x bfloat>, N a power of two from 8 to 128 (a fragment of packed bf16 holds 8): %b = fptrunc <8 x float> %v to <8 x half>
define void @fptrunc_to_half(ptr %p) {
  %v = load <8 x float>, ptr %p
  %b = fptrunc <8 x float> %v to <8 x half>
  ret void
}

; Packed bf16 comes only from converting registers: a bf16 constant, or the
; conversion of a constant (which selection would fold into one), stopped
; selection ("Do not know how to soft promote this operator's operand").
; CHECK-DAG: error: {{.*}}in function fptrunc_of_constant {{.*}}: fptrunc of a constant: the conversion is of fragment registers (selection would fold it into a bf16 constant, which has no register form): %b = fptrunc <8 x float> splat (float 1.000000e+00) to <8 x bfloat>
define void @fptrunc_of_constant(ptr addrspace(1) %p) {
  %b = fptrunc <8 x float> splat (float 1.0) to <8 x bfloat>
  store <8 x bfloat> %b, ptr addrspace(1) %p, align 16
  ret void
}

; CHECK-DAG: error: {{.*}}in function bf16_constant {{.*}}: operand 0: a bf16 constant has no register form (packed bf16 is what fptrunc of a fragment register writes): store <8 x bfloat> zeroinitializer, ptr addrspace(1) %p, align 16
define void @bf16_constant(ptr addrspace(1) %p) {
  store <8 x bfloat> zeroinitializer, ptr addrspace(1) %p, align 16
  ret void
}

; CHECK-DAG: error: {{.*}}in function smem_row_of_32 {{.*}}: wrong signature for @tileas.smem.row: expected ptr addrspace(3) @tileas.smem.row(<64 x bfloat> %row, i32 %bytes)
define void @smem_row_of_32(<32 x bfloat> %r) {
  %t = call ptr addrspace(3) @tileas.smem.row(<32 x bfloat> %r, i32 16384)
  ret void
}
declare ptr addrspace(3) @tileas.smem.row(<32 x bfloat>, i32)

; CHECK-DAG: error: {{.*}}in function suffix_of_another_width {{.*}}: @tileas.tmem.load.at.v8f32: the type suffix .v8f32 does not name the call's vector type (.v16f32): %v = call <16 x float> @tileas.tmem.load.at.v8f32(ptr addrspace(6) %t, i32 0)
define void @suffix_of_another_width(ptr addrspace(1) %p) {
  %t = call ptr addrspace(6) @tileas.tmem.alloc(i32 32)
  %v = call <16 x float> @tileas.tmem.load.at.v8f32(ptr addrspace(6) %t, i32 0)
  store <16 x float> %v, ptr addrspace(1) %p, align 16
  ret void
}
declare ptr addrspace(6) @tileas.tmem.alloc(i32)
declare <16 x float> @tileas.tmem.load.at.v8f32(ptr addrspace(6), i32)

; A kernel calling another function (a helper, even one that calls a
; builtin itself): opt -O2 inlines it; llc alone refuses the call and the
; helper, which is no kernel (errors/non-kernel.ll).
; CHECK-DAG: error: {{.*}}in function calls_helper {{.*}}: call to @helper, a function of this module: every function is a kernel (a PTX .entry) and kernels make no calls; inline it (alwaysinline): call void @helper(ptr %d)
; CHECK-DAG: error: {{.*}}in function helper {{.*}}: @helper has internal linkage
define internal void @helper(ptr %d) {
  %t = call ptr addrspace(3) @tileas.tma.load(ptr %d, i32 0, i32 0, i32 64)
  ret void
}
define void @calls_helper(ptr %d) {
  call void @helper(ptr %d)
  ret void
}

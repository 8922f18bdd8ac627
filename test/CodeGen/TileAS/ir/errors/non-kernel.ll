; Every function is compiled as a kernel (a PTX .entry the host launches by
; name); there are no device functions and no calls. A function of local
; linkage (a helper, not an entry point) and a call to a function of the
; module are errors that say to inline it; llc exits non-zero, at -O0 too,
; and for the PTX target.
; RUN: not %llc -march=tileas %s -o /dev/null 2>&1 | FileCheck %s
; RUN: not %llc -march=tileas -O0 %s -o /dev/null 2>&1 | FileCheck %s
; RUN: not %llc -march=tileas -mcpu=sm_100a %s -o /dev/null 2>&1 | FileCheck %s

; CHECK-DAG: error: {{.*}}in function helper {{.*}}@helper has internal linkage: every function is compiled as a kernel, a PTX .entry the host launches by name; a helper is inlined into its kernels (alwaysinline)
; CHECK-DAG: error: {{.*}}in function private_helper {{.*}}@private_helper has private linkage
; CHECK-DAG: error: {{.*}}in function kernel {{.*}}call to @helper, a function of this module: every function is a kernel (a PTX .entry) and kernels make no calls; inline it (alwaysinline): call void @helper(ptr addrspace(1) %p)
; CHECK-DAG: error: {{.*}}in function kernel {{.*}}call to @other_kernel, a function of this module
; CHECK-NOT: in function other_kernel

define internal void @helper(ptr addrspace(1) %p) {
entry:
  store i32 1, ptr addrspace(1) %p, align 4
  ret void
}

define private void @private_helper(ptr addrspace(1) %p) {
entry:
  store i32 2, ptr addrspace(1) %p, align 4
  ret void
}

define void @other_kernel(ptr addrspace(1) %p) {
entry:
  store i32 3, ptr addrspace(1) %p, align 4
  ret void
}

define void @kernel(ptr addrspace(1) %p) {
entry:
  call void @helper(ptr addrspace(1) %p)
  call void @other_kernel(ptr addrspace(1) %p)
  ret void
}

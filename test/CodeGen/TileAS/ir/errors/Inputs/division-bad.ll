; Divisions selection cannot make (division.ll).
define void @by_three(ptr addrspace(1) %p, i32 %n) {
entry:
  %f = freeze i32 %n
  %r = urem i32 %f, 3
  store i32 %r, ptr addrspace(1) %p, align 4
  ret void
}

define void @signed(ptr addrspace(1) %p, i32 %n) {
entry:
  %q = sdiv i32 %n, 4
  store i32 %q, ptr addrspace(1) %p, align 4
  ret void
}

define void @wide(ptr addrspace(1) %p, i64 %n) {
entry:
  %q = udiv i64 %n, 4
  ret void
}

define void @odd_freeze(ptr addrspace(1) %p, float %x) {
entry:
  %f = freeze float %x
  store float %f, ptr addrspace(1) %p, align 4
  ret void
}

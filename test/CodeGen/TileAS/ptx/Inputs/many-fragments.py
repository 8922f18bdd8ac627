#!/usr/bin/env python3
"""Writes a kernel that keeps N fragments live around a loop (more than the
64 fragment registers TileAS allocates), so that register allocation spills
to local memory: many-fragments.py N > kernel.ll"""
import sys

n = int(sys.argv[1])
out = ["define void @many(ptr addrspace(1) noalias %in, "
       "ptr addrspace(1) noalias %out, i32 %n) {", "entry:"]
for i in range(n):
    out.append(f"  %p{i} = getelementptr <4 x float>, ptr addrspace(1) %in, i32 {i}")
    out.append(f"  %v{i} = load <4 x float>, ptr addrspace(1) %p{i}, align 16")
out += ["  br label %loop", "loop:", "  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]"]
for i in range(n):
    out.append(f"  %a{i} = phi <4 x float> [ %v{i}, %entry ], [ %b{i}, %loop ]")
for i in range(n):
    out.append(f"  %b{i} = fmul <4 x float> %a{i}, %a{(i + 1) % n}")
out += ["  %k1 = add i32 %k, 1", "  %c = icmp slt i32 %k1, %n",
        "  br i1 %c, label %loop, label %exit", "exit:"]
acc = "%b0"
for i in range(1, n):
    out.append(f"  %s{i} = fadd <4 x float> {acc}, %b{i}")
    acc = f"%s{i}"
out += [f"  store <4 x float> {acc}, ptr addrspace(1) %out, align 16",
        "  ret void", "}"]
print("\n".join(out))

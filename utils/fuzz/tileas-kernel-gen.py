#!/usr/bin/env python3
"""Random tile kernels in LLVM IR, and the checks every one must pass.

Where tileas-ir-fuzz.py mutates kernels into mostly invalid IR (a crash is
its only finding), this writes valid kernels of shapes no test was written
against: one to three TMA loads and cp.async rows of random strides, zero to
four MMAs into one or two tensor-memory accumulators, fragment arithmetic
on shared-memory reads (a running reduction or a store to global memory),
loops that count up or down, with different exit compares. Each kernel goes
through llc (unspecialized and warp-specialized, -verify-machineinstrs),
tileas-protocol-check (trip counts 1, 2, 3) and tileas-sim (trip counts 4
and 64). A finding is a compile error, a protocol error, a simulation that
fails or deadlocks, or an unspecialized loop whose simulated steady state
is more than 1% off its scheduled II (the corpus is held to equality; a
loop whose II a coordination ordering raised above what its resources need
can drift by a fraction of a cycle when issued greedily); the kernel is
kept in --out and the run fails. The same --seed gives the same kernels.

    tileas-kernel-gen.py --llc=LLC --plugin=libTileAS.so --bin=BUILD/bin \\
        --count=N --seed=S --out=DIR [--report]

--report also prints, per kernel, the II, the simulated steady state of
each form and the ratio warp-specialized / unspecialized (soft numbers:
the run does not fail on them).
"""

import argparse
import json
import os
import random
import subprocess
import sys

DECLS = {
    "tma": "declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) "
           "nounwind willreturn memory(read)",
    "cpasync": "declare ptr addrspace(3) @tileas.cp.async(ptr addrspace(1), "
               "i32) nounwind willreturn memory(argmem: read)",
    "alloc": "declare ptr addrspace(6) @tileas.tmem.alloc(i32) nounwind "
             "willreturn memory(inaccessiblemem: readwrite)",
    "mma": "declare ptr addrspace(6) @tileas.mma(ptr addrspace(6), "
           "ptr addrspace(3), ptr addrspace(3), i32, i32) nounwind willreturn "
           "memory(argmem: readwrite)",
    "tmemld": "declare <4 x float> @tileas.tmem.load(ptr addrspace(6)) "
              "convergent nounwind willreturn memory(argmem: read)",
    "lds": "declare <4 x float> @tileas.smem.load(ptr addrspace(3), i32) "
           "nounwind willreturn memory(argmem: read)",
    "fma2": "declare <4 x float> @tileas.fma.f32x2(<4 x float>, <4 x float>, "
            "<4 x float>) nounwind willreturn memory(none)",
}

STRIDES = [16, 64, 512, 4096, 12, 48]
TILE_BYTES = [4096, 8192, 16384]


def kernel(rng, name):
    """The text of one random kernel and a short description of its shape."""
    n_tma = rng.randint(0, 3)
    n_cp = rng.randint(0 if n_tma else 1, 2)
    n_acc = rng.randint(0, 2) if n_tma >= 2 else 0
    n_mma = rng.randint(n_acc, 4) if n_acc else 0
    frag = rng.choice(["none", "reduce", "store"]) if n_cp or not n_mma \
        else rng.choice(["none", "reduce"])
    if not n_mma and frag == "none":
        frag = "reduce"
    down = rng.random() < 0.3
    pred = rng.choice(["slt", "ult", "ne"]) if not down else "sgt"
    uses = {"tma"} if n_tma else set()
    if n_cp:
        uses.add("cpasync")
    if n_acc:
        uses |= {"alloc", "mma", "tmemld"}
    if frag != "none":
        uses.add("lds")
        if rng.random() < 0.5:
            uses.add("fma2")

    params = ["ptr noalias %%d%d" % i for i in range(n_tma)]
    params += ["ptr addrspace(1) noalias readonly %%src%d" % i
               for i in range(n_cp)]
    params += ["ptr addrspace(1) noalias %out", "i32 %n"]
    L = [DECLS[d] for d in sorted(uses)]
    L.append("")
    L.append("define void @%s(%s) {" % (name, ", ".join(params)))
    L.append("entry:")
    for a in range(n_acc):
        L.append("  %%acc%d.0 = call ptr addrspace(6) @tileas.tmem.alloc("
                 "i32 128)" % a)
    if down:
        L.append("  %guard = icmp sgt i32 %n, 0")
        L.append("  br i1 %guard, label %loop, label %exit")
    else:
        L.append("  br label %loop")
    L.append("loop:")
    start = "%n" if down else "0"
    L.append("  %%k = phi i32 [ %s, %%entry ], [ %%k.next, %%loop ]" % start)
    for a in range(n_acc):
        L.append("  %%acc%d = phi ptr addrspace(6) [ %%acc%d.0, %%entry ], "
                 "[ %%acc%d.last, %%loop ]" % (a, a, a))
    if frag == "reduce":
        L.append("  %red = phi <4 x float> [ zeroinitializer, %entry ], "
                 "[ %red.next, %loop ]")
    L.append("  %%kx = shl i32 %%k, %d" % rng.choice([4, 6, 7]))
    tiles = []
    for i in range(n_tma):
        nbytes = rng.choice(TILE_BYTES)
        xy = "i32 %kx, i32 0" if rng.random() < 0.5 else "i32 0, i32 %kx"
        L.append("  %%t%d = call ptr addrspace(3) @tileas.tma.load(ptr %%d%d, "
                 "%s, i32 %d)" % (i, i, xy, nbytes))
        tiles.append("%%t%d" % i)
    if n_cp:
        L.append("  %k64 = zext i32 %k to i64")
    rows = []
    for i in range(n_cp):
        stride = rng.choice(STRIDES)
        L.append("  %%row%d = getelementptr [%d x i8], ptr addrspace(1) "
                 "%%src%d, i64 %%k64" % (i, stride, i))
        L.append("  %%c%d = call ptr addrspace(3) @tileas.cp.async(ptr "
                 "addrspace(1) %%row%d, i32 %d)" % (i, i,
                                                    rng.choice([1024, 4096])))
        rows.append("%%c%d" % i)
    cur = {a: "%%acc%d" % a for a in range(n_acc)}
    for m in range(n_mma):
        a = m % n_acc
        x, y = rng.sample(tiles, 2)
        L.append("  %%acc%d.m%d = call ptr addrspace(6) @tileas.mma(ptr "
                 "addrspace(6) %s, ptr addrspace(3) %s, ptr addrspace(3) %s, "
                 "i32 %d, i32 65536)" % (a, m, cur[a], x, y, m))
        cur[a] = "%%acc%d.m%d" % (a, m)
    if frag != "none":
        srcs = rows + tiles
        reads = []
        for j in range(rng.randint(1, 3)):
            L.append("  %%v%d = call <4 x float> @tileas.smem.load(ptr "
                     "addrspace(3) %s, i32 %d)" % (j, rng.choice(srcs), 16 * j))
            reads.append("%%v%d" % j)
        acc = reads[0]
        for j, r in enumerate(reads[1:]):
            op = rng.choice(["fadd", "fmul", "fsub"])
            L.append("  %%f%d = %s <4 x float> %s, %s" % (j, op, acc, r))
            acc = "%%f%d" % j
        if "fma2" in uses:
            L.append("  %%g = call <4 x float> @tileas.fma.f32x2(<4 x float> "
                     "%s, <4 x float> %s, <4 x float> %s)" % (acc, acc,
                                                              reads[-1]))
            acc = "%g"
        if frag == "reduce":
            L.append("  %%red.next = fadd <4 x float> %%red, %s" % acc)
        else:
            L.append("  %k64o = zext i32 %k to i64")
            L.append("  %dst = getelementptr <4 x float>, ptr addrspace(1) "
                     "%out, i64 %k64o")
            L.append("  store <4 x float> %s, ptr addrspace(1) %%dst, "
                     "align 16" % acc)
    if down:
        L.append("  %k.next = sub nsw i32 %k, 1")
        L.append("  %more = icmp sgt i32 %k.next, 0")
    else:
        L.append("  %k.next = add nuw nsw i32 %k, 1")
        L.append("  %%more = icmp %s i32 %%k.next, %%n" % pred)
    L.append("  br i1 %more, label %loop, label %exit")
    L.append("exit:")
    # A loop that may run zero times (down) reaches the exit from the entry
    # too: its values are PHIs, all at the top of the block.
    finals = [cur[a] for a in range(n_acc)]
    red = "%red.next"
    if down:
        for a in range(n_acc):
            L.append("  %%acc%d.out = phi ptr addrspace(6) [ %%acc%d.0, "
                     "%%entry ], [ %s, %%loop ]" % (a, a, cur[a]))
            finals[a] = "%%acc%d.out" % a
        if frag == "reduce":
            L.append("  %red.out = phi <4 x float> [ zeroinitializer, %entry "
                     "], [ %red.next, %loop ]")
            red = "%red.out"
    outs = []
    for a in range(n_acc):
        L.append("  %%r%d = call <4 x float> @tileas.tmem.load(ptr "
                 "addrspace(6) %s)" % (a, finals[a]))
        outs.append("%%r%d" % a)
    if frag == "reduce":
        outs.append(red)
    for j, v in enumerate(outs):
        L.append("  %%o%d = getelementptr <4 x float>, ptr addrspace(1) "
                 "%%out, i64 %d" % (j, 1000 + j))
        L.append("  store <4 x float> %s, ptr addrspace(1) %%o%d, align 16"
                 % (v, j))
    L.append("  ret void")
    L.append("}")
    text = "\n".join(L) + "\n"
    # The accumulator phis name %accN.last: the value after the last MMA.
    for a in range(n_acc):
        text = text.replace("%%acc%d.last" % a, cur[a])
    shape = "tma=%d cp=%d acc=%d mma=%d frag=%s %s" % (
        n_tma, n_cp, n_acc, n_mma, frag, "down" if down else "up/" + pred)
    return text, shape


def run(cmd, timeout):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=timeout)
        return r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        return None, "", "timeout after %d s" % timeout


def check(args, path, base):
    """The findings for one kernel (a list of strings) and its soft numbers."""
    findings, soft = [], {}
    for strategy in ("unspecialized", "warp-specialized"):
        mir = "%s.%s.mir" % (base, strategy)
        yaml = "%s.%s.yaml" % (base, strategy)
        code, _, err = run([args.llc, "--load=" + args.plugin,
                            "-march=tileas", "-verify-machineinstrs",
                            "-tileas-pipeline-strategy=" + strategy,
                            "-stop-after=tileas-materialize-schedule",
                            "-pass-remarks-output=" + yaml, path, "-o", mir],
                           args.timeout)
        if code != 0:
            findings.append("llc %s: exit %s: %s" % (
                strategy, code, (err.strip().split("\n") or [""])[0]))
            continue
        code, _, err = run([args.llc, "--load=" + args.plugin,
                            "-march=tileas", "-verify-machineinstrs",
                            "-tileas-pipeline-strategy=" + strategy, path,
                            "-o", os.devnull], args.timeout)
        if code != 0:
            findings.append("llc %s to assembly: exit %s: %s" % (
                strategy, code, (err.strip().split("\n") or [""])[0]))
        code, out, err = run([os.path.join(args.bin, "tileas-protocol-check"),
                              mir, "--trip-counts=1,2,3"], args.timeout)
        lines = [l for l in (out + err).split("\n")
                 if l and ": ok (" not in l]
        if code != 0 and "status: inconclusive" in out:
            # The state budget ran out: a limit of the check, not an error.
            soft["inconclusive " + strategy] = True
        elif code != 0:
            findings.append("protocol %s: %s" % (
                strategy, lines[0] if lines else "exit %s" % code))
        for trips in (4, 64):
            code, out, err = run([os.path.join(args.bin, "tileas-sim"), mir,
                                  "--trip-count=%d" % trips,
                                  "--remarks=" + yaml, "--json"],
                                 args.timeout)
            if code != 0:
                findings.append("sim %s T=%d: exit %s: %s" % (
                    strategy, trips, code,
                    (err.strip().split("\n") or [""])[0]))
                continue
            if trips == 64:
                try:
                    d = json.loads(out)
                except ValueError:
                    findings.append("sim %s: output is not JSON" % strategy)
                    continue
                soft[strategy] = (d.get("cycles"),
                                  d.get("cycles_per_iteration"), d.get("ii"))
                # Issued as soon as operands and slots allow, a loop whose
                # II is above what its resources need (a coordination
                # ordering raised it) may drift around the II by a fraction
                # of a cycle; more than 1% either way is a finding.
                cpi, ii = d.get("cycles_per_iteration"), d.get("ii")
                if (strategy == "unspecialized" and ii and
                        (cpi is None or abs(cpi - ii) > 0.01 * ii)):
                    findings.append(
                        "sim unspecialized: %s cycles per iteration in the "
                        "steady state, scheduled II %s" % (
                            d.get("cycles_per_iteration"), d.get("ii")))
    return findings, soft


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--llc", required=True)
    p.add_argument("--plugin", required=True)
    p.add_argument("--bin", required=True, help="the build's bin directory")
    p.add_argument("--count", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", required=True)
    p.add_argument("--timeout", type=int, default=120)
    p.add_argument("--report", action="store_true")
    p.add_argument("--keep", action="store_true",
                   help="keep every kernel and its outputs, not only findings")
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    total = 0
    for n in range(args.count):
        name = "kernel%04d" % n
        text, shape = kernel(rng, name)
        path = os.path.join(args.out, name + ".ll")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        base = os.path.join(args.out, name)
        findings, soft = check(args, path, base)
        for f in findings:
            print("finding: %s (%s): %s" % (path, shape, f))
        total += len(findings)
        if args.report:
            u, w = soft.get("unspecialized"), soft.get("warp-specialized")
            ratio = "%.3f" % (w[0] / u[0]) if u and w and u[0] else "-"
            note = "".join(", protocol check inconclusive (%s)" % k.split()[1]
                           for k in sorted(soft) if k.startswith("inconcl"))
            print("%s %s: II %s, cycles/iteration %s unspecialized, %s "
                  "warp-specialized, ws/unspecialized cycles %s%s" % (
                      name, shape, u[2] if u else "-", u[1] if u else "-",
                      w[1] if w else "-", ratio, note))
        if not findings and not args.keep:
            for suffix in (".ll", ".unspecialized.mir", ".unspecialized.yaml",
                           ".warp-specialized.mir",
                           ".warp-specialized.yaml"):
                if os.path.exists(base + suffix):
                    os.remove(base + suffix)
    print("%d kernels: %d findings" % (args.count, total))
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Mutation fuzzing of LLVM IR input: llc -march=tileas must never crash.

Takes seed .ll files, makes seeded random mutations of each (types, address
spaces, opcodes, builtin names, constants turned into registers, flags and
attributes dropped, lines deleted or duplicated), and runs each mutant
through llc's whole pipeline. A mutant may be refused (the IR parser or
verifier, or TileASIRCheck: exit 1 with "error:"), or compiled (exit 0);
anything else (a signal, an assertion, "LLVM ERROR", "Cannot select", a
sanitizer report, any other exit code) is a finding: the mutant is written
to --out and the run fails. The same --seed gives the same mutants.

    tileas-ir-fuzz.py --llc=LLC --plugin=libTileAS.so --count=N \\
        --seed=S --out=DIR seed.ll...
"""

import argparse
import os
import random
import re
import subprocess
import sys

# Token swaps: each replaces one occurrence of a pattern by another token.
SWAPS = [
    (r"\bi32\b", ["i64", "i16", "i1", "float"]),
    (r"\bi64\b", ["i32", "i128"]),
    (r"<4 x float>", ["<2 x float>", "<4 x i32>", "<8 x float>", "float"]),
    (r"\bfloat\b", ["double", "half", "i32"]),
    (r"addrspace\(\d\)", ["addrspace(1)", "addrspace(3)", "addrspace(6)",
                          "addrspace(5)", ""]),
    (r"\bfadd\b", ["fdiv", "frem", "fsub", "fmul"]),
    (r"\bfmul\b", ["fdiv", "fadd"]),
    (r"\badd\b", ["sub", "mul", "udiv", "srem", "lshr", "or", "xor"]),
    (r"\bshl\b", ["lshr", "ashr"]),
    (r"\bslt\b", ["ult", "sgt", "eq", "ne", "uge"]),
    (r"@tileas\.[a-z0-9.]+", ["@tileas.tma.load", "@tileas.mma",
                              "@tileas.bar.sync", "@tileas.unknown",
                              "@tileas.tmem.load", "@tileas.smem.tile"]),
    (r"\bi32 \d+\)", ["i32 %n)", "i32 undef)", "i32 poison)"]),
    # Constants, but not element counts: stock LLVM takes hours on a
    # <4294967295 x float> before any TileAS code runs, so widths get their
    # own swap, within what a tile kernel could write.
    (r"\b\d+\b(?! x )", ["0", "-1", "4294967295", "65", "9"]),
    (r"<\d+ x ", ["<1 x ", "<3 x ", "<16 x ", "<64 x "]),
    (r"\b(afn|noalias|samesign|disjoint|nuw|nsw) ", [""]),
    (r"\bload\b", ["load volatile", "load atomic"]),
    # Strides of a getelementptr's index: scaled by doublings and adds.
    (r"getelementptr (inbounds )?[^,]+,",
     ["getelementptr [3 x i32],", "getelementptr [4096 x i8],",
      "getelementptr [65536 x i8],", "getelementptr i1,",
      "getelementptr { i32, <4 x float> },"]),
    (r"\bret void\b", ["ret i32 0", "unreachable"]),
]


def mutate(text, rng):
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        kind = rng.random()
        body = [i for i, l in enumerate(lines)
                if l.startswith("  ") and not l.lstrip().startswith(";")]
        if kind < 0.15 and body:
            del lines[rng.choice(body)]
        elif kind < 0.25 and body:
            i = rng.choice(body)
            lines.insert(i, lines[i])
        else:
            pattern, choices = rng.choice(SWAPS)
            hits = [(i, m) for i, l in enumerate(lines)
                    for m in re.finditer(pattern, l)]
            if not hits:
                continue
            i, m = rng.choice(hits)
            l = lines[i]
            lines[i] = l[:m.start()] + rng.choice(choices) + l[m.end():]
    return "\n".join(lines)


# What in llc's stderr makes a run a finding whatever its exit code. A
# sanitizer (a -DTILEAS_SANITIZE=ON plugin) exits 1 like a refusal, and
# UndefinedBehaviorSanitizer's "runtime error:" even reads like one.
CRASH_MARKS = ("LLVM ERROR", "Stack dump", "Cannot select",
               "ERROR: AddressSanitizer", "runtime error:")


def is_finding(code, err):
    """Is the run of llc that exited with `code` and wrote `err` a finding?"""
    if code not in (0, 1) or any(mark in err for mark in CRASH_MARKS):
        return True
    return code == 1 and "error:" not in err


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--llc", required=True)
    p.add_argument("--plugin", required=True)
    p.add_argument("--count", type=int, default=50)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", required=True)
    p.add_argument("--timeout", type=int, default=60)
    p.add_argument("seeds", nargs="+")
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    texts = [(os.path.basename(s), open(s, encoding="utf-8").read())
             for s in sorted(args.seeds)]
    outcomes = {"compiled": 0, "refused": 0}
    findings = 0
    for n in range(args.count):
        name, text = texts[n % len(texts)]
        mutant = mutate(text, rng)
        path = os.path.join(args.out, "mutant-%04d.ll" % n)
        with open(path, "w", encoding="utf-8") as f:
            f.write(mutant)
        try:
            r = subprocess.run(
                [args.llc, "--load=" + args.plugin, "-march=tileas",
                 "-tileas-verify-schedule", path, "-o", os.devnull],
                capture_output=True, text=True, timeout=args.timeout)
            code, err = r.returncode, r.stderr
        except subprocess.TimeoutExpired:
            code, err = None, "timeout"
        if is_finding(code, err):
            findings += 1
            first = (err.strip().split("\n") or [""])[0]
            print("finding: %s (from %s): exit %s: %s" % (path, name, code,
                                                        first))
        else:
            os.remove(path)
            outcomes["compiled" if code == 0 else "refused"] += 1
    print("%d mutants: %d compiled, %d refused, %d findings" %
          (args.count, outcomes["compiled"], outcomes["refused"], findings))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())

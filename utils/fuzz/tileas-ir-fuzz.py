#!/usr/bin/env python3
"""Mutation fuzzing of LLVM IR and MIR input: llc -march=tileas must never
crash, and what it compiles to PTX must assemble.

Takes seed .ll and .mir files, makes seeded random mutations of each
(utils/fuzz/tileas_fuzz_mutate.py: for IR types, address spaces, opcodes,
builtin names, constants, flags, lines; for MIR opcodes, register operands
and classes, immediates, block references, memory operands, lines), and
runs each mutant through llc's whole pipeline. A mutant may be refused
(exit 1 with an "error:" that says where: a file:line, a function of the
mutant, a block), or compiled (exit 0). A finding is anything else:

  crash        a signal, an assertion, "LLVM ERROR", "Cannot select", a
               sanitizer report, an exit code other than 0 and 1, exit 1
               without "error:"
  unlocated    an error that names no function, block, instruction or
               file:line
  timeout      llc ran longer than --timeout
  ptxas        (--ptxas) PTX that ptxas -arch=<mcpu> rejects
  perf-loss    (--ptxas) PTX that ptxas accepts with a "Potential
               Performance Loss" info, or C7508 / C7519 / C7520 (as
               utils/ptxas-check.sh)
  nondeterministic  a sampled compiled mutant (--repeat-every) compiled
               twice gives different bytes

A finding's mutant (and its PTX) is kept in --out and the run fails. Each
mutant is compiled for one machine and one strategy: mutant n of seed s
takes the (n / seeds)-th of the combinations of --mcpu and --strategy in
turn, so every seed meets every combination. The same --seed gives the
same mutants.

    tileas-ir-fuzz.py --llc=LLC --plugin=libTileAS.so --count=N --seed=S \\
        --out=DIR [--mcpu=sm_100a,sm_90a|auto] [--strategy=none,unspecialized]
        [--ptxas=PTXAS] [--repeat-every=K] [--max-edits=E] [--llc-arg=-OPT]
        seed.ll seed.mir...
"""

import argparse
import itertools
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tileas_fuzz_mutate as mutations  # noqa: E402

# What in llc's stderr makes a run a finding whatever its exit code. A
# sanitizer (a -DTILEAS_SANITIZE=ON plugin) exits 1 like a refusal, and
# UndefinedBehaviorSanitizer's "runtime error:" even reads like one.
CRASH_MARKS = ("LLVM ERROR", "Stack dump", "Cannot select",
               "ERROR: AddressSanitizer", "runtime error:")

# What ptxas prints for PTX it accepts but TileAS counts as a failure, the
# markers of utils/ptxas-check.sh.
PERF_LOSS_MARKS = re.compile(r"Potential Performance Loss|C7508|C7519|C7520")

KINDS = ("crash", "unlocated", "timeout", "ptxas", "perf-loss",
         "nondeterministic")

# A location in an error line: the input's file:line (before "error:" as
# the IR parser writes it, or after it as the MIR parser does), a block, a
# function.
FILE_LINE = re.compile(r"\S+:\d+(:\d+)?: error:|error: \S+:\d+:\d+: ")
BLOCK_OR_FUNCTION = re.compile(r"\bbb\.\d+|\bin function\b|\bfunction '")


def is_finding(code, err):
    """Is the run of llc that exited with `code` and wrote `err` a crash?"""
    if code not in (0, 1) or any(mark in err for mark in CRASH_MARKS):
        return True
    return code == 1 and "error:" not in err


def error_is_located(err, functions):
    """Does every error line of `err` say where the problem is?

    LLVM's IR verifier prints what is wrong and the instruction on lines of
    their own, then llc's "input module is broken!": the located part is
    the printed value before it."""
    names = [re.compile(r"(?<![\w.$])@?%s(?![\w.$])" % re.escape(f))
             for f in functions]
    lines = err.split("\n")
    for n, line in enumerate(lines):
        if "error:" not in line:
            continue
        if FILE_LINE.search(line) or BLOCK_OR_FUNCTION.search(line) or \
                any(name.search(line) for name in names):
            continue
        if ("input module is broken" in line or
                "input module cannot be verified" in line) and \
                any(l.startswith(" ") for l in lines[:n]):
            continue
        return False
    return True


def run_llc(args, cmd):
    """llc's exit code (None on a timeout) and its stderr."""
    try:
        r = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=args.timeout)
        return r.returncode, r.stderr
    except subprocess.TimeoutExpired:
        return None, "timeout after %d s" % args.timeout


def assemble(args, arch, ptx):
    """A ptxas finding (kind, first line) for the PTX file, or None."""
    try:
        r = subprocess.run([args.ptxas, "-arch=" + arch, "-v", ptx, "-o",
                            os.devnull], capture_output=True, text=True,
                           timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return "timeout", "ptxas timed out"
    out = r.stdout + r.stderr
    if r.returncode != 0:
        errors = [l for l in out.split("\n") if "error" in l.lower()]
        return "ptxas", (errors or [out.strip() or "exit %d" % r.returncode])[0]
    loss = [l for l in out.split("\n") if PERF_LOSS_MARKS.search(l)]
    if loss:
        return "perf-loss", loss[0]
    return None


def read_bytes(path):
    """The file's bytes; none where llc wrote no file."""
    if not os.path.exists(path):
        return b""
    with open(path, "rb") as f:
        return f.read()


def first_line(text):
    lines = [l for l in text.strip().split("\n") if "error:" in l]
    return (lines or text.strip().split("\n") or [""])[0]


def judge(args, cmd, output, mcpu, functions, outcomes):
    """Runs llc (cmd, writing output) on one mutant: its exit code and a
    finding (kind, what) or None. Counts what was assembled and repeated."""
    code, err = run_llc(args, cmd + ["-o", output])
    if code is None:
        return code, ("timeout", err)
    if is_finding(code, err):
        return code, ("crash", "exit %s: %s" % (code, first_line(err)))
    if code == 1:
        if not error_is_located(err, functions):
            return code, ("unlocated", first_line(err))
        return code, None
    printed = read_bytes(output)
    finding = None
    # PTX (an sm_*a machine) goes through ptxas; the abstract machine's
    # text is for reading only.
    if args.ptxas and mcpu and b"\n.target " in printed:
        finding = assemble(args, mcpu, output)
        outcomes["assembled"] += finding is None
    # The first of every K mutants that compile, whatever else they are
    # found to be, is compiled again.
    sample = args.repeat_every and \
        outcomes["exit 0"] % args.repeat_every == 0
    outcomes["exit 0"] += 1
    if finding or not sample:
        return code, finding
    again = output + ".again"
    code2, _ = run_llc(args, cmd + ["-o", again])
    outcomes["repeated"] += 1
    same = code2 == 0 and read_bytes(again) == printed
    if os.path.exists(again):
        os.remove(again)
    if not same:
        return code, ("nondeterministic",
                      "a second compile differs (exit %s)" % code2)
    return code, None


def parse_list(values):
    """A repeated, comma-separated option as one list, in order."""
    return [v for value in values or [] for v in value.split(",") if v]


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--llc", required=True)
    p.add_argument("--plugin", required=True)
    p.add_argument("--count", type=int, default=50)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", required=True)
    p.add_argument("--timeout", type=int, default=60)
    p.add_argument("--mcpu", action="append",
                   help="machines (-mcpu), comma-separated or repeated; "
                        "'auto': the seed's own (sm_90a for a *-hopper.* "
                        "seed, else sm_100a); default llc's own")
    p.add_argument("--strategy", action="append",
                   help="pipeline strategies (none, unspecialized, "
                        "warp-specialized), comma-separated or repeated; "
                        "default llc's own")
    p.add_argument("--ptxas", help="assemble every PTX output with this "
                                   "ptxas, -arch=<mcpu>")
    p.add_argument("--repeat-every", type=int, default=10,
                   help="compile every K-th compiled mutant twice and "
                        "compare the outputs (0: never)")
    p.add_argument("--max-edits", type=int, default=3,
                   help="edits per mutant, at most (at least one)")
    p.add_argument("--llc-arg", action="append", default=[],
                   help="an extra llc option, for every mutant")
    p.add_argument("seeds", nargs="+")
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    texts = [(os.path.basename(s), open(s, encoding="utf-8").read())
             for s in sorted(args.seeds)]
    opcodes = mutations.mir_opcodes(t for n, t in texts if n.endswith(".mir"))
    combos = list(itertools.product(parse_list(args.mcpu) or [None],
                                    parse_list(args.strategy) or [None]))
    outcomes = {"compiled": 0, "refused": 0, "assembled": 0, "repeated": 0,
                "exit 0": 0}
    kinds = dict.fromkeys(KINDS, 0)
    for n in range(args.count):
        name, text = texts[n % len(texts)]
        mcpu, strategy = combos[(n // len(texts)) % len(combos)]
        if mcpu == "auto":
            mcpu = "sm_90a" if "-hopper." in name else "sm_100a"
        is_mir = name.endswith(".mir")
        if is_mir:
            mutant = mutations.mutate_mir(text, rng, opcodes, args.max_edits)
        else:
            mutant = mutations.mutate_ir(text, rng, args.max_edits)
        stem = os.path.join(args.out, "mutant-%04d" % n)
        path = stem + (".mir" if is_mir else ".ll")
        with open(path, "w", encoding="utf-8") as f:
            f.write(mutant)
        cmd = [args.llc, "--load=" + args.plugin, "-march=tileas",
               "-tileas-verify-schedule"]
        if mcpu:
            cmd.append("-mcpu=" + mcpu)
        if strategy:
            cmd.append("-tileas-pipeline-strategy=" + strategy)
        if is_mir:
            cmd += ["-x", "mir"]
        cmd += args.llc_arg + [path]
        output = stem + ".s"
        code, finding = judge(args, cmd, output, mcpu,
                              mutations.function_names(mutant, is_mir),
                              outcomes)
        if finding:
            kind, what = finding
            kinds[kind] += 1
            config = "".join(", " + c for c in (mcpu, strategy) if c)
            print("finding: %s (from %s%s): %s%s" % (
                path, name, config, "" if kind == "crash" else kind + ": ",
                what))
            if os.path.exists(output) and kind in ("ptxas", "perf-loss"):
                os.replace(output, stem + ".ptx")
        else:
            os.remove(path)
            outcomes["compiled" if code == 0 else "refused"] += 1
        if os.path.exists(output):
            os.remove(output)
    findings = sum(kinds.values())
    print("%d mutants: %d compiled, %d refused, %d findings" %
          (args.count, outcomes["compiled"], outcomes["refused"], findings))
    print("assembled %d, compiled twice %d; findings: %s" % (
        outcomes["assembled"], outcomes["repeated"],
        ", ".join("%s %d" % (k, kinds[k]) for k in KINDS)))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())

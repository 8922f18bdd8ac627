#!/usr/bin/env python3
"""Tensor-core utilization of the corpus's GEMM and attention kernels on the
measured B200 timing (issue 29; docs/simulator.md, "Tensor-core
utilization").

For every bench/corpus kernel of class gemm or attention, in both forms
(.mir through the two TileAS passes, .ll through llc up to
tileas-materialize-schedule), both strategies (unspecialized,
warp-specialized) and both scheduling timings (-tileas-timing=model, the
default, and -tileas-timing=b200), it runs tileas-sim --timing=b200 at trip
counts 16 and 128 with no jitter, +-25% (seed 1) and the heavy tail (5% of
the loads at 3x, seed 1), and writes bench/results/utilization.json:

  {"timing": "b200", "runs": [{"kernel", "form", "class", "strategy",
    "trip_count", "jitter", "schedule_timing", "ii", "stages",
    "ring_depths", "cycles", "cycles_per_iteration", "tensor_core": {...}}]}

A Hopper kernel (gemm-wgmma-hopper: wgmma does not exist on sm_100, whose
machine refuses it) is compiled and simulated for sm_90a (-mcpu, --mcpu)
on the h100 description instead; every
run says which in "sim_timing", and its schedule made with measured timing
("schedule_timing": "b200") is made with that description too
(-tileas-timing=h100).

"tensor_core" is tileas-sim's object (busy_cycles, steady_busy_fraction,
total_busy_fraction, mma_cycles_per_iteration,
transfer_cycles_per_iteration, bound_fraction, binding). A kernel that
fails to compile or simulate gets "error" instead of the numbers. "ii" and
"stages" come from the Materialized (or WarpSpecialized) remark, "ring_depths" from the
PIPE_CREATEs of ring pipes (bytes > 0) in the materialized MIR.

    bench/utilization.py [--build build] [--out bench/results/utilization.json]
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

from corpus_kernels import (FIXED_TRIPS, NESTS, cpu_options, kernel_class,
                            llvm_bin)

TIMING = "b200"
TRIPS = (16, 128)
JITTERS = (("none", []), ("25", ["--jitter=25", "--seed=1"]),
           ("tail", ["--jitter-tail=5:3", "--seed=1"]))
STRATEGIES = ("unspecialized", "warp-specialized")
SCHEDULE_TIMINGS = ("model", TIMING)
PIPE_CREATE = re.compile(r"PIPE_CREATE (\d+), (\d+), (\d+),")
def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def compile_kernel(args, src, form, strategy, sched_timing, work):
    """The materialized MIR and its remarks, or (None, error)."""
    base = os.path.join(work, "%s.%s.%s.%s" % (
        os.path.basename(src), form, strategy, sched_timing))
    mir, yaml = base + ".mir", base + ".yaml"
    name = os.path.splitext(os.path.basename(src))[0]
    cmd = [os.path.join(llvm_bin(args.build, "utilization.py"), "llc"),
           "--load=" + os.path.join(args.build, "lib", "libTileAS.so"),
           "-march=tileas", "-pass-remarks-output=" + yaml,
           "-tileas-pipeline-strategy=" + strategy,
           # A schedule made with measured timing uses the description
           # the kernel is simulated on (h100 for the Hopper kernel).
           "-tileas-timing=" + (sched_timing if sched_timing == "model"
                                else sim_timing(name))]
    cmd += cpu_options(name, "-mcpu")
    if form == "mir":
        cmd.append("-run-pass=tileas-generate-schedule,"
                   "tileas-materialize-schedule")
    else:
        cmd.append("-stop-after=tileas-materialize-schedule")
    p = run(cmd + [src, "-o", mir])
    if p.returncode != 0:
        return None, p.stderr.strip()
    return (mir, yaml), ""


def schedule_facts(mir, yaml):
    """(ii, stages, ring depths) of the materialized loop (the first
    Materialized remark; None where there is none)."""
    ii = stages = None
    with open(yaml, encoding="utf-8") as f:
        text = f.read()
    for doc in text.split("\n---"):
        if not re.search(r"^Name:\s+(Materialized|WarpSpecialized)$", doc,
                         re.M):
            continue
        m = re.search(r"- II:\s+'(\d+)'", doc)
        s = re.search(r"- Stages:\s+'(\d+)'", doc)
        ii = int(m.group(1)) if m else None
        stages = int(s.group(1)) if s else None
        break
    depths = []
    with open(mir, encoding="utf-8") as f:
        for m in PIPE_CREATE.finditer(f.read()):
            if int(m.group(3)) > 0:
                depths.append(int(m.group(2)))
    return ii, stages, depths


def sim_timing(name):
    """The description a kernel is simulated on."""
    return "h100" if "hopper" in name else TIMING


def simulate(args, mir, yaml, src, form, trips, jitter_args, timing):
    """tileas-sim --timing=<timing> --json: (result, trip count) or (None,
    error)."""
    sim = os.path.join(args.build, "bin", "tileas-sim")
    cmd = [sim, mir, "--json", "--timing=" + timing, "--remarks=" + yaml]
    cmd += cpu_options(os.path.splitext(os.path.basename(src))[0], "--mcpu")
    if form == "mir":
        cmd.append("--reference=" + src)
    p = run(cmd + ["--trip-count=%d" % trips] + jitter_args)
    if p.returncode != 0:
        fixed = FIXED_TRIPS.search(p.stderr)
        if not fixed:
            return None, p.stderr.strip()
        trips = int(fixed.group(1))
        p = run(cmd + jitter_args)
        if p.returncode != 0:
            return None, p.stderr.strip()
    return json.loads(p.stdout), trips


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(here, "..", "build"))
    parser.add_argument("--corpus", default=os.path.join(here, "corpus"))
    parser.add_argument("--out", default=os.path.join(here, "results",
                                                      "utilization.json"))
    parser.add_argument("--kernels", nargs="*",
                        help="kernel names (default: every gemm and "
                             "attention kernel of the corpus)")
    args = parser.parse_args(argv)

    names = sorted({os.path.splitext(n)[0] for n in os.listdir(args.corpus)
                    if n.endswith((".mir", ".ll"))})
    if args.kernels:
        names = [n for n in names if n in args.kernels]
    else:
        # A loop nest takes a trip count per loop: bench/persistent.py.
        names = [n for n in names
                 if kernel_class(n) != "other" and n not in NESTS]

    runs = []
    with tempfile.TemporaryDirectory() as work:
        for name in names:
            for form in ("mir", "ll"):
                src = os.path.join(args.corpus, "%s.%s" % (name, form))
                if not os.path.exists(src):
                    continue
                for strategy in STRATEGIES:
                    for sched_timing in SCHEDULE_TIMINGS:
                        key = {"kernel": name, "form": form,
                               "class": kernel_class(name),
                               "strategy": strategy,
                               "schedule_timing": sched_timing,
                               "sim_timing": sim_timing(name)}
                        out, err = compile_kernel(args, src, form, strategy,
                                                  sched_timing, work)
                        if out is None:
                            for trips in TRIPS:
                                for jitter, _ in JITTERS:
                                    runs.append(dict(key, trip_count=trips,
                                                     jitter=jitter,
                                                     error=err))
                            continue
                        mir, yaml = out
                        ii, stages, depths = schedule_facts(mir, yaml)
                        for trips in TRIPS:
                            for jitter, jitter_args in JITTERS:
                                r, t = simulate(args, mir, yaml, src, form,
                                                trips, jitter_args,
                                                sim_timing(name))
                                entry = dict(key, trip_count=trips,
                                             jitter=jitter, ii=ii,
                                             stages=stages,
                                             ring_depths=depths)
                                if r is None:
                                    entry["error"] = t
                                else:
                                    entry["trip_count"] = t
                                    entry["cycles"] = r["cycles"]
                                    entry["cycles_per_iteration"] = r.get(
                                        "cycles_per_iteration")
                                    entry["tensor_core"] = r["tensor_core"]
                                runs.append(entry)
                        print("%s.%s %s %s: II %s" % (name, form, strategy,
                                                      sched_timing, ii),
                              file=sys.stderr)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump({"timing": TIMING, "runs": runs}, f, indent=1)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Property: a loop that tileas-generate-schedule pipelines is always
materialized by tileas-materialize-schedule.

Runs llc with both passes on every given MIR file and on generated loops,
under several named-barrier reservations, and fails (exit 1, naming the input
and the budget) when a loop that got a "Scheduled" remark is not
"Materialized", or llc reports an error. Prints one summary line.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


# tileas-generate-schedule's remark for a loop it pipelined.
SCHEDULED = re.compile(r"loop bb\.\d+ in \S+: II=")


def run_llc(llc, plugin, mir, reserved, strategy):
    cmd = [llc, "--load=" + plugin, "-march=tileas",
           "-tileas-pipeline-strategy=" + strategy,
           "-run-pass=tileas-generate-schedule,tileas-materialize-schedule",
           "-tileas-verify-schedule", "-verify-machineinstrs",
           "-pass-remarks=tileas", "-pass-remarks-analysis=tileas",
           "-pass-remarks-missed=tileas", mir, "-o", os.devnull]
    if reserved is not None:
        cmd.insert(3, "-tileas-reserved-barriers=%d" % reserved)
    # A Hopper kernel (wgmma, which Blackwell lacks) is sm_90a's.
    if "-hopper" in os.path.basename(mir):
        cmd.insert(3, "-mcpu=sm_90a")
    return subprocess.run(cmd, capture_output=True, text=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--llc", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--loopgen", required=True)
    ap.add_argument("--seeds", default="",
                    help="generated loops, by seed: FIRST-LAST")
    ap.add_argument("--reserved", default="default,8,11,12,13",
                    help="barrier reservations to try on the given files")
    ap.add_argument("--strategy", default="unspecialized",
                    help="-tileas-pipeline-strategy for materialization")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()

    budgets = [None if r == "default" else int(r)
               for r in args.reserved.split(",")]
    cases = [(f, r) for f in args.files for r in budgets]
    tmp = tempfile.mkdtemp()
    seeds = []
    if args.seeds:
        first, last = (int(x) for x in args.seeds.split("-"))
        seeds = range(first, last + 1)
    for seed in seeds:
        path = os.path.join(tmp, "gen%d.mir" % seed)
        ops = 10 + (seed * 7) % 60
        subprocess.run([args.loopgen, "--ops=%d" % ops, "--seed=%d" % seed,
                        "-o", path], check=True)
        # Each generated loop under one budget, cycling through them all.
        cases.append((path, budgets[seed % len(budgets)]))

    scheduled = materialized = refused = specialized = 0
    failures = []
    for path, reserved in cases:
        r = run_llc(args.llc, args.plugin, path, reserved, args.strategy)
        out = r.stderr
        n_sched = len(SCHEDULED.findall(out))
        # A warp-specialized loop says so instead.
        n_mat = (out.count("materialized II=") +
                 len(re.findall(r" warp-specialized at II=", out)))
        scheduled += n_sched
        materialized += n_mat
        specialized += len(re.findall(r" warp-specialized at II=", out))
        refused += out.count("not pipelined")
        if r.returncode != 0 or "error:" in out or n_mat != n_sched:
            first = [l for l in out.splitlines()
                     if "error" in l or "not pipelined" in l][:2]
            failures.append("%s (reserved barriers %s): %s" % (
                os.path.basename(path),
                "default" if reserved is None else reserved,
                " | ".join(first) or "no materialized remark"))
    for f in failures:
        print("FAIL: " + f)
    print("checked %d runs: %d loops scheduled, %d materialized, %d left "
          "unpipelined with a remark, %d failures; %d warp-specialized" % (
              len(cases), scheduled, materialized, refused, len(failures),
              specialized))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

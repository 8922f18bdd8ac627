#!/usr/bin/env python3
"""The corpus on each machine, side by side (issue 27): schedules and
materializes every `.ll` kernel of bench/corpus with llc on Blackwell
(-mcpu=sm_100a) and on Hopper (-mcpu=sm_90a), and writes
bench/results/machines.md: per kernel and machine, each loop's II, MII and
stages (the schedule remark), the ring depths (the PIPE_CREATEs that carry
bytes, in the materialized MIR) and what materialization made of it; a
machine that refuses a kernel gets its error as the reason.

    bench/machines.py BUILD_DIR [REPORT.md] [--strategy=S]

The strategy is llc's -tileas-pipeline-strategy (default: the pass's own
choice). Rows follow the sorted file names; no timing is recorded, so the
report is the same on every run of the same build.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_kernels import llvm_bin  # noqa: E402

MACHINES = [("blackwell", "sm_100a"), ("hopper", "sm_90a")]

SCHEDULE = re.compile(
    r"remark: [^ ]*: (?P<machine>\w+): loop (?P<block>bb\.\d+) in "
    r"(?P<function>\S+): II=(?P<ii>\d+) MII=(?P<mii>\d+) \((?P<bounds>[^)]*)\)"
    r", stages (?P<stages>\d+)")
MATERIALIZED = re.compile(r"remark: [^ ]*: (?:loop \S+ in \S+ )?"
                          r"((?:materialized|warp-specialized) .*)")
FALLBACK = re.compile(r"remark: [^ ]*: (loop \S+ in \S+ not warp-specialized"
                      r"[^;]*)")
PIPE_CREATE = re.compile(r"^\s*PIPE_CREATE (\d+), (\d+), (\d+),")


def schedule_kernel(llc, plugin, path, mcpu, strategy, work):
    """llc's remarks and rings for one kernel on one machine: a dict with
    `loops` (the schedule remarks), `rings` (pipe: depth), `made` (the
    materialization remarks), or `error` (the first error line)."""
    out = os.path.join(work, "%s.%s.mir" % (os.path.basename(path), mcpu))
    cmd = [llc, "--load=" + plugin, "-march=tileas", "-mcpu=" + mcpu,
           "-stop-after=tileas-materialize-schedule",
           "-pass-remarks-analysis=tileas-generate-schedule",
           "-pass-remarks=tileas-materialize-schedule",
           "-pass-remarks-missed=tileas-materialize-schedule", path, "-o", out]
    if strategy:
        cmd.insert(4, "-tileas-pipeline-strategy=" + strategy)
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    text = proc.stderr
    if proc.returncode != 0:
        errors = [l for l in text.splitlines() if "error:" in l]
        reason = errors[0] if errors else "llc exited with %d" % proc.returncode
        return {"error": re.sub(r"^.*?error: ", "", reason).strip()}
    loops = [m.groupdict() for m in SCHEDULE.finditer(text)]
    made = [m.group(1) for m in MATERIALIZED.finditer(text)]
    made += [m.group(1) for m in FALLBACK.finditer(text)]
    rings = []
    with open(out, encoding="utf-8") as f:
        for line in f:
            m = PIPE_CREATE.match(line)
            if m and int(m.group(3)) > 0:
                rings.append((int(m.group(1)), int(m.group(2))))
    return {"loops": loops, "rings": sorted(rings), "made": made}


def cell_schedule(result):
    if "error" in result:
        return "refused"
    if not result["loops"]:
        return "no loop scheduled"
    return "<br>".join("%s: II %s (MII %s; %s), %s stages" % (
        l["block"], l["ii"], l["mii"], l["bounds"], l["stages"])
        for l in result["loops"])


def cell_rings(result):
    if "error" in result:
        return ""
    if not result["rings"]:
        return "none"
    return ", ".join("pipe%d: %d" % r for r in result["rings"])


def cell_made(result):
    if "error" in result:
        return result["error"].replace("|", "\\|")
    return "<br>".join(m.replace("|", "\\|") for m in result["made"]) or "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("build")
    ap.add_argument("report", nargs="?",
                    default=os.path.join("bench", "results", "machines.md"))
    ap.add_argument("--strategy", default="",
                    help="llc -tileas-pipeline-strategy (default: llc's)")
    args = ap.parse_args()

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    build = os.path.abspath(args.build)
    plugin = os.path.join(build, "lib", "libTileAS.so")
    if not os.path.isfile(plugin):
        sys.exit("%s: no %s" % (sys.argv[0], plugin))
    llc = os.path.join(llvm_bin(build, "bench/machines.py"), "llc")
    corpus = os.path.join(root, "bench", "corpus")
    kernels = sorted(f for f in os.listdir(corpus) if f.endswith(".ll"))

    rows = []
    refused = []
    with tempfile.TemporaryDirectory(prefix="machines.") as work:
        for name in kernels:
            path = os.path.join(corpus, name)
            for machine, mcpu in MACHINES:
                r = schedule_kernel(llc, plugin, path, mcpu, args.strategy,
                                    work)
                rows.append((name, machine, r))
                if "error" in r:
                    refused.append((name, machine, r["error"]))

    strategy = args.strategy or "llc's default"
    lines = [
        "# The corpus on each machine",
        "",
        "Written by `bench/machines.py` (issue 27): every `.ll` kernel of "
        "`bench/corpus` scheduled and materialized by llc on Blackwell "
        "(`-mcpu=sm_100a`) and Hopper (`-mcpu=sm_90a`), strategy: %s. "
        "II, MII (its bounds) and stages from the schedule remark; the ring "
        "depths from the materialized `PIPE_CREATE`s that carry bytes; the "
        "last column what materialization made of the loop, or why the "
        "machine refuses the kernel." % strategy,
        "",
        "| kernel | machine | schedule | ring depths | materialized / refused |",
        "|---|---|---|---|---|",
    ]
    for name, machine, r in rows:
        lines.append("| %s | %s | %s | %s | %s |" % (
            name, machine, cell_schedule(r), cell_rings(r), cell_made(r)))
    lines += ["", "## Refused", ""]
    if refused:
        lines += ["- `%s` on %s: %s" % (n, m, e) for n, m, e in refused]
    else:
        lines.append("None.")
    lines.append("")
    os.makedirs(os.path.dirname(os.path.abspath(args.report)), exist_ok=True)
    with open(args.report, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print("%s: %d kernels, %d refusals -> %s" % (
        sys.argv[0], len(kernels), len(refused), args.report))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Registers each warp-specialized agent uses, against its setmaxnreg budget.

Usage:
  bench/agent-registers.py --build DIR [--out registers.csv] [LLC_OPTION...]

Compiles every loop of bench/corpus (.mir and .ll) to assembly with
-tileas-pipeline-strategy=warp-specialized and reads two remarks:
AgentRegisterNeed (tileas-materialize-schedule's estimate of what an agent's
loop keeps live, before allocation) and AgentRegisters
(tileas-agent-register-check: the distinct physical registers each agent's
region names after allocation, in 32-bit units: GPR32 1, GPR64 2, FRAG 4,
predicates 0; docs/warp-specialization.md). A region over its budget is an
llc error, reported in the status column. Extra arguments go to llc.
"""

import argparse
import csv
import os
import re
import subprocess
import sys

from corpus_kernels import cpu_options

NEED = re.compile(r"agent (\w+) keeps about (\d+) 32-bit registers live in "
                  r"its loop, of its budget (\d+)")
USED = re.compile(r"agent (\w+) \(from bb\.\d+\) uses (\d+) 32-bit registers "
                  r"of its budget (\d+): (.*)$")
SHORT = re.compile(r"agent (\w+) prefetches its far-memory loads (\d+) "
                   r"iteration\(s\) ahead instead of (\d+)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--out")
    args, extra = ap.parse_known_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    corpus = os.path.join(root, "bench", "corpus")
    llc = ["/usr/lib/llvm-22/bin/llc",
           "--load=" + os.path.join(args.build, "lib", "libTileAS.so"),
           "-march=tileas", "-tileas-pipeline-strategy=warp-specialized",
           "-pass-remarks-analysis=tileas-agent-register-check|"
           "tileas-materialize-schedule",
           "-pass-remarks-missed=tileas-materialize-schedule",
           "-o", os.devnull] + extra
    rows = []
    for name in sorted(os.listdir(corpus)):
        if not name.endswith((".mir", ".ll")):
            continue
        # A Hopper kernel is sm_90a's unless the extra arguments name the
        # processor.
        cpu = [] if any(a.startswith("-mcpu") for a in extra) else \
            cpu_options(os.path.splitext(name)[0], "-mcpu")
        p = subprocess.run(llc + cpu + [os.path.join(corpus, name)],
                           capture_output=True, text=True)
        need, short = {}, {}
        for line in p.stderr.splitlines():
            m = NEED.search(line)
            if m:
                need[m.group(1)] = m.group(2)
            m = SHORT.search(line)
            if m:
                short[m.group(1)] = m.group(2) + " of " + m.group(3)
        status = "ok" if p.returncode == 0 else "error"
        found = False
        for line in p.stderr.splitlines():
            m = USED.search(line)
            if not m:
                continue
            found = True
            agent, used, budget, classes = m.groups()
            rows.append({"loop": name, "agent": agent,
                         "estimate": need.get(agent, "-"), "allocated": used,
                         "budget": budget, "classes": classes,
                         "prefetch": short.get(agent, ""),
                         "status": status if int(used) <= int(budget)
                         else "over"})
        if not found:
            rows.append({"loop": name, "agent": "-", "estimate": "-",
                         "allocated": "-", "budget": "-",
                         "classes": "not warp-specialized", "prefetch": "",
                         "status": status})
    cols = ["loop", "agent", "estimate", "allocated", "budget", "classes",
            "prefetch", "status"]
    out = open(args.out, "w", newline="") if args.out else sys.stdout
    w = csv.DictWriter(out, fieldnames=cols)
    w.writeheader()
    w.writerows(rows)
    return 1 if any(r["status"] != "ok" for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())

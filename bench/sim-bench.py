#!/usr/bin/env python3
"""Simulated cycles of every corpus loop in each form: bench/run.sh runs it.

Usage:
  bench/sim-bench.py --build DIR --out sim.csv [--peer-results results.csv]
                     [--trip-counts 4,16,128] [--jitter 25] [--seeds 5]

For each loop of bench/corpus and each trip count, tileas-sim runs:

  unpipelined  the loop as written (what -tileas-pipeliner=false hands to
               the rest of llc's pipeline);
  sms          stock MachinePipeliner's expansion (llc -run-pass=pipeliner,
               tileas-bench's settings), where tileas-bench judged its
               schedule legal (--peer-results: its results.csv); otherwise
               a row saying why not;
  ours         tileas-generate-schedule + tileas-materialize-schedule as llc
               runs them by default (unspecialized), with the scheduled II
               from the Materialized remark;
  ours_ws      the same with -tileas-pipeline-strategy=warp-specialized
               (a loop the strategy leaves unspecialized runs that form);
               rows 'not-implemented' while llc has no such option;

each without jitter (seed 1) and with +-JITTER% far-memory jitter (seeds
1..SEEDS). A loop nest of the corpus (corpus_kernels.NESTS: the persistent
kernels) runs one tile of each trip count (--trip-count=tile=1,kloop=N,
its loops named by their IR blocks in every form), so that its rows compare
with the single loops'; bench/persistent.py times its tiles. Every single
loop's form runs the iterations of the loop as written (tileas-sim
--reference); a loop whose bound is a constant runs its own trip count
only. Writes one CSV row per run (see COLUMNS). Simulated cycles do
not depend on the machine the benchmark runs on.
"""

import argparse
import csv
import json
import os
import re
import subprocess
import sys
import tempfile

from corpus_kernels import (FIXED_TRIPS, NESTS, cpu_options, kernel_class,
                            llvm_bin,
                            trip_count_option)

COLUMNS = ("loop", "family", "requested_trip_count", "trip_count", "variant",
           "jitter_percent", "seed", "status", "cycles",
           "cycles_per_iteration", "ii", "note")

VARIANTS = ("unpipelined", "sms", "ours", "ours_ws")

# tileas-bench's settings for stock MachinePipeliner (BenchSettings.h); the
# II search range comes from its results.csv when given.
SMS_OPTIONS = ["-pipeliner-max-stages=100", "-pipeliner-max-mii=100000",
               "-window-sched=off", "-tileas-pipeliner-ignore-exit-test=true"]
SMS_DEFAULT_RANGE = 100

class Tools:
    def __init__(self, build):
        self.llc = [os.path.join(llvm_bin(build, "sim-bench.py"), "llc"),
                    "--load=" + os.path.join(build, "lib", "libTileAS.so"),
                    "-march=tileas"]
        self.sim = os.path.join(build, "bin", "tileas-sim")
        # The kernel being measured, whose processor (cpu_options) both
        # tools take.
        self.kernel = ""

    def llc_run(self, args):
        return subprocess.run(self.llc + cpu_options(self.kernel, "-mcpu") +
                              args, capture_output=True, text=True)

    def simulate(self, mir, args):
        """tileas-sim --json: (result dict or None, error text)."""
        p = subprocess.run([self.sim, mir, "--json"] +
                           cpu_options(self.kernel, "--mcpu") + args,
                           capture_output=True, text=True)
        if p.returncode != 0:
            return None, p.stderr.strip()
        return json.loads(p.stdout), ""


def read_peer_results(path):
    """tileas-bench's results.csv rows of the corpus, by loop name."""
    if not path or not os.path.exists(path):
        return {}
    with open(path, newline="", encoding="utf-8") as f:
        return {row["loop"]: row for row in csv.DictReader(f)
                if row.get("source") == "corpus"}


WS_OPTION = "-tileas-pipeline-strategy=warp-specialized"
NO_WS = "no warp-specialized strategy yet"


def materialize(tools, src, work, name, variant="ours", options=()):
    """Our materialization (llc's defaults, plus options): (mir, remarks)
    or (None, error)."""
    mir = os.path.join(work, "%s.%s.mir" % (name, variant))
    yaml = os.path.join(work, "%s.%s.yaml" % (name, variant))
    p = tools.llc_run(["-run-pass=tileas-generate-schedule,"
                       "tileas-materialize-schedule",
                       "-pass-remarks-output=" + yaml] + list(options) +
                      [src, "-o", mir])
    if p.returncode != 0:
        return None, p.stderr.strip()
    return (mir, yaml), ""


def ws_fallback(remarks_yaml):
    """Why llc did not warp-specialize the loop (its NotWarpSpecialized
    remark's reason), or "" if it did."""
    try:
        with open(remarks_yaml, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return ""
    for doc in text.split("\n---"):
        if "Name:            NotWarpSpecialized" not in doc:
            continue
        m = re.search(r"- Reason:\s+'?(.*?)'?\n\s+- String:", doc, re.S)
        reason = " ".join(m.group(1).split()) if m else "see the remark"
        return reason.replace("''", "'").replace(",", ";")[:120]
    return ""


def has_option(tools, option):
    """Whether llc (with TileAS loaded) knows a command-line option."""
    p = tools.llc_run([option, "-version"])
    return "Unknown command line argument" not in p.stderr


def sms_expansion(tools, src, work, name, peer):
    """Stock MachinePipeliner's expanded loop if its schedule is legal:
    (mir, "", "") or (None, status, why not)."""
    if not peer:
        return None, "no-verdict", "tileas-bench has no verdict on it " \
            "(give --peer-results)"
    if peer.get("sms_status") != "scheduled":
        return None, "no-schedule", "SMS found no schedule (%s)" % (
            peer.get("sms_status") or "not run")
    if peer.get("sms_legal") != "true":
        return None, "not-legal", "SMS's schedule (II %s) is not legal: " \
            "%s" % (peer.get("sms_ii"), peer.get("sms_verdict") or "illegal")
    search_range = peer.get("sms_ii_search_range") or SMS_DEFAULT_RANGE
    mir = os.path.join(work, name + ".sms.mir")
    p = tools.llc_run(["-run-pass=pipeliner"] + SMS_OPTIONS +
                      ["-pipeliner-ii-search-range=%s" % search_range,
                       "-pass-remarks-analysis=pipeliner", src, "-o", mir])
    if p.returncode != 0:
        return None, "error", "llc failed: " + p.stderr.strip()
    found = re.search(r"Initiation Interval: (\d+)", p.stderr)
    if not found or found.group(1) != peer.get("sms_ii"):
        return None, "error", "llc's SMS II %s differs from " \
            "tileas-bench's %s" % (found.group(1) if found else "none",
                                  peer.get("sms_ii"))
    return mir, "", ""


def trip_count_args(name, src, trips):
    """tileas-sim's options for a trip count of a loop of the corpus, in
    every form: a single loop's forms take it through the loop as written
    (--reference); a nest's loops are named by their IR blocks in every
    form, one tile of `trips` inner iterations (--reference takes one
    number, and a grouped GEMM's inner bound is a loaded value, which no
    reference can pass on)."""
    if name in NESTS:
        return [trip_count_option(name, trips)]
    return ["--trip-count=%d" % trips, "--reference=" + src]


def run_trip_count(tools, src, name, trips):
    """The trip count the loop can run for a requested one (its own when
    its bound is a constant), or (None, error)."""
    result, err = tools.simulate(src, [trip_count_option(name, trips)])
    if result is not None:
        return trips, ""
    fixed = FIXED_TRIPS.search(err)
    if fixed:
        return int(fixed.group(1)), ""
    return None, err


def row(loop, requested, trips, variant, jitter, seed, status, result=None,
        note=""):
    result = result or {}
    cpi = result.get("cycles_per_iteration")
    return {"loop": loop, "family": kernel_class(loop),
            "requested_trip_count": requested, "trip_count": trips,
            "variant": variant, "jitter_percent": jitter, "seed": seed,
            "status": status, "cycles": result.get("cycles", ""),
            "cycles_per_iteration": "" if cpi is None else cpi,
            "ii": "" if result.get("ii") is None else result["ii"],
            "note": note}


def measure_loop(tools, src, work, args, peers):
    name = os.path.splitext(os.path.basename(src))[0]
    tools.kernel = name
    ours, ours_err = materialize(tools, src, work, name)
    ws, ws_err = None, NO_WS
    if args.warp_specialized:
        ws, ws_err = materialize(tools, src, work, name, "ours_ws",
                                 [WS_OPTION])
    sms, sms_status, sms_why = sms_expansion(tools, src, work, name,
                                             peers.get(name))
    rows, seen = [], set()
    for requested in args.trip_counts:
        trips, err = run_trip_count(tools, src, name, requested)
        runs = [(0, 1)] + [(args.jitter, s) for s in range(1, args.seeds + 1)]
        for variant in VARIANTS:
            for jitter, seed in runs:
                key = (trips, variant, jitter, seed)
                if trips is not None and key in seen:
                    continue  # A fixed trip count: measured already.
                seen.add(key)
                common = (name, requested, trips, variant, jitter, seed)
                if trips is None:
                    rows.append(row(*common, "error", note=err))
                    continue
                if variant == "ours_ws" and not args.warp_specialized:
                    rows.append(row(*common, "not-implemented", note=NO_WS))
                    continue
                sim_args = trip_count_args(name, src, trips)
                if jitter:
                    sim_args += ["--jitter=%d" % jitter, "--seed=%d" % seed]
                if variant == "unpipelined":
                    mir = src
                elif variant == "sms":
                    if sms is None:
                        rows.append(row(*common, sms_status, note=sms_why))
                        continue
                    mir = sms
                    sim_args.append("--ii=" + peers[name]["sms_ii"])
                else:
                    form, err = (ws, ws_err) if variant == "ours_ws" else \
                        (ours, ours_err)
                    if form is None:
                        rows.append(row(*common, "error", note=err))
                        continue
                    mir = form[0]
                    sim_args.append("--remarks=" + form[1])
                result, sim_err = tools.simulate(mir, sim_args)
                if result is None:
                    rows.append(row(*common, "error", note=sim_err))
                else:
                    note = ""
                    if variant == "ours_ws" and ws_fallback(form[1]):
                        note = "unspecialized: " + ws_fallback(form[1])
                    rows.append(row(*common, "ok", result, note=note))
    return rows


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--build", required=True, help="the build tree")
    parser.add_argument("--out", required=True, help="the CSV to write")
    parser.add_argument("--corpus", default=os.path.join(here, "corpus"))
    parser.add_argument("--peer-results", action="append", default=[],
                        help="tileas-bench's results.csv (SMS verdicts); "
                        "may be given once per machine's run")
    parser.add_argument("--trip-counts", default="4,16,128",
                        type=lambda s: [int(t) for t in s.split(",")])
    parser.add_argument("--jitter", type=int, default=25)
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args(argv)
    tools = Tools(args.build)
    args.warp_specialized = has_option(tools, WS_OPTION)
    peers = {}
    for path in args.peer_results:
        peers.update(read_peer_results(path))
    corpus = sorted(os.path.join(args.corpus, f)
                    for f in os.listdir(args.corpus) if f.endswith(".mir"))
    rows = []
    with tempfile.TemporaryDirectory() as work:
        for src in corpus:
            rows += measure_loop(tools, src, work, args, peers)
    with open(args.out, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1:])

#!/usr/bin/env python3
"""Turns the benchmark's raw outputs into bench/results/report.md and figures.

Usage:
  bench/report.py [--in DIR] [--out DIR]
      Reads DIR/results.csv, machsuite.csv, bench.json (from tileas-bench),
      sched-bench.json, event-bench.json (Google Benchmark), and the optional
      commands.txt, unfinished.csv, effort-tradeoff.md and ims.csv that
      bench/run.sh writes, sim.csv (bench/sim-bench.py), utilization.json
      (bench/utilization.*) and persistent.json (bench/persistent.py);
      writes report.md, utilization.svg,
      ii-over-mii.svg, time-vs-size.svg, kernel-<loop>.svg, sched-growth.svg,
      event-growth.svg and sim-speedup.svg into --out.
  bench/report.py merge --out DIR PART...
      Concatenates the outputs of several tileas-bench runs (bench/run.sh
      runs it once per generated loop, under a time limit) into one
      results.csv, machsuite.csv and bench.json.

The figures are drawn with matplotlib (bench/figures.py; Debian's
python3-matplotlib): without it the report stops with an error that names
the package (merge needs the standard library only). Every number in the
report is computed from the input files; the output, figures included, is a
function of them (sorted, fixed float formats, byte-reproducible SVG).
"""

import argparse
import csv
import json
import math
import os
import re
import statistics
import sys

import figures
import ims_report
import persistent_report
import sim_report
import time_targets
import utilization_report

# Targets the report judges the data against.
TARGET_AT_OPTIMUM = 0.97   # share of loops with a known optimum
TARGET_SPEEDUP = 10.0      # SMS_ms / ours_ms, at every loop of >= 400 ops
SPEEDUP_MIN_OPS = 400
TARGET_SCHED_800_MS = 20.0
TARGET_EVENT_5000_MS = 50.0

PEERS = (("sms", "SMS"), ("window", "WindowScheduler"))
# Statuses of a scheduler that actually searched (its time means something).
SEARCHED = ("scheduled", "no-schedule")
TRIED_NOTHING_FOUND = ("no-schedule", "crashed", "error")

LABELS = {"ours": "ours (TileAS)", "sms": "SMS (MachinePipeliner)",
          "window": "WindowScheduler"}
SCHEDULER_MARKERS = {"ours": "circle", "sms": "square", "window": "triangle"}


# ---------------------------------------------------------------- values --

def to_int(text):
    """An integer CSV field, or None when empty."""
    return int(text) if text not in (None, "") else None


def to_float(text):
    return float(text) if text not in (None, "") else None


def natural_key(name):
    """Sorts 'graph2' before 'graph10' and 'gen-25' before 'gen-100'."""
    return [(0, int(p), "") if p.isdigit() else (1, 0, p)
            for p in re.split(r"(\d+)", name)]


def fmt_ms(ms):
    if ms is None:
        return "—"
    if ms >= 100:
        return "%.0f" % ms
    if ms >= 10:
        return "%.1f" % ms
    if ms >= 1:
        return "%.2f" % ms
    return "%.3f" % ms


def fmt_ratio(r):
    return ("%.1fx" % r) if r >= 1 else ("%.2fx" % r)


def times(count):
    return " (%d×)" % count if count > 1 else ""


def fmt_share(num, den):
    if den == 0:
        return "n/a (0 loops)"
    return "%.1f%% (%d of %d)" % (100.0 * num / den, num, den)


def verdict(ok):
    return "met" if ok else "NOT met"


def md_cell(text):
    """Text that is safe inside a Markdown table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def median(values):
    return statistics.median(values) if values else None


def fit_exponent(points):
    """Least-squares slope of log(time) against log(n): time ~ n^slope."""
    pts = [(math.log(n), math.log(t)) for n, t in points if n > 0 and t > 0]
    if len({x for x, _ in pts}) < 2:
        return None
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    sxx = sum((x - mx) ** 2 for x, _ in pts)
    sxy = sum((x - mx) * (y - my) for x, y in pts)
    return sxy / sxx


# ----------------------------------------------------------------- input --

def read_csv(path):
    if not os.path.exists(path):
        return None
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def read_json(path):
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def read_text(path):
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return f.read()


# A peer schedule's verdict (tileas-bench, PeerVerdict.h): only "illegal"
# is the peer's own error.
VERDICT_WORDS = {"legal": "legal", "illegal": "**ILLEGAL**",
                 "tileas-only": "TileAS-only", "harness": "harness artefact"}
CLASS_ORDER = ("peer", "unseen", "harness")


class Outcome:
    """One scheduler's result on one loop, from results.csv (+ bench.json)."""

    def __init__(self, status, ii, ok, ms, details, verdict=None):
        self.status = status or "not-run"
        self.ii = ii
        # ours: verified; peers: legal (verifier and machine verifier).
        self.ok = ok
        self.ms = ms
        self.details = details or {}
        # A peer's verdict; None for ours, and for raw results from before
        # tileas-bench classified violations.
        self.verdict = verdict or None

    @property
    def has_schedule(self):
        return self.ii is not None

    @property
    def legal(self):
        return self.ii is not None and self.ok

    def note(self):
        return self.details.get("note") or "no reason recorded"

    def violation(self):
        first = self.details.get("first_violation") or ""
        if not first and self.details.get("machine_verifier") == "failed":
            first = "the machine verifier rejected the expanded code"
        return first or "(no message recorded)"

    def violation_groups(self, cls):
        """[(reason, count, first message)] of one violation class."""
        return [(g["reason"], g["count"], g.get("first", ""))
                for g in self.details.get("violation_classes") or []
                if g.get("class") == cls]

    def why_not_legal(self):
        """The reasons behind the verdict, most telling first."""
        if self.verdict == "illegal":
            found = self.violation_groups("peer")
            if found:
                reason, count, first = found[0]
                more = "; and %d more reason(s)" % (len(found) - 1) \
                    if len(found) > 1 else ""
                return "%s%s: %s%s" % (reason, times(count), first, more)
            return "the machine verifier rejected the expanded code"
        cls = "unseen" if self.verdict == "tileas-only" else "harness"
        reasons = ["%s%s" % (r, times(n))
                   for r, n, _ in self.violation_groups(cls)]
        if cls == "unseen":
            also = ["%s%s" % (r, times(n))
                    for r, n, _ in self.violation_groups("harness")]
            if also:
                reasons.append("and harness artefacts: " + "; ".join(also))
        return "; ".join(reasons) or "(no reason recorded)"


class Loop:
    """A MIR loop (corpus or generated) or a MachSuite graph."""

    def __init__(self, row, details):
        self.row = row
        self.name = row["loop"]
        self.source = row.get("source") or "machsuite"
        self.ops = to_int(row["ops"])
        self.mii = to_int(row["mii"])
        self.bounds = tuple(to_int(row.get(k)) for k in
                            ("res_mii", "rec_mii", "fine_mii", "dep_mii"))
        self.details = details or {}
        self.ours = Outcome(row.get("ours_status") or
                            ("scheduled" if row["ours_ii"] else "no-schedule"),
                            to_int(row["ours_ii"]),
                            row["ours_verified"] == "true",
                            to_float(row.get("ours_ms")),
                            self.details.get("ours"))
        self.peers = {}
        for key, _ in PEERS:
            if key + "_ii" not in row:
                continue
            self.peers[key] = Outcome(row.get(key + "_status"),
                                      to_int(row[key + "_ii"]),
                                      row[key + "_legal"] == "true",
                                      to_float(row.get(key + "_ms")),
                                      self.details.get(key),
                                      row.get(key + "_verdict"))
        self.exact_status = row.get("exact_status") or "not-run"
        self.exact_ii = to_int(row.get("exact_ii"))
        self.exact_lb = to_int(row.get("exact_lb"))
        exact = self.details.get("exact") or {}
        # A solver schedule the verifier rejects proves nothing.
        self.exact_verified = exact.get("verified") is not False

    def sort_key(self):
        """Corpus loops by name, then generated loops by size and seed;
        MachSuite graphs by name."""
        if self.source == "generated":
            return (1, self.ops or 0, natural_key(self.name))
        return (0 if self.source == "corpus" else 2, 0,
                natural_key(self.name))

    def lower_bound(self):
        known = [b for b in (self.mii, self.exact_lb) if b is not None]
        return max(known) if known else None

    def sim_bound(self):
        """(best lower bound, the name of the bound that sets it, our stage
        count), for the simulated speed-up's verdict."""
        lb = self.lower_bound()
        # On a tie, a recurrence first: the simulated run also waits for
        # the far-memory load before its first trip (sim_report.py's fill),
        # which makes it the stronger bound on a run's cycles.
        names = (("rec_mii", "recurrence"),
                 ("recres_mii", "recurrence with resources"),
                 ("res_mii", "resource"),
                 ("fine_mii", "fine density"), ("dep_mii", "dependency"),
                 ("budget_mii", "budget"), ("exact_lb", "exact solver's"))
        name = next((n for k, n in names
                     if lb is not None and to_int(self.row.get(k)) == lb),
                    "lower")
        return lb, name, to_int(self.row.get("ours_stages"))

    def legal_iis(self):
        """IIs of schedules the TileAS verifier accepts, any scheduler."""
        iis = [o.ii for o in [self.ours] + list(self.peers.values())
               if o.legal]
        if self.exact_ii is not None and self.exact_verified:
            iis.append(self.exact_ii)
        return iis

    def optimum(self):
        """(II, how) when the optimal II is proven, else (None, why not).

        Proven when the exact solver says so, or when a verified schedule
        reaches a lower bound (the MII or the solver's own bound)."""
        if self.exact_status == "optimal" and self.exact_ii is not None \
                and self.exact_verified:
            return self.exact_ii, "exact solver"
        lb, legal = self.lower_bound(), self.legal_iis()
        if lb is not None and legal and min(legal) == lb:
            return lb, "lower bound reached"
        return None, "exact solver: %s" % self.exact_status

    def inconsistencies(self):
        """Facts that contradict each other (a bug in some tool)."""
        found = []
        lb = self.lower_bound()
        opt = self.exact_ii if self.exact_status == "optimal" else None
        for label, ii in self._legal_named():
            if lb is not None and ii < lb:
                found.append("%s II %d is legal but below the lower bound %d"
                             % (label, ii, lb))
            elif opt is not None and ii < opt:
                found.append("%s II %d is legal but below the exact optimum %d"
                             % (label, ii, opt))
        if self.exact_ii is not None and not self.exact_verified:
            found.append("the exact solver's schedule (II %d) fails the "
                         "verifier" % self.exact_ii)
        return found

    def _legal_named(self):
        named = [("ours", self.ours)] + [(label, self.peers[key])
                                         for key, label in PEERS
                                         if key in self.peers]
        return [(label, o.ii) for label, o in named if o.legal]


def index_details(doc, section):
    """bench.json's per-loop objects by name."""
    if not doc:
        return {}
    return {entry["name"]: entry for entry in doc.get(section, [])}


def load_loops(rows, details):
    if rows is None:
        return None
    loops = [Loop(row, details.get(row["loop"])) for row in rows]
    return sorted(loops, key=Loop.sort_key)


def load_unfinished(path):
    """Loops bench/run.sh had to stop (time limit) or that failed."""
    rows = read_csv(path) or []
    return sorted(rows, key=lambda r: (to_int(r["ops"]) or 0,
                                       natural_key(r["loop"])))


# ------------------------------------------------------- Google Benchmark --

UNIT_TO_MS = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}


def gbench_times(doc):
    """Benchmark name -> median real time in ms over its repetitions."""
    samples = {}
    for b in (doc or {}).get("benchmarks", []):
        if b.get("run_type") != "iteration" or b.get("error_occurred"):
            continue
        ms = b["real_time"] * UNIT_TO_MS[b.get("time_unit", "ns")]
        samples.setdefault(b["name"], []).append(ms)
    return {name: statistics.median(v) for name, v in samples.items()}


def gbench_family(times, family):
    """[(n, ms)] of the benchmarks family/n, by n."""
    points = []
    for name, ms in times.items():
        m = re.fullmatch(re.escape(family) + r"/(\d+)", name)
        if m:
            points.append((int(m.group(1)), ms))
    return sorted(points)


def gbench_bigo(doc, family):
    """Google Benchmark's own complexity fit, as it prints it, or None."""
    bigo = rms = None
    for b in (doc or {}).get("benchmarks", []):
        if b.get("run_name") != family or b.get("run_type") != "aggregate":
            continue
        if b.get("aggregate_name") == "BigO":
            bigo = "%.2f %s x %s" % (b["real_coefficient"],
                                     b.get("time_unit", "ns"), b["big_o"])
        elif b.get("aggregate_name") == "RMS":
            rms = b["rms"]
    if bigo is None:
        return None
    return bigo + ("" if rms is None else " (RMS %.0f%%)" % (100 * rms))


def gbench_families(times):
    """Family names of the benchmarks that take a size argument."""
    return sorted({name.split("/")[0] for name in times if "/" in name})


# ----------------------------------------------------------- the figures --
# The data of each figure; bench/figures.py draws it.

def ii_over_mii_columns(loops):
    """Per loop with an MII, the marks of figures.ii_over_mii: each
    scheduler's II / MII where legal, else the lane that says why not."""
    columns = []
    for lp in loops:
        if not lp.mii:
            continue
        opt = lp.optimum()[0]
        marks = []
        for key, o in [("ours", lp.ours)] + sorted(lp.peers.items()):
            tip = "%s on %s: " % (LABELS[key], lp.name)
            if o.legal:
                marks.append((key, "legal", o.ii / lp.mii,
                              tip + "II %d" % o.ii))
            elif o.has_schedule:
                word = "illegal" if o.verdict in (None, "illegal") else \
                    VERDICT_WORDS.get(o.verdict, o.verdict)
                marks.append((key, "illegal", None,
                              tip + "%s II %d" % (word, o.ii)))
            elif o.status in TRIED_NOTHING_FOUND:
                marks.append((key, "none", None, tip + o.status))
        columns.append({"name": lp.name, "source": lp.source,
                        "optimum": opt / lp.mii if opt else None,
                        "marks": marks})
    return columns


def per_size_medians(points):
    by_size = {}
    for x, y, _, _ in points:
        by_size.setdefault(x, []).append(y)
    return [(x, statistics.median(v)) for x, v in sorted(by_size.items())]


def figure_time_vs_size(loops, path):
    series = []
    for key in ("ours", "sms", "window"):
        points = []
        for lp in loops:
            o = lp.ours if key == "ours" else lp.peers.get(key)
            if o is None or o.ms is None or not lp.ops:
                continue
            if key != "ours" and o.status not in SEARCHED:
                continue  # refused or skipped: its time measures nothing
            hollow = not o.has_schedule
            points.append((lp.ops, o.ms, hollow, "%s on %s: %s ms (%s)" % (
                LABELS[key], lp.name, fmt_ms(o.ms), o.status)))
        points.sort(key=lambda p: (p[0], p[1]))
        series.append({"label": LABELS[key], "color": figures.COLORS[key],
                       "marker": SCHEDULER_MARKERS[key], "points": points,
                       "line": per_size_medians(points)})
    figures.loglog(path, "Scheduling time against loop size",
                   "loop size (operations)", "time per loop (ms, median)",
                   series, note=["times of whole passes on MIR",
                                 "(tileas-bench, median of repeats)"],
                   line_label="median per size")


def figure_gbench_growth(times, families, path, title, targets):
    palette = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b",
               "#e377c2", "#7f7f7f", "#bcbd22", "#17becf")
    kinds = ("circle", "square", "triangle")
    series = []
    for i, family in enumerate(families):
        pts = gbench_family(times, family)
        series.append({"label": family, "color": palette[i % len(palette)],
                       "marker": kinds[i % len(kinds)],
                       "points": [(n, ms, False, "%s/%d: %s ms" %
                                   (family, n, fmt_ms(ms))) for n, ms in pts],
                       "line": pts})
    figures.loglog(path, title, "operations (n)", "time (ms, wall clock)",
                   series, targets=targets)


def kernel_file_name(loop_name):
    return figures.file_name("kernel", loop_name)


# ------------------------------------------------------- report sections --

def section_header(bench, commands):
    """The title, the date and the command of the run."""
    host = (bench or {}).get("host", {})
    out = ["# TileAS benchmark report", ""]
    out.append("Date of the run: %s." % host.get("date", "unknown"))
    out.append("")
    if commands and commands.strip():
        # commands.txt (bench/run.sh): the command, then what it ran.
        first, _, rest = commands.strip().partition("\n")
        out += ["The command that produced this directory (from the "
                "repository root):", "", "```", first, "```", ""]
        if rest.strip():
            out += ["```", rest.strip(), "```", ""]
    else:
        out += ["The command is not recorded (commands.txt is missing); "
                "`bench/run.sh` regenerates this directory.", ""]
    return out


def section_machine(bench):
    host = (bench or {}).get("host", {})
    out = ["## Machine"]
    out.append("")
    if host:
        out += ["| | |", "|---|---|"]
        out += ["| %s | %s |" % (md_cell(k), md_cell(v))
                for k, v in host.items()]
    else:
        out.append("Not recorded (bench.json is missing).")
    out.append("")
    return out


def section_settings(bench):
    settings = (bench or {}).get("settings", {})
    out = ["## How each scheduler ran", ""]
    if not settings:
        return out + ["Not recorded (bench.json is missing).", ""]
    out += ["| setting | value |", "|---|---|"]
    for key, value in settings.items():
        if isinstance(value, bool):
            value = "yes" if value else "no"
        out.append("| %s | `%s` |" % (md_cell(key), md_cell(value)))
    out.append("")
    out.append("Times are medians of up to `repeats_max` runs (no further "
               "run once `repeat_budget_ms` went into one measurement). A "
               "peer's schedule is *legal* when the TileAS verifier accepts "
               "it and the machine verifier accepts its expansion. "
               "Otherwise each violation is put down to the peer (a "
               "dependence of the loop, a resource its own model states the "
               "same way), to what the peer was never told (budgets, "
               "multi-unit pools, TileAS's memory-order latencies, buffers "
               "rewritten in place, TileAS constraints: *TileAS-only*), or "
               "to the harness's settings (the exit test SMS is asked to "
               "leave to the loop control, the stage-0 pin of the exit test "
               "WindowScheduler may pipeline: *harness artefact*); only the "
               "first makes a schedule **ILLEGAL**.")
    out.append("")
    return out


def describe_outcome(o, legal_word, peer=False):
    """A table cell: the II and its legality (a peer's verdict), or why
    there is none."""
    if o is None:
        return "—"
    if not o.has_schedule:
        return "— (%s)" % o.status
    if o.ok:
        return "%d %s" % (o.ii, legal_word)
    if not peer:
        return "%d **ILLEGAL**" % o.ii
    if o.verdict is None:
        return "%d not legal (unclassified)" % o.ii
    return "%d %s" % (o.ii, VERDICT_WORDS.get(o.verdict, o.verdict))


def describe_exact(lp):
    if lp.exact_ii is not None:
        if lp.exact_status == "optimal":
            return "%d" % lp.exact_ii
        lb = ", lb %d" % lp.exact_lb if lp.exact_lb is not None else ""
        return "≤ %d (%s%s)" % (lp.exact_ii, lp.exact_status, lb)
    lb = ", lb %d" % lp.exact_lb if lp.exact_lb is not None else ""
    return "— (%s%s)" % (lp.exact_status, lb)


def describe_mii(lp):
    if lp.mii is None:
        return "—"
    parts = ["—" if b is None else str(b) for b in lp.bounds]
    return "%d (%s)" % (lp.mii, "/".join(parts))


def gap_to_optimum(lp):
    opt, _ = lp.optimum()
    if opt is None:
        return "?"
    if not lp.ours.legal:
        return "no legal II"
    return "=" if lp.ours.ii == opt else "+%d" % (lp.ours.ii - opt)


def loop_table(loops):
    out = ["| loop | ops | MII (res/rec/fine/dep) | ours II | vs optimum | "
           "SMS II | Window II | exact II | ours ms | SMS ms |",
           "|---|---:|---|---|---|---|---|---|---:|---:|"]
    for lp in loops:
        sms = lp.peers.get("sms")
        out.append("| %s |" % " | ".join(md_cell(c) for c in (
            lp.name, lp.ops, describe_mii(lp),
            describe_outcome(lp.ours, "verified"), gap_to_optimum(lp),
            describe_outcome(sms, "legal", peer=True),
            describe_outcome(lp.peers.get("window"), "legal", peer=True),
            describe_exact(lp), fmt_ms(lp.ours.ms),
            fmt_ms(sms.ms if sms else None))))
    return out


def worse_than_peer(lp):
    """The peers whose legal II beats ours (ours absent or illegal counts
    as worse than any legal peer schedule)."""
    found = []
    for key, label in PEERS:
        o = lp.peers.get(key)
        if o is None or not o.legal:
            continue
        if not lp.ours.legal or o.ii < lp.ours.ii:
            ours = "%d" % lp.ours.ii if lp.ours.legal else "no legal schedule"
            found.append("%s II %d against ours %s" % (label, o.ii, ours))
    return found


def speed_ratios(loops):
    """(loop, SMS_ms / ours_ms) at >= SPEEDUP_MIN_OPS ops, where SMS searched
    and both times were measured."""
    ratios = []
    for lp in loops:
        sms = lp.peers.get("sms")
        if (lp.ops or 0) < SPEEDUP_MIN_OPS or sms is None:
            continue
        if sms.status in SEARCHED and sms.ms and lp.ours.ms:
            ratios.append((lp, sms.ms / lp.ours.ms))
    return ratios


def bullet_list(items, none_text):
    return ["  - %s" % md_cell(i) for i in items] if items else \
        ["  - %s" % none_text]


def summary_optimum(loops):
    known = [(lp, lp.optimum()[0]) for lp in loops if lp.optimum()[0]]
    at = [lp for lp, opt in known if lp.ours.legal and lp.ours.ii == opt]
    share = len(at) / len(known) if known else None
    out = ["- Ours at the proven optimum: %s of the loops whose optimum is "
           "known — target ≥ %.0f%%: %s." % (
               fmt_share(len(at), len(known)), 100 * TARGET_AT_OPTIMUM,
               verdict(share is not None and share >= TARGET_AT_OPTIMUM)
               if known else "not measured (no optimum known)")]
    missed = ["%s: ours %s, optimum %d (%s)" % (
        lp.name, lp.ours.ii if lp.ours.legal else "no legal schedule", opt,
        lp.optimum()[1]) for lp, opt in known if lp not in at]
    out.append("- Loops where ours misses the optimum:")
    out += bullet_list(missed, "none")
    unknown = ["%s (%s)" % (lp.name, lp.optimum()[1]) for lp in loops
               if not lp.optimum()[0]]
    out.append("- Optimum not known (exact solver did not prove it, no "
               "verified schedule reaches a lower bound): %d loop(s)." %
               len(unknown))
    out += bullet_list(unknown, "none")
    return out


def summary_peers(loops):
    worse = ["%s: %s" % (lp.name, "; ".join(worse_than_peer(lp)))
             for lp in loops if worse_than_peer(lp)]
    out = ["- Loops where ours II > a peer's legal II: %d — target: none: %s."
           % (len(worse), verdict(not worse))]
    out += bullet_list(worse, "none")
    out += summary_peer_verdicts(loops)
    unverified = ["%s: II %d — %s" % (lp.name, lp.ours.ii,
                                      lp.ours.violation())
                  for lp in loops if lp.ours.has_schedule and not lp.ours.ok]
    noschedule = ["%s (%s)" % (lp.name, lp.ours.status) for lp in loops
                  if not lp.ours.has_schedule]
    out.append("- Our schedules the verifier rejects: %d." % len(unverified))
    out += bullet_list(unverified, "none")
    out.append("- Loops where ours gave no schedule: %d." % len(noschedule))
    out += bullet_list(noschedule, "none")
    return out


def summary_peer_verdicts(loops):
    """Peer schedules the verifiers reject, by verdict: only the peer's own
    errors count as illegal."""
    by_verdict = {}
    for lp in loops:
        for key, label in PEERS:
            o = lp.peers.get(key)
            if o is None or not o.has_schedule or o.legal:
                continue
            if o.verdict is None:
                why = o.violation()
            else:
                why = o.why_not_legal()
            by_verdict.setdefault(o.verdict, []).append(
                "%s: %s II %d — %s" % (lp.name, label, o.ii, why))
    out = []
    for verdict, title in (
            ("illegal", "Illegal peer schedules (the peer's own error: a "
             "dependence of the loop, a resource its own model states the "
             "same way, or an expansion the machine verifier rejects)"),
            ("tileas-only", "Peer schedules that violate only what the peer "
             "cannot see (budgets, multi-unit pools, TileAS's memory-order "
             "latencies, buffers rewritten in place, TileAS constraints), "
             "not counted as illegal"),
            ("harness", "Peer schedules rejected only through the harness's "
             "own settings (the exit test), not counted as illegal")):
        items = by_verdict.get(verdict, [])
        out.append("- %s: %d." % (title, len(items)))
        out += bullet_list(items, "none")
    unclassified = by_verdict.get(None, [])
    if unclassified:
        out.append("- Peer schedules not legal but not classified (raw "
                   "results from before tileas-bench classified violations; "
                   "rerun bench/run.sh), first violation: %d." %
                   len(unclassified))
        out += bullet_list(unclassified, "none")
    return out


def summary_peer_statuses(loops):
    """Per peer, how many loops ended in each status, and the reasons it
    gave where it produced no schedule."""
    out = []
    for key, label in PEERS:
        outcomes = [lp.peers[key] for lp in loops if key in lp.peers]
        if not outcomes:
            continue
        counts = {}
        for o in outcomes:
            counts[o.status] = counts.get(o.status, 0) + 1
        out.append("- %s outcomes over %d loops: %s." % (
            label, len(outcomes), ", ".join(
                "%s %d" % (status, n) for status, n in sorted(counts.items()))))
        reasons = {}
        for o in outcomes:
            if not o.has_schedule and o.status != "no-schedule":
                reason = "%s: %s" % (o.status, o.note())
                reasons[reason] = reasons.get(reason, 0) + 1
        out += ["  - %s (%d loop(s))" % (md_cell(r), n)
                for r, n in sorted(reasons.items())]
    return out


def summary_speed(loops):
    ratios = speed_ratios(loops)
    if not ratios:
        return ["- Speed, SMS_ms / ours_ms at ≥ %d ops: not measured (no loop "
                "of that size where both ran) — target ≥ %.0fx: not measured."
                % (SPEEDUP_MIN_OPS, TARGET_SPEEDUP)]
    values = [r for _, r in ratios]
    low = min(values)
    out = ["- Speed, SMS_ms / ours_ms at ≥ %d ops over %d loop(s): minimum "
           "%s, median %s — target ≥ %.0fx on every loop: %s." % (
               SPEEDUP_MIN_OPS, len(values), fmt_ratio(low),
               fmt_ratio(median(values)), TARGET_SPEEDUP,
               verdict(low >= TARGET_SPEEDUP))]
    # A search that ends in a schedule and one that gives up cost SMS
    # differently: report them apart.
    for found, what in ((True, "where SMS found a schedule"),
                        (False, "where SMS searched and gave up")):
        part = [r for lp, r in ratios
                if lp.peers["sms"].has_schedule == found]
        if part:
            out.append("  - %s: %d loop(s), minimum %s, median %s." % (
                what, len(part), fmt_ratio(min(part)),
                fmt_ratio(median(part))))
        else:
            out.append("  - %s: no loop." % what)
    slow = ["%s (%d ops): %s (ours %s ms, SMS %s ms, SMS %s)" % (
        lp.name, lp.ops, fmt_ratio(r), fmt_ms(lp.ours.ms),
        fmt_ms(lp.peers["sms"].ms), lp.peers["sms"].status)
        for lp, r in sorted(ratios, key=lambda p: (p[1], p[0].sort_key()))
        if r < TARGET_SPEEDUP]
    if slow:
        out.append("- Loops below the %.0fx target:" % TARGET_SPEEDUP)
        out += bullet_list(slow, "none")
    return out


def summary_unfinished(rows):
    if not rows:
        return []
    items = ["%s (%s ops): %s" % (r["loop"], r["ops"], r["reason"])
             for r in rows]
    return ["- Loops not measured (no result from tileas-bench; they are "
            "missing from every table and figure): %d." % len(items)] + \
        bullet_list(items, "none")


def summary_consistency(loops):
    problems = ["%s: %s" % (lp.name, p) for lp in loops
                for p in lp.inconsistencies()]
    if not problems:
        return ["- Consistency (no legal II below a lower bound or a proven "
                "optimum): ok."]
    return ["- Consistency problems (a legal II below a proven bound: some "
            "tool is wrong): %d." % len(problems)] + \
        bullet_list(problems, "none")


def section_loops(loops, unfinished_rows, out_dir):
    out = ["## Corpus and generated loops", ""]
    if loops is None:
        return out + ["Not measured (results.csv is missing).", ""]
    corpus = sum(1 for lp in loops if lp.source == "corpus")
    out.append("%d loops: %d from the corpus, %d generated. The optimum is "
               "*known* when the exact solver proved it or a verified "
               "schedule reaches a lower bound (MII or the solver's bound)."
               % (len(loops), corpus, len(loops) - corpus))
    out.append("")
    out += summary_optimum(loops)
    out += summary_peers(loops)
    out += summary_peer_statuses(loops)
    out += summary_speed(loops)
    out += summary_unfinished(unfinished_rows)
    out += summary_consistency(loops)
    out.append("")
    out += loop_table(loops)
    out.append("")
    figures.ii_over_mii(os.path.join(out_dir, "ii-over-mii.svg"),
                        ii_over_mii_columns(loops), LABELS)
    figure_time_vs_size(loops, os.path.join(out_dir, "time-vs-size.svg"))
    out += ["![II/MII per loop](ii-over-mii.svg)", "",
            "![Scheduling time against loop size](time-vs-size.svg)", ""]
    return out


def section_kernels(bench, out_dir):
    kernels = sorted((entry["name"], entry["kernel"])
                     for entry in (bench or {}).get("loops", [])
                     if entry.get("source") == "corpus" and "kernel" in entry)
    out = ["## Our kernels (corpus)", ""]
    if not kernels:
        return out + ["No kernel recorded (bench.json has none).", ""]
    for name, kernel in kernels:
        file_name = kernel_file_name(name)
        figures.kernel_table(os.path.join(out_dir, file_name), name, kernel)
        out += ["### %s" % name, "", "![%s](%s)" % (name, file_name), ""]
    return out


def section_machsuite(graphs):
    out = ["## MachSuite (ours against the exact solver)", ""]
    if graphs is None:
        return out + ["Not measured (machsuite.csv is missing).", ""]
    if not graphs:
        return out + ["No graph in machsuite.csv.", ""]
    n = len(graphs)
    with_mii = [g for g in graphs if g.mii is not None]
    at_mii = [g for g in with_mii if g.ours.legal and g.ours.ii == g.mii]
    known = [(g, g.optimum()[0]) for g in graphs if g.optimum()[0]]
    at_opt = [g for g, opt in known if g.ours.legal and g.ours.ii == opt]
    summed = [g for g in with_mii if g.ours.has_schedule]
    unverified = [g for g in graphs if not g.ours.legal]
    out.append("- Graphs: %d." % n)
    out.append("- Every schedule verified: %s." % (
        "yes" if not unverified else "NO (%d without a verified schedule: %s)"
        % (len(unverified), ", ".join(g.name for g in unverified))))
    out.append("- Ours at II = MII: %s." % fmt_share(len(at_mii), n))
    out.append("- Ours at the proven optimum: %s of the graphs whose "
               "optimum is known." % fmt_share(len(at_opt), len(known)))
    if summed:
        out.append("- sum(II) / sum(MII): %.4f over %d graphs." % (
            sum(g.ours.ii for g in summed) / sum(g.mii for g in summed),
            len(summed)))
    times = [g.ours.ms for g in graphs if g.ours.ms is not None]
    if times:
        out.append("- Our time per graph: median %s ms, max %s ms." % (
            fmt_ms(median(times)), fmt_ms(max(times))))
    missed = ["%s: II %s, optimum %d, MII %s" % (
        g.name, g.ours.ii if g.ours.legal else "none", opt, g.mii)
        for g, opt in known if g not in at_opt]
    out.append("- Graphs where ours misses the optimum:")
    out += bullet_list(missed, "none")
    unknown = ["%s: ours %s, MII %s, %s" % (
        g.name, g.ours.ii, g.mii, describe_exact(g)) for g in graphs
        if not g.optimum()[0]]
    out.append("- Optimum not known:")
    out += bullet_list(unknown, "none")
    out += summary_consistency(graphs)
    out.append("")
    return out


def gbench_context(doc):
    ctx = doc.get("context", {})
    load = ctx.get("load_avg")
    return ("Google Benchmark run of %s: %s CPUs, library build type %s, load "
            "%s; times are wall clock (real_time), median over repetitions."
            % (ctx.get("date", "unknown date"), ctx.get("num_cpus", "?"),
               ctx.get("library_build_type", "unknown"),
               " ".join("%.2f" % v for v in load) if load else "unknown"))


def growth_table(doc, times, families):
    """Sizes down, families across; then the fitted exponent and BigO."""
    sizes = sorted({n for f in families for n, _ in gbench_family(times, f)})
    out = ["| n | %s |" % " | ".join(families),
           "|---:|" + "---:|" * len(families)]
    for n in sizes:
        cells = [dict(gbench_family(times, f)).get(n) for f in families]
        out.append("| %d | %s |" % (n, " | ".join(
            fmt_ms(c) + " ms" if c is not None else "—" for c in cells)))
    out.append("")
    for f in families:
        slope = fit_exponent(gbench_family(times, f))
        bigo = gbench_bigo(doc, f)
        out.append("- %s: fitted growth time ∝ n^%s%s." % (
            f, "%.2f" % slope if slope is not None else "? (too few sizes)",
            "; Google Benchmark's BigO: %s" % bigo if bigo else ""))
    return out


def target_line(times, family, n, target_ms):
    ms = times.get("%s/%d" % (family, n))
    if ms is None:
        return "- %s/%d: not measured — target ≤ %.0f ms: not measured." % (
            family, n, target_ms)
    return "- %s/%d: %s ms — target ≤ %.0f ms: %s." % (
        family, n, fmt_ms(ms), target_ms, verdict(ms <= target_ms))


def mir_time_line(loops, n, target_ms):
    """Our whole-pass time on generated MIR loops of n ops, for contrast."""
    times = [lp.ours.ms for lp in loops or [] if lp.source == "generated"
             and lp.ops == n and lp.ours.ms is not None]
    if not times:
        return []
    return ["- For contrast, tileas-bench's pass on generated MIR loops of %d "
            "ops: median %s ms over %d loop(s) — same %.0f ms target: %s." % (
                n, fmt_ms(median(times)), len(times), target_ms,
                verdict(median(times) <= target_ms))]


def section_sched_bench(doc, loops, out_dir):
    out = ["## Scheduling speed (Google Benchmark, tileas-sched-bench)", ""]
    if doc is None:
        return out + ["Not measured (sched-bench.json is missing).", ""]
    times = gbench_times(doc)
    out += [gbench_context(doc), ""]
    families = [f for f in ("BM_ScheduleLoop", "BM_SchedulePlainLoop")
                if gbench_family(times, f)]
    if families:
        out.append("Whole-loop scheduling (`scheduleLoop`) on seeded random "
                   "loops:")
        out.append("")
        out += growth_table(doc, times, families)
        out += [target_line(times, f, 800, TARGET_SCHED_800_MS)
                for f in families]
        out += mir_time_line(loops, 800, TARGET_SCHED_800_MS)
        out.append("")
        figure_gbench_growth(times, families,
                             os.path.join(out_dir, "sched-growth.svg"),
                             "Whole-loop scheduling time (Google Benchmark)",
                             [(800, TARGET_SCHED_800_MS, "20 ms at 800 ops")])
        out += ["![Whole-loop scheduling time](sched-growth.svg)", ""]
    else:
        out += ["No whole-loop benchmark in sched-bench.json.", ""]
    table = [(name, times[name]) for name in
             ("BM_TableProbe", "BM_TableCommitRelease", "BM_TableFirstFit")
             if name in times]
    if table:
        out += ["Reservation table:", "", "| operation | time |",
                "|---|---:|"]
        out += ["| %s | %.1f ns |" % (name, ms * 1e6) for name, ms in table]
        out.append("")
    bounds = gbench_family(times, "BM_Bounds")
    if bounds:
        out.append("Lower bounds (`computeBounds`): %s." % ", ".join(
            "%s ms at %d ops" % (fmt_ms(ms), n) for n, ms in bounds))
        out.append("")
    return out


def section_event_bench(doc, out_dir):
    out = ["## Event scheduler speed (Google Benchmark, tileas-event-bench)",
           ""]
    if doc is None:
        return out + ["Not measured (event-bench.json is missing).", ""]
    times = gbench_times(doc)
    families = gbench_families(times)
    if not families:
        return out + ["No sized benchmark in event-bench.json.", ""]
    out += [gbench_context(doc), ""]
    out += growth_table(doc, times, families)
    out += [target_line(times, f, 5000, TARGET_EVENT_5000_MS)
            for f in families]
    at_5000 = [times.get("%s/5000" % f) for f in families]
    if all(t is not None for t in at_5000):
        out.append("- Slowest family at 5000 instructions: %s ms — target "
                   "≤ %.0f ms for every block shape: %s." % (
                       fmt_ms(max(at_5000)), TARGET_EVENT_5000_MS,
                       verdict(max(at_5000) <= TARGET_EVENT_5000_MS)))
    single = sorted(name for name in times if "/" not in name)
    for name in single:
        out.append("- %s: %s ms." % (name, fmt_ms(times[name])))
    out.append("")
    figure_gbench_growth(times, families,
                         os.path.join(out_dir, "event-growth.svg"),
                         "Event-pressure scheduler time (Google Benchmark)",
                         [(5000, TARGET_EVENT_5000_MS, "50 ms at 5000")])
    out += ["![Event scheduler time](event-growth.svg)", ""]
    return out


def section_table_file(title, name, intro, table):
    """A section that shows a markdown table a script wrote to <name>."""
    out = [title, ""]
    if not table:
        return out + ["Not measured (%s is missing)." % name, ""]
    return out + [intro, ""] + table.rstrip("\n").split("\n") + [""]


def section_effort_tradeoff(table):
    return section_table_file(
        "## What the search budget buys (bench/effort-tradeoff.sh)",
        "effort-tradeoff.md",
        "Generated loops (tileas-loopgen, seeds 1-6) scheduled with "
        "`tileas-sched --search-effort=E`: the sum of the IIs found and "
        "the most effort one loop's search spent, in the search's own "
        "units. Both depend on the input alone; time follows effort. "
        "The default is 200.", table)


def section_ir_vs_mir(table):
    return section_table_file(
        "## IR input against MIR input (bench/ir-vs-mir.sh)",
        "ir-vs-mir.md",
        "Each corpus kernel that also exists as LLVM IR: the II of its "
        "loop from the MIR form and from the IR form (noalias "
        "parameters where the tensors are distinct), and from the IR "
        "form with noalias dropped, which says why two IIs differ: when "
        "it gives the MIR's II, noalias removed a false store->load "
        "recurrence. Compile time of `llc -O2` on the `.ll` against the "
        "MIR through the two TileAS passes alone, as instructions "
        "executed by each whole llc process (callgrind; the target: "
        "ratio at most 2) and as the best wall time of several runs.",
        table)


# Issue 16: the bound columns of the CSVs, and the names the report uses.
BOUND_COLUMNS = (("res_mii", "resource"), ("rec_mii", "recurrence"),
                 ("fine_mii", "fine density"), ("dep_mii", "dependency"),
                 ("recres_mii", "recurrence with resources"),
                 ("budget_mii", "budget"))
LARGE_LOOP_OPS = 300
MACHSUITE_BOUND_TARGET = 1.03


def best_bound(loop):
    """(the best lower bound on II, the name of the bound that gives it)."""
    lb = loop.lower_bound()
    if lb is None:
        return None, "none"
    if loop.exact_lb is not None and loop.exact_lb == lb and \
            (loop.mii is None or loop.exact_lb > loop.mii):
        return lb, "exact solver"
    for column, name in BOUND_COLUMNS:
        if to_int(loop.row.get(column)) == lb:
            return lb, name
    return lb, "MII"


def section_bounds(loops, graphs):
    """Per large loop: the best bound, which bound it is, and ours; and
    sum(II) / sum(best bound) on MachSuite."""
    out = ["## Bounds: ours against the best lower bound", ""]
    graphs = graphs or []
    summed = [g for g in graphs
              if g.ours.legal and best_bound(g)[0] is not None]
    if summed:
        ratio = (sum(g.ours.ii for g in summed) /
                 sum(best_bound(g)[0] for g in summed))
        out.append("- MachSuite: sum(II) / sum(best lower bound) %.4f over "
                   "%d graphs — target ≤ %.2f: %s." % (
                       ratio, len(summed), MACHSUITE_BOUND_TARGET,
                       verdict(ratio <= MACHSUITE_BOUND_TARGET)))
    large = [l for l in (loops or []) + graphs
             if (l.ops or 0) >= LARGE_LOOP_OPS]
    out.append("- Loops of %d ops and more: %d." % (LARGE_LOOP_OPS,
                                                    len(large)))
    if large:
        out += ["", "| loop | ops | best bound | which | ours | ours / bound |",
                "|---|---|---|---|---|---|"]
        for l in sorted(large, key=Loop.sort_key):
            lb, name = best_bound(l)
            ours = l.ours.ii if l.ours.legal else None
            out.append("| %s | %d | %s | %s | %s | %s |" % (
                md_cell(l.name), l.ops, lb if lb is not None else "-", name,
                ours if ours is not None else "none",
                "%.4f" % (ours / lb) if ours and lb else "-"))
    out.append("")
    return out



def write_report(in_dir, out_dir):
    bench = read_json(os.path.join(in_dir, "bench.json"))
    loops = load_loops(read_csv(os.path.join(in_dir, "results.csv")),
                       index_details(bench, "loops"))
    graphs = load_loops(read_csv(os.path.join(in_dir, "machsuite.csv")),
                        index_details(bench, "machsuite"))
    unfinished = load_unfinished(os.path.join(in_dir, "unfinished.csv"))
    commands = read_text(os.path.join(in_dir, "commands.txt"))
    os.makedirs(out_dir, exist_ok=True)
    lines = section_header(bench, commands)
    # The headline (issue 29) comes first.
    lines += utilization_report.section(in_dir, out_dir, verdict)
    lines += section_machine(bench)
    lines += section_settings(bench)
    lines += section_loops(loops, unfinished, out_dir)
    lines += section_kernels(bench, out_dir)
    lines += section_machsuite(graphs)
    lines += ims_report.section(in_dir, verdict)
    lines += section_bounds(loops, graphs)
    lines += time_targets.section(loops, graphs, verdict, fmt_ms)
    lines += section_sched_bench(
        read_json(os.path.join(in_dir, "sched-bench.json")), loops, out_dir)
    lines += section_event_bench(
        read_json(os.path.join(in_dir, "event-bench.json")), out_dir)
    lines += section_effort_tradeoff(
        read_text(os.path.join(in_dir, "effort-tradeoff.md")))
    lines += sim_report.section(in_dir, out_dir, verdict,
                                {l.name: l.sim_bound() for l in loops or []})
    lines += persistent_report.section(in_dir, verdict)
    lines += section_ir_vs_mir(
        read_text(os.path.join(in_dir, "ir-vs-mir.md")))
    with open(os.path.join(out_dir, "report.md"), "w",
              encoding="utf-8") as f:
        f.write("\n".join(lines).rstrip("\n") + "\n")


# ----------------------------------------------------------------- merge --

def merge_csv(parts, name, out_dir):
    header, rows = None, []
    for part in parts:
        path = os.path.join(part, name)
        if not os.path.exists(path):
            continue
        with open(path, newline="", encoding="utf-8") as f:
            reader = csv.reader(f)
            part_header = next(reader)
            if header is not None and part_header != header:
                sys.exit("report.py merge: %s has different columns" % path)
            header = part_header
            rows += list(reader)
    if header is None:
        return
    with open(os.path.join(out_dir, name), "w", newline="",
              encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)


def merge_json(parts, out_dir):
    """One bench.json: the first part's host and settings, every loop."""
    merged = None
    for part in parts:
        doc = read_json(os.path.join(part, "bench.json"))
        if doc is None:
            continue
        if merged is None:
            merged = doc
            continue
        if doc.get("settings") != merged.get("settings"):
            sys.exit("report.py merge: %s ran under other settings" % part)
        merged["loops"] += doc.get("loops", [])
        merged["machsuite"] += doc.get("machsuite", [])
    if merged is not None:
        with open(os.path.join(out_dir, "bench.json"), "w",
                  encoding="utf-8") as f:
            json.dump(merged, f, indent=1, ensure_ascii=False)
            f.write("\n")


def merge(argv):
    parser = argparse.ArgumentParser(prog="report.py merge")
    parser.add_argument("--out", required=True)
    parser.add_argument("parts", nargs="+")
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    for name in ("results.csv", "machsuite.csv"):
        merge_csv(args.parts, name, args.out)
    merge_json(args.parts, args.out)


def main(argv):
    if argv and argv[0] == "merge":
        merge(argv[1:])
        return
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "results")
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--in", dest="in_dir", default=default,
                        help="the raw outputs (default: bench/results)")
    parser.add_argument("--out", dest="out_dir", default=default,
                        help="where report.md and the SVGs go "
                        "(default: bench/results)")
    args = parser.parse_args(argv)
    figures.require("bench/report.py")
    write_report(args.in_dir, args.out_dir)


if __name__ == "__main__":
    main(sys.argv[1:])

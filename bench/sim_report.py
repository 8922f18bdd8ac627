"""The report's section on simulated cycles (sim.csv from bench/sim-bench.py).

report.py calls section(); it writes sim-speedup.svg next to report.md
(bench/figures.py draws it with matplotlib). The output is a function of
sim.csv.
"""

import csv
import os
import re
import statistics

import figures

# The targets (issue 14), judged on the corpus.
TARGET_FAMILIES = ("gemm", "attention")
TARGET_TRIPS = 16
TARGET_SPEEDUP = 2.0
WS_FASTER_UNDER_JITTER = 0.10
# Bounds on II that far-memory jitter cannot lower: it changes latencies of
# far-memory ops only, never a slot's hold or a pool's charge, nor the
# latency of a recurrence through on-chip ops (docs/simulator.md, "What
# jitter can gain: the cap"). The budget bound is a recurrence through a
# ring slot whose refill waits for its release: the load's latency is part
# of each trip, and symmetric draws leave its mean, so it bounds the mean.
CAP_BOUNDS = ("resource", "fine density", "recurrence",
              "recurrence with resources", "budget")
# A warp-specialized ratio within this fraction of its cap reaches it.
CAP_REACHED = 0.02
# Recurrence bounds: a GEMM or attention mainloop's recurrence (an
# accumulator) starts on operands its first iteration loads from far memory,
# so every form spends one far-memory latency before its first trip; jitter
# draws that latency symmetrically about the nominal one, which is therefore
# its mean (docs/simulator.md, "What jitter can gain: the cap").
FILL_BOUNDS = ("recurrence", "recurrence with resources")
MACHINE_TD = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          os.pardir, "td", "TileASMachine.td")


def far_memory_latency(path=MACHINE_TD):
    """The machine model's nominal far-memory latency (td LatFarMemory), or
    0 when the td cannot be read."""
    try:
        with open(path, encoding="utf-8") as f:
            m = re.search(r"def\s+LatFarMemory\s*:\s*LatencyFamily<(\d+)>",
                          f.read())
    except OSError:
        return 0
    return int(m.group(1)) if m else 0

VARIANT_COLORS = {"ours16": "#9ecae1", "ours": "#1f77b4", "sms": "#ff7f0e",
                  "ours_ws": "#2ca02c"}


def read_rows(path):
    if not os.path.exists(path):
        return None
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def number(text):
    return float(text) if text not in (None, "") else None


def fmt_cycles(v):
    if v is None:
        return "—"
    return "%d" % v if v == int(v) else "%.2f" % v


class Runs:
    """sim.csv indexed by (loop, trip count, variant)."""

    def __init__(self, rows):
        self.rows = rows
        self.loops = sorted({r["loop"] for r in rows})
        self.family = {r["loop"]: r["family"] for r in rows}

    def trips(self, loop):
        return sorted({int(r["trip_count"]) for r in self.rows
                       if r["loop"] == loop and r["trip_count"]})

    def requested(self):
        return sorted({int(r["requested_trip_count"]) for r in self.rows})

    def fixed(self, loop):
        """The loop's own trip count when its bound is a constant."""
        runs = {(r["requested_trip_count"], r["trip_count"])
                for r in self.rows if r["loop"] == loop}
        if all(a != b for a, b in runs) and len({b for _, b in runs}) == 1:
            return int(next(iter(runs))[1])
        return None

    def select(self, loop, trips, variant, jittered):
        return [r for r in self.rows if r["loop"] == loop and
                r["trip_count"] == str(trips) and r["variant"] == variant and
                (r["jitter_percent"] != "0") == jittered]

    def base(self, loop, trips, variant):
        """The run without jitter, or None."""
        rows = self.select(loop, trips, variant, False)
        return rows[0] if rows else None

    def cycles(self, loop, trips, variant, jittered=False):
        """Cycles without jitter, or their mean over the jitter seeds."""
        values = [number(r["cycles"]) for r in
                  self.select(loop, trips, variant, jittered)
                  if r["status"] == "ok"]
        if not values:
            return None
        return statistics.mean(values)

    def jitter_percent(self):
        return sorted({int(r["jitter_percent"]) for r in self.rows} - {0})

    def seeds(self):
        return len({r["seed"] for r in self.rows
                    if r["jitter_percent"] != "0"})


def cycles_cell(runs, loop, trips, variant):
    """A run's cycles without jitter, or why there are none."""
    r = runs.base(loop, trips, variant)
    if r is None:
        return "—"
    if r["status"] == "ok":
        return fmt_cycles(number(r["cycles"]))
    return "— (%s)" % r["status"].replace("-", " ")


def ratio(a, b):
    return a / b if a is not None and b else None


def fmt_ratio(r):
    return "%.2f×" % r if r is not None else "—"


def loop_table(runs):
    out = ["| loop | T | unpipelined | SMS | ours | ours, jitter "
           "(mean) | warp-specialized | speed-up | speed-up, jitter | "
           "scheduled II | ours cycles/iteration |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for loop in runs.loops:
        fixed = runs.fixed(loop)
        for trips in runs.trips(loop):
            unp = runs.cycles(loop, trips, "unpipelined")
            ours = runs.cycles(loop, trips, "ours")
            unp_j = runs.cycles(loop, trips, "unpipelined", True)
            ours_j = runs.cycles(loop, trips, "ours", True)
            base = runs.base(loop, trips, "ours") or {}
            out.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | "
                       "%s |" % (
                           loop, "%d%s" % (trips, " (fixed)" if fixed else ""),
                           cycles_cell(runs, loop, trips, "unpipelined"),
                           cycles_cell(runs, loop, trips, "sms"),
                           cycles_cell(runs, loop, trips, "ours"),
                           fmt_cycles(ours_j),
                           cycles_cell(runs, loop, trips, "ours_ws"),
                           fmt_ratio(ratio(unp, ours)),
                           fmt_ratio(ratio(unp_j, ours_j)),
                           base.get("ii") or "—",
                           fmt_cycles(number(base.get("cycles_per_iteration")))
                       ))
    return out


def target_steady_state(runs, verdict):
    """Cycles per iteration = II, each loop at its largest trip count."""
    wrong, judged = [], 0
    for loop in runs.loops:
        trips = max(runs.trips(loop), default=None)
        r = runs.base(loop, trips, "ours") if trips else None
        if not r or r["status"] != "ok":
            wrong.append("%s: not simulated" % loop)
            continue
        judged += 1
        cpi, ii = number(r["cycles_per_iteration"]), number(r["ii"])
        if cpi is None or ii is None or cpi != ii:
            wrong.append("%s (T = %d): %s cycles per iteration, II %s" % (
                loop, trips, fmt_cycles(cpi), fmt_cycles(ii)))
    out = ["- Steady-state simulated cycles per iteration = scheduled II "
           "(ours, unspecialized, no jitter, at each loop's largest trip "
           "count): %d of %d loops — target: every corpus loop: %s." % (
               judged - len([w for w in wrong if "not simulated" not in w]),
               len(runs.loops), verdict(not wrong))]
    out += ["  - %s" % w for w in wrong]
    return out


def why_missed(runs, loop, trips, bound):
    """Why a loop misses the speed-up target: a lower bound on II that no
    schedule on this machine model beats (unpipelined cycles per iteration
    over the best lower bound below the target), or what else costs the
    cycles. bound: (best lower bound, its name, our stage count) from
    results.csv, or None."""
    unp = runs.base(loop, max(runs.trips(loop)), "unpipelined") or {}
    unp_cpi = number(unp.get("cycles_per_iteration"))
    if bound is None or bound[0] is None or not unp_cpi:
        return "no lower bound or unpipelined steady state to judge it by"
    lb, name, stages = bound
    best = unp_cpi / lb
    if best < TARGET_SPEEDUP:
        return ("a bound: the unpipelined loop takes %s cycles per "
                "iteration and no schedule fewer than %d (the %s bound), "
                "so at most %s at any trip count on this machine model" % (
                    fmt_cycles(unp_cpi), lb, name, fmt_ratio(best)))
    ours = runs.base(loop, trips, "ours") or {}
    cpi, ii = number(ours.get("cycles_per_iteration")), number(ours.get("ii"))
    total = runs.cycles(loop, trips, "ours")
    causes = []
    if cpi is not None and ii is not None and cpi > ii:
        causes.append("its steady state takes %s cycles per iteration "
                      "for II %s" % (fmt_cycles(cpi), fmt_cycles(ii)))
    if ii is not None and ii > lb:
        causes.append("its II %s is above the %s bound %d" % (
            fmt_cycles(ii), name, lb))
    if total is not None and cpi is not None:
        causes.append("filling and draining %s stages costs %s cycles "
                      "beyond %d × %s" % (
                          stages if stages is not None else "its",
                          fmt_cycles(total - trips * cpi), trips,
                          fmt_cycles(cpi)))
    return ("not a bound (%s cycles per iteration unpipelined against the "
            "%s bound %d allows %s): %s" % (
                fmt_cycles(unp_cpi), name, lb, fmt_ratio(best),
                "; ".join(causes) or "no cause found"))


def target_speedup(runs, verdict, bounds):
    missed, judged = [], []
    for loop in runs.loops:
        if runs.family.get(loop) not in TARGET_FAMILIES:
            continue
        fixed = runs.fixed(loop)
        trips = fixed or TARGET_TRIPS
        r = ratio(runs.cycles(loop, trips, "unpipelined"),
                  runs.cycles(loop, trips, "ours"))
        judged.append(loop)
        if r is None or r < TARGET_SPEEDUP:
            missed.append("%s (T = %d%s): %s; %s" % (
                loop, trips, ", its fixed trip count" if fixed else "",
                fmt_ratio(r), why_missed(runs, loop, trips,
                                         bounds.get(loop))))
    out = ["- Total cycles at trip count %d at least %.0f× below the "
           "unpipelined loop, on every GEMM and attention loop (%d): %s." % (
               TARGET_TRIPS, TARGET_SPEEDUP, len(judged),
               verdict(not missed))]
    out += ["  - %s" % m for m in missed]
    return out


def jitter_cap(runs, loop, trips, bound):
    """What any form can gain under jitter over the unspecialized loop with
    jitter: (cap, the lower bound on any form's cycles, the bound on II it
    comes from, its name, the fill added), or None. The lower bound is T x B
    for a bound B on II that jitter cannot lower (CAP_BOUNDS), plus, for a
    recurrence bound (FILL_BOUNDS), the far-memory latency before the
    recurrence's first trip."""
    if bound is None or bound[0] is None or bound[1] not in CAP_BOUNDS:
        return None
    ours = runs.cycles(loop, trips, "ours", True)
    if ours is None:
        return None
    fill = far_memory_latency() if bound[1] in FILL_BOUNDS else 0
    floor = trips * bound[0] + fill
    # A recurrence through a far-memory op (a store before a load of global
    # memory) is not jitter-proof: a form whose cycles ran below T x B
    # without jitter, or on average over the seeds with it, shows it. (What
    # bounds the mean may be beaten by one run that drew early loads.)
    fastest = min((c for c in (runs.cycles(loop, trips, variant, jittered)
                               for variant in ("ours", "ours_ws")
                               for jittered in (False, True))
                   if c is not None), default=None)
    if fastest is not None and fastest < floor:
        return None
    return ours / floor, floor, bound[0], bound[1], fill


def jitter_hidden(runs, loop, trips):
    """(the unspecialized loop's mean cycles with jitter over the fastest
    form's cycles without jitter, those cycles), or None: what a form that
    hid all of the jitter would gain, measured rather than bounded (a run
    with jitter can draw early loads and beat it by a little)."""
    ours = runs.cycles(loop, trips, "ours", True)
    fastest = min((c for c in (runs.cycles(loop, trips, v)
                               for v in ("unpipelined", "sms", "ours",
                                         "ours_ws")) if c is not None),
                  default=None)
    if ours is None or not fastest:
        return None
    return ours / fastest, fastest


def cap_table(runs, bounds):
    """Per GEMM and attention loop at its largest trip count: the
    warp-specialized speed-up under jitter next to its cap."""
    out = ["Warp-specialized under jitter against what any form can gain "
           "(its cap: the unspecialized loop's mean cycles with jitter over "
           "T × B, B a bound on II that jitter cannot lower, plus for a "
           "recurrence bound the far-memory latency its first trip waits "
           "for; docs/simulator.md). A loop whose speed-up is within %d%% "
           "of its cap reaches it. The last two columns are measured, not a "
           "bound: what a form would gain that ran with jitter as fast as "
           "the fastest form runs without it." % round(CAP_REACHED * 100),
           "",
           "| loop | T | ours, jitter (mean) | lower bound T × B + fill | B | "
           "cap | warp-specialized, jitter (mean) | speed-up | reaches "
           "cap | fastest form without jitter | gain if all jitter hidden "
           "|", "|---|---:|---:|---:|---|---:|---:|---:|---|---:|---:|"]
    reached = []
    for loop in runs.loops:
        if runs.family.get(loop) not in TARGET_FAMILIES:
            continue
        trips = max(runs.trips(loop), default=None)
        if trips is None:
            continue
        cap = jitter_cap(runs, loop, trips, bounds.get(loop))
        speedup = ratio(runs.cycles(loop, trips, "ours", True),
                        runs.cycles(loop, trips, "ours_ws", True))
        hidden = jitter_hidden(runs, loop, trips)
        hidden_cells = " %s | %s |" % (
            (fmt_cycles(hidden[1]), fmt_ratio(hidden[0])) if hidden
            else ("—", "—"))
        if cap is None:
            out.append("| %s | %d | %s | — | none that jitter cannot lower "
                       "| — | %s | %s | — |%s" % (
                           loop, trips,
                           fmt_cycles(runs.cycles(loop, trips, "ours", True)),
                           fmt_cycles(runs.cycles(loop, trips, "ours_ws",
                                                  True)),
                           fmt_ratio(speedup), hidden_cells))
            continue
        value, floor, b, name, fill = cap
        hit = speedup is not None and speedup >= value * (1 - CAP_REACHED)
        if hit:
            reached.append(loop)
        out.append("| %s | %d | %s | %s | %d (%s)%s | %s | %s | %s | %s |%s"
                   % (loop, trips,
                      fmt_cycles(runs.cycles(loop, trips, "ours", True)),
                      fmt_cycles(floor), b, name,
                      ", fill %d" % fill if fill else "", fmt_ratio(value),
                      fmt_cycles(runs.cycles(loop, trips, "ours_ws", True)),
                      fmt_ratio(speedup), "yes" if hit else "no",
                      hidden_cells))
    out += ["", "Reach their cap within %d%%: %s." % (
        round(CAP_REACHED * 100), ", ".join(reached) or "none")]
    return out


def target_warp_specialized(runs, verdict, bounds):
    """Warp-specialized against unspecialized at each loop's largest trip
    count: never slower without jitter; on GEMM and attention loops, at
    least 10% faster (ours / warp-specialized >= 1.10) in mean cycles with
    jitter."""
    measured = any(r["variant"] == "ours_ws" and r["status"] == "ok"
                   for r in runs.rows)
    if not measured:
        return ["- Warp-specialized never slower than unspecialized at "
                "T = 128 without jitter, and at least %d%% faster on GEMM "
                "and attention loops with jitter: not measured (no "
                "warp-specialized strategy yet; its column is empty)." %
                round(WS_FASTER_UNDER_JITTER * 100)]
    slower, not_faster, judged, judged_jitter = [], [], 0, 0
    for loop in runs.loops:
        trips = max(runs.trips(loop), default=None)
        if trips is None:
            continue
        ours = runs.cycles(loop, trips, "ours")
        ws = runs.cycles(loop, trips, "ours_ws")
        if ours is None or ws is None:
            slower.append("%s (T = %d): not simulated" % (loop, trips))
        else:
            judged += 1
            if ws > ours:
                slower.append("%s (T = %d): %s cycles, unspecialized %s" % (
                    loop, trips, fmt_cycles(ws), fmt_cycles(ours)))
        if runs.family.get(loop) not in TARGET_FAMILIES:
            continue
        speedup = ratio(runs.cycles(loop, trips, "ours", True),
                        runs.cycles(loop, trips, "ours_ws", True))
        judged_jitter += 1
        if speedup is None or speedup < 1 + WS_FASTER_UNDER_JITTER:
            cap = jitter_cap(runs, loop, trips, bounds.get(loop))
            hidden = jitter_hidden(runs, loop, trips)
            not_faster.append("%s (T = %d): %s%s%s" % (
                loop, trips, fmt_ratio(speedup),
                "; no form can gain more than %s (its cap)" %
                fmt_ratio(cap[0]) if cap else "",
                "; hiding all of the jitter would gain %s (the fastest "
                "form without jitter: %s cycles)" % (
                    fmt_ratio(hidden[0]), fmt_cycles(hidden[1]))
                if hidden else ""))
    out = ["- Warp-specialized never slower than unspecialized without "
           "jitter, at each loop's largest trip count (%d judged): %s." % (
               judged, verdict(not slower))]
    out += ["  - %s" % w for w in slower]
    out += ["- Warp-specialized at least %d%% faster than unspecialized with "
            "jitter (mean cycles), on every GEMM and attention loop (%d): "
            "%s." % (round(WS_FASTER_UNDER_JITTER * 100), judged_jitter,
                     verdict(not not_faster))]
    out += ["  - %s" % w for w in not_faster]
    return out


def figure(runs, path):
    """Speed-up over the unpipelined loop per corpus loop: ours at the
    smallest judged and the largest trip count, SMS (legal) and, once
    measured, warp-specialized at the largest."""
    bars = [("ours16", "ours, T = %d (fixed-trip loops: their own)" %
             TARGET_TRIPS), ("ours", "ours, largest T"),
            ("sms", "SMS where legal, largest T")]
    if any(r["variant"] == "ours_ws" and r["status"] == "ok"
           for r in runs.rows):
        bars.append(("ours_ws", "warp-specialized, largest T"))
    rows = []
    for loop in runs.loops:
        trips = runs.trips(loop)
        small = runs.fixed(loop) or (TARGET_TRIPS if TARGET_TRIPS in trips
                                     else min(trips))
        large = max(trips)
        rows.append((loop, {
            "ours16": ratio(runs.cycles(loop, small, "unpipelined"),
                            runs.cycles(loop, small, "ours")),
            "ours": ratio(runs.cycles(loop, large, "unpipelined"),
                          runs.cycles(loop, large, "ours")),
            "sms": ratio(runs.cycles(loop, large, "unpipelined"),
                         runs.cycles(loop, large, "sms")),
            "ours_ws": ratio(runs.cycles(loop, large, "unpipelined"),
                             runs.cycles(loop, large, "ours_ws"))}))
    figures.speedup_bars(
        path, "Simulated speed-up over the unpipelined loop (no jitter)",
        rows, [(key, label, VARIANT_COLORS[key]) for key, label in bars],
        TARGET_SPEEDUP, "%g× target" % TARGET_SPEEDUP)


def section(in_dir, out_dir, verdict, bounds=None):
    """bounds: per loop, (best lower bound on II, the bound's name, our
    stage count), to say whether a missed target is out of reach."""
    out = ["## Simulated cycles (tileas-sim, bench/sim-bench.py)", ""]
    rows = read_rows(os.path.join(in_dir, "sim.csv"))
    if rows is None:
        return out + ["Not measured (sim.csv is missing).", ""]
    runs = Runs(rows)
    jitter = runs.jitter_percent()
    out += ["Each corpus loop, as written (unpipelined: what "
            "`-tileas-pipeliner=false` leaves), expanded by stock "
            "MachinePipeliner (where tileas-bench judged its schedule "
            "legal), and materialized by us (unspecialized, llc's "
            "defaults; warp-specialized with "
            "`-tileas-pipeline-strategy=warp-specialized` once llc has "
            "it), run on the td machine model by `tileas-sim` for "
            "trip counts %s (loops whose bound is a constant: their own). "
            "Jitter: far-memory latencies ±%s%%, mean over %d seed(s). "
            "Simulated cycles do not depend on the host. Branches wait for "
            "their predicate and a taken one ends the issue cycle "
            "(docs/simulator.md)." % (
                ", ".join(str(t) for t in runs.requested()),
                "/".join(str(j) for j in jitter) or "0", runs.seeds()), ""]
    out += target_steady_state(runs, verdict)
    out += target_speedup(runs, verdict, bounds or {})
    out += target_warp_specialized(runs, verdict, bounds or {})
    out.append("")
    out += loop_table(runs)
    out.append("")
    if any(r["variant"] == "ours_ws" and r["status"] == "ok"
           for r in runs.rows):
        out += cap_table(runs, bounds or {})
        out.append("")
    figure(runs, os.path.join(out_dir, "sim-speedup.svg"))
    out += ["![Simulated speed-up over the unpipelined loop]"
            "(sim-speedup.svg)", ""]
    return out

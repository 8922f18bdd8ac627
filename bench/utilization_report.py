"""The report's headline: tensor-core utilization on measured timing.

bench/utilization.* (issue 29) writes utilization.json: per kernel, form,
strategy, trip count, jitter and the timing the schedule was made with,
tileas-sim's cycles on a measured timing description (--timing=b200) and
its "tensor_core" object (docs/simulator.md):

  {"timing": "b200", "runs": [{"kernel", "form", "class", "strategy",
   "trip_count", "jitter", "schedule_timing", "ii", "stages",
   "ring_depths", "cycles", "tensor_core": {"busy_cycles",
   "steady_busy_fraction", "total_busy_fraction",
   "mma_cycles_per_iteration", "transfer_cycles_per_iteration",
   "bound_fraction", "binding"}}]}

and optionally "default_strategy": {class: strategy} where the compiler's
default is not unspecialized. report.py calls section(); it writes
utilization.svg next to report.md (bench/figures.py). Every number comes
from utilization.json; without it the section says the measurement was not
run.
"""

import json
import os
import statistics
import sys

import figures

# Issue 29's targets: steady-state utilization over the tensor-core bound,
# with the strategy the compiler chooses by default.
TARGETS = {"gemm": 0.95, "attention": 0.85}
CLASSES = ("gemm", "attention")
JITTERS = (("none", "none"), ("25", "±25%"), ("tail", "heavy tail"))
CLASS_NAMES = {"gemm": "GEMM", "attention": "Attention"}
# Fractions computed from rounded JSON numbers: a ratio a hair below its
# target by rounding alone still meets it.
EPSILON = 1e-9
# Two strategies within this fraction of each other's cycles are a tie:
# neither is the faster, so either default meets the target.
TIE = 0.005
STRATEGIES = ("unspecialized", "warp-specialized")
# The timing the compiler schedules with unless told otherwise
# (-tileas-timing): the seed's model.
DEFAULT_SCHEDULE_TIMING = "model"
DEFAULT_STRATEGY = "unspecialized"
# The compiler's default under a measured -tileas-timing
# (defaultPipelineStrategy, TileASStrategyChoice.h).
MEASURED_TIMING_DEFAULT_STRATEGY = "warp-specialized"
FIGURE = "utilization.svg"
STRATEGY_COLORS = {"unspecialized": "#1f77b4", "warp-specialized": "#2ca02c"}
JITTER_STYLE = {"none": (1.0, ""), "25": (0.7, "///"), "tail": (0.45, "xxx")}


def read(path):
    """utilization.json, or None when absent; bad input stops the report
    with an error that says where."""
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        try:
            doc = json.load(f)
        except json.JSONDecodeError as e:
            sys.exit("bench/report.py: %s: not JSON: %s" % (path, e))
    if not isinstance(doc, dict) or not isinstance(doc.get("runs", []),
                                                   list):
        sys.exit("bench/report.py: %s: expected an object with a list "
                 "\"runs\"" % path)
    for index, run in enumerate(doc.get("runs", [])):
        missing = [k for k in Runs.KEY if not isinstance(run, dict) or
                   k not in run]
        if missing:
            sys.exit("bench/report.py: %s: run %d has no %s" % (
                path, index, ", ".join(missing)))
    return doc


def pct(value):
    return "—" if value is None else "%.1f%%" % (100 * value)


def order(seq, value):
    """value's place in seq; unknown values after the known ones."""
    return (seq.index(value), "") if value in seq else (len(seq), str(value))


class Runs:
    """utilization.json's runs, indexed; runs that repeat a configuration
    (several jitter seeds) are averaged."""

    KEY = ("kernel", "form", "strategy", "trip_count", "jitter",
           "schedule_timing")

    def __init__(self, doc):
        self.timing = doc.get("timing", "?")
        self.defaults = doc.get("default_strategy") or {}
        self.cls = {}
        grouped = {}
        for run in doc.get("runs", []):
            self.cls[run["kernel"]] = run.get("class", "other")
            grouped.setdefault(tuple(run[k] for k in self.KEY),
                               []).append(run)
        self.runs = {key: self._mean(rs) for key, rs in grouped.items()}

    @staticmethod
    def _mean(runs):
        """One run of several: the mean of those that ran; the first
        error where none did."""
        first = runs[0]
        ran = [r for r in runs if not r.get("error")]
        if not ran:
            merged = dict(first)
            merged.update(count=len(runs), cycles=None, tensor_core={})
            return merged
        runs = ran
        tc = [r.get("tensor_core") or {} for r in runs]

        def mean(values):
            values = [v for v in values if v is not None]
            return statistics.mean(values) if values else None
        merged = dict(runs[0])
        merged.pop("error", None)
        merged["count"] = len(runs)
        merged["cycles"] = mean(r.get("cycles") for r in runs)
        merged["tensor_core"] = {
            k: mean(t.get(k) for t in tc) for k in (
                "busy_cycles", "steady_busy_fraction", "total_busy_fraction",
                "mma_cycles_per_iteration", "transfer_cycles_per_iteration",
                "bound_fraction")}
        merged["tensor_core"]["binding"] = tc[0].get("binding")
        return merged

    def default_strategy(self, cls):
        return self.defaults.get(cls, DEFAULT_STRATEGY)

    def kernels(self):
        """(kernel, form) of the GEMM and attention kernels, by class."""
        found = {(k[0], k[1]) for k in self.runs
                 if self.cls.get(k[0]) in CLASSES}
        return sorted(found, key=lambda kf: (order(CLASSES, self.cls[kf[0]]),
                                             kf))

    def get(self, kernel, form, strategy, trips, jitter,
            schedule=DEFAULT_SCHEDULE_TIMING):
        return self.runs.get((kernel, form, strategy, trips, jitter,
                              schedule))

    def all_runs(self, kernel, form):
        return [r for k, r in sorted(self.runs.items(),
                                     key=lambda kv: str(kv[0]))
                if k[:2] == (kernel, form)]

    def trip_counts(self):
        return sorted({k[3] for k in self.runs})

    def largest_trips(self, kernel, form):
        """The kernel's largest trip count (a loop whose bound is a
        constant runs its own, whatever was asked)."""
        return max(k[3] for k in self.runs if k[:2] == (kernel, form))

    def errors(self):
        """[(kernel, form, strategy, schedule timing, first line)] of the
        configurations that failed to compile or simulate."""
        found = {}
        for key, run in self.runs.items():
            if run.get("error") and self.cls.get(key[0]) in CLASSES:
                line = (str(run["error"]).strip().splitlines() or
                        ["no message"])[0]
                found.setdefault((key[0], key[1], key[2], key[5]), line)
        return sorted((k + (v,) for k, v in found.items()),
                      key=lambda e: (order(CLASSES, self.cls[e[0]]), e))

    def schedule_timings(self):
        return sorted({k[5] for k in self.runs},
                      key=lambda t: order(("model", self.timing), t))


def reached(run):
    """Steady-state utilization over the bound, or None."""
    tc = run["tensor_core"]
    steady, bound = tc.get("steady_busy_fraction"), tc.get("bound_fraction")
    return steady / bound if steady is not None and bound else None


def binds(run):
    tc = run["tensor_core"]
    if tc and not tc.get("mma_cycles_per_iteration"):
        return "— (no MMA)"
    if tc.get("binding") == "transfer":
        return "**memory-bound** (transfer)"
    if tc.get("binding") == "mma":
        return "tensor core (MMA)"
    return "—"


def and_list(values):
    words = [str(v) for v in values]
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 \
        else "".join(words)


def md_cell(text):
    """Text that is safe in a Markdown list or table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def name(kernel, form):
    return "%s (.%s)" % (kernel, form)


def headline_table(runs, verdict):
    out = ["| kernel | class | T | jitter | strategy | steady state | "
           "whole run | bound | binds | MMA / transfer cycles per "
           "iteration | of the bound | target |",
           "|---|---|---:|---|---|---:|---:|---:|---|---:|---:|---|"]
    judged, missed = 0, []
    for kernel, form in runs.kernels():
        cls = runs.cls[kernel]
        default = runs.default_strategy(cls)
        for trips in runs.trip_counts():
            for jitter, jitter_label in JITTERS:
                for strategy in STRATEGIES:
                    run = runs.get(kernel, form, strategy, trips, jitter)
                    if run is None:
                        continue
                    tc = run["tensor_core"]
                    frac = reached(run)
                    failed = bool(run.get("error"))
                    idle = not failed and not tc.get(
                        "mma_cycles_per_iteration")
                    if idle:
                        # No MMA in the loop (a decode kernel on the SIMT
                        # units): there is no tensor-core bound to reach.
                        target = "— (no tensor-core work)"
                    elif strategy == default:
                        judged += 1
                        ok = frac is not None and \
                            frac + EPSILON >= TARGETS[cls]
                        if not ok:
                            missed.append("%s, T = %d, jitter %s: %s" % (
                                name(kernel, form), trips, jitter_label,
                                "not simulated (it failed, below)" if failed
                                else "%s of the bound" % pct(frac)))
                        target = "≥ %d%%: %s" % (round(100 * TARGETS[cls]),
                                                 verdict(ok))
                    else:
                        target = "— (not the default)"
                    out.append("| %s |" % " | ".join((
                        name(kernel, form), cls, str(trips), jitter_label,
                        strategy, "— (failed)" if failed else
                        pct(tc.get("steady_busy_fraction")),
                        pct(tc.get("total_busy_fraction")),
                        pct(tc.get("bound_fraction")), binds(run),
                        "%s / %s" % (cycles(tc.get(
                            "mma_cycles_per_iteration")), cycles(tc.get(
                                "transfer_cycles_per_iteration"))),
                        pct(frac), target)))
    return out, judged, missed


def cycles(value):
    if value is None:
        return "—"
    return "%d" % value if value == int(value) else "%.1f" % value


def value(v):
    return "—" if v is None else str(v)


def memory_bound(runs):
    """The kernels whose bound is the transfer, not the tensor core."""
    found = []
    for kernel, form in runs.kernels():
        run = next((r for r in (runs.get(kernel, form, s, t, "none")
                                for t in runs.trip_counts()
                                for s in STRATEGIES)
                    if r), None)
        if run and run["tensor_core"].get("binding") == "transfer" and \
                run["tensor_core"].get("mma_cycles_per_iteration"):
            tc = run["tensor_core"]
            found.append("%s: %s cycles of transfer per iteration against "
                         "%s of MMA work: the tensor core can be busy at "
                         "most %s of the time" % (
                             name(kernel, form),
                             cycles(tc["transfer_cycles_per_iteration"]),
                             cycles(tc["mma_cycles_per_iteration"]),
                             pct(tc["bound_fraction"])))
    return found


def faster_strategy(runs, schedule=DEFAULT_SCHEDULE_TIMING):
    """Per class: the strategy with fewer cycles on measured timing, summed
    over the class's kernels at each one's largest trip count under jitter,
    and whether it is the default, for the schedules made with the
    timing `schedule` (the seed's model: the compiler's default; a
    measured one: the default under -tileas-timing)."""
    out = []
    measured = schedule != DEFAULT_SCHEDULE_TIMING
    if measured:
        # Said only where schedules made with the measured timing were
        # measured under jitter.
        if not any(k[5] == schedule and k[4] != "none" for k in runs.runs):
            return out
        out.append("- Schedules made with the %s timing (llc "
                   "-tileas-timing=%s, whose default strategy is %s):" % (
                       schedule.upper(), schedule,
                       MEASURED_TIMING_DEFAULT_STRATEGY))
    for cls in CLASSES:
        total = {}
        for kernel, form in runs.kernels():
            if runs.cls[kernel] != cls:
                continue
            trips = runs.largest_trips(kernel, form)
            per = {s: [runs.get(kernel, form, s, trips, j, schedule)
                       for j in ("25", "tail")] for s in STRATEGIES}
            if any(r is None or r["cycles"] is None
                   for rs in per.values() for r in rs):
                continue  # compare only kernels measured both ways
            for s, rs in per.items():
                total[s] = total.get(s, 0) + sum(r["cycles"] for r in rs)
        indent = "  " if measured else ""
        if len(total) < 2:
            out.append("%s- %s: the two strategies were not both measured "
                       "under jitter." % (indent, CLASS_NAMES[cls]))
            continue
        best = min(STRATEGIES, key=lambda s: (total[s], s))
        default = MEASURED_TIMING_DEFAULT_STRATEGY if measured \
            else runs.default_strategy(cls)
        tie = total[default] - total[best] <= TIE * total[default]
        out.append(indent + "- %s, cycles at each kernel's largest trip count "
                   "summed over ±25%% and the heavy tail: unspecialized %s, "
                   "warp-specialized %s; %s, the default is %s — target: "
                   "the default is the faster: %s." % (
                       CLASS_NAMES[cls], cycles(total["unspecialized"]),
                       cycles(total["warp-specialized"]),
                       "the faster is %s" % best if not tie or best == default
                       else "a tie (within %s; %s by %s)" % (
                           pct(TIE), best,
                           pct(1 - total[best] / total[default])),
                       default, "met" if tie else "NOT met"))
    return out


def schedule_table(runs):
    """II, stages and ring depths per schedule timing, and the cycles on
    measured timing of each schedule."""
    timings = runs.schedule_timings()
    head = "| kernel | strategy | T |"
    rule = "|---|---|---:|"
    for t in timings:
        head += " II (%s) | stages | rings | cycles |" % t
        rule += "---:|---:|---|---:|"
    out = [head, rule]
    worse, seed_slower = [], []
    for kernel, form in runs.kernels():
        for strategy in STRATEGIES:
            for trips in runs.trip_counts():
                row = [runs.get(kernel, form, strategy, trips, "none", t)
                       for t in timings]
                if not any(row):
                    continue
                cells = [name(kernel, form), strategy, str(trips)]
                for r in row:
                    if r is None:
                        cells += ["—"] * 4
                        continue
                    cells += [value(r.get("ii")), value(r.get("stages")),
                              ", ".join(str(d) for d in
                                        r.get("ring_depths") or []) or "—",
                              "— (failed)" if r.get("error")
                              else cycles(r["cycles"])]
                out.append("| %s |" % " | ".join(cells))
                by = dict(zip(timings, row))
                seed, measured = by.get("model"), by.get(runs.timing)
                if not seed or not measured or seed["cycles"] is None or \
                        measured["cycles"] is None:
                    continue
                which = "%s, %s, T = %d" % (name(kernel, form), strategy,
                                            trips)
                if measured["cycles"] > seed["cycles"]:
                    worse.append((measured["cycles"] - seed["cycles"],
                                  "%s: %s cycles against %s (%s)%s" % (
                        which, cycles(measured["cycles"]),
                        cycles(seed["cycles"]), differences(measured, seed),
                        cause(measured, seed, trips))))
                elif seed["cycles"] > measured["cycles"]:
                    seed_slower.append("%s: %s cycles against %s (%s)%s" % (
                        which, cycles(seed["cycles"]),
                        cycles(measured["cycles"]),
                        differences(seed, measured),
                        cause(seed, measured, trips)))
    return out, timings, worse, seed_slower


def differences(a, b):
    """What differs between two schedules of one loop, a against b."""
    said = []
    for key, word in (("ii", "II"), ("stages", "stages")):
        if a.get(key) != b.get(key):
            said.append("%s %s against %s" % (word, a.get(key), b.get(key)))
    if (a.get("ring_depths") or []) != (b.get("ring_depths") or []):
        said.append("ring depths %s against %s" % (
            ", ".join(map(str, a.get("ring_depths") or [])) or "none",
            ", ".join(map(str, b.get("ring_depths") or [])) or "none"))
    return "; ".join(said) or "the same II, stages and rings"


def cause(slow, fast, trips):
    """Where the slower of two schedules of one loop loses its cycles: in
    the steady state, or in the fill and drain around it (the simulator's
    cycles per iteration once the pipeline is full). Empty when a run does
    not say (older utilization.json)."""
    a, b = slow.get("cycles_per_iteration"), fast.get("cycles_per_iteration")
    if a is None or b is None:
        return ""
    extra = cycles(slow["cycles"] - fast["cycles"])
    if a > b:
        return ": its steady state takes %s cycles per iteration against " \
            "%s" % (value(a), value(b))
    if a == b:
        stages = ""
        if slow.get("stages") and fast.get("stages") and \
                slow["stages"] != fast["stages"]:
            stages = " of %s stages against %s" % (slow["stages"],
                                                   fast["stages"])
        return ": the same steady state (%s cycles per iteration); the %s " \
            "cycles are in the fill and drain%s and the code around the " \
            "loop" % (value(a), extra, stages)
    return ": a faster steady state (%s cycles per iteration against %s) " \
        "that does not repay its longer fill and drain at T = %d" % (
            value(a), value(b), trips)


def without_mma(runs):
    """The kernels whose loop has no MMA: no tensor-core bound to judge."""
    found = []
    for kernel, form in runs.kernels():
        tcs = [r["tensor_core"] for r in runs.all_runs(kernel, form)
               if not r.get("error")]
        if tcs and not any(tc.get("mma_cycles_per_iteration") for tc in tcs):
            found.append(name(kernel, form))
    return found


def figure(runs, path):
    groups = []
    idle = set(without_mma(runs))
    for kernel, form in runs.kernels():
        if name(kernel, form) in idle:
            continue
        values = {}
        for strategy in STRATEGIES:
            for jitter, _ in JITTERS:
                run = runs.get(kernel, form, strategy,
                               runs.largest_trips(kernel, form), jitter)
                if run:
                    tc = run["tensor_core"]
                    values[(strategy, jitter)] = (
                        tc.get("steady_busy_fraction"),
                        tc.get("bound_fraction"))
        groups.append((name(kernel, form), values))
    bars = []
    for strategy in STRATEGIES:
        for jitter, label in JITTERS:
            shade, hatch = JITTER_STYLE[jitter]
            bars.append(((strategy, jitter), "%s, jitter %s" % (
                strategy, label), shade_color(STRATEGY_COLORS[strategy],
                                              shade), hatch))
    figures.utilization_bars(
        path, "Tensor-core utilization on %s timing (steady state, "
        "largest T)" % runs.timing.upper(), groups, bars,
        "the bound (MMA work over max(MMA, transfer))")


def shade_color(color, amount):
    """color blended toward white: amount 1 keeps it."""
    rgb = [int(color[i:i + 2], 16) for i in (1, 3, 5)]
    return "#%02x%02x%02x" % tuple(round(255 - (255 - c) * amount)
                                   for c in rgb)


def section(in_dir, out_dir, verdict):
    out = ["## Tensor-core utilization on measured timing "
           "(tileas-sim --timing, bench/utilization.*)", ""]
    doc = read(os.path.join(in_dir, "utilization.json"))
    if doc is None:
        return out + ["Not measured: utilization.json is missing (the "
                      "measurement was not run; bench/run.sh runs "
                      "bench/utilization.* where it exists).", ""]
    runs = Runs(doc)
    if not runs.kernels():
        return out + ["Not measured: utilization.json holds no GEMM or "
                      "attention kernel.", ""]
    table, judged, missed = headline_table(runs, verdict)
    out += ["Each GEMM and attention kernel of the corpus, scheduled as llc "
            "schedules it by default (the seed's model), run by `tileas-sim "
            "--timing=%s` on the measured timing at trip counts %s (a kernel "
            "whose trip count is a constant: its own), without "
            "jitter, with far-memory latencies ±25%% and with a heavy tail "
            "(5%% of loads at 3×, *heavy tail* below), unspecialized and "
            "warp-specialized. "
            "*Steady state*: the fraction of cycles the tensor core is busy "
            "once the pipeline has filled and before it drains; *whole run*: "
            "over every cycle. *Bound*: the MMA work of an iteration over the "
            "larger of that work and the iteration's transfer time at the "
            "timing's bandwidth; where the transfer binds, the kernel is "
            "memory-bound and no schedule keeps the tensor core busier "
            "(docs/simulator.md). *Of the bound*: steady state over bound; "
            "the targets (issue 29) judge the compiler's default strategy." %
            (runs.timing, and_list(runs.trip_counts())), ""]
    out.append("- Steady-state utilization ≥ %d%% of the bound on every "
               "GEMM kernel and ≥ %d%% on every attention kernel, default "
               "strategy (%d runs judged): %s." % (
                   round(100 * TARGETS["gemm"]),
                   round(100 * TARGETS["attention"]), judged,
                   verdict(judged > 0 and not missed)))
    out += ["  - %s" % m for m in missed]
    failed = runs.errors()
    if failed:
        out.append("- Configurations that failed to compile or simulate "
                   "(llc or tileas-sim; their rows say so): %d." %
                   len(failed))
        out += ["  - %s, %s, scheduled with %s: %s" % (
            name(k, f), s, t, md_cell(e)) for k, f, s, t, e in failed]
    bound = memory_bound(runs)
    out.append("- Memory-bound on %s timing (the transfer binds, not the "
               "tensor core): %s" % (runs.timing.upper(),
                                     "%d kernel(s)." % len(bound) if bound
                                     else "none."))
    out += ["  - %s" % b for b in bound]
    idle = without_mma(runs)
    if idle:
        out.append("- No tensor-core work in the loop (no MMA; not judged "
                   "on utilization, not in the figure): %s." %
                   and_list(idle))
    out += faster_strategy(runs)
    out += faster_strategy(runs, runs.timing)
    sched, timings, worse, seed_slower = schedule_table(runs)
    if runs.timing in timings and "model" in timings:
        # No slack: a run's code around the loop counts as much as the
        # loop (the last such case, a warp-specialized dispatch reading the
        # warp index ahead of the preamble's load of Q, is fixed in
        # AgentRewrite::readWarpIndexFirst).
        out.append("- Schedules made with the %s timing never slower on it "
                   "than those made with the seed's model in any run (no "
                   "jitter): %s." % (runs.timing.upper(), verdict(not worse)))
        out += ["  - %s" % w for _, w in worse]
        out.append("- Where the seed's model's schedule is slower on "
                   "measured timing: %s" % (
                       "%d case(s)." % len(seed_slower) if seed_slower
                       else "none."))
        out += ["  - %s" % s for s in seed_slower]
    else:
        out.append("- Schedules made with the %s timing against the seed's "
                   "model's: not measured (utilization.json has schedules "
                   "made with %s only)." % (runs.timing.upper(),
                                            ", ".join(timings)))
    out += ["", "![Tensor-core utilization per kernel](%s)" % FIGURE, ""]
    out += table
    out += ["", "Schedules per timing they were made with: II, stages, "
            "ring depths, and cycles on %s timing without jitter." %
            runs.timing.upper(), ""]
    out += sched
    out.append("")
    figure(runs, os.path.join(out_dir, FIGURE))
    return out

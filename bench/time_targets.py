"""The compile-time targets of issue 16, judged on the benchmark's loops.

report.py passes its loaded loops (corpus and generated, from results.csv)
and graphs (MachSuite, from machsuite.csv); each target line says met or NOT
met and names the loops that miss it. A target no row measures says "not
measured" instead of a verdict.
"""

# Scheduling time of every corpus loop and every loop of fewer ops.
SMALL_LOOP_OPS = 100
SMALL_LOOP_MS = 2.0
# The 800-instruction generated loops through the pass.
LARGE_LOOP_OPS = 800
LARGE_LOOP_MS = 10.0


def _offenders(items):
    items = list(items)
    return ["  - %s" % i for i in items] if items else ["  - none"]


def small_loop_line(loops, graphs, verdict, fmt_ms):
    """Every corpus loop and every loop (corpus, generated, MachSuite) of
    fewer than SMALL_LOOP_OPS ops within SMALL_LOOP_MS."""
    judged = [lp for lp in (loops or []) + (graphs or [])
              if lp.ours.ms is not None and
              (lp.source == "corpus" or (lp.ops or 0) < SMALL_LOOP_OPS)]
    title = ("- Scheduling time ≤ %s ms on every corpus loop and every loop "
             "under %d instructions" % (fmt_ms(SMALL_LOOP_MS),
                                        SMALL_LOOP_OPS))
    if not judged:
        return [title + ": not measured — not measured."]
    slow = sorted((lp for lp in judged if lp.ours.ms > SMALL_LOOP_MS),
                  key=lambda lp: -lp.ours.ms)
    worst = max(judged, key=lambda lp: lp.ours.ms)
    out = [title + ": %d loop(s), the slowest %s (%s ms) — %s." % (
        len(judged), worst.name, fmt_ms(worst.ours.ms), verdict(not slow))]
    if slow:
        out.append("  Over %s ms:" % fmt_ms(SMALL_LOOP_MS))
        out += _offenders("%s (%s, %d ops): %s ms" % (
            lp.name, lp.source, lp.ops or 0, fmt_ms(lp.ours.ms))
            for lp in slow)
    return out


def _sms_comparison(items):
    """(loops where SMS returned a legal schedule with both times, those
    where ours took longer)."""
    both = [lp for lp in items
            if lp.peers.get("sms") is not None and lp.peers["sms"].legal and
            lp.peers["sms"].ms is not None and lp.ours.ms is not None]
    slower = [lp for lp in both if lp.ours.ms > lp.peers["sms"].ms]
    return both, slower


# Why the MachSuite rows carry no SMS time: stock MachinePipeliner cannot
# run on those graphs, and no translation to MIR would be faithful.
MACHSUITE_NO_SMS = (
    "MachSuite: SMS cannot run on these graphs, so the verdict covers the "
    "corpus alone: they are HatScheT dependence graphs of HLS operations "
    "(functional units such as plus_expr_FU with their own limits, latencies "
    "and blocking times; every edge with its own latency and distance), while "
    "MachinePipeliner schedules only MIR, takes its dependences from "
    "registers and memory operands and its latencies and resources from the "
    "target's scheduling model; no TileAS instruction holds an HLS functional "
    "unit and no MIR loop has exactly a graph's edges, so an SMS time on a "
    "translation would time another problem")


def sms_time_line(loops, graphs, verdict, fmt_ms):
    """Ours no slower than SMS wherever SMS returns a legal schedule, on
    the corpus and MachSuite. MachSuite rows carry no SMS time: see
    MACHSUITE_NO_SMS."""
    corpus = [lp for lp in loops or [] if lp.source == "corpus"]
    both, slower = _sms_comparison(corpus)
    machsuite_measured = any("sms" in g.peers for g in graphs or [])
    parts = ["corpus: SMS legal on %d loop(s) with both times" % len(both)]
    if graphs is None:
        parts.append("MachSuite: not measured (machsuite.csv is missing)")
    elif machsuite_measured:
        ms_both, ms_slower = _sms_comparison(graphs)
        parts.append("MachSuite: SMS legal on %d graph(s)" % len(ms_both))
        both += ms_both
        slower += ms_slower
    else:
        parts.append(MACHSUITE_NO_SMS)
    out = ["- Ours ≤ SMS time wherever SMS returns a legal schedule (%s) — "
           "%s." % ("; ".join(parts),
                    verdict(not slower) if both else "not measured")]
    if both:
        out.append("  Slower than SMS:")
        out += _offenders("%s: ours %s ms, SMS %s ms" % (
            lp.name, fmt_ms(lp.ours.ms), fmt_ms(lp.peers["sms"].ms))
            for lp in slower)
    return out


def large_loop_line(loops, verdict, fmt_ms):
    """The generated 800-instruction loops through the pass."""
    large = [lp for lp in loops or [] if lp.source == "generated" and
             lp.name.startswith("gen-%d-" % LARGE_LOOP_OPS) and
             lp.ours.ms is not None]
    title = ("- %d-instruction loops under %s ms through the pass" % (
        LARGE_LOOP_OPS, fmt_ms(LARGE_LOOP_MS)))
    if not large:
        return [title + ": not measured (no gen-%d row) — not measured." %
                LARGE_LOOP_OPS]
    slow = [lp for lp in large if lp.ours.ms >= LARGE_LOOP_MS]
    out = [title + ": %s — %s." % (", ".join(
        "%s %s ms" % (lp.name, fmt_ms(lp.ours.ms)) for lp in large),
        verdict(not slow))]
    if slow:
        out.append("  At or over %s ms:" % fmt_ms(LARGE_LOOP_MS))
        out += _offenders("%s: %s ms" % (lp.name, fmt_ms(lp.ours.ms))
                          for lp in slow)
    return out


def section(loops, graphs, verdict, fmt_ms):
    out = ["## Compile-time targets (issue 16)", "",
           "Times are our pass's medians (`ours ms`: the whole "
           "`tileas-generate-schedule` run on MIR loops, `scheduleLoop` on "
           "MachSuite graphs) in the same process and run as SMS.", ""]
    out += small_loop_line(loops, graphs, verdict, fmt_ms)
    out += sms_time_line(loops, graphs, verdict, fmt_ms)
    out += large_loop_line(loops, verdict, fmt_ms)
    out.append("")
    return out

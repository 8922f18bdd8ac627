"""The report's section on ours against textbook IMS (ims.csv).

bench/run.sh writes ims.csv with tileas-ims-compare: per graph (MachSuite,
generated loops of 100 ops and more, seeded random loops like the large HLS
graphs of issue 16), the best lower bound and which bound it is, our II and
time, and the II of Rau's textbook iterative modulo scheduling
(test/Unit/Sched/ReferenceIMS.h) at budget ratios 3 and 20. The reference
runs capped one below our II: ">=N" means it has no schedule below ours.
report.py calls section(). Standard library only; the output is a function
of ims.csv.
"""

import os

from sim_report import read_rows

# Issue 16's targets.
LARGE_OPS = 300
TARGET_MACHSUITE_II_OVER_BOUND = 1.03
RATIOS = (3, 20)


def as_int(text):
    return int(text) if text not in (None, "") and text.isdigit() else None


def ims_cell(text):
    """(II or None, whether it has no schedule below ours, verified)."""
    text = (text or "").strip()
    if text.startswith(">="):
        return None, True, True
    verified = not text.endswith("!")
    return as_int(text.rstrip("!")), False, verified


def no_worse(row):
    """Whether ours is at most the reference's II at every ratio (a ratio
    without a reference schedule counts: it found nothing we beat)."""
    ours = as_int(row["ours_ii"])
    if ours is None:
        return False
    for ratio in RATIOS:
        ii, below_none, _ = ims_cell(row["ims%d_ii" % ratio])
        if not below_none and ii is not None and ii < ours:
            return False
    return True


def is_machsuite(row):
    return "/" in row["name"]


def describe_small(rows):
    """Which graphs under LARGE_OPS ims.csv holds."""
    sizes = [as_int(r["ops"]) for r in rows if not is_machsuite(r)]
    if not sizes:
        return "MachSuite's"
    return "MachSuite's and the generated loops of %d ops and more" % min(
        sizes)


def fmt_ims(text):
    ii, none_below, verified = ims_cell(text)
    if none_below:
        return text.strip()
    if ii is None:
        return "—"
    return "%d%s" % (ii, "" if verified else " (NOT verified)")


def section(in_dir, verdict):
    out = ["## Ours against textbook IMS (graphs of %d+ operations)" %
           LARGE_OPS, ""]
    rows = read_rows(os.path.join(in_dir, "ims.csv"))
    if rows is None:
        return out + ["Not measured (ims.csv is missing).", ""]
    out += ["Rau's 1994 iterative modulo scheduling as the test suite keeps it "
            "(`test/Unit/Sched/ReferenceIMS.h`: HeightR priority, budget "
            "ratio 3 or 20 placements per op), run by `tileas-ims-compare` on "
            "the same problem as ours, capped one below our II: `>=N` means "
            "it has no schedule below ours. Problems with budget charges, "
            "groups or depth limits (the generated loops) are compared "
            "without them, for both (`stripped`). Our time is one "
            "scheduleLoop call, wall clock, on this machine at its load.", ""]
    large = [r for r in rows if as_int(r["ops"]) >= LARGE_OPS]
    worse = [r["name"] for r in large if not no_worse(r)]
    unverified = [r["name"] for r in rows if r["verified"] != "1" or any(
        not ims_cell(r["ims%d_ii" % k])[2] for k in RATIOS)]
    out.append("- Target: II <= textbook IMS on every graph of %d+ ops: %s "
               "(%d graphs%s)." % (
                   LARGE_OPS, verdict(large and not worse), len(large),
                   "; worse on " + ", ".join(worse) if worse else ""))
    small = [r for r in rows if as_int(r["ops"]) < LARGE_OPS]
    small_worse = [r["name"] for r in small if not no_worse(r)]
    out.append("- Smaller graphs (under %d ops: %s), II <= textbook IMS: %s "
               "(%d graphs%s)." % (
                   LARGE_OPS, describe_small(small),
                   "yes" if not small_worse else "NO", len(small),
                   "; worse on " + ", ".join(small_worse)
                   if small_worse else ""))
    out.append("- Every schedule verified: %s." % (
        "yes" if not unverified else "NO (" + ", ".join(unverified) + ")"))
    machsuite = [r for r in rows if is_machsuite(r) and
                 as_int(r["ours_ii"]) is not None]
    if machsuite:
        ratio = (sum(as_int(r["ours_ii"]) for r in machsuite) /
                 sum(as_int(r["bound"]) for r in machsuite))
        out.append("- Target: sum(II) / sum(best bound) on MachSuite <= %.2f: "
                   "%s (%.4f over %d graphs)." % (
                       TARGET_MACHSUITE_II_OVER_BOUND,
                       verdict(ratio <= TARGET_MACHSUITE_II_OVER_BOUND),
                       ratio, len(machsuite)))
    else:
        out.append("- sum(II) / sum(best bound) on MachSuite: no MachSuite "
                   "graph in ims.csv.")
    out += ["", "| graph | ops | problem | best bound | which | ours | "
            "ours / bound | our ms | IMS ratio 3 | IMS ratio 20 |",
            "|---|---:|---|---:|---|---:|---:|---:|---:|---:|"]
    listed = large + [r for r in small if not is_machsuite(r) or
                      r["name"] in small_worse]
    for r in listed:
        ours, bound = as_int(r["ours_ii"]), as_int(r["bound"])
        out.append("| %s | %s | %s | %s | %s | %s | %s | %.1f | %s | %s |" % (
            r["name"], r["ops"], r["problem"], r["bound"], r["bound_name"],
            ours if ours is not None else "none",
            "%.3f" % (ours / bound) if ours and bound else "—",
            float(r["ours_ms"]), fmt_ims(r["ims3_ii"]),
            fmt_ims(r["ims20_ii"])))
    out.append("")
    return out

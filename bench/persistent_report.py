"""The report's section "Persistent kernels" (persistent.json from
bench/persistent.py; issue 28's numbers to reach).

report.py calls section(). For each loop nest of the corpus and each inner
trip count K: the warp-specialized form's cycles for one tile and for 8,
its fill and drain F (one tile's cycles minus K·II), the target 8·K·II + F
and the ratio of 8 tiles to it, judged against issue 28's 10%; the
unspecialized form's 8 tiles beside it. A nest that warp specialization
leaves unspecialized says so with its remark's reason. The output is a
function of persistent.json.
"""

import json
import os

TARGET_TILES = 8
TARGET_SLACK = 0.10
# Issue 28 names the attention target at 8 query tiles x 8 kv-tiles.
ATTENTION_K = 8


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError:
        return None


def cycles(entry, tiles, k):
    for run in entry.get("runs", []):
        if run["tiles"] == tiles and run["k"] == k:
            return run.get("cycles")
    return None


def md_cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def target_row(ws, unspec, k):
    """(cells of the table's row, the ratio or None)."""
    ii = ws.get("ii")
    one = cycles(ws, 1, k)
    eight = cycles(ws, TARGET_TILES, k)
    plain = cycles(unspec, TARGET_TILES, k) if unspec else None
    if ii is None or one is None or eight is None:
        return ["%d" % k, str(ii or "-"), str(one or "-"), "-", "-",
                str(plain or "-"), str(eight or "-"), "-", "-",
                "not measured"], None
    fill = one - k * ii
    target = TARGET_TILES * k * ii + fill
    ratio = eight / target
    return ["%d" % k, "%d" % ii, "%d" % one, "%d" % fill, "%d" % target,
            "%d" % plain if plain is not None else "-", "%d" % eight,
            "%.3f×" % (plain / target) if plain is not None else "-",
            "%.3f×" % ratio], ratio


def kernel_section(name, ws, unspec, verdict, ks, mcpu=None):
    out = ["### %s" % name, ""]
    if "error" in ws:
        return out + ["llc failed under warp specialization: %s" %
                      md_cell(ws["error"]), ""]
    loops = "`%s` (outer) and `%s` (inner)" % (ws["outer_loop"],
                                               ws["inner_loop"])
    if ws.get("warp_specialized"):
        how = "warp-specialized as a whole (each agent's loop runs across " \
              "the tiles)"
    else:
        how = "**not warp-specialized**: it falls back to the " \
              "unspecialized form (the pipeline fills and drains per " \
              "tile), remark `NotWarpSpecialized`: \"%s\"" % md_cell(
                  ws.get("fallback") or "no reason given")
    # A kernel compiled for another machine than the section's (a Hopper
    # form, -mcpu=sm_90a) says so.
    machine = ""
    if ws.get("mcpu") and ws["mcpu"] != mcpu:
        machine = " (`-mcpu=%s`, simulated on its machine)" % ws["mcpu"]
    out += ["`%s`%s, loops %s; the inner loop's II %s with %s stages; %s." % (
        ws.get("function", name), machine, loops, ws.get("ii"),
        ws.get("stages"), how), ""]
    out += ["| K | II | 1 tile | F | target 8·K·II + F | unspecialized, "
            "8 tiles | warp-specialized, 8 tiles | unspecialized / target "
            "| warp-specialized / target | within 10% |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    met, missed = [], []
    for k in ks:
        cells, ratio = target_row(ws, unspec, k)
        if ratio is not None:
            ok = ratio <= 1 + TARGET_SLACK
            (met if ok else missed).append(k)
            cells.append(verdict(ok))
        out.append("| %s |" % " | ".join(cells))
    out.append("")
    within = ", ".join(str(k) for k in met) or "none"
    if missed:
        out.append("- %s, %d tiles: within 10%% of 8·K·II + F at K = %s; "
                   "not at K = %s." % (
                       name, TARGET_TILES, within,
                       ", ".join(str(k) for k in missed)))
    else:
        out.append("- %s, %d tiles: within 10%% of 8·K·II + F at every K "
                   "(%s)." % (name, TARGET_TILES, within))
    if ws.get("class") == "attention" and ATTENTION_K in ks:
        _, ratio = target_row(ws, unspec, ATTENTION_K)
        if ratio is not None:
            out.append("- Issue 28's attention target, %d query tiles x %d "
                       "kv-tiles: %.3f× the target — %s." % (
                           TARGET_TILES, ATTENTION_K, ratio,
                           verdict(ratio <= 1 + TARGET_SLACK)))
    out.append("")
    return out


def section(in_dir, verdict):
    out = ["## Persistent kernels (tileas-sim, bench/persistent.py)", ""]
    doc = read(os.path.join(in_dir, "persistent.json"))
    if doc is None:
        return out + ["Not measured (persistent.json is missing).", ""]
    ks = doc.get("inner_trip_counts", [])
    out += ["Issue 28's numbers to reach, on the corpus's loop nests "
            "(docs/persistent.md): each `.ll` compiled with `llc "
            "-mcpu=%s` up to `tileas-materialize-schedule` under each "
            "strategy, then `tileas-sim` (no jitter) on the whole nest, "
            "`--trip-count=<outer>=T,<inner>=K` for T = %s tiles and K = %s. "
            "*1 tile* and F are the warp-specialized form's (the form the "
            "target is for: F = one tile's cycles minus K·II, the fill and "
            "drain of one tile); the target is %d·K·II + F, the fill and "
            "drain paid once, and %d tiles must be within %d%% of it. A "
            "nest that warp specialization leaves unspecialized is timed "
            "in the form it falls back to." % (
                doc.get("mcpu", "?"),
                " and ".join(str(t) for t in doc.get("tiles", [])),
                ", ".join(str(k) for k in ks), TARGET_TILES, TARGET_TILES,
                round(TARGET_SLACK * 100)), ""]
    by_kernel = {}
    for entry in doc.get("kernels", []):
        by_kernel.setdefault(entry["kernel"], {})[entry["strategy"]] = entry
    if not by_kernel:
        return out + ["No loop nest in the corpus.", ""]
    for name in sorted(by_kernel):
        forms = by_kernel[name]
        ws = forms.get("warp-specialized")
        if ws is None:
            out += ["### %s" % name, "", "Not measured warp-specialized.",
                    ""]
            continue
        unspec = forms.get("unspecialized")
        if unspec is not None and "error" in unspec:
            unspec = None
        out += kernel_section(name, ws, unspec, verdict, ks,
                              doc.get("mcpu"))
    return out

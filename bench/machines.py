#!/usr/bin/env python3
"""The corpus on each machine, side by side (issue 27): schedules and
materializes every `.ll` kernel of bench/corpus with llc on Blackwell
(-mcpu=sm_100a) and on Hopper (-mcpu=sm_90a), and writes
bench/results/machines.md: per kernel and machine, each loop's II, MII and
stages (the schedule remark), the ring depths (the PIPE_CREATEs that carry
bytes, in the materialized MIR) and what materialization made of it; a
machine that refuses a kernel gets its error as the reason.

    bench/machines.py BUILD_DIR [REPORT.md] [--strategy=S]
    bench/machines.py --from DIR [REPORT.md]    # saved llc outputs; - : stdout

The report opens with each kernel class's Blackwell and Hopper forms side
by side, each on its own machine (find_pairs). The strategy is llc's
-tileas-pipeline-strategy (default: the pass's own choice). Rows follow the
sorted file names; no timing is recorded, so the report is the same on
every run of the same build.
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


def run_llc(llc, plugin, path, mcpu, strategy, work):
    """llc on one kernel and machine, stopped after materialization: its
    exit status, its remarks (stderr) and the materialized MIR."""
    out = os.path.join(work, "%s.%s.mir" % (os.path.basename(path), mcpu))
    cmd = [llc, "--load=" + plugin, "-march=tileas", "-mcpu=" + mcpu,
           "-stop-after=tileas-materialize-schedule",
           "-pass-remarks-analysis=tileas-generate-schedule",
           "-pass-remarks=tileas-materialize-schedule",
           "-pass-remarks-missed=tileas-materialize-schedule", path, "-o", out]
    if strategy:
        cmd.insert(4, "-tileas-pipeline-strategy=" + strategy)
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    mir = ""
    if proc.returncode == 0:
        with open(out, encoding="utf-8") as f:
            mir = f.read()
    return proc.returncode, proc.stderr, mir


def read_canned(folder, name, mcpu):
    """The same three outputs, saved as NAME.MCPU.rc / .err / .mir (the lit
    tests' hand-made fixtures): a missing .rc is a failed run."""
    def read(ext, default=""):
        try:
            with open(os.path.join(folder, "%s.%s.%s" % (name, mcpu, ext)),
                      encoding="utf-8") as f:
                return f.read()
        except OSError:
            return default
    return int(read("rc", "1").strip() or 1), read("err"), read("mir")


def parse_run(rc, text, mir):
    """One kernel on one machine, from llc's outputs: a dict with `loops`
    (the schedule remarks), `rings` (pipe, depth), `made` (the
    materialization remarks), or `error` (the first error line)."""
    if rc != 0:
        errors = [l for l in text.splitlines() if "error:" in l]
        reason = errors[0] if errors else "llc exited with %d" % rc
        return {"error": re.sub(r"^.*?error: ", "", reason).strip()}
    loops = [m.groupdict() for m in SCHEDULE.finditer(text)]
    made = [m.group(1) for m in MATERIALIZED.finditer(text)]
    made += [m.group(1) for m in FALLBACK.finditer(text)]
    rings = []
    for line in mir.splitlines():
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


# Each kernel class's Blackwell form and Hopper form where their names do not
# say it; a kernel X-hopper.ll beside X.ll is paired by its name.
PAIRS = [
    ("GEMM", "gemm-bf16-tcgen05.ll", "gemm-wgmma-hopper.ll"),
    ("attention forward", "fmha-fwd.ll", "fmha-fwd-hopper.ll"),
    ("persistent GEMM", "persistent-gemm.ll", "persistent-gemm-hopper.ll"),
]
HOPPER_SUFFIX = "-hopper.ll"


def find_pairs(kernels, results):
    """(class, Blackwell form, Hopper form) for every class with a form on
    each machine: the named pairs, then X.ll with X-hopper.ll, then each
    remaining kernel that both machines schedule (one .ll, both forms)."""
    present = set(kernels)
    pairs = [p for p in PAIRS if p[1] in present and p[2] in present]
    paired = {k for p in pairs for k in p[1:]}
    for name in kernels:
        if not name.endswith(HOPPER_SUFFIX) or name in paired:
            continue
        blackwell = name[:-len(HOPPER_SUFFIX)] + ".ll"
        if blackwell in present and blackwell not in paired:
            pairs.append((blackwell[:-3], blackwell, name))
            paired.update((blackwell, name))
    for name in kernels:
        if name in paired:
            continue
        if all("error" not in results[(name, m)] for m, _ in MACHINES):
            pairs.append((name[:-3], name, name))
    return pairs


def cell_loops(result, key):
    """One figure of each scheduled loop: the number alone for one loop,
    per block for several."""
    if "error" in result:
        return "refused"
    loops = result["loops"]
    if not loops:
        return "-"
    if len(loops) == 1:
        return loops[0][key]
    return "<br>".join("%s: %s" % (l["block"], l[key]) for l in loops)


def ii_ratio(blackwell, hopper):
    if "error" in blackwell or "error" in hopper:
        return "-"
    if len(blackwell["loops"]) != 1 or len(hopper["loops"]) != 1:
        return "-"
    return "%.2f" % (int(hopper["loops"][0]["ii"]) /
                     int(blackwell["loops"][0]["ii"]))


def render_pairs(kernels, results):
    pairs = find_pairs(kernels, results)
    lines = [
        "## Each kernel class on its own machine",
        "",
        "Each class's Blackwell form scheduled for Blackwell "
        "(`-mcpu=sm_100a`) beside its Hopper form scheduled for Hopper (`-mcpu=sm_90a`): the "
        "GEMM, attention-forward and persistent-GEMM pairs, a kernel `X-hopper.ll` beside "
        "`X.ll`, and a kernel that both machines schedule from one `.ll` "
        "(*same .ll*). II and stages per loop (the block where a kernel has "
        "several), ring depths per pipe; the ratio where each form has one "
        "loop.",
        "",
    ]
    if not pairs:
        return lines + ["No kernel class has a form on each machine.", ""]
    lines += [
        "| class | Blackwell form | II | stages | ring depths | Hopper form "
        "| II | stages | ring depths | Hopper II / Blackwell II |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for klass, blackwell, hopper in pairs:
        b = results[(blackwell, "blackwell")]
        h = results[(hopper, "hopper")]
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            klass, blackwell, cell_loops(b, "ii"), cell_loops(b, "stages"),
            cell_rings(b) or "-",
            "*same .ll*" if hopper == blackwell else hopper,
            cell_loops(h, "ii"), cell_loops(h, "stages"),
            cell_rings(h) or "-", ii_ratio(b, h)))
    paired = {k for p in pairs for k in p[1:]}
    alone = [k for k in kernels if k not in paired]
    lines.append("")
    if alone:
        lines.append("Without a form for each machine: %s." % ", ".join(
            "`%s`" % k for k in alone))
        lines.append("")
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", metavar="BUILD_DIR [REPORT.md]",
                    help="the build (not with --from), then the report")
    ap.add_argument("--strategy", default="",
                    help="llc -tileas-pipeline-strategy (default: llc's)")
    ap.add_argument("--from", dest="canned", metavar="DIR",
                    help="read llc's outputs from DIR (KERNEL.MCPU.rc, .err, "
                    ".mir) instead of running llc")
    args = ap.parse_args()
    paths = list(args.paths)
    if not args.canned and not paths:
        ap.error("a BUILD_DIR, or --from DIR")
    build = None if args.canned else os.path.abspath(paths.pop(0))
    if len(paths) > 1:
        ap.error("too many paths")
    report = paths[0] if paths else os.path.join("bench", "results",
                                                 "machines.md")

    results = {}
    if args.canned:
        suffixes = tuple(".%s.rc" % mcpu for _, mcpu in MACHINES)
        kernels = sorted({f[:f.rindex(".", 0, -3)]
                          for f in os.listdir(args.canned)
                          if f.endswith(suffixes)})
        for name in kernels:
            for machine, mcpu in MACHINES:
                results[(name, machine)] = parse_run(
                    *read_canned(args.canned, name, mcpu))
    else:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        plugin = os.path.join(build, "lib", "libTileAS.so")
        if not os.path.isfile(plugin):
            sys.exit("%s: no %s" % (sys.argv[0], plugin))
        llc = os.path.join(llvm_bin(build, "bench/machines.py"), "llc")
        corpus = os.path.join(root, "bench", "corpus")
        kernels = sorted(f for f in os.listdir(corpus) if f.endswith(".ll"))
        with tempfile.TemporaryDirectory(prefix="machines.") as work:
            for name in kernels:
                path = os.path.join(corpus, name)
                for machine, mcpu in MACHINES:
                    results[(name, machine)] = parse_run(*run_llc(
                        llc, plugin, path, mcpu, args.strategy, work))

    rows = [(name, machine, results[(name, machine)])
            for name in kernels for machine, _ in MACHINES]
    refused = [(n, m, r["error"]) for n, m, r in rows if "error" in r]
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
    ]
    lines += render_pairs(kernels, results)
    lines += [
        "## Every kernel on each machine",
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
    text = "\n".join(lines)
    if report == "-":
        sys.stdout.write(text)
        return 0
    os.makedirs(os.path.dirname(os.path.abspath(report)), exist_ok=True)
    with open(report, "w", encoding="utf-8") as f:
        f.write(text)
    print("%s: %d kernels, %d refusals -> %s" % (
        sys.argv[0], len(kernels), len(refused), report))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Total cycles of the corpus's persistent kernels on tileas-sim (issue 28;
docs/persistent.md): bench/run.sh runs it, bench/persistent_report.py turns
its output into the report's section "Persistent kernels".

For every loop nest of bench/corpus (corpus_kernels.NESTS), its IR form is
compiled with llc -mcpu=sm_100a (-mcpu=sm_90a for a Hopper kernel,
`*-hopper`) up to tileas-materialize-schedule under each strategy
(unspecialized, warp-specialized), and tileas-sim (no jitter, on the same
machine) runs the whole nest at 1 and 8 tiles (outer iterations) of K inner
iterations, K = 2, 4, 8, 16. Writes bench/results/persistent.json:

  {"mcpu": "sm_100a", "tiles": [1, 8], "inner_trip_counts": [2, 4, 8, 16],
   "kernels": [{"kernel", "class", "mcpu", "function", "outer_loop",
     "inner_loop", "strategy", "ii", "stages", "warp_specialized",
     "fallback",
     "runs": [{"tiles", "k", "cycles"} or {"tiles", "k", "error"}]}]}

The top-level "mcpu" is the Blackwell kernels'; each kernel names its own.

"ii" and "stages" come from the inner loop's WarpSpecialized or
Materialized remark; "warp_specialized" says whether the nest was
warp-specialized; "fallback" is the NotWarpSpecialized remark's reason
where it was not (null otherwise). A kernel that fails to compile gets
"error" instead of the runs.

    bench/persistent.py [--build build] [--out bench/results/persistent.json]
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

from corpus_kernels import NESTS, kernel_class, llvm_bin

MCPU = "sm_100a"
# A Hopper form of a kernel (X-hopper.ll) is compiled and simulated for
# Hopper, as bench/ptx/run.sh and bench/machines.py do.
HOPPER_MCPU = "sm_90a"
HOPPER_SUFFIX = "-hopper"
TILES = (1, 8)
INNER_TRIP_COUNTS = (2, 4, 8, 16)
STRATEGIES = ("unspecialized", "warp-specialized")


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def remarks(yaml_text):
    """(name, body) of every remark document of a -pass-remarks-output
    file, in order."""
    for doc in yaml_text.split("\n---"):
        m = re.search(r"^Name:\s+(\w+)$", doc, re.M)
        if m:
            yield m.group(1), doc


def remark_arg(doc, key):
    """A remark argument's value: single-quoted ('' is a quote) or plain."""
    m = re.search(r"- %s:\s+'((?:[^']|'')*)'" % key, doc, re.S)
    if m:
        return " ".join(m.group(1).replace("''", "'").split())
    m = re.search(r"- %s:\s+(\S.*)$" % key, doc, re.M)
    return m.group(1).strip() if m else None


def schedule_facts(yaml_path):
    """(ii, stages, warp_specialized, fallback reason) of the nest's inner
    loop, from its remarks."""
    with open(yaml_path, encoding="utf-8") as f:
        text = f.read()
    ii = stages = fallback = None
    specialized = False
    for name, doc in remarks(text):
        if name == "NotWarpSpecialized" and fallback is None:
            fallback = remark_arg(doc, "Reason")
        if name in ("WarpSpecialized", "Materialized") and ii is None:
            specialized = name == "WarpSpecialized"
            ii = remark_arg(doc, "II")
            stages = remark_arg(doc, "Stages")
    return (int(ii) if ii else None, int(stages) if stages else None,
            specialized, fallback)


def mcpu_of(name):
    """The processor a corpus kernel is compiled for."""
    return HOPPER_MCPU if name.endswith(HOPPER_SUFFIX) else MCPU


def compile_nest(args, src, strategy, work, mcpu=MCPU):
    """The materialized MIR and its remarks file, or (None, error)."""
    base = os.path.join(work, "%s.%s" % (os.path.basename(src), strategy))
    mir, yaml = base + ".mir", base + ".yaml"
    cmd = [os.path.join(llvm_bin(args.build, "persistent.py"), "llc"),
           "--load=" + os.path.join(args.build, "lib", "libTileAS.so"),
           "-march=tileas", "-mcpu=" + mcpu,
           "-tileas-pipeline-strategy=" + strategy,
           "-stop-after=tileas-materialize-schedule",
           "-pass-remarks-output=" + yaml, src, "-o", mir]
    p = run(cmd)
    if p.returncode != 0:
        return None, p.stderr.strip()
    return (mir, yaml), ""


def simulate(args, mir, outer, inner, tiles, k, mcpu=MCPU):
    """tileas-sim's total cycles of `tiles` x `k`, or (None, error)."""
    # A Hopper kernel runs on Hopper's model; the Blackwell kernels keep
    # tileas-sim's default machine, as the report's numbers always had.
    machine = ["--mcpu=" + mcpu] if mcpu != MCPU else []
    p = run([os.path.join(args.build, "bin", "tileas-sim"), mir, "--json",
             "--trip-count=%s=%d,%s=%d" % (outer, tiles, inner, k)] + machine)
    if p.returncode != 0:
        return None, p.stderr.strip()
    return json.loads(p.stdout), ""


def measure(args, name, work):
    src = os.path.join(args.corpus, name + ".ll")
    outer, inner = NESTS[name]
    mcpu = mcpu_of(name)
    entries = []
    for strategy in STRATEGIES:
        entry = {"kernel": name, "class": kernel_class(name), "mcpu": mcpu,
                 "outer_loop": outer, "inner_loop": inner,
                 "strategy": strategy}
        out, err = compile_nest(args, src, strategy, work, mcpu)
        if out is None:
            entry["error"] = err
            entries.append(entry)
            continue
        mir, yaml = out
        ii, stages, specialized, fallback = schedule_facts(yaml)
        entry.update(ii=ii, stages=stages, warp_specialized=specialized,
                     fallback=fallback, runs=[])
        for tiles in TILES:
            for k in INNER_TRIP_COUNTS:
                result, err = simulate(args, mir, outer, inner, tiles, k,
                                       mcpu)
                if result is None:
                    entry["runs"].append({"tiles": tiles, "k": k,
                                          "error": err})
                    continue
                entry["function"] = result.get("function")
                entry["runs"].append({"tiles": tiles, "k": k,
                                      "cycles": result["cycles"]})
        print("%s %s: II %s, %s" % (
            name, strategy, ii,
            "warp-specialized" if specialized else
            "unspecialized" + (" (fallback)" if fallback else "")),
            file=sys.stderr)
        entries.append(entry)
    return entries


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(here, "..", "build"))
    parser.add_argument("--corpus", default=os.path.join(here, "corpus"))
    parser.add_argument("--out", default=os.path.join(here, "results",
                                                      "persistent.json"))
    parser.add_argument("--kernels", nargs="*",
                        help="kernel names (default: every loop nest of the "
                             "corpus)")
    args = parser.parse_args(argv)
    names = sorted(n for n in NESTS
                   if os.path.exists(os.path.join(args.corpus, n + ".ll")))
    if args.kernels:
        names = [n for n in names if n in args.kernels]
    kernels = []
    with tempfile.TemporaryDirectory() as work:
        for name in names:
            kernels += measure(args, name, work)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump({"mcpu": MCPU, "tiles": list(TILES),
                   "inner_trip_counts": list(INNER_TRIP_COUNTS),
                   "kernels": kernels}, f, indent=1)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env bash
# The GPU benchmark (issue 27): compiles each GEMM kernel that has a
# tileas-run description (examples/*.run.json, bench/corpus/*.run.json,
# beside its .ll) for the GPU's architecture under each pipeline strategy,
# runs it with tileas-run at a few K (correctness against the CPU reference,
# the median of the timed runs, TFLOP/s), puts the simulator's cycles for
# the same loop beside each (tileas-sim, the td model), and writes
# bench/results/gpu-report.md:
#
#   bench/gpu.sh build                       # the report in bench/results
#   bench/gpu.sh build /tmp/gpu-report.md    # elsewhere
#
# Where no GPU can run (tileas-run --probe exits 77) it measures nothing,
# writes nothing, says why and exits 77: a report holds only measured
# figures. A kernel llc refuses for the architecture, or whose PTX cannot
# run on this GPU, is a row saying so.
# Environment: ARCH (the llc -mcpu, default from the GPU: sm_100a on
# compute capability 10.0, sm_90a on 9.0), SIZES (the K values, default
# "512 4096 16384"), STRATEGIES (default "unspecialized warp-specialized"),
# RUNS (timed runs, default 20), LLC (default /usr/lib/llvm-22/bin/llc),
# KEEP_WORK=1 keeps the raw outputs.
set -uo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ] || [ "$1" = --help ]; then
  sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
build=$(cd "$1" && pwd) || exit 2
cd "$(dirname "$0")/.." || exit 2
report=${2:-bench/results/gpu-report.md}
llc=${LLC:-/usr/lib/llvm-22/bin/llc}
plugin=$build/lib/libTileAS.so
run=$build/bin/tileas-run
sim=$build/bin/tileas-sim
sizes=${SIZES:-512 4096 16384}
strategies=${STRATEGIES:-unspecialized warp-specialized}
runs=${RUNS:-20}
for f in "$plugin" "$run" "$sim"; do
  [ -x "$f" ] || [ -f "$f" ] || {
    echo "$0: no $f (build tileas-run where CUDA's cuda.h is, and tileas-sim)" >&2
    exit 2
  }
done

# Is there a GPU? Nothing is compiled or written without one.
if ! probe=$("$run" --probe 2>&1); then
  echo "$0: no GPU here, nothing measured and no report written: $probe" >&2
  exit 77
fi
capability=$(echo "$probe" | grep -o 'sm_[0-9]*' | head -1)
case "${ARCH:-}" in
  "") case "$capability" in
        sm_100) arch=sm_100a ;;
        sm_90) arch=sm_90a ;;
        *) arch=${capability}a ;;
      esac ;;
  *) arch=$ARCH ;;
esac
# The fake driver of the tests (utils/tileas-run/fake-driver) measures
# nothing: never into bench/results.
case "$probe" in
  "TileAS fake driver"*)
    if [ -z "${2:-}" ]; then
      echo "$0: the fake CUDA driver is loaded; not writing bench/results" >&2
      exit 2
    fi ;;
esac

work=$(mktemp -d /tmp/gpubench.XXXXXX)
if [ "${KEEP_WORK:-0}" = 1 ]; then
  echo "$0: raw outputs kept in $work" >&2
else
  trap 'rm -rf "$work"' EXIT
fi

{
  echo "date	$(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "commit	$(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(
    git diff --quiet HEAD 2>/dev/null || echo ' (with local changes)')"
  echo "gpu	$probe"
  echo "arch	$arch"
  echo "llc	$("$llc" --version | grep -m1 -i 'llvm version' | sed 's/^ *//')"
  echo "runs	$runs"
} > "$work/machine.tsv"

mapfile -t descriptions < <(find examples bench/corpus -name '*.run.json' |
                            LC_ALL=C sort)
: > "$work/rows.tsv"
for desc in "${descriptions[@]}"; do
  input=${desc%.run.json}.ll
  [ -f "$input" ] || continue
  name=$(basename "$input" .ll)
  for strategy in $strategies; do
    out=$work/$name.$strategy
    common=(--load="$plugin" -march=tileas -mcpu="$arch"
            -tileas-pipeline-strategy="$strategy")
    if ! timeout 300 "$llc" "${common[@]}" "$input" -o "$out.ptx" \
         2> "$out.llc.err"; then
      printf '%s\t%s\t-\tllc\t%s\n' "$name" "$strategy" \
        "$(head -1 "$out.llc.err")" >> "$work/rows.tsv"
      continue
    fi
    timeout 300 "$llc" "${common[@]}" -stop-after=tileas-event-schedule \
      "$input" -o "$out.mir" 2> /dev/null
    for k in $sizes; do
      # The k-tile of the description's scalar "k/N" is the loop's step.
      ktile=$(grep -o '"k/[0-9]*"' "$desc" | head -1 | tr -dc '0-9')
      trips=$(( k / ${ktile:-1} ))
      timeout 120 "$sim" "$out.mir" --trip-count="$trips" --json \
        > "$out.$k.sim.json" 2> "$out.$k.sim.err" || rm -f "$out.$k.sim.json"
      timeout 600 "$run" "$out.ptx" --problem="$desc" --k="$k" --runs="$runs" \
        --json > "$out.$k.run.json" 2> "$out.$k.run.err"
      printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$strategy" "$k" "$?" "$out.$k" \
        >> "$work/rows.tsv"
    done
  done
done

python3 - "$work" "$report" <<'PY'
import json, os, sys
work, report = sys.argv[1], sys.argv[2]
machine = [l.rstrip("\n").split("\t", 1)
           for l in open(os.path.join(work, "machine.tsv"))]
lines = [
    "# GPU benchmark: TileAS kernels on a real GPU",
    "",
    "Written by `bench/gpu.sh` from `tileas-run` runs (docs/tileas-run.md): "
    "each kernel compiled by llc for the GPU's architecture, checked against "
    "the CPU reference (f32 accumulation) and timed with CUDA events (the "
    "median of the timed runs, one launch each). Beside each run, the "
    "simulator's cycles for the same loop and trip count (tileas-sim on the "
    "td model, not a measurement). Every figure below was measured by that "
    "run; rerun with `bench/gpu.sh build`.",
    "",
    "## Machine",
    "",
    "| | |",
    "|---|---|",
]
lines += ["| %s | %s |" % (k, v) for k, v in machine]
lines += [
    "",
    "## Runs",
    "",
    "| kernel | strategy | K | result | max error (bound) | median us | "
    "TFLOP/s | simulated cycles | simulated cycles / k-tile (steady state) |",
    "|---|---|---|---|---|---|---|---|---|",
]
status = {"1": "WRONG", "2": "bad input", "3": "CUDA error",
          "77": "no GPU", "78": "not for this GPU"}
for row in open(os.path.join(work, "rows.tsv")):
    name, strategy, k, rc, rest = row.rstrip("\n").split("\t", 4)
    if rc == "llc":
        lines.append("| %s | %s | - | llc refused: %s | | | | | |" %
                     (name, strategy, rest.replace("|", "\\|")))
        continue
    sim = {}
    if os.path.exists(rest + ".sim.json"):
        try:
            sim = json.load(open(rest + ".sim.json"))
        except ValueError:
            pass
    cycles = sim.get("cycles", "-")
    per = sim.get("cycles_per_iteration", "-")
    if rc != "0" and rc != "1":
        err = open(rest + ".run.err").read().strip().splitlines()
        why = err[-1] if err else ""
        lines.append("| %s | %s | %s | %s: %s | | | | %s | %s |" %
                     (name, strategy, k, status.get(rc, "exit " + rc),
                      why.replace("|", "\\|"), cycles, per))
        continue
    r = json.load(open(rest + ".run.json"))
    if r.get("checked"):
        result = "correct" if r["correct"] else "WRONG"
        err = r["max_error"]
        error = "%s (%.2g)" % ("%.2g" % err if err is not None else "NaN",
                               r["error_bound"])
    else:
        result, error = "not checked", "-"
    lines.append("| %s | %s | %s | %s | %s | %.3f | %.3f | %s | %s |" %
                 (name, strategy, k, result, error, r["median_ms"] * 1e3,
                  r["tflops"], cycles, per))
os.makedirs(os.path.dirname(os.path.abspath(report)), exist_ok=True)
open(report, "w").write("\n".join(lines) + "\n")
PY
echo "$0: wrote $report" >&2

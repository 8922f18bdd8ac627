#!/usr/bin/env bash
# The GPU benchmark (issue 27): compiles each GEMM kernel that has a
# tileas-run description (examples/*.run.json, bench/corpus/*.run.json,
# beside its .ll) for the GPU's architecture under each pipeline strategy,
# runs it with tileas-run at a few K (correctness against the CPU reference,
# the median of the timed runs, TFLOP/s), puts the simulator's cycles for
# the same loop beside each (tileas-sim, the td model), and writes
# bench/results/gpu-report.md (docs/tileas-run.md):
#
#   bench/gpu.sh build [REPORT.md]             # compile and run, here
#   ARCH=sm_90a bench/gpu.sh --prepare build DIR   # compile only (no GPU)
#   bench/gpu.sh --run DIR [REPORT.md]         # run DIR on this machine's GPU
#
# --prepare writes into DIR the PTX, the descriptions, the simulated cycles
# and a tileas-run that needs only libc (built with TILEAS_RUN_STATIC), so
# that a GPU machine without LLVM runs DIR with --run alone.
# Where no GPU can run (tileas-run --probe exits 77) nothing is measured or
# written: it says why and exits 77 (a report holds only measured figures).
# A kernel llc refuses for the architecture, or whose PTX cannot run on the
# GPU, is a row saying so.
# Environment: ARCH (the llc -mcpu; default from the GPU: sm_100a on compute
# capability 10.0, sm_90a on 9.0), SIZES (the K values, default
# "512 4096 16384"), STRATEGIES (default "unspecialized warp-specialized"),
# RUNS (timed runs, default 20), LLC (default /usr/lib/llvm-22/bin/llc),
# KEEP_WORK=1 keeps the raw outputs.
set -uo pipefail

usage() {
  sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
here=$(cd "$(dirname "$0")/.." && pwd) || exit 2

# prepare BUILD DIR ARCH: compile every described kernel into DIR.
prepare() {
  local build=$1 dir=$2 arch=$3
  local llc=${LLC:-/usr/lib/llvm-22/bin/llc}
  local plugin=$build/lib/libTileAS.so sim=$build/bin/tileas-sim
  local sizes=${SIZES:-512 4096 16384}
  local strategies=${STRATEGIES:-unspecialized warp-specialized}
  for f in "$plugin" "$sim" "$build/bin/tileas-run"; do
    [ -f "$f" ] || { echo "$0: no $f" >&2; return 2; }
  done
  mkdir -p "$dir" || return 2
  cp "$build/bin/tileas-run" "$dir/tileas-run" || return 2
  {
    echo "commit	$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)$(
      git -C "$here" diff --quiet HEAD 2>/dev/null || echo ' (with local changes)')"
    echo "arch	$arch"
    echo "llc	$("$llc" --version | grep -m1 -i 'llvm version' | sed 's/^ *//')"
    echo "runs	${RUNS:-20}"
  } > "$dir/machine.tsv"
  : > "$dir/rows.tsv"
  local desc input name strategy out k ktile
  while read -r desc; do
    input=${desc%.run.json}.ll
    [ -f "$here/$input" ] || continue
    name=$(basename "$input" .ll)
    cp "$here/$desc" "$dir/$name.run.json"
    # The k-tile of the description's scalar "k/N" is the loop's step.
    ktile=$(grep -o '"k/[0-9]*"' "$here/$desc" | head -1 | tr -dc '0-9')
    for strategy in $strategies; do
      out=$name.$strategy
      local common=(--load="$plugin" -march=tileas -mcpu="$arch"
                    -tileas-pipeline-strategy="$strategy")
      # An architecture llc does not know falls back to the abstract
      # machine's text, which is no PTX: a refusal too.
      if ! timeout 300 "$llc" "${common[@]}" "$here/$input" -o "$dir/$out.ptx" \
           2> "$dir/$out.llc.err" ||
         grep -q 'is not a TileAS processor' "$dir/$out.llc.err"; then
        printf '%s\t%s\t-\tllc\t%s\n' "$name" "$strategy" \
          "$(head -1 "$dir/$out.llc.err")" >> "$dir/rows.tsv"
        continue
      fi
      timeout 300 "$llc" "${common[@]}" -stop-after=tileas-event-schedule \
        "$here/$input" -o "$dir/$out.mir" 2> /dev/null
      for k in $sizes; do
        timeout 120 "$sim" "$dir/$out.mir" --trip-count=$(( k / ${ktile:-1} )) \
          --json > "$dir/$out.$k.sim.json" 2> /dev/null ||
          rm -f "$dir/$out.$k.sim.json"
        printf '%s\t%s\t%s\trun\t%s\n' "$name" "$strategy" "$k" "$out" \
          >> "$dir/rows.tsv"
      done
      rm -f "$dir/$out.mir"
    done
  done < <(cd "$here" && find examples bench/corpus -name '*.run.json' |
           LC_ALL=C sort)
}

# probe RUN: the GPU tileas-run sees, or exit 77 saying why.
probe() {
  if ! gpu=$("$1" --probe 2>&1); then
    echo "$0: no GPU here, nothing measured and no report written: $gpu" >&2
    exit 77
  fi
}

# run DIR REPORT: run what prepare wrote on this machine's GPU.
run() {
  local dir=$1 report=$2
  local runner=$dir/tileas-run runs
  runs=$(grep '^runs' "$dir/machine.tsv" | cut -f2)
  probe "$runner"
  local name strategy k kind out rc
  : > "$dir/results.tsv"
  while IFS=$'\t' read -r name strategy k kind out; do
    if [ "$kind" = run ]; then
      timeout 600 "$runner" "$dir/$out.ptx" --problem="$dir/$name.run.json" \
        --k="$k" --runs="${RUNS:-$runs}" --json \
        > "$dir/$out.$k.run.json" 2> "$dir/$out.$k.run.err"
      rc=$?
    else
      rc=llc
    fi
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$strategy" "$k" "$rc" "$out" \
      >> "$dir/results.tsv"
  done < "$dir/rows.tsv"
  {
    echo "date	$(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "gpu	$gpu"
    cat "$dir/machine.tsv"
  } > "$dir/header.tsv"
  python3 - "$dir" "$report" <<'PY' || return 2
import json, os, sys
dir, report = sys.argv[1], sys.argv[2]
machine = [l.rstrip("\n").split("\t", 1)
           for l in open(os.path.join(dir, "header.tsv"))]
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
status = {"1": "WRONG", "2": "bad input", "3": "CUDA error", "4": "hung",
          "77": "no GPU", "78": "not for this GPU", "124": "timed out"}
def cell(text):
    return text.replace("|", "\\|")
for row in open(os.path.join(dir, "results.tsv")):
    name, strategy, k, rc, out = row.rstrip("\n").split("\t", 4)
    if rc == "llc":
        lines.append("| %s | %s | - | llc refused: %s | | | | | |" %
                     (name, strategy, cell(out)))
        continue
    base = os.path.join(dir, "%s.%s" % (out, k))
    sim = {}
    try:
        sim = json.load(open(base + ".sim.json"))
    except (OSError, ValueError):
        pass
    cycles = sim.get("cycles", "-")
    per = sim.get("cycles_per_iteration", "-")
    if rc not in ("0", "1"):
        err = open(base + ".run.err").read().strip().splitlines()
        lines.append("| %s | %s | %s | %s: %s | | | | %s | %s |" %
                     (name, strategy, k, status.get(rc, "exit " + rc),
                      cell(err[-1] if err else ""), cycles, per))
        continue
    r = json.load(open(base + ".run.json"))
    if r.get("checked"):
        result = "correct" if r["correct"] else "WRONG"
        e = r["max_error"]
        error = "%s (%.2g)" % ("%.2g" % e if e is not None else "NaN",
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
}

# The fake driver of the tests (utils/tileas-run/fake-driver) measures
# nothing: never into bench/results.
refuse_fake() {
  case "$gpu" in
    "TileAS fake driver"*)
      if [ "$1" = "$here/bench/results/gpu-report.md" ]; then
        echo "$0: the fake CUDA driver is loaded; not writing bench/results" >&2
        exit 2
      fi ;;
  esac
}

arch_of() {
  case "$1" in
    sm_100) echo sm_100a ;;
    sm_90) echo sm_90a ;;
    *) echo "${1}a" ;;
  esac
}

case "${1:-}" in
  ""|--help|-h) usage ;;
  --prepare)
    [ $# -eq 3 ] || usage
    build=$(cd "$2" && pwd) || exit 2
    prepare "$build" "$3" "${ARCH:-sm_100a}" || exit 2
    echo "$0: prepared $3 for ${ARCH:-sm_100a}; run it with: bench/gpu.sh --run $3" >&2 ;;
  --run)
    [ $# -ge 2 ] && [ $# -le 3 ] || usage
    dir=$(cd "$2" && pwd) || exit 2
    report=${3:-$here/bench/results/gpu-report.md}
    probe "$dir/tileas-run"
    refuse_fake "$(realpath -m "$report")"
    run "$dir" "$report" || exit 2 ;;
  *)
    [ $# -le 2 ] || usage
    build=$(cd "$1" && pwd) || exit 2
    report=${2:-$here/bench/results/gpu-report.md}
    [ -x "$build/bin/tileas-run" ] || {
      echo "$0: no $build/bin/tileas-run (built where CUDA's cuda.h is)" >&2
      exit 2
    }
    probe "$build/bin/tileas-run"
    refuse_fake "$(realpath -m "$report")"
    capability=$(echo "$gpu" | grep -o 'sm_[0-9]*' | head -1)
    work=$(mktemp -d /tmp/gpubench.XXXXXX)
    if [ "${KEEP_WORK:-0}" = 1 ]; then
      echo "$0: raw outputs kept in $work" >&2
    else
      trap 'rm -rf "$work"' EXIT
    fi
    prepare "$build" "$work" "${ARCH:-$(arch_of "$capability")}" || exit 2
    run "$work" "$report" || exit 2 ;;
esac

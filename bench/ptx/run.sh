#!/usr/bin/env bash
# The PTX benchmark (issue 26): compiles every kernel of bench/corpus and
# examples/ (.ll, and .mir through llc) to PTX with -mcpu=sm_100a (a Hopper
# kernel, `*-hopper.*`, with -mcpu=sm_90a) under each pipeline strategy,
# assembles it with `ptxas -arch=` the same architecture, checks that
# the pipelined kernel's order survives into the PTX, times llc against
# today's assembly output, and writes bench/results/ptx-report.md:
#
#   bench/ptx/run.sh build                  # the report in bench/results
#   bench/ptx/run.sh build /tmp/report.md   # elsewhere
#
# A refusal (llc or ptxas failing) is a row of the report, not an abort.
# Rows follow the sorted input names and the strategies in a fixed order.
# Environment: LLC (default /usr/lib/llvm-22/bin/llc), TILEAS_PTXAS (default
# /usr/local/cuda/bin/ptxas, else ptxas on PATH), RUNS (timed runs per
# kernel and target, default 5), KEEP_WORK=1 to keep the raw outputs.
set -uo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 BUILD_DIR [REPORT.md]" >&2
  exit 2
fi
build=$(cd "$1" && pwd) || exit 2
cd "$(dirname "$0")/../.." || exit 2
report=${2:-bench/results/ptx-report.md}
llc=${LLC:-/usr/lib/llvm-22/bin/llc}
plugin=$build/lib/libTileAS.so
runs=${RUNS:-5}
[ -f "$plugin" ] || { echo "$0: no $plugin" >&2; exit 2; }

# The ptxas the lit tests run (utils/ptxas-check.sh says which).
ptxas=$(utils/ptxas-check.sh --which) || exit 2

work=$(mktemp -d /tmp/ptxbench.XXXXXX)
if [ "${KEEP_WORK:-0}" = 1 ]; then
  echo "$0: raw outputs kept in $work" >&2
else
  trap 'rm -rf "$work"' EXIT
fi

strategies=(none unspecialized warp-specialized)
mapfile -t inputs < <(find bench/corpus examples \( -name '*.ll' -o -name '*.mir' \) |
                      LC_ALL=C sort)
tileas=(--load="$plugin" -march=tileas)
# The architecture a kernel is written for: the Hopper kernels are named so.
arch_of() {
  case $1 in
  *-hopper.*) echo sm_90a ;;
  *) echo sm_100a ;;
  esac
}

# The machine and the tools, for the report's header.
{
  echo "date	$(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "commit	$(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(
    git diff --quiet HEAD 2>/dev/null || echo ' (with local changes)')"
  echo "cpu	$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  echo "cores	$(nproc)"
  echo "load	$(cut -d' ' -f1-3 /proc/loadavg)"
  echo "os	$(uname -sr)"
  echo "llc	$("$llc" --version | grep -m1 -i 'llvm version' | sed 's/^ *//')"
  echo "ptxas	$("$ptxas" --version | tail -1)"
  echo "runs	$runs"
} > "$work/machine.tsv"

# Compile, assemble and check the order of each input under each strategy.
: > "$work/rows.tsv"
for input in "${inputs[@]}"; do
  for strategy in "${strategies[@]}"; do
    tag=$(echo "$input" | tr '/' '_').$strategy
    out=$work/$tag
    arch=$(arch_of "$input")
    common=("${tileas[@]}" -mcpu="$arch" -tileas-pipeline-strategy="$strategy")
    timeout 300 "$llc" "${common[@]}" \
      -pass-remarks-analysis='tileas-ptx|tileas-agent-register-check' \
      "$input" -o "$out.ptx" 2> "$out.llc.err"
    echo $? > "$out.llc.rc"
    if [ "$(cat "$out.llc.rc")" = 0 ]; then
      timeout 300 "$ptxas" -arch="$arch" -v "$out.ptx" -o /dev/null \
        > "$out.ptxas.out" 2>&1
      echo $? > "$out.ptxas.rc"
      # The order check needs a pipelined kernel: none has none.
      if [ "$strategy" != none ]; then
        timeout 300 "$llc" "${common[@]}" -stop-after=tileas-event-schedule \
          -pass-remarks-analysis=tileas "$input" -o "$out.mir" \
          2> "$out.remarks" &&
        python3 bench/ptx/schedule_order.py check "$out.mir" "$out.remarks" \
          "$out.ptx" > "$out.order.out" 2>&1
        echo $? > "$out.order.rc"
        # Where the order differs: the same check without the machine
        # scheduler, to tell whether it is the pass that reorders.
        if [ "$(cat "$out.order.rc")" != 0 ]; then
          nomisched=("${common[@]}" -enable-misched=false)
          timeout 300 "$llc" "${nomisched[@]}" -stop-after=tileas-event-schedule \
            -pass-remarks-analysis=tileas "$input" -o "$out.nomisched.mir" \
            2> "$out.nomisched.remarks" &&
          timeout 300 "$llc" "${nomisched[@]}" "$input" \
            -o "$out.nomisched.ptx" 2> /dev/null &&
          python3 bench/ptx/schedule_order.py check "$out.nomisched.mir" \
            "$out.nomisched.remarks" "$out.nomisched.ptx" \
            > "$out.order-nomisched.out" 2>&1
          echo $? > "$out.order-nomisched.rc"
        fi
      fi
    fi
    printf '%s\t%s\t%s\n' "$input" "$strategy" "$tag" >> "$work/rows.tsv"
  done
done

# Compile time, best of $runs: .ll to PTX (sm_100a; sm_90a for a Hopper
# kernel), recorded as target "ptx", against .ll to today's assembly
# (sm_100), and against the assembly printer on the PTX target's own machine
# (-mattr=-ptx, target "same": the same schedule, the cost of printing PTX
# alone), default strategy, output discarded. The targets alternate run by
# run, so that all meet the same load of a shared machine.
: > "$work/times.tsv"
: > "$work/passes.tsv"
for input in "${inputs[@]}"; do
  case $input in bench/corpus/*.ll) ;; *) continue ;; esac
  for ((run = 0; run < runs; run++)); do
    for target in ptx sm_100 same; do
      mcpu=$target attr=()
      [ "$target" != sm_100 ] && mcpu=$(arch_of "$input")
      [ "$target" = same ] && attr=(-mattr=-ptx)
      start=${EPOCHREALTIME/./}
      "$llc" "${tileas[@]}" -mcpu=$mcpu "${attr[@]}" "$input" -o /dev/null \
        2> /dev/null
      status=$?
      end=${EPOCHREALTIME/./}
      printf '%s\t%s\t%d\t%d\n' "$input" "$target" $((end - start)) $status \
        >> "$work/times.tsv"
      # The pass pipeline alone: the processor time (user + system) of
      # -time-passes' "Pass execution timing report", without process
      # start-up and plugin loading, and less sensitive to other processes
      # than the wall clock.
      passes=$("$llc" "${tileas[@]}" -mcpu=$mcpu "${attr[@]}" "$input" \
                 -o /dev/null \
                 -time-passes 2>&1 |
               grep -A2 'Pass execution timing report' |
               sed -n 's/.*Total Execution Time: \([0-9.]*\) seconds.*/\1/p')
      printf '%s\t%s\t%s\n' "$input" "$target" "${passes:-nan}" \
        >> "$work/passes.tsv"
    done
  done
done

mkdir -p "$(dirname "$report")"
python3 bench/ptx/report.py "$work" > "$report.tmp" &&
  mv "$report.tmp" "$report" && echo "$0: wrote $report"

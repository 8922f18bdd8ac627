#!/usr/bin/env bash
# Each bench/corpus kernel that also exists as LLVM IR (<name>.ll next to
# <name>.mir): the II its loop gets from the MIR form and from the IR form
# (llc -O2, the whole pipeline), and the compile times: llc -O2 on the .ll
# against the MIR through the two TileAS passes alone. Prints a markdown
# table; runs in seconds.
#
#   bench/ir-vs-mir.sh [kernel.ll ...]     (default: bench/corpus/*.ll)
#
# Times are wall clock, the best of BENCH_IR_REPEATS runs (default 3): the
# machine is shared, so read them as a ratio, not as absolute speed.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${TILEAS_BUILD_DIR:-$REPO/build}
LLC=${LLC:-/usr/lib/llvm-22/bin/llc}
REPEATS=${BENCH_IR_REPEATS:-3}
PLUGIN=$BUILD/lib/libTileAS.so

# The II of the first pipelined loop in the remarks on stdin, or "-".
ii_of() { grep -o 'II=[0-9]*' | head -1 | cut -d= -f2 || true; }

# The best wall time of REPEATS runs of "$@", in milliseconds.
best_ms() {
  local best='' start end ms
  for ((r = 0; r < REPEATS; r++)); do
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    ms=$(((end - start) / 1000000))
    if [[ -z "$best" || $ms -lt $best ]]; then best=$ms; fi
  done
  echo "$best"
}

kernels=("$@")
if ((${#kernels[@]} == 0)); then
  mapfile -t kernels < <(find "$REPO/bench/corpus" -name '*.ll' | sort)
fi

echo "| kernel | MIR II | IR II | llc -O2 .ll (ms) | MIR through the passes (ms) | ratio |"
echo "|---|---|---|---|---|---|"
for ll in "${kernels[@]}"; do
  mir=${ll%.ll}.mir
  name=$(basename "${ll%.ll}")
  passes=(-run-pass=tileas-generate-schedule,tileas-materialize-schedule)
  mir_ii=-
  if [[ -f "$mir" ]]; then
    mir_ii=$("$LLC" --load="$PLUGIN" -march=tileas "${passes[@]}" \
      -pass-remarks-analysis=tileas-generate-schedule "$mir" -o /dev/null \
      2>&1 | ii_of)
  fi
  ir_ii=$("$LLC" --load="$PLUGIN" -march=tileas -O2 \
    -pass-remarks-analysis=tileas-generate-schedule "$ll" -o /dev/null \
    2>&1 | ii_of)
  ir_ms=$(best_ms "$LLC" --load="$PLUGIN" -march=tileas -O2 "$ll" -o /dev/null)
  mir_ms=-
  ratio=-
  if [[ -f "$mir" ]]; then
    mir_ms=$(best_ms "$LLC" --load="$PLUGIN" -march=tileas "${passes[@]}" \
      "$mir" -o /dev/null)
    ratio=$(python3 -c "print(f'{$ir_ms / max($mir_ms, 1):.2f}')")
  fi
  echo "| $name | ${mir_ii:--} | ${ir_ii:--} | $ir_ms | $mir_ms | $ratio |"
done

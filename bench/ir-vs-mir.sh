#!/usr/bin/env bash
# Each bench/corpus kernel that also exists as LLVM IR (<name>.ll next to
# <name>.mir): the II its loop gets from the MIR form (the two TileAS passes)
# and from the IR form (llc -O2, the whole pipeline), the II of the IR form
# with its noalias attributes dropped, and the compile times: llc -O2 on the
# .ll against the MIR through the two TileAS passes alone. Prints a markdown
# table; runs in seconds (a minute or two with valgrind).
#
#   bench/ir-vs-mir.sh [kernel.ll ...]     (default: bench/corpus/*.ll)
#
# Why two IIs differ is decided by measurement, not by hand: when the IR form
# without noalias gets the MIR form's II, the difference is the false
# store->load recurrence that noalias removes; anything else is flagged as a
# difference in the selected code.
#
# Compile time is measured twice. The instruction count of each whole llc
# process under callgrind (machine-independent; BENCH_IR_CALLGRIND=0 or no
# valgrind skips it) gives the ratio the target is about. Wall time is the
# best of BENCH_IR_REPEATS runs (default 5) of each, the IR and the MIR runs
# taking turns so that a busy machine slows both alike: read it as a ratio.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${TILEAS_BUILD_DIR:-$REPO/build}
LLC=${LLC:-/usr/lib/llvm-22/bin/llc}
REPEATS=${BENCH_IR_REPEATS:-5}
CALLGRIND=${BENCH_IR_CALLGRIND:-1}
PLUGIN=$BUILD/lib/libTileAS.so
if ((CALLGRIND)) && ! command -v valgrind >/dev/null; then
  CALLGRIND=0
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# The II of the first pipelined loop in the remarks on stdin, or "-".
ii_of() { grep -o 'II=[0-9]*' | head -1 | cut -d= -f2 || true; }

# The II llc reports for "$@" (remarks of the scheduling pass).
ii() {
  "$LLC" --load="$PLUGIN" -march=tileas \
    -pass-remarks-analysis=tileas-generate-schedule "$@" -o /dev/null 2>&1 |
    ii_of
}

# Milliseconds of one run of "$@".
run_ms() {
  local start end
  start=$(date +%s%N)
  "$@" >/dev/null 2>&1 || true
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}

# The instructions (in millions, one decimal) one run of "$@" executes.
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 \
    >/dev/null | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' |
    awk '{printf "%.1f", $1 / 1e6}'
}

ratio() { python3 -c "print(f'{$1 / max($2, 0.001):.2f}')"; }

kernels=("$@")
if ((${#kernels[@]} == 0)); then
  mapfile -t kernels < <(find "$REPO/bench/corpus" -name '*.ll' | sort)
fi

echo "| kernel | MIR II | IR II | IR II without noalias |" \
  "llc -O2 .ll (M instructions) | MIR through the passes (M instructions) |" \
  "ratio (instructions) | ratio (wall, best of $REPEATS) | why the IIs differ |"
echo "|---|---|---|---|---|---|---|---|---|"
passes=(-run-pass=tileas-generate-schedule,tileas-materialize-schedule)
for ll in "${kernels[@]}"; do
  mir=${ll%.ll}.mir
  name=$(basename "${ll%.ll}")
  # A Hopper kernel (wgmma, which Blackwell lacks) is sm_90a's.
  cpu=()
  case $name in *-hopper) cpu=(-mcpu=sm_90a) ;; esac
  ir_cmd=("$LLC" --load="$PLUGIN" -march=tileas "${cpu[@]}" -O2 "$ll"
    -o /dev/null)
  mir_cmd=("$LLC" --load="$PLUGIN" -march=tileas "${cpu[@]}" "${passes[@]}"
    "$mir" -o /dev/null)
  ir_ii=$(ii "${cpu[@]}" -O2 "$ll")
  sed 's/ noalias//g' "$ll" >"$TMP/aliased.ll"
  aliased_ii=$(ii "${cpu[@]}" -O2 "$TMP/aliased.ll")
  mir_ii=- why=- ir_k=- mir_k=- k_ratio=- wall_ratio=-
  if [[ -f "$mir" ]]; then
    mir_ii=$(ii "${cpu[@]}" "${passes[@]}" "$mir")
    if [[ "$ir_ii" == "$mir_ii" ]]; then
      why=
    elif [[ "$aliased_ii" == "$mir_ii" ]]; then
      why="noalias: no false store->load recurrence (without it, the MIR's II)"
    else
      why="the selected code differs from the MIR"
    fi
    best_ir='' best_mir=''
    for ((r = 0; r < REPEATS; r++)); do
      ms=$(run_ms "${ir_cmd[@]}")
      if [[ -z "$best_ir" || $ms -lt $best_ir ]]; then best_ir=$ms; fi
      ms=$(run_ms "${mir_cmd[@]}")
      if [[ -z "$best_mir" || $ms -lt $best_mir ]]; then best_mir=$ms; fi
    done
    wall_ratio=$(ratio "$best_ir" "$best_mir")
    if ((CALLGRIND)); then
      ir_k=$(instructions "${ir_cmd[@]}")
      mir_k=$(instructions "${mir_cmd[@]}")
      k_ratio=$(ratio "$ir_k" "$mir_k")
    fi
  fi
  echo "| $name | ${mir_ii:--} | ${ir_ii:--} | ${aliased_ii:--} | $ir_k |" \
    "$mir_k | $k_ratio | $wall_ratio | $why |"
done

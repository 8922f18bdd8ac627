#!/usr/bin/env bash
# bench/run.sh - regenerate bench/results/: measure, then write the report.
#
#   bench/run.sh            the full measurement (commands.txt and the
#                           report record what it ran and on what machine)
#   bench/run.sh --quick    a smoke test: a few small loops, no exact solver,
#                           short Google Benchmark times; into
#                           <build>/bench-quick/, not bench/results/
#
# Runs tileas-bench on the corpus, on seeded random loops from
# tileas-loopgen and on the MachSuite graphs; simulates the corpus loops in
# each form with tileas-sim (bench/sim-bench.py) and, where
# bench/utilization.sh or .py exists, their tensor-core utilization on
# measured timing (utilization.json); times the corpus's loop nests (the
# persistent kernels) over their tiles with tileas-sim (bench/persistent.py,
# persistent.json); runs tileas-sched-bench and
# tileas-event-bench; copies their raw outputs into the results directory
# and turns them into report.md and SVG figures with bench/report.py
# (matplotlib: Debian's python3-matplotlib, which utils/setup.sh installs).
# The directory is replaced only once every measurement has finished.
#
# Each generated loop gets its own tileas-bench run under a time limit, so
# that one pathological loop cannot stall the whole run; a loop that hits
# the limit is listed in unfinished.csv and in the report.
#
# Environment (defaults in brackets; --quick changes some of them):
#   TILEAS_SHARED_DIR        the shared folder [<repo>/../shared]
#   TILEAS_BUILD_DIR         the build tree [<repo>/build]
#   BENCH_RESULTS_DIR        where the results and the report go
#                            [<repo>/bench/results;
#                            --quick: <build>/bench-quick]
#   BENCH_NO_BUILD=1         do not run ninja first
#   BENCH_SIZES              generated loop sizes
#                            [10 25 50 100 200 400 800 1600 3200]
#   BENCH_SMALL_MAX          sizes up to this get BENCH_SEEDS_SMALL seeds,
#                            larger ones BENCH_SEEDS_LARGE [400]
#   BENCH_SEEDS_SMALL        [3]
#   BENCH_SEEDS_LARGE        [2]
#   BENCH_REPEATS            timed runs per scheduler and loop [5]
#   BENCH_LOOP_TIMEOUT       seconds one generated loop may take [300]
#   BENCH_EXACT=0            do not run the exact solver [1]
#   BENCH_EXACT_TIME_LIMIT   seconds per loop for the exact solver [20]
#   BENCH_EXACT_MAX_OPS      largest loop given to the exact solver [400]
#   BENCH_PEER_MAX_OPS       largest loop given to SMS/WindowScheduler
#                            (0: all) [0]
#   BENCH_MIN_TIME           Google Benchmark --benchmark_min_time, seconds
#                            as a plain number [0.2]
#   BENCH_TRADEOFF_SIZES     loop sizes for bench/effort-tradeoff.sh
#                            [300 400 500 600 800]
#   BENCH_SIM_TRIP_COUNTS    trip counts tileas-sim runs each corpus loop
#                            for [4,16,128]
#   BENCH_SIM_JITTER         far-memory jitter, +-percent [25]
#   BENCH_SIM_SEEDS          jitter seeds per run [5; --quick: 1]
#   BENCH_IMS_RANDOM         seeded random loops OPS:SEED compared with
#                            textbook IMS [700:1 .. 1400:3; --quick: 300:1]
#   BENCH_IMS_MIN_OPS        generated loops of this size and more are
#                            compared with textbook IMS too [100]
set -euo pipefail

usage() {
  sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
}

QUICK=0
for arg in "$@"; do
  case "$arg" in
  --quick) QUICK=1 ;;
  -h | --help)
    usage
    exit 0
    ;;
  *)
    echo "bench/run.sh: unknown option '$arg' (try --help)" >&2
    exit 2
    ;;
  esac
done

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${TILEAS_BUILD_DIR:-$REPO/build}
SHARED=$(realpath -m "${TILEAS_SHARED_DIR:-$REPO/../shared}")
MACHSUITE=$SHARED/corpora/hatschet-machsuite
if ((QUICK)); then
  RESULTS=${BENCH_RESULTS_DIR:-$BUILD/bench-quick}
else
  RESULTS=${BENCH_RESULTS_DIR:-$REPO/bench/results}
fi
# The results directory is replaced at the end: never one that holds
# anything but an earlier report.
if [[ -d "$RESULTS" && -n "$(ls -A "$RESULTS")" &&
  ! -f "$RESULTS/report.md" ]]; then
  echo "bench/run.sh: $RESULTS is not empty and holds no report.md; not" \
    "replacing it (set BENCH_RESULTS_DIR)" >&2
  exit 2
fi
BIN=$BUILD/bin

if ((QUICK)); then
  SIZES=${BENCH_SIZES:-10 25 50}
  SEEDS_SMALL=${BENCH_SEEDS_SMALL:-1}
  SEEDS_LARGE=${BENCH_SEEDS_LARGE:-1}
  REPEATS=${BENCH_REPEATS:-1}
  EXACT=${BENCH_EXACT:-0}
  MIN_TIME=${BENCH_MIN_TIME:-0.01}
else
  SIZES=${BENCH_SIZES:-10 25 50 100 200 400 800 1600 3200}
  SEEDS_SMALL=${BENCH_SEEDS_SMALL:-3}
  SEEDS_LARGE=${BENCH_SEEDS_LARGE:-2}
  REPEATS=${BENCH_REPEATS:-5}
  EXACT=${BENCH_EXACT:-1}
  MIN_TIME=${BENCH_MIN_TIME:-0.2}
fi
SMALL_MAX=${BENCH_SMALL_MAX:-400}
if ((QUICK)); then
  TRADEOFF_SIZES=${BENCH_TRADEOFF_SIZES:-100}
else
  TRADEOFF_SIZES=${BENCH_TRADEOFF_SIZES:-300 400 500 600 800}
fi
SIM_TRIP_COUNTS=${BENCH_SIM_TRIP_COUNTS:-4,16,128}
SIM_JITTER=${BENCH_SIM_JITTER:-25}
if ((QUICK)); then
  SIM_SEEDS=${BENCH_SIM_SEEDS:-1}
else
  SIM_SEEDS=${BENCH_SIM_SEEDS:-5}
fi
if ((QUICK)); then
  IMS_RANDOM=${BENCH_IMS_RANDOM:-300:1}
else
  IMS_RANDOM=${BENCH_IMS_RANDOM:-700:1 700:2 700:3 1000:1 1000:2 1000:3 1400:1 1400:2 1400:3}
fi
IMS_MIN_OPS=${BENCH_IMS_MIN_OPS:-100}
LOOP_TIMEOUT=${BENCH_LOOP_TIMEOUT:-300}
EXACT_TIME_LIMIT=${BENCH_EXACT_TIME_LIMIT:-20}
EXACT_MAX_OPS=${BENCH_EXACT_MAX_OPS:-400}
PEER_MAX_OPS=${BENCH_PEER_MAX_OPS:-0}

log() { echo "bench/run.sh: $*" >&2; }

# The Python that draws the report: the first of python3 and
# /usr/bin/python3 that has matplotlib (pyenv and virtual environments hide
# Debian's python3-matplotlib). Checked before measuring, not after.
REPORT_PYTHON=
for candidate in python3 /usr/bin/python3; do
  if "$candidate" -c 'import matplotlib' 2>/dev/null; then
    REPORT_PYTHON=$candidate
    break
  fi
done
if [[ -z "$REPORT_PYTHON" ]]; then
  log "no Python with matplotlib: bench/report.py draws the figures with it;" \
    "install Debian's python3-matplotlib (utils/setup.sh does)"
  exit 2
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/tileas-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/loops" "$WORK/parts" "$WORK/raw"
COMMANDS=$WORK/raw/commands.txt

# The record of what ran, for the report (the temp dir reads <tmp>).
note() { echo "${*//$WORK/<tmp>}" >>"$COMMANDS"; }

# The tileas-bench options every run shares.
BENCH_FLAGS=(--repeats="$REPEATS" --peer-max-ops="$PEER_MAX_OPS")
if ((EXACT)); then
  BENCH_FLAGS+=(--exact-time-limit="$EXACT_TIME_LIMIT"
    --exact-max-ops="$EXACT_MAX_OPS")
else
  BENCH_FLAGS+=(--no-exact)
fi

build_tools() {
  if [[ "${BENCH_NO_BUILD:-0}" == 1 ]]; then
    return
  fi
  log "building the tools"
  ninja -C "$BUILD" tileas-bench tileas-loopgen tileas-sched-bench \
    tileas-event-bench tileas-sim tileas-sched tileas-ims-compare TileAS >&2
}

record_command() {
  local overrides
  overrides=$(env | grep -E '^(BENCH_|TILEAS_SHARED_DIR=|TILEAS_BUILD_DIR=)' |
    sort | sed 's/=\(.*\)/="\1"/' | tr '\n' ' ' || true)
  note "${overrides}bench/run.sh$( ((QUICK)) && echo ' --quick')"
  note ""
  note "# what it ran:"
}

# Seeds for a loop size: more at small sizes, where loops are cheap.
seeds_for() {
  if (($1 <= SMALL_MAX)); then echo "$SEEDS_SMALL"; else echo "$SEEDS_LARGE"; fi
}

generate_loops() {
  local size seed
  for size in $SIZES; do
    for ((seed = 1; seed <= $(seeds_for "$size"); ++seed)); do
      "$BIN/tileas-loopgen" --ops="$size" --seed="$seed" \
        -o "$WORK/loops/gen-$size-s$seed.mir"
    done
    note "tileas-loopgen --ops=$size --seed=SEED" \
      "-o <tmp>/loops/gen-$size-sSEED.mir  (SEED = 1..$(seeds_for "$size"))"
  done
}

bench_corpus_and_machsuite() {
  local corpus
  # Blackwell's kernels on the default machine; the Hopper kernels
  # (*-hopper.mir: wgmma, which Blackwell lacks) on sm_90a's.
  corpus=$(find "$REPO/bench/corpus" -name '*.mir' ! -name '*-hopper.mir' |
    sort | paste -sd, -)
  log "tileas-bench: corpus and MachSuite"
  "$BIN/tileas-bench" --corpus="$corpus" --machsuite="$MACHSUITE" \
    --out-dir="$WORK/parts/000-corpus" "${BENCH_FLAGS[@]}"
  note "tileas-bench --corpus=<bench/corpus/*.mir but *-hopper.mir," \
    "comma-separated> --machsuite=$MACHSUITE" \
    "--out-dir=<tmp>/parts/000-corpus ${BENCH_FLAGS[*]}"
  corpus=$(find "$REPO/bench/corpus" -name '*-hopper.mir' | sort |
    paste -sd, -)
  log "tileas-bench: the Hopper corpus (sm_90a)"
  "$BIN/tileas-bench" --mcpu=sm_90a --corpus="$corpus" \
    --out-dir="$WORK/parts/000-corpus-hopper" "${BENCH_FLAGS[@]}"
  note "tileas-bench --mcpu=sm_90a" \
    "--corpus=<bench/corpus/*-hopper.mir, comma-separated>" \
    "--out-dir=<tmp>/parts/000-corpus-hopper ${BENCH_FLAGS[*]}"
}

# One tileas-bench per generated loop, each under the time limit.
bench_generated() {
  local file name ops part reason status index=0 files
  echo "loop,ops,reason" >"$WORK/raw/unfinished.csv"
  mapfile -t files < <(find "$WORK/loops" -name '*.mir' | sort -V)
  for file in "${files[@]}"; do
    index=$((index + 1))
    name=$(basename "$file" .mir)  # gen-SIZE-sSEED
    ops=${name#gen-}
    ops=${ops%%-*}
    part=$WORK/parts/$(printf %03d "$index")-$name
    status=0
    timeout "$LOOP_TIMEOUT" "$BIN/tileas-bench" "$file" --out-dir="$part" \
      "${BENCH_FLAGS[@]}" || status=$?
    if ((status == 0)); then
      continue
    elif ((status == 124)); then
      reason="stopped at the time limit of $LOOP_TIMEOUT s"
    else
      reason="tileas-bench failed (exit status $status)"
    fi
    log "$name: $reason"
    echo "$name,$ops,$reason" >>"$WORK/raw/unfinished.csv"
    rm -rf "$part" # a half-written part must not be merged
  done
  note "timeout $LOOP_TIMEOUT tileas-bench <tmp>/loops/gen-SIZE-sSEED.mir" \
    "--out-dir=<tmp>/parts/NNN-gen-SIZE-sSEED ${BENCH_FLAGS[*]}" \
    "(one run per loop)"
}

# Simulated cycles of the corpus loops, unpipelined, by SMS (where the
# corpus run above judged its schedule legal) and by us.
sim_bench() {
  log "bench/sim-bench.py: simulated cycles of the corpus"
  python3 "$REPO/bench/sim-bench.py" --build "$BUILD" \
    --peer-results "$WORK/parts/000-corpus/results.csv" \
    --peer-results "$WORK/parts/000-corpus-hopper/results.csv" \
    --trip-counts "$SIM_TRIP_COUNTS" --jitter "$SIM_JITTER" \
    --seeds "$SIM_SEEDS" --out "$WORK/raw/sim.csv"
  note "bench/sim-bench.py --build <build>" \
    "--peer-results <tmp>/parts/000-corpus/results.csv" \
    "--peer-results <tmp>/parts/000-corpus-hopper/results.csv" \
    "--trip-counts $SIM_TRIP_COUNTS --jitter $SIM_JITTER" \
    "--seeds $SIM_SEEDS --out <tmp>/raw/sim.csv"
}

# Tensor-core utilization of the GEMM and attention kernels on measured
# timing (issue 29): bench/utilization.sh or .py, where it exists, writes
# utilization.json; without it the report's headline says it was not run.
utilization() {
  local script out=$WORK/raw/utilization.json
  for script in "$REPO/bench/utilization.sh" "$REPO/bench/utilization.py"; do
    [[ -f "$script" ]] || continue
    log "$(basename "$script"): tensor-core utilization"
    if [[ "$script" == *.py ]]; then
      python3 "$script" --build "$BUILD" --out "$out"
      note "bench/utilization.py --build <build> --out <tmp>/raw/utilization.json"
    else
      TILEAS_BUILD_DIR=$BUILD bash "$script" --out "$out"
      note "TILEAS_BUILD_DIR=<build> bench/utilization.sh --out <tmp>/raw/utilization.json"
    fi
    return
  done
  log "no bench/utilization.sh or .py: utilization not measured"
}

# Total cycles of the corpus's persistent kernels, 1 and 8 tiles, under
# both strategies (issue 28's targets): the report's "Persistent kernels".
persistent() {
  log "bench/persistent.py: the corpus's loop nests over their tiles"
  python3 "$REPO/bench/persistent.py" --build "$BUILD" \
    --out "$WORK/raw/persistent.json"
  note "bench/persistent.py --build <build> --out <tmp>/raw/persistent.json"
}

# The corpus scheduled on each machine, side by side (bench/machines.py):
# bench/results/machines.md.
machines() {
  log "bench/machines.py: the corpus on Blackwell and Hopper"
  python3 "$REPO/bench/machines.py" "$BUILD" "$WORK/raw/machines.md"
  note "bench/machines.py <build> <tmp>/raw/machines.md"
}

merge_parts() {
  python3 "$REPO/bench/report.py" merge --out "$WORK/raw" "$WORK"/parts/*
  note "bench/report.py merge --out <tmp>/raw <tmp>/parts/*"
}

google_benchmarks() {
  local tool
  for tool in tileas-sched-bench tileas-event-bench; do
    log "$tool"
    "$BIN/$tool" --benchmark_min_time="$MIN_TIME" \
      --benchmark_out="$WORK/raw/${tool#tileas-}.json" \
      --benchmark_out_format=json >"$WORK/$tool.log"
    note "$tool --benchmark_min_time=$MIN_TIME" \
      "--benchmark_out=<tmp>/raw/${tool#tileas-}.json --benchmark_out_format=json"
  done
}

effort_tradeoff() {
  log "bench/effort-tradeoff.sh"
  TILEAS_BUILD_DIR=$BUILD TRADEOFF_SIZES=$TRADEOFF_SIZES \
    "$REPO/bench/effort-tradeoff.sh" 100 200 500 >"$WORK/raw/effort-tradeoff.md"
  note "TRADEOFF_SIZES='$TRADEOFF_SIZES' bench/effort-tradeoff.sh 100 200 500"
}

# Ours against textbook IMS (bench/ims_report.py): every MachSuite graph,
# the generated loops of IMS_MIN_OPS ops and more (as problems), and seeded
# random loops like the large HLS graphs of issue 16.
textbook_ims() {
  local file graphs=() problems=() randoms=() spec
  log "tileas-ims-compare"
  mapfile -t graphs < <(find "$MACHSUITE" -name '*.graphml' | sort -V)
  for file in $(find "$WORK/loops" -name '*.mir' | sort -V); do
    local name ops
    name=$(basename "$file" .mir)
    ops=${name#gen-}
    ops=${ops%%-*}
    ((ops >= IMS_MIN_OPS)) || continue
    "$BIN/tileas-sched" --emit-problem "$file" >"$WORK/loops/$name.txt"
    problems+=("$WORK/loops/$name.txt")
  done
  for spec in $IMS_RANDOM; do randoms+=(--random="$spec"); done
  "$BIN/tileas-ims-compare" --header "${graphs[@]}" "${problems[@]}" \
    "${randoms[@]}" >"$WORK/raw/ims.csv"
  note "tileas-ims-compare --header <MachSuite graphs>" \
    "<tmp>/loops/gen-SIZE-sSEED.txt (tileas-sched --emit-problem, SIZE >=" \
    "$IMS_MIN_OPS) ${randoms[*]} > ims.csv"
}

ir_vs_mir() {
  log "bench/ir-vs-mir.sh"
  TILEAS_BUILD_DIR=$BUILD "$REPO/bench/ir-vs-mir.sh" >"$WORK/raw/ir-vs-mir.md"
  note "bench/ir-vs-mir.sh"
}

publish() {
  local shown=${RESULTS#"$REPO"/}
  note "bench/report.py --in $shown --out $shown"
  # The PTX report is bench/ptx/run.sh's (ptxas, not this run): it stays.
  if [[ -f "$RESULTS/ptx-report.md" ]]; then
    cp "$RESULTS/ptx-report.md" "$WORK/ptx-report.md"
  fi
  rm -rf "$RESULTS"
  mkdir -p "$RESULTS"
  cp "$WORK"/raw/* "$RESULTS"/
  if [[ -f "$WORK/ptx-report.md" ]]; then
    cp "$WORK/ptx-report.md" "$RESULTS"/
  fi
  "$REPORT_PYTHON" "$REPO/bench/report.py" --in "$RESULTS" --out "$RESULTS"
  log "wrote $RESULTS/report.md"
}

main() {
  local start=$SECONDS
  build_tools
  record_command
  generate_loops
  bench_corpus_and_machsuite
  sim_bench
  utilization
  persistent
  machines
  bench_generated
  merge_parts
  google_benchmarks
  effort_tradeoff
  ir_vs_mir
  textbook_ims
  publish
  log "done in $((SECONDS - start)) s"
}

main

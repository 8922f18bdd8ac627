#!/usr/bin/env bash
# bench/effort-tradeoff.sh - what the II search's budget buys.
#
#   bench/effort-tradeoff.sh [EFFORT...]      (default: 100 200 500)
#
# Schedules seeded generated loops (tileas-loopgen) with tileas-sched at
# each --search-effort and prints, per loop size, the sum of the IIs found
# and the largest search effort spent (tileas-sched's search_effort, in the
# search's own units). Both are functions of the input alone, so the table
# is the same on any machine and needs no quiet one; time follows effort
# (see bench/results/report.md for milliseconds).
#
# Environment (defaults in brackets):
#   TILEAS_BUILD_DIR   the build tree [<repo>/build]
#   TRADEOFF_SIZES     loop sizes [300 400 500 600 800]
#   TRADEOFF_SEEDS     seeds per size [1 2 3 4 5 6]
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=${TILEAS_BUILD_DIR:-$REPO/build}/bin
SIZES=${TRADEOFF_SIZES:-300 400 500 600 800}
SEEDS=${TRADEOFF_SEEDS:-1 2 3 4 5 6}
EFFORTS=("$@")
((${#EFFORTS[@]})) || EFFORTS=(100 200 500)

for Tool in tileas-sched tileas-loopgen; do
  if [[ ! -x "$BIN/$Tool" ]]; then
    echo "bench/effort-tradeoff.sh: $BIN/$Tool is missing (build first)" >&2
    exit 1
  fi
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/tileas-tradeoff.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# One JSON field of a tileas-sched result, digits only.
field() { grep -m1 "\"$1\"" "$2" | tr -dc 0-9; }

printf '| ops | loops |'
for E in "${EFFORTS[@]}"; do printf ' effort %s: sum of II | max effort |' "$E"; done
printf '\n|---:|---:|'
for _ in "${EFFORTS[@]}"; do printf -- '---:|---:|'; done
printf '\n'
for N in $SIZES; do
  Loops=0
  declare -A Sum=() Max=()
  for S in $SEEDS; do
    "$BIN/tileas-loopgen" --ops="$N" --seed="$S" -o "$WORK/loop.mir"
    Loops=$((Loops + 1))
    for E in "${EFFORTS[@]}"; do
      "$BIN/tileas-sched" --modulo --search-effort="$E" "$WORK/loop.mir" \
        >"$WORK/out.json"
      II=$(field ii "$WORK/out.json")
      Spent=$(field search_effort "$WORK/out.json")
      Sum[$E]=$((${Sum[$E]:-0} + II))
      ((Spent > ${Max[$E]:-0})) && Max[$E]=$Spent
    done
  done
  printf '| %s | %s |' "$N" "$Loops"
  for E in "${EFFORTS[@]}"; do printf ' %s | %s |' "${Sum[$E]}" "${Max[$E]}"; done
  printf '\n'
  unset Sum Max
done

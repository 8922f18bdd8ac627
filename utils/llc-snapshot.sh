#!/usr/bin/env bash
# Records everything llc prints for every kernel the repository holds, so
# that a change meant to keep llc's output can be checked byte for byte:
#
#   utils/llc-snapshot.sh build /tmp/before     # on the old tree
#   utils/llc-snapshot.sh build /tmp/after      # on the new tree
#   diff -r /tmp/before /tmp/after && echo identical
#
# For every .ll and .mir under examples/, bench/corpus/ and test/CodeGen/, and
# for each strategy (unspecialized, warp-specialized), it writes the assembly
# of the whole pipeline with -tileas-print-schedule and every TileAS remark,
# the YAML remarks, and for MIR inputs the MIR after generation and
# materialization; each with stderr and the exit status, since inputs that
# are meant to be refused must keep being refused the same way.
set -uo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 BUILD_DIR OUT_DIR" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
out=$2
cd "$(dirname "$0")/.."
llc=${LLC:-/usr/lib/llvm-22/bin/llc}
plugin=$build/lib/libTileAS.so
[ -f "$plugin" ] || { echo "$0: no $plugin" >&2; exit 2; }
mkdir -p "$out"

remarks=(-pass-remarks-analysis=tileas -pass-remarks-missed=tileas
         -pass-remarks=tileas)

# run NAME CMD...: stdout, stderr (plugin path elided) and exit status.
run() {
  local name=$1
  shift
  timeout 120 "$@" > "$out/$name.out" 2> "$out/$name.err"
  echo $? > "$out/$name.rc"
  # A crash's stack dump holds addresses that differ run to run.
  sed -i -E -e "s|$build|BUILD|g" -e "s|$out|OUT|g" -e '/^ *#[0-9]+ 0x/d' \
    -e 's/0x[0-9a-f]{6,}/0xADDR/g' "$out/$name.err"
}

count=0
while IFS= read -r input; do
  tag=$(echo "$input" | tr '/' '_')
  for strategy in unspecialized warp-specialized; do
    common=(--load="$plugin" -march=tileas
            -tileas-pipeline-strategy=$strategy)
    run "$tag.$strategy.asm" "$llc" "${common[@]}" -tileas-print-schedule \
      "${remarks[@]}" -pass-remarks-output="$out/$tag.$strategy.yaml" \
      "$input" -o -
    if [[ $input == *.mir ]]; then
      run "$tag.$strategy.mir" "$llc" "${common[@]}" "${remarks[@]}" \
        -run-pass=tileas-generate-schedule,tileas-materialize-schedule \
        "$input" -o -
    fi
  done
  count=$((count + 1))
done < <(find examples bench/corpus test/CodeGen -name '*.ll' -o -name '*.mir' \
           | LC_ALL=C sort)
echo "$0: $count inputs recorded in $out"

#!/usr/bin/env bash
# order-all.sh LLC SRC_ROOT WORK [LLC_OPTION...]: runs schedule_order.py
# check on every corpus input that the PTX printer accepts under
# -tileas-pipeline-strategy=unspecialized, with the extra llc options; prints
# its verdicts and fails if any kernel's order is not in the PTX.
set -uo pipefail
llc=$1
root=$2
work=$3
shift 3
mkdir -p "$work"
status=0
for input in \
    bench/corpus/conv-implicit-gemm.ll bench/corpus/conv-implicit-gemm.mir \
    bench/corpus/epilogue-gelu-tmastore.ll bench/corpus/epilogue-gelu-tmastore.mir \
    bench/corpus/fmha-bwd.ll bench/corpus/fmha-bwd.mir \
    bench/corpus/fmha-fwd.ll bench/corpus/fmha-fwd.mir \
    bench/corpus/gemm-bf16-tcgen05.ll bench/corpus/gemm-bf16-tcgen05.mir \
    bench/corpus/gemm-fp8-blockscale.ll bench/corpus/gemm-fp8-blockscale.mir \
    bench/corpus/grouped-gemm-moe.ll bench/corpus/grouped-gemm-moe.mir \
    bench/corpus/layernorm-stats.ll bench/corpus/layernorm-stats.mir \
    bench/corpus/paged-attention-decode.ll bench/corpus/paged-attention-decode.mir \
    bench/corpus/rmsnorm-smem-reduce.ll bench/corpus/rmsnorm-smem-reduce.mir \
    bench/corpus/softmax-xent-online.ll bench/corpus/softmax-xent-online.mir \
    bench/corpus/splitk-reduce.ll bench/corpus/splitk-reduce.mir \
    bench/corpus/two-reductions-ldg.ll bench/corpus/two-reductions-ldg.mir \
    examples/gemm-mainloop.ll examples/gemm-mainloop.mir; do
  out=$work/$(echo "$input" | tr '/' '_')
  common=(-march=tileas -mcpu=sm_100a -tileas-pipeline-strategy=unspecialized
          "$@" "$root/$input")
  $llc "${common[@]}" -stop-after=tileas-event-schedule \
    -pass-remarks-analysis=tileas -o "$out.mir" 2> "$out.remarks" &&
  $llc "${common[@]}" -o "$out.ptx" &&
  echo "$input:" &&
  python3 "$root/bench/ptx/schedule_order.py" check "$out.mir" \
    "$out.remarks" "$out.ptx" || { echo "FAIL: $input"; status=1; }
done
exit $status

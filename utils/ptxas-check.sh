#!/usr/bin/env bash
# Assembles a PTX file with `ptxas -v` for one architecture, prints what
# ptxas prints, and fails on an error *or* on any info that TileAS treats as
# a failure: "Potential Performance Loss", C7508 (setmaxnreg ignored: the
# entry lacks .maxnreg), C7520 (setmaxnreg ignored: unable to determine
# the register count at entry; wgmma serialized) and C7519 (a wgmma.fence
# ptxas had to inject: the printer misplaced one), and on any warning (what
# it warns of, it ignores: a .maxnreg above 255).
#
#   utils/ptxas-check.sh ARCH FILE.ptx     e.g. utils/ptxas-check.sh sm_100a k.ptx
#   utils/ptxas-check.sh --which           the ptxas it would run
#
# ptxas: $TILEAS_PTXAS, else /usr/local/cuda/bin/ptxas, else ptxas on PATH.
# Exit status: 0 clean, 1 ptxas failed or reported a performance loss,
# 2 usage or no ptxas.
set -uo pipefail

if [ $# -ne 2 ] && [ "$*" != --which ]; then
  echo "usage: $0 ARCH FILE.ptx | --which" >&2
  exit 2
fi

ptxas=${TILEAS_PTXAS:-}
if [ -z "$ptxas" ]; then
  if [ -x /usr/local/cuda/bin/ptxas ]; then
    ptxas=/usr/local/cuda/bin/ptxas
  else
    ptxas=$(command -v ptxas || true)
  fi
fi
if [ -z "$ptxas" ] || [ ! -x "$ptxas" ]; then
  echo "$0: no ptxas (set TILEAS_PTXAS)" >&2
  exit 2
fi
if [ "$1" = --which ]; then
  echo "$ptxas"
  exit 0
fi
arch=$1
file=$2

out=$("$ptxas" -arch="$arch" -v "$file" -o /dev/null 2>&1)
status=$?
printf '%s\n' "$out"
if [ $status -ne 0 ]; then
  echo "$0: ptxas failed on $file (exit status $status)" >&2
  exit 1
fi
if grep -qE 'Potential Performance Loss|C7508|C7519|C7520' <<<"$out"; then
  echo "$0: ptxas reports a performance loss on $file" >&2
  exit 1
fi
if grep -q 'ptxas warning' <<<"$out"; then
  echo "$0: ptxas warns on $file" >&2
  exit 1
fi
exit 0

#!/usr/bin/env bash
# Installs what TileAS needs on Debian 12 (as root, only what is missing),
# then configures and builds it in build/. Safe to run again.
set -euo pipefail

cd "$(dirname "$0")/.."

packages=(
  llvm-22-dev llvm-22-tools            # LLVM 22.1 (libLLVM, llc, lit, FileCheck)
  cmake ninja-build g++                # build
  libgtest-dev libgmock-dev            # unit tests
  libbenchmark-dev                     # microbenchmarks
  libz3-dev                            # the exact solver (optional component)
  libzstd-dev zlib1g-dev               # static LLVMTableGen for tileas-tblgen
  python3 python3-psutil               # lit (and its --timeout)
  clang-14 libclang-rt-14-dev          # libFuzzer target
  valgrind                             # bench/ir-vs-mir.sh: instruction counts
  python3-matplotlib                   # bench/report.py's figures
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

cmake -G Ninja -S . -B build -DCMAKE_BUILD_TYPE=Release "$@"
ninja -C build

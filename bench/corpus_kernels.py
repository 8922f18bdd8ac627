"""What the benchmark scripts that run the corpus share (bench/sim-bench.py,
bench/utilization.py): a kernel's class, LLVM's tools of a build, and
tileas-sim's word for a loop whose trip count is a constant."""

import os
import re
import sys

# tileas-sim says so when a loop's bound is a constant: it runs its own.
FIXED_TRIPS = re.compile(r"runs (\d+) iterations whatever the live-ins")


def kernel_class(name):
    """The issues' targets name GEMM and attention kernels."""
    if "gemm" in name:
        return "gemm"
    if name.startswith("fmha") or "attention" in name:
        return "attention"
    return "other"


def llvm_bin(build, tool):
    """LLVM's tools, from the build's CMake cache (LLVM_DIR); tool names the
    script in the error."""
    cache = os.path.join(build, "CMakeCache.txt")
    with open(cache, encoding="utf-8") as f:
        for line in f:
            if line.startswith("LLVM_DIR:"):
                cmake_dir = line.split("=", 1)[1].strip()
                return os.path.normpath(os.path.join(cmake_dir, "..", "..",
                                                     "..", "bin"))
    sys.exit("%s: no LLVM_DIR in %s" % (tool, cache))

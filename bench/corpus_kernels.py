"""What the benchmark scripts that run the corpus share (bench/sim-bench.py,
bench/utilization.py, bench/persistent.py): a kernel's class, the loop
nests of the corpus and the trip counts they take, LLVM's tools of a build,
and tileas-sim's word for a loop whose trip count is a constant."""

import os
import re
import sys

# tileas-sim says so when a loop's bound is a constant: it runs its own.
FIXED_TRIPS = re.compile(r"runs (\d+) iterations whatever the live-ins")


# The corpus's loop nests (persistent kernels, docs/persistent.md): the IR
# names of the outer loop's header (a loop over output or query tiles) and
# of the inner loop's, which tileas-sim and tileas-protocol-check take trip
# counts by (--trip-count=tile=8,kloop=16). Every other corpus kernel is one
# loop.
NESTS = {
    "persistent-gemm": ("tile", "kloop"),
    "grouped-persistent-gemm": ("tile", "kloop"),
    "persistent-attention-fwd": ("qtile", "kvloop"),
    "persistent-gemm-hopper": ("tile", "kloop"),
}


def trip_count_option(name, trips, tiles=1):
    """tileas-sim's --trip-count for a kernel: a nest runs `tiles` outer
    iterations of `trips` inner ones (one tile by default, so that a nest
    compares with the single loops); a single loop runs `trips`."""
    if name in NESTS:
        outer, inner = NESTS[name]
        return "--trip-count=%s=%d,%s=%d" % (outer, tiles, inner, trips)
    return "--trip-count=%d" % trips


def cpu_options(name, option):
    """The processor option (option: "-mcpu" for llc, "--mcpu" for
    tileas-sim) a corpus kernel needs: a Hopper kernel (`*-hopper.*`; wgmma,
    which Blackwell lacks) is sm_90a's; every other takes the tools'
    default (Blackwell)."""
    return [option + "=sm_90a"] if "-hopper" in name else []


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

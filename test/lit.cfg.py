# lit configuration for the TileAS MIR, TableGen and tool tests.
import os
import subprocess

import lit.formats
import lit.util

config.name = "TileAS"
config.test_format = lit.formats.ShTest(not lit.util.which("bash"))
config.suffixes = [".mir", ".td", ".test", ".ll", ".txt"]
config.excludes = ["Unit", "Inputs", "lit.cfg.py", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tileas_obj_root, "test")

bin_dir = os.path.join(config.tileas_obj_root, "bin")
plugin = os.path.join(config.tileas_obj_root, "lib", "libTileAS.so")
tools = config.llvm_tools_dir

config.environment["PATH"] = os.pathsep.join(
    [bin_dir, tools, config.environment.get("PATH", "")])

# A plugin built with sanitizers needs their runtimes in the stock llc.
if config.tileas_sanitize:
    libs = []
    for name in ("libasan.so", "libubsan.so"):
        out = subprocess.run(["g++", "-print-file-name=" + name],
                             capture_output=True, text=True).stdout.strip()
        libs.append(out)
    config.environment["LD_PRELOAD"] = " ".join(libs)
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0"
    # A sanitized build (CMake's TILEAS_SANITIZE, lit.site.cfg.py.in): tests
    # that cannot run its binaries say UNSUPPORTED: tileas-sanitize.
    # AddressSanitizer reserves terabytes of address space, so tests that cap
    # memory with `ulimit -v` cannot run; nor can valgrind run its binaries.
    config.available_features.add("tileas-sanitize")

config.substitutions.append(("%tileas-tblgen", os.path.join(bin_dir, "tileas-tblgen")))
config.substitutions.append(("%tileas-sched", os.path.join(bin_dir, "tileas-sched")))
config.substitutions.append(("%tileas-ims-compare", os.path.join(bin_dir, "tileas-ims-compare")))
config.substitutions.append(("%tileas-bench", os.path.join(bin_dir, "tileas-bench")))
config.substitutions.append(("%tileas-loopgen", os.path.join(bin_dir, "tileas-loopgen")))
config.substitutions.append(("%tileas-protocol-check", os.path.join(bin_dir, "tileas-protocol-check")))
config.substitutions.append(("%tileas-sim", os.path.join(bin_dir, "tileas-sim")))
config.substitutions.append(("%llc", "%s --load=%s" % (os.path.join(tools, "llc"), plugin)))
config.substitutions.append(("%plugin", plugin))
config.substitutions.append(("%tileas_bin", bin_dir))
config.substitutions.append(("%llvm_tools", tools))
config.substitutions.append(("%td_dir", os.path.join(config.tileas_src_root, "td")))
config.substitutions.append(("%llvm_include", "/usr/lib/llvm-22/include"))

# The HatScheT MachSuite graphs the tool tests read: the copies vendored in
# test/Inputs/machsuite (README there), or the full set of a shared folder
# named by $TILEAS_SHARED_DIR.
if config.tileas_shared_dir:
    machsuite = os.path.join(config.tileas_shared_dir, "corpora",
                             "hatschet-machsuite")
    if not os.path.isdir(machsuite):
        lit_config.fatal("TILEAS_SHARED_DIR is set, but %s is not a folder" %
                         machsuite)
    config.available_features.add("tileas-shared-dir")
else:
    machsuite = os.path.join(config.tileas_src_root, "test", "Inputs",
                             "machsuite")
config.substitutions.append(("%machsuite", machsuite))
config.substitutions.append(("%src_root", config.tileas_src_root))
config.substitutions.append(("%obj_root", config.tileas_obj_root))
config.substitutions.append(("%lit", os.path.join(tools, "lit")))

# bench/ir-vs-mir.sh counts instructions under callgrind where valgrind is
# installed (utils/setup.sh installs it).
if lit.util.which("valgrind"):
    config.available_features.add("valgrind")

# bench/report.py draws its figures with matplotlib (Debian's
# python3-matplotlib, which utils/setup.sh installs into /usr/bin/python3).
# %python is the first Python that imports it: python3 on PATH, else
# /usr/bin/python3 (pyenv and virtual environments hide Debian's packages).
# Tests that run the report say REQUIRES: matplotlib; without one they are
# skipped and lit says why.
def find_matplotlib_python():
    for python in (lit.util.which("python3", config.environment["PATH"]),
                   "/usr/bin/python3"):
        if not python or not os.access(python, os.X_OK):
            continue
        try:
            found = subprocess.run([python, "-c", "import matplotlib"],
                                   capture_output=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if found.returncode == 0:
            return python
    return None


matplotlib_python = find_matplotlib_python()
if matplotlib_python:
    config.available_features.add("matplotlib")
    config.substitutions.append(("%python", matplotlib_python))
else:
    config.substitutions.append(("%python", "python3"))
    lit_config.note("no Python with matplotlib (python3-matplotlib): the "
                    "tests that REQUIRE matplotlib (bench/report.py) are "
                    "skipped")

# CUDA's ptxas assembles what the PTX printer writes (-mcpu=sm_100a). Tests
# that run it say REQUIRES: ptxas; a machine without CUDA skips them and lit
# says so. An override ($TILEAS_PTXAS as lit runs, else CMake's
# TILEAS_PTXAS) names the one to use, and one that is not an executable
# turns the tests off; without one, /usr/local/cuda/bin/ptxas or ptxas on
# PATH. %ptxas-check (utils/ptxas-check.sh ARCH FILE) also fails on ptxas's
# performance-loss infos; it is substituted before %ptxas, its prefix.
def find_ptxas():
    override = os.environ.get("TILEAS_PTXAS") or config.tileas_ptxas
    if override:
        if os.path.isfile(override) and os.access(override, os.X_OK):
            return override, None
        return None, "TILEAS_PTXAS=%s is not an executable" % override
    for path in ("/usr/local/cuda/bin/ptxas", lit.util.which("ptxas")):
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path, None
    return None, "no ptxas in /usr/local/cuda/bin or on PATH"


ptxas, missing = find_ptxas()
if ptxas:
    config.available_features.add("ptxas")
    config.environment["TILEAS_PTXAS"] = ptxas
    config.substitutions.append(
        ("%ptxas-check", "bash %s" % os.path.join(
            config.tileas_src_root, "utils", "ptxas-check.sh")))
    config.substitutions.append(("%ptxas", ptxas))
else:
    lit_config.note("%s (set TILEAS_PTXAS to CUDA's ptxas): the tests that "
                    "REQUIRE ptxas are skipped" % missing)

# tileas-run (utils/tileas-run, built where CUDA's cuda.h is): tests that run
# it say REQUIRES: tileas-run. `tileas-run --probe` exits 0 and names the
# GPU's architecture where a kernel can run: the features cuda-gpu,
# cuda-gpu-<arch> (cuda-gpu-sm_90, cuda-gpu-sm_100) and, from sm_90 on,
# cuda-gpu-tma. Tests that launch REQUIRE one of them and are UNSUPPORTED
# elsewhere (docs/tileas-run.md). CUDA's stub libcuda (cuda-stub-driver)
# stands in for a driver that cannot run anything.
tileas_run = os.path.join(bin_dir, "tileas-run")
if os.access(tileas_run, os.X_OK):
    config.available_features.add("tileas-run")
    if config.tileas_run_self_contained:
        config.available_features.add("tileas-run-self-contained")
    config.substitutions.append(("%tileas-run", tileas_run))
    try:
        probe = subprocess.run([tileas_run, "--probe"], capture_output=True,
                               text=True, timeout=60)
        if probe.returncode == 0:
            words = probe.stdout.split()
            arch = next((w for w in words if w.startswith("sm_")), None)
            config.available_features.add("cuda-gpu")
            if arch:
                config.available_features.add("cuda-gpu-" + arch)
                # TMA and tensor maps: compute capability 9.0 and later.
                if arch[3:].isdigit() and int(arch[3:]) >= 90:
                    config.available_features.add("cuda-gpu-tma")
            lit_config.note("tileas-run --probe: " + probe.stdout.strip())
    except subprocess.TimeoutExpired:
        lit_config.note("tileas-run --probe timed out: no cuda-gpu feature")
    cuda_include = config.tileas_cuda_include
    if cuda_include and not cuda_include.endswith("NOTFOUND"):
        stub = os.path.join(os.path.dirname(cuda_include), "lib64", "stubs",
                            "libcuda.so")
        if os.path.isfile(stub):
            config.available_features.add("cuda-stub-driver")
            config.substitutions.append(("%cuda_stub_driver", stub))

# lit configuration for the TileAS GoogleTest unit tests: every executable
# whose name ends in "Tests" below build/test/Unit is one suite.
import os

import lit.formats

config.name = "TileAS-Unit"
config.test_format = lit.formats.GoogleTest(".", "Tests")
config.test_source_root = os.path.join(config.tileas_obj_root, "test", "Unit")
config.test_exec_root = config.test_source_root
# The corpus tests read the vendored MachSuite graphs, or the full set when
# TILEAS_SHARED_DIR is set (ProblemIOTestUtil.h).
if config.tileas_shared_dir:
    config.environment["TILEAS_SHARED_DIR"] = config.tileas_shared_dir
config.environment["TILEAS_SRC_ROOT"] = config.tileas_src_root

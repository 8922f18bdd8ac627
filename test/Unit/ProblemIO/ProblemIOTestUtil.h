//===- ProblemIOTestUtil.h - Helpers for the ProblemIO unit tests ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TEST_UNIT_PROBLEMIO_PROBLEMIOTESTUTIL_H
#define TILEAS_TEST_UNIT_PROBLEMIO_PROBLEMIOTESTUTIL_H

#include "tileas/Sched/Problem.h"

#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <string>

namespace tileas {
namespace iotest {

/// The file, line and message of a ParseError; fails the test (and returns
/// an empty result) when E is success or another kind of error.
struct Diag {
  std::string File;
  unsigned Line = 0;
  std::string Message;
};
Diag diagOf(llvm::Error E);

/// Field-by-field equality of two problems (Name excluded).
::testing::AssertionResult sameProblem(const Problem &A, const Problem &B);

/// The canonical text of a problem.
std::string textOf(const Problem &P);

/// The HatScheT MachSuite graphs the corpus tests read: the full published
/// set of the shared folder named by TILEAS_SHARED_DIR when that is set, else
/// the copies vendored in test/Inputs/machsuite (TILEAS_SRC_ROOT; lit sets
/// it).
struct MachSuiteCorpus {
  std::string Dir;     ///< "" when neither variable is set.
  unsigned Graphs = 0; ///< The graphs the folder holds.
};
MachSuiteCorpus machSuiteCorpus();

} // namespace iotest
} // namespace tileas

#endif // TILEAS_TEST_UNIT_PROBLEMIO_PROBLEMIOTESTUTIL_H

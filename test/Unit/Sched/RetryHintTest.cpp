//===- RetryHintTest.cpp - Stage-limited retries start from a schedule ----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A retry with fewer stages (RegisterBound.cpp) searches from the schedule
// that the search before it found, folded onto a multiple of its II, after
// one attempt at the bound: never the placement arms' gallop up from the
// bound that a search without a hint makes.
//
//===----------------------------------------------------------------------===//

#include "tileas/ProblemIO/ProblemLoader.h"
#include "tileas/Sched/RegisterPressure.h"
#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

using namespace tileas;

namespace {

/// The generated 200-op loop (test/Inputs/loopgen) with Regs registers for
/// each op's result.
Problem loopWithRegisters(unsigned Regs) {
  llvm::SmallString<256> File(TILEAS_SOURCE_DIR);
  llvm::sys::path::append(File, "test", "Inputs", "loopgen",
                          "loopgen-200-s1.txt");
  llvm::Expected<Problem> P = loadProblemFile(File, LoadOptions());
  EXPECT_TRUE(bool(P)) << llvm::toString(P.takeError());
  for (Operation &Op : P->operations())
    Op.Registers = Regs;
  return std::move(*P);
}

TEST(RetryHintTest, ARetryStartsAtTheBoundThenFromTheFoldedSchedule) {
  Problem P = loopWithRegisters(4);
  SchedulerOptions Opts;
  Opts.ForceModulo = true;
  Opts.Verify = true;
  ScheduleResult Free = scheduleLoop(P, Opts);
  ASSERT_TRUE(Free.Success) << Free.Failure.Reason;
  ASSERT_GT(Free.Sched.StageCount, 2u);
  unsigned Need = estimateTotalRegisters(P, Free.Sched);

  // A limit between one stage's need and the free schedule's: retried.
  Opts.RegisterLimits = {Need * 2 / 3};
  ScheduleResult R = scheduleLoop(P, Opts);
  ASSERT_TRUE(R.Success) << R.Failure.Reason;
  EXPECT_TRUE(R.Sched.Flags & SF_Verified);
  EXPECT_TRUE(verifySchedule(P, R.Sched).empty());
  ASSERT_GE(R.Sched.Registers.Retries, 1u);
  EXPECT_LT(R.Sched.StageCount, Free.Sched.StageCount);

  // The kept retry's trace: the bound first, then (if the bound failed) an
  // attempt that succeeds at once, at a multiple of the II of the schedule
  // before it (the first one or an earlier retry's), and no gallop of the
  // placement arms anywhere.
  ASSERT_FALSE(R.Search.empty());
  EXPECT_EQ(R.Search.front().Phase, SearchPhase::Bound);
  EXPECT_TRUE(llvm::none_of(R.Search, [](const SearchStep &S) {
    return S.Phase == SearchPhase::ArmsOnly;
  }));
  if (!R.Search.front().Success) {
    ASSERT_GE(R.Search.size(), 2u);
    const SearchStep &Folded = R.Search[1];
    EXPECT_EQ(Folded.Phase, SearchPhase::Iterative);
    EXPECT_GT(Folded.II, R.Search.front().II);
    EXPECT_GE(Folded.II, 2 * Free.Sched.II);
    EXPECT_TRUE(Folded.Success);
  }
}

} // namespace

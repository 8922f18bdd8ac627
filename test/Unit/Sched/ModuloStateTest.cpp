//===- ModuloStateTest.cpp - Partial schedules and their bounds -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "ModuloState.h"
#include "SchedTestUtil.h"

#include "RandomProblem.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

std::vector<uint64_t> rows(const ModuloState &S) {
  std::vector<uint64_t> Out;
  for (unsigned R = 0; R != S.ii(); ++R)
    Out.push_back(S.table().row(R));
  return Out;
}

TEST(ModuloStateTest, BoundsFollowSeatsThroughUnplacedOps) {
  // A -> B -> C with latencies 3 and 4; seating A at 5 moves C's earliest
  // start to 12 although B is not placed; seating C at 20 caps B at 16.
  ProblemBuilder B;
  unsigned A = B.op(), Mid = B.op(), C = B.op();
  B.dep(A, Mid, 3);
  B.dep(Mid, C, 4);
  SchedulerOptions Opts;
  PlacementContext Ctx(B.P, Opts, {});
  ModuloState S(Ctx, 10);
  ASSERT_TRUE(S.consistent());
  EXPECT_EQ(S.earliest(C), 7);
  S.seat(A, 5);
  EXPECT_EQ(S.earliest(Mid), 8);
  EXPECT_EQ(S.earliest(C), 12);
  S.seat(C, 20);
  EXPECT_EQ(S.latest(Mid), 16);
  Window W = S.window(Mid);
  EXPECT_EQ(W.Lo, 8);
  EXPECT_EQ(W.Hi, 16);
  S.unseat(A);
  EXPECT_EQ(S.earliest(Mid), 3);
  EXPECT_EQ(S.latest(A), 13);
  EXPECT_TRUE(S.boundsAreExact());
}

TEST(ModuloStateTest, ExactlySaturatedSlotOfOneLengthIsAGrid) {
  // Three ops hold slot 1 for 4 rows each at II 12: once the first sits at
  // 5, the others may only start 4 rows apart from it, where no hole shorter
  // than a hold is left.
  ProblemBuilder B;
  unsigned A = B.op({{1, 4}}), Bo = B.op({{1, 4}}), C = B.op({{1, 4}});
  SchedulerOptions Opts;
  PlacementContext Ctx(B.P, Opts, {});
  ModuloState S(Ctx, 12);
  EXPECT_TRUE(S.fits(A, 6)); // Nothing seated: any row.
  S.seat(A, 5);
  EXPECT_TRUE(S.fits(Bo, 9));
  EXPECT_TRUE(S.fits(Bo, 13));
  EXPECT_FALSE(S.fits(Bo, 10)); // Free rows, but off the grid.
  EXPECT_FALSE(S.fits(Bo, 5));  // On the grid, but taken.
  EXPECT_EQ(S.nextOnLayout(Bo, 10), 13);
  S.seat(Bo, 9);
  EXPECT_EQ(S.packedFit(C, 0, 12), 1);
  // Nearly saturated (12 of 13 rows), it is still a grid, with one row
  // left over; with plenty of slack (12 of 16) any free row will do.
  ModuloState Near(Ctx, 13);
  Near.seat(A, 5);
  EXPECT_FALSE(Near.fits(Bo, 10));
  EXPECT_TRUE(Near.fits(Bo, 9));
  ModuloState Slack(Ctx, 16);
  Slack.seat(A, 5);
  EXPECT_TRUE(Slack.fits(Bo, 10));
}

TEST(ModuloStateTest, ExactlySaturatedSlotOfMixedLengthsHasBins) {
  // Holds of 3, 2 and 2 rows tile II 7 only if each starts where a bin of
  // its length does: the layout is [3][2][2] turned to the first seat.
  ProblemBuilder B;
  unsigned Long = B.op({{2, 3}}), X = B.op({{2, 2}}), Y = B.op({{2, 2}});
  SchedulerOptions Opts;
  PlacementContext Ctx(B.P, Opts, {});
  ModuloState S(Ctx, 7);
  S.seat(Long, 10);            // Rows 3, 4, 5.
  EXPECT_TRUE(S.fits(X, 13));  // Rows 6, 0.
  EXPECT_TRUE(S.fits(X, 8));   // Rows 1, 2.
  EXPECT_FALSE(S.fits(X, 14)); // Rows 0, 1: would leave row 6 alone.
  S.seat(X, 8);
  std::optional<int64_t> T = S.packedFit(Y, 0, 7);
  ASSERT_TRUE(T);
  EXPECT_EQ(*T % 7, 6);
  S.seat(Y, *T);
  for (unsigned Row = 0; Row != 7; ++Row)
    EXPECT_EQ(S.table().row(Row), uint64_t(2)) << "row " << Row;
}

TEST(ModuloStateTest, StageLimitIsALatestStart) {
  ProblemBuilder B;
  unsigned A = B.op(), C = B.op();
  B.dep(A, C, 5);
  B.at(C).MaxDepth = 2;
  SchedulerOptions Opts;
  PlacementContext Ctx(B.P, Opts, {});
  ModuloState S(Ctx, 4);
  ASSERT_TRUE(S.consistent());
  EXPECT_EQ(S.latest(C), 7);
  EXPECT_EQ(S.latest(A), 2);
  ModuloState Tight(Ctx, 2); // C would need S(C) <= 3 but S(C) >= 5.
  EXPECT_FALSE(Tight.consistent());
}

/// Seats and unseats ops of a random loop at random, each seat inside its
/// window: no seat there breaks a placed op's constraint, and the bounds
/// stay those a recomputation from scratch gives.
void expectRandomWalkKeepsBoundsExact(DependenceBounds Bounds) {
  RandomProblemOptions RO;
  RO.NumOps = 60;
  RO.Seed = 5;
  Problem P = makeRandomProblem(RO);
  SchedulerOptions Opts;
  PlacementContext Ctx(P, Opts, {});
  ModuloState S(Ctx, 400);
  S.reset(400, Bounds);
  ASSERT_TRUE(S.consistent());
  unsigned Seed = 1;
  SmallVector<unsigned, 4> Conflicts;
  for (unsigned Step = 0; Step != 300; ++Step) {
    Seed = Seed * 1103515245u + 12345u;
    unsigned Op = (Seed >> 8) % P.size();
    if (S.isPlaced(Op)) {
      S.unseat(Op);
    } else {
      Window W = S.window(Op);
      if (std::optional<int64_t> T = S.firstFit(Op, W)) {
        ASSERT_TRUE(S.constraintConflicts(Op, *T, Conflicts));
        EXPECT_TRUE(Conflicts.empty()) << "step " << Step;
        S.seat(Op, *T);
      }
    }
    ASSERT_TRUE(S.boundsAreExact()) << "step " << Step;
  }
}

TEST(ModuloStateTest, RandomSeatsAndEvictionsKeepBoundsExact) {
  expectRandomWalkKeepsBoundsExact(DependenceBounds::Propagated);
}

TEST(ModuloStateTest, RandomSeatsAndEvictionsKeepNeighbourBoundsExact) {
  expectRandomWalkKeepsBoundsExact(DependenceBounds::PlacedNeighbours);
}

TEST(ModuloStateTest, RollbackRestoresEverything) {
  RandomProblemOptions RO;
  RO.NumOps = 40;
  RO.Seed = 9;
  Problem P = makeRandomProblem(RO);
  SchedulerOptions Opts;
  PlacementContext Ctx(P, Opts, {});
  ModuloState S(Ctx, 300);
  for (unsigned Op = 0; Op != 20; ++Op)
    if (std::optional<int64_t> T = S.firstFit(Op, S.window(Op)))
      S.seat(Op, *T);
  std::vector<int64_t> Starts(S.starts().begin(), S.starts().end());
  std::vector<uint64_t> Rows = rows(S);
  std::vector<int64_t> Earliest, Latest;
  for (unsigned Op = 0; Op != P.size(); ++Op) {
    Earliest.push_back(S.earliest(Op));
    Latest.push_back(S.latest(Op));
  }

  size_t Mark = S.mark();
  for (unsigned Op = 0; Op != 10; ++Op)
    if (S.isPlaced(Op))
      S.unseat(Op);
  for (unsigned Op = 20; Op != 40; ++Op)
    if (std::optional<int64_t> T = S.firstFit(Op, S.window(Op)))
      S.seat(Op, *T);
  S.rollback(Mark);

  EXPECT_EQ(std::vector<int64_t>(S.starts().begin(), S.starts().end()), Starts);
  EXPECT_EQ(rows(S), Rows);
  for (unsigned Op = 0; Op != P.size(); ++Op) {
    EXPECT_EQ(S.earliest(Op), Earliest[Op]);
    EXPECT_EQ(S.latest(Op), Latest[Op]);
  }
}

TEST(ModuloStateTest, GroupMembersAreConfinedToTheFirstMembersStage) {
  ProblemBuilder B;
  unsigned A = B.op(), C = B.op();
  B.P.addGroup({3, -1, 0});
  B.at(A).Group = 3;
  B.at(C).Group = 3;
  SchedulerOptions Opts;
  PlacementContext Ctx(B.P, Opts, {});
  ModuloState S(Ctx, 5);
  S.seat(A, 7); // Stage 1.
  Window W = S.window(C);
  EXPECT_EQ(W.Lo, 5);
  EXPECT_EQ(W.Hi, 9);
  SmallVector<unsigned, 4> Conflicts;
  EXPECT_TRUE(S.constraintConflicts(C, 12, Conflicts));
  EXPECT_EQ(ArrayRef<unsigned>(Conflicts), ArrayRef<unsigned>({A}));
}

/// The chain A -> Mid -> C -> D (ops 0 to 3) with latencies 3, 4 and 1.
ProblemBuilder chainOfFour() {
  ProblemBuilder B;
  unsigned A = B.op(), Mid = B.op(), C = B.op(), D = B.op();
  B.dep(A, Mid, 3);
  B.dep(Mid, C, 4);
  B.dep(C, D, 1);
  return B;
}

TEST(ModuloStateTest, SeatPastTheLatestStartEvictsThroughUnplacedOps) {
  ProblemBuilder B = chainOfFour();
  unsigned A = 0, C = 2, D = 3;
  SchedulerOptions Opts;
  PlacementContext Ctx(B.P, Opts, {});
  ModuloState S(Ctx, 10);
  S.seat(C, 10);
  S.seat(D, 20);
  EXPECT_EQ(S.latest(A), 3);
  SmallVector<unsigned, 4> Conflicts;
  EXPECT_TRUE(S.constraintConflicts(A, 3, Conflicts));
  EXPECT_TRUE(Conflicts.empty());
  // At 5, C (through the unplaced Mid) must go; D still has room.
  EXPECT_TRUE(S.constraintConflicts(A, 5, Conflicts));
  EXPECT_EQ(ArrayRef<unsigned>(Conflicts), ArrayRef<unsigned>({C}));
  // At 15, D must go too.
  EXPECT_TRUE(S.constraintConflicts(A, 15, Conflicts));
  EXPECT_EQ(ArrayRef<unsigned>(Conflicts), ArrayRef<unsigned>({C, D}));
}

TEST(ModuloStateTest, NeighbourBoundsComeFromPlacedNeighboursOnly) {
  // The chain of the test above, with bounds from placed neighbours only
  // (Rau's Estart): seating A at 5 bounds Mid, not C beyond it, and a seat
  // of C that leaves the unplaced Mid no room is allowed; Mid then has an
  // empty window and must evict to sit.
  ProblemBuilder B = chainOfFour();
  unsigned A = 0, Mid = 1, C = 2, D = 3;
  SchedulerOptions Opts;
  PlacementContext Ctx(B.P, Opts, {});
  ModuloState S(Ctx, 10);
  S.reset(10, DependenceBounds::PlacedNeighbours);
  EXPECT_EQ(S.dependenceBounds(), DependenceBounds::PlacedNeighbours);
  S.seat(A, 5);
  EXPECT_EQ(S.window(Mid).Earliest, 8);
  EXPECT_EQ(S.window(C).Earliest, 0);
  SmallVector<unsigned, 4> Conflicts;
  EXPECT_TRUE(S.constraintConflicts(C, 9, Conflicts));
  EXPECT_TRUE(Conflicts.empty());
  S.seat(C, 9);
  Window W = S.window(Mid);
  EXPECT_EQ(W.Earliest, 8);
  EXPECT_EQ(W.Latest, 5);
  EXPECT_TRUE(W.empty());
  // Mid at 8 breaks only its placed successor C; D, which C bounds, stays.
  S.seat(D, 10);
  EXPECT_TRUE(S.constraintConflicts(Mid, 8, Conflicts));
  EXPECT_EQ(ArrayRef<unsigned>(Conflicts), ArrayRef<unsigned>({C}));
  // A seat before a placed predecessor allows breaks that one.
  EXPECT_TRUE(S.constraintConflicts(Mid, 7, Conflicts));
  EXPECT_EQ(ArrayRef<unsigned>(Conflicts), ArrayRef<unsigned>({A, C}));
  S.unseat(C);
  EXPECT_EQ(S.window(Mid).Latest, Unbounded);
  EXPECT_TRUE(S.boundsAreExact());
  // The same state with propagated bounds refuses C at 9 (Mid between).
  S.reset(10);
  S.seat(A, 5);
  EXPECT_EQ(S.window(C).Earliest, 12);
}

TEST(ModuloStateTest, NeighbourBoundsKeepTheStageLimitOfASuccessor) {
  // The stage limit of StageLimitIsALatestStart under bounds from placed
  // neighbours: no eviction can move it, so the dependence into the limited
  // op still bounds its unplaced predecessor (the loop branch's compare
  // depends on ops that would otherwise be placed too late for it). Other
  // dependences stay detached.
  ProblemBuilder B;
  unsigned A = B.op(), C = B.op(), D = B.op();
  B.dep(A, C, 5);
  B.dep(A, D, 5);
  B.at(C).MaxDepth = 2;
  SchedulerOptions Opts;
  PlacementContext Ctx(B.P, Opts, {});
  ModuloState S(Ctx, 4);
  S.reset(4, DependenceBounds::PlacedNeighbours);
  ASSERT_TRUE(S.consistent());
  EXPECT_EQ(S.latest(C), 7);
  EXPECT_EQ(S.latest(A), 2);
  EXPECT_EQ(S.earliest(C), 5);
  EXPECT_EQ(S.earliest(D), 0);
  EXPECT_TRUE(S.boundsAreExact());
  S.seat(A, 1);
  EXPECT_EQ(S.earliest(C), 6);
  EXPECT_EQ(S.window(D).Earliest, 6);
  EXPECT_TRUE(S.boundsAreExact());
}

TEST(ModuloStateTest, NeighbourBoundsKeepLoopCarriedNeighbours) {
  // A recurrence A -> C -> A (distance 1) at II 10: with C placed at 12, A's
  // Estart is 12 + 4 - 10 = 6 from its placed predecessor.
  ProblemBuilder B;
  unsigned A = B.op(), C = B.op();
  B.dep(A, C, 3);
  B.dep(C, A, 4, 1);
  SchedulerOptions Opts;
  PlacementContext Ctx(B.P, Opts, {});
  ModuloState S(Ctx, 10);
  S.reset(10, DependenceBounds::PlacedNeighbours);
  S.seat(C, 12);
  Window W = S.window(A);
  EXPECT_EQ(W.Earliest, 6);
  EXPECT_EQ(W.Latest, 9);
  SmallVector<unsigned, 4> Conflicts;
  EXPECT_TRUE(S.constraintConflicts(A, 5, Conflicts));
  EXPECT_EQ(ArrayRef<unsigned>(Conflicts), ArrayRef<unsigned>({C}));
}

TEST(ModuloStateTest, ResourceConflictsNameTheHolders) {
  ProblemBuilder B;
  unsigned A = B.op({{1, 2}}), C = B.op({{2, 1}}), D = B.op({{1, 1}, {2, 1}});
  unsigned P1 = B.portOp(2), P2 = B.portOp(1);
  SchedulerOptions Opts;
  PlacementContext Ctx(B.P, Opts, {});
  ModuloState S(Ctx, 4);
  S.seat(A, 0);
  S.seat(C, 1);
  S.seat(P1, 2);
  SmallVector<unsigned, 4> Conflicts;
  S.resourceConflicts(D, 1, Conflicts);
  EXPECT_EQ(ArrayRef<unsigned>(Conflicts), ArrayRef<unsigned>({A, C}));
  S.resourceConflicts(P2, 2, Conflicts);
  EXPECT_EQ(ArrayRef<unsigned>(Conflicts), ArrayRef<unsigned>({P1}));
  S.resourceConflicts(P2, 3, Conflicts);
  EXPECT_TRUE(Conflicts.empty());
}

} // namespace

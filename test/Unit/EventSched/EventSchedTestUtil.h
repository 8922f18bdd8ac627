//===- EventSchedTestUtil.h - Helpers of the event scheduler tests --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A small block-building DSL, and checkers that share no code with the
// library: dependence checking, a step-by-step live-event simulation,
// brute force over all topological orders, a subset DP for the least worst
// excess, and a seeded random DAG generator.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TEST_EVENTSCHED_TESTUTIL_H
#define TILEAS_TEST_EVENTSCHED_TESTUTIL_H

#include "tileas/EventSched/DAGBuilder.h"
#include "tileas/EventSched/EventBudget.h"
#include "tileas/EventSched/EventDAG.h"
#include "tileas/Support/SplitMix64.h"

#include "llvm/ADT/ArrayRef.h"

#include <climits>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <vector>

namespace tileas {
namespace evtest {

/// The pipes of the tile machine, as the td model would list them.
enum Pipe : unsigned { TMA, MMA, TMEM, SMEM, ALU, XU, LSU, NumPipes };

PipeTable machinePipes();

/// Builds a block op by op from read/write sets.
class Block {
public:
  unsigned op(Pipe P, const std::string &Name,
              std::initializer_list<unsigned> Reads,
              std::initializer_list<unsigned> Writes);
  unsigned blackBox(Pipe P, const std::string &Name,
                    std::initializer_list<unsigned> Reads,
                    std::initializer_list<unsigned> Writes);
  unsigned unknownEffects(Pipe P, const std::string &Name);
  /// Builds the DAG; fails the current test on error.
  EventDAG build() const;

private:
  EventDAGBuilder Builder{NumPipes};
};

/// The node names of Order, for readable assertions.
std::vector<std::string> names(const EventDAG &G,
                               llvm::ArrayRef<unsigned> Order);

/// Node ids by name, in the order the names are given.
std::vector<unsigned> ids(const EventDAG &G,
                          std::initializer_list<const char *> Names);

/// Independent checker: Order is a permutation keeping every edge.
bool keepsDependences(const EventDAG &G, llvm::ArrayRef<unsigned> Order);

/// Peak live events per (src pipe, dst pipe), by simulating each step: the
/// node first releases the events it is the first consumer of, then holds
/// one event per distinct destination pipe of its event-carrying edges.
std::map<std::pair<unsigned, unsigned>, unsigned>
simulatePeaks(const EventDAG &G, llvm::ArrayRef<unsigned> Order);

/// Largest peak - budget over all pairs of simulatePeaks; INT_MIN without
/// events.
int simulatedWorstExcess(const EventDAG &G, const EventBudget &B,
                         llvm::ArrayRef<unsigned> Order);

struct BruteForceResult {
  unsigned NumOrders = 0;
  int MinExcess = INT_MIN;
  /// Lexicographically smallest order whose worst excess is at most
  /// max(0, MinExcess).
  std::vector<unsigned> LexSmallestBest;
};

/// Enumerates every topological order (tiny DAGs only).
BruteForceResult bruteForce(const EventDAG &G, const EventBudget &B);

/// The least worst excess over all orders, by DP over scheduled sets (up to
/// about 20 nodes).
int leastWorstExcessDP(const EventDAG &G, const EventBudget &B);

/// The lexicographically smallest order (by original index) among those
/// whose worst excess is at most max(0, least worst excess), by a DP over
/// scheduled sets that shares nothing with the library's exact search (up to
/// about 20 nodes).
std::vector<unsigned> lexSmallestBestDP(const EventDAG &G,
                                        const EventBudget &B);

/// Deterministic generator (the project's SplitMix64 stream), independent of
/// the standard library's distributions.
class Rng {
public:
  explicit Rng(uint64_t Seed) : Stream(Seed) {}
  uint64_t next() { return Stream.next(); }
  /// Uniform in [0, Bound).
  unsigned below(unsigned Bound) { return unsigned(next() % Bound); }
  bool chance(unsigned Percent) { return below(100) < Percent; }

private:
  SplitMix64 Stream;
};

struct RandomDAG {
  EventDAG G{1};
  EventBudget B{1, 0};
};

/// A random block of N ops on NumPipes pipes: either built from random
/// read/write sets (with occasional black boxes and unknown effects) or
/// from random forward edges of random kinds. Budgets are small.
RandomDAG makeRandomDAG(uint64_t Seed, unsigned N, unsigned NumPipes);

} // namespace evtest
} // namespace tileas

#endif // TILEAS_TEST_EVENTSCHED_TESTUTIL_H

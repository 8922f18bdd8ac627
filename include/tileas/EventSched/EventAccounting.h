//===- EventAccounting.h - Cross-pipe events and their peaks ---*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The event model (broadcast accounting):
//
//  * Producer P needs one event for destination pipe D when P has at least one
//    event-carrying edge (RAW/WAR/WAW, not Order) to a node on pipe D and D is
//    not P's own pipe. However many consumers P has on D, it is one event.
//  * The event is live from the step that schedules P until the step that
//    schedules the first of those consumers. It counts against the ordered
//    pipe pair (pipe(P), D).
//  * The peak of a pair is the largest number of its events live after any
//    step. An order is within budget when every pair's peak is at most its
//    budget. The excess of a pair is peak - budget; the worst excess of an
//    order is the largest excess over all pairs (within budget <=> <= 0).
//
// EventTable precomputes the events of a DAG for the search engines;
// computeEventProfile measures an order from first principles and is what the
// scheduler reports and the tests check against.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_EVENTSCHED_EVENTACCOUNTING_H
#define TILEAS_EVENTSCHED_EVENTACCOUNTING_H

#include "tileas/EventSched/EventBudget.h"
#include "tileas/EventSched/EventDAG.h"

#include "llvm/ADT/ArrayRef.h"

#include <climits>
#include <vector>

namespace tileas {

/// The events of a DAG, indexed densely: events are numbered by (producer,
/// destination pipe); pairs are the ordered pipe pairs that have at least one
/// event, numbered by (Src, Dst).
class EventTable {
public:
  EventTable(const EventDAG &G, const EventBudget &B);

  const EventDAG &dag() const { return G; }
  unsigned numNodes() const { return G.size(); }
  unsigned numEvents() const { return EventProducer.size(); }
  unsigned numPairs() const { return PairSrc.size(); }

  unsigned producer(unsigned Event) const { return EventProducer[Event]; }
  unsigned pairOf(unsigned Event) const { return EventPair[Event]; }
  /// The nodes whose scheduling frees Event if it is still live, ascending.
  llvm::ArrayRef<unsigned> consumers(unsigned Event) const {
    return slice(ConsumerList, ConsumerBegin, Event);
  }
  /// Events Node allocates when it is scheduled (one per destination pipe).
  llvm::ArrayRef<unsigned> produced(unsigned Node) const {
    return slice(ProducedList, ProducedBegin, Node);
  }
  /// Events Node frees when it is scheduled while they are live.
  llvm::ArrayRef<unsigned> consumed(unsigned Node) const {
    return slice(ConsumedList, ConsumedBegin, Node);
  }
  /// Distinct successors of Node over every edge kind, ascending.
  llvm::ArrayRef<unsigned> successors(unsigned Node) const {
    return slice(SuccList, SuccBegin, Node);
  }
  unsigned numPredecessors(unsigned Node) const { return NumPreds[Node]; }

  /// A lower bound on the worst excess of every order, clamped at 0. Each
  /// pair with an event has one live at some point, so its excess is at
  /// least 1 - budget. And just before a node V is scheduled, every event V
  /// must be the first consumer of (V consumes it, and its other consumers
  /// are successors of V) is live: its producer, a predecessor of V, has
  /// run, and none of its consumers has. So a pair's excess is also at least
  /// the number of such events of V on it, minus its budget. (This is what
  /// proves at once that k loads feeding one op need k live events, however
  /// large the block.)
  int excessLowerBound() const { return LowerBound; }

  unsigned pairSrc(unsigned Pair) const { return PairSrc[Pair]; }
  unsigned pairDst(unsigned Pair) const { return PairDst[Pair]; }
  int budget(unsigned Pair) const { return PairBudget[Pair]; }

private:
  int computeLowerBound() const;
  static llvm::ArrayRef<unsigned> slice(const std::vector<unsigned> &List,
                                        const std::vector<unsigned> &Begin,
                                        unsigned I) {
    return llvm::ArrayRef<unsigned>(List).slice(Begin[I],
                                                Begin[I + 1] - Begin[I]);
  }

  const EventDAG &G;
  std::vector<unsigned> EventProducer, EventPair;
  std::vector<unsigned> ConsumerBegin, ConsumerList;
  std::vector<unsigned> ProducedBegin, ProducedList;
  std::vector<unsigned> ConsumedBegin, ConsumedList;
  std::vector<unsigned> SuccBegin, SuccList, NumPreds;
  std::vector<unsigned> PairSrc, PairDst;
  std::vector<int> PairBudget;
  int LowerBound = 0;
};

/// The peak of one ordered pipe pair under one order.
struct PairPeak {
  unsigned Src = 0;
  unsigned Dst = 0;
  unsigned Peak = 0;
  unsigned Budget = 0;
  int excess() const { return int(Peak) - int(Budget); }
};

struct EventProfile {
  /// Every pair that has at least one event, sorted by (Src, Dst). The set of
  /// pairs does not depend on the order, only the peaks do.
  std::vector<PairPeak> Pairs;
  /// Index into Pairs of the worst pair (largest excess, then largest peak,
  /// then smallest (Src, Dst)); -1 when there are no events.
  int Worst = -1;

  bool withinBudget() const { return Worst < 0 || Pairs[Worst].excess() <= 0; }
  const PairPeak *worst() const { return Worst < 0 ? nullptr : &Pairs[Worst]; }
  /// INT_MIN when there are no events.
  int worstExcess() const {
    return Worst < 0 ? INT_MIN : Pairs[Worst].excess();
  }
  const PairPeak *find(unsigned Src, unsigned Dst) const;
};

/// Measures Order (a valid order of G's nodes) from first principles.
EventProfile computeEventProfile(const EventDAG &G, const EventBudget &B,
                                 llvm::ArrayRef<unsigned> Order);

/// True when Order is a permutation of G's nodes that keeps every edge.
bool isValidOrder(const EventDAG &G, llvm::ArrayRef<unsigned> Order);

} // namespace tileas

#endif // TILEAS_EVENTSCHED_EVENTACCOUNTING_H

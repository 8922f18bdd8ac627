//===- ModuloState.h - A partial modulo schedule at one II ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// ModuloState is a partial schedule at one candidate II: start cycles, the
// reservation table, who holds which row (for eviction and diagnostics), the
// stage of each partly placed unit, the propagated start bounds of every op,
// and an undo log so that an arm that fails leaves the state exactly as it
// found it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_MODULOSTATE_H
#define TILEAS_LIB_SCHED_MODULOSTATE_H

#include "PlacementContext.h"
#include "PoolHolders.h"

#include "tileas/Sched/ReservationTable.h"

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace tileas {

/// The legal start range of an op given what is placed.
struct Window {
  /// The propagated bounds: every seat in [Earliest, Latest] keeps the
  /// difference constraints of the unplaced ops satisfiable (with
  /// DependenceBounds::PlacedNeighbours, those on placed neighbours only;
  /// the window may then be empty).
  int64_t Earliest = 0;
  int64_t Latest = Unbounded;
  /// Those bounds intersected with the exact stage rules (group stage,
  /// stage gaps against placed neighbours): the legal seats.
  int64_t Lo = 0;
  int64_t Hi = Unbounded;
  bool HasPred = false; ///< A placed predecessor or unit member anchors it.
  /// A placed successor bounds it from above (one of the same iteration
  /// only, unless ModuloState::setLoopCarriedAnchors).
  bool HasSucc = false;
  /// A distance-0 predecessor is still unplaced: seated early, the op would
  /// leave that predecessor (and its chain) no slack.
  bool HasUnplacedPred = false;
  bool empty() const { return Lo > Hi; }
};

/// What bounds the start of an op that is not placed yet.
enum class DependenceBounds {
  /// Every dependence, propagated through unplaced ops too: a seat inside
  /// the bounds keeps the partial schedule completable as far as
  /// dependences go, and a seat outside evicts every placed op the push
  /// passes.
  Propagated,
  /// Rau's Estart: only the dependences on placed neighbours (stage gaps,
  /// the ties of units and the dependences into ops with a stage limit
  /// still propagate). A seat may then leave an op
  /// further along a chain or a recurrence without a legal seat; that op
  /// evicts the neighbours in its way when its turn comes. On a long
  /// recurrence with a slack of a few percent, propagated bounds fix its
  /// first ops before the long chains that feed it are placed, and leave
  /// those chains no slack at all; with neighbour bounds the recurrence
  /// settles where the chains put it.
  PlacedNeighbours,
};

class ModuloState {
public:
  static constexpr int64_t Unplaced = std::numeric_limits<int64_t>::min();

  ModuloState(const PlacementContext &Ctx, unsigned II);

  /// Empties the state and makes it a partial schedule at NewII, keeping
  /// its storage: an II search reuses one state for all its attempts.
  void reset(unsigned NewII,
             DependenceBounds Bounds = DependenceBounds::Propagated);
  DependenceBounds dependenceBounds() const { return Bounds; }

  /// Arcs scanned so far by bound propagation and conflict searches (plus
  /// one per node visited): the cost measure that budgets are kept in.
  uint64_t effort() const { return Effort; }
  /// Adds work done on the state's behalf (seats scanned, rows compared)
  /// to effort(), so that every loop of a placement counts.
  void charge(uint64_t Units) const { Effort += Units; }
  /// False when the difference constraints (dependences, stage limits,
  /// stage gaps) have no solution at this II even with nothing placed.
  bool consistent() const { return Consistent; }

  const PlacementContext &context() const { return Ctx; }
  unsigned ii() const { return II; }
  const ReservationTable &table() const { return Table; }

  bool isPlaced(unsigned Op) const { return Start[Op] != Unplaced; }
  int64_t start(unsigned Op) const { return Start[Op]; }
  int64_t stageOfCycle(int64_t T) const {
    return T >= 0 ? T / II : -((-T + II - 1) / II);
  }
  unsigned numPlaced() const { return NumPlaced; }
  llvm::ArrayRef<int64_t> starts() const { return Start; }

  /// Placed members of a unit and their shared stage.
  unsigned placedMembers(unsigned Unit) const { return UnitPlaced[Unit]; }
  int64_t unitStage(unsigned Unit) const { return UnitStage[Unit]; }

  Window window(unsigned Op) const;
  /// Whether a placed successor of a later iteration anchors an op from
  /// above (Window::HasSucc), so that the scan rules seat it as late as
  /// that successor allows. On (the default), short recurrences such as
  /// accumulator chains stay compact; off, an op of a long recurrence does
  /// not spend the whole slack of the cycle at once, which can squeeze the
  /// ops on the rest of it into windows a few cycles wide at any II. The II
  /// search tries both (restarts).
  void setLoopCarriedAnchors(bool On) { LoopCarriedAnchors = On; }
  /// First seat in the window by the scan rule of the cheap arms: when
  /// placed successors bound the op, the seat nearest the middle of the
  /// window if a predecessor is still unplaced (slack on both sides), else
  /// downward from Hi if no placed predecessor anchors it; otherwise upward
  /// from Lo. At most II candidates either way.
  std::optional<int64_t> firstFit(unsigned Op, const Window &W) const;
  /// The free seat in the window nearest Aim (ties go below).
  std::optional<int64_t> nearestFit(unsigned Op, const Window &W,
                                    int64_t Aim) const;
  /// A free seat among the Count starts from From (downward if Down). For an
  /// op that holds a nearly saturated slot, the first few free seats are
  /// ranked by how many ends of its hold touch rows already held (best fit),
  /// so that the slot packs without gaps too short for anyone; otherwise the
  /// first free seat.
  std::optional<int64_t> packedFit(unsigned Op, int64_t From, unsigned Count,
                                   bool Down = false) const;
  /// True when Op can sit at T as far as resources go: its footprint is free
  /// there, and it keeps to the layout of every exactly saturated slot it
  /// holds.
  bool fits(unsigned Op, int64_t T) const {
    return Table.probe(Ctx.footprint(Op), T) && onLayout(Op, T);
  }
  /// A slot whose demand is exactly II rows fits only if its holds tile the
  /// rows without a gap. Such a slot gets a layout: a fixed cyclic sequence
  /// of bins, one per holder, of the holders' lengths, each length spread
  /// evenly (for holders of one length, a grid). The first holder seated
  /// turns the layout to its seat; every later holder must start its hold
  /// where a bin of its length starts. This turns packing into assigning
  /// ops to bins, where an eviction frees exactly the bin it needs.
  bool onLayout(unsigned Op, int64_t T) const;
  /// The first start at or after T that keeps to the layouts (T itself when
  /// Op holds no laid-out slot).
  int64_t nextOnLayout(unsigned Op, int64_t T) const;
  bool inWindow(const Window &W, int64_t T) const {
    return T >= W.Lo && T <= W.Hi;
  }

  /// Seats Op at T inside its propagated bounds, which then tighten for
  /// every op it constrains.
  void seat(unsigned Op, int64_t T);
  /// Removes Op; the bounds it caused are recomputed over the cone of ops
  /// whose bound it determined.
  void unseat(unsigned Op);
  /// Removes every op of Ops (distinct, placed) and recomputes the bounds
  /// once, over the cone of all of them: the same bounds as unseating them
  /// one by one, for one relaxation instead of one each (an eviction of
  /// dozens of ops otherwise costs dozens of propagations). With the undo
  /// log on, it unseats them one by one, as rollback expects.
  void unseatAll(llvm::ArrayRef<unsigned> Ops);
  int64_t earliest(unsigned Op) const { return Est[Op]; }
  int64_t latest(unsigned Op) const { return Lst[Op]; }
  /// Recomputes the bounds from scratch and compares (tests and asserts).
  bool boundsAreExact() const;

  /// Placed ops whose slot rows or pool units keep Op from sitting at T:
  /// every holder of a colliding slot row, and enough holders of each
  /// overfull pool row. Sorted, unique.
  void resourceConflicts(unsigned Op, int64_t T,
                         llvm::SmallVectorImpl<unsigned> &Out) const;
  /// Placed ops that must leave if Op sits at T: those whose dependence
  /// constraints T breaks, directly or through unplaced ops (only when T is
  /// outside Op's propagated bounds), and placed neighbours whose exact
  /// stage gap or group stage T breaks. Sorted, unique. False when no
  /// eviction can make T legal (it breaks a stage limit or cycle 0). The
  /// search stops once Out holds Limit ops (callers that only compare
  /// damage need no more).
  bool constraintConflicts(unsigned Op, int64_t T,
                           llvm::SmallVectorImpl<unsigned> &Out,
                           size_t Limit = ~size_t(0)) const;

  /// Undo log: mark() then rollback(Mark) restores the state at the mark,
  /// bounds included, without recomputing anything.
  size_t mark() const { return Log.size(); }
  void rollback(size_t Mark);
  /// Turns the undo log on or off (either way it starts empty); callers that
  /// never roll back, such as iterative modulo scheduling, save its memory.
  void setRecording(bool On);
  /// Drops the undo log: the current state can no longer be rolled back
  /// past. The arm chain calls it after each unit it seats.
  void forgetHistory() { setRecording(Recording); }

private:
  struct BinLayout;
  /// A laid-out slot an op holds: where its hold starts in its footprint and
  /// how long it is. The same at every seat, so seat scans compute it once.
  struct LayoutHold {
    const BinLayout *L;
    unsigned First, Length;
  };
  /// The holds of Op on laid-out slots that some placed op has anchored.
  void layoutHolds(unsigned Op, llvm::SmallVectorImpl<LayoutHold> &Out) const;
  bool onLayout(llvm::ArrayRef<LayoutHold> Holds, int64_t T) const;
  void record(unsigned Op, int64_t T, bool Add);
  void buildLayout(unsigned Bit);
  void buildGrid(unsigned Bit);
  void anchorLayout(unsigned Op, unsigned Bit, int64_t T);
  int64_t baseEarliest(unsigned Node) const {
    return Node < Start.size() ? 0 : -Unbounded;
  }
  int64_t baseLatest(unsigned Node) const { return BaseLst[Node]; }
  /// A node with a fixed start: a placed op (hubs never are).
  bool pinned(unsigned Node) const { return Pinned[Node]; }
  /// Propagates raised earliest / lowered latest bounds from the ops in
  /// Work; false if that does not settle (a positive cycle).
  bool raiseEarliest(uint64_t Limit = ~uint64_t(0)) {
    return propagate</*Forward=*/true>(Limit);
  }
  bool lowerLatest(uint64_t Limit = ~uint64_t(0)) {
    return propagate</*Forward=*/false>(Limit);
  }
  template <bool Forward> bool propagate(uint64_t Limit);
  /// The ops whose bound came along tight arcs from any of Seeds, Seeds
  /// first, into ConeScratch (marked with the current Epoch).
  template <bool Forward> void collectCone(llvm::ArrayRef<unsigned> Seeds);
  void relaxAfterUnseat(llvm::ArrayRef<unsigned> Ops);

  void setBound(bool Earliest, unsigned Node, int64_t Value) {
    int64_t &Bound = Earliest ? Est[Node] : Lst[Node];
    if (Recording)
      Trail.emplace_back(Node, Earliest, Bound);
    Bound = Value;
  }
  /// The table, owner and unit bookkeeping of a seat, without bounds.
  void occupy(unsigned Op, int64_t T);
  void vacate(unsigned Op);

  const PlacementContext &Ctx;
  unsigned II;
  ReservationTable Table;
  uint64_t TightBits = 0; ///< Slot bits whose demand nearly fills II rows.
  struct BinLayout {
    unsigned Bit = 0;
    /// By layout row: the length of the bin that starts there, or 0.
    std::vector<uint16_t> LengthAt;
    /// The table row of layout row 0.
    unsigned Anchor = 0;
  };
  llvm::SmallVector<BinLayout, 2> Layouts;
  uint64_t LayoutBits = 0; ///< Exactly saturated slot bits (hold > 1).
  uint8_t LayoutOfBit[64] = {};
  /// Per slot bit: ops holding it, and the row where the first of them
  /// began its hold (the grid that uniform holds are aligned to).
  unsigned BitHolders[64] = {};
  unsigned GridAnchor[64] = {};
  std::vector<int64_t> Start;
  /// By node: 1 while placed (hubs never are), so that the propagation
  /// loops test a byte instead of loading a start.
  std::vector<uint8_t> Pinned;
  /// The constraint arcs of the context in CSR form, struct of arrays, with
  /// their weights at the current II (reset refreshes them): the hot loops
  /// read 12 bytes per arc and multiply nothing.
  std::vector<unsigned> OutBegin, InBegin, OutNode, InNode;
  std::vector<int64_t> OutWeight, InWeight;
  /// Per arc of OutNode / InNode: its weight is A + B * II, and it is a
  /// dependence that neighbour bounds detach (see detached()).
  std::vector<int32_t> OutA, OutB, InA, InB;
  std::vector<uint8_t> OutDetachable, InDetachable;
  /// Weight = A + B * II per arc, or DetachedWeight where Bounds detaches it.
  void refreshWeights(std::vector<int64_t> &Weight, llvm::ArrayRef<int32_t> A,
                      llvm::ArrayRef<int32_t> B,
                      llvm::ArrayRef<uint8_t> Detachable) const;
  DependenceBounds Bounds = DependenceBounds::Propagated;
  /// Whether arc A (into Head) is left out of propagation under Bounds.
  bool detached(const PlacementContext::Arc &A, unsigned Head) const;
  /// baseLatest by node at the current II.
  std::vector<int64_t> BaseLst;
  std::vector<int64_t> Est, Lst; ///< Propagated bounds (= Start if placed).
  bool Consistent = true;
  bool LoopCarriedAnchors = true;
  std::vector<unsigned> Work;
  /// Nodes waiting in propagate, as a bit set over propagation keys.
  std::vector<uint64_t> Pending;
  unsigned NumPending = 0;
  std::vector<unsigned> NodeAtRank;
  std::vector<unsigned> ConeScratch;
  mutable uint64_t Effort = 0;
  // Scratch of the cone and push searches.
  mutable std::vector<unsigned> Scratch;
  mutable std::vector<int64_t> Need;
  mutable std::vector<uint32_t> Mark;
  mutable uint32_t Epoch = 0;
  std::vector<unsigned> UnitPlaced;
  std::vector<int64_t> UnitStage;
  unsigned NumPlaced = 0;
  /// Owner[Row * NumColumns + Column]: the op holding that slot row, or -1.
  std::vector<int> Owner;
  /// List Pool * II + Row: ops charging that pool row (one entry per
  /// charge, so a wrapped charge appears more than once).
  PoolHolders Holders;
  struct LogEntry {
    unsigned Op;
    int64_t PrevStart; ///< Unplaced when the entry is a seat.
    size_t TrailSize;  ///< Bound changes made before this step.
  };
  struct BoundChange {
    // A constructor lets emplace_back build the entry in place: a copy of a
    // temporary stalls on store forwarding in the propagation loop.
    BoundChange(unsigned Node, bool Earliest, int64_t Old)
        : Node(Node), Earliest(Earliest), Old(Old) {}
    unsigned Node;
    bool Earliest;
    int64_t Old;
  };
  std::vector<LogEntry> Log;
  std::vector<BoundChange> Trail;
  bool Recording = true;
};

} // namespace tileas

#endif // TILEAS_LIB_SCHED_MODULOSTATE_H

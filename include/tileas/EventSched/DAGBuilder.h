//===- DAGBuilder.h - Dependences from per-op read/write sets --*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Derives the edges of an EventDAG from what each op reads and writes.
// Locations are abstract integer ids chosen by the caller (registers and
// memory locations alike); two accesses conflict exactly when they name the
// same id, so a may-alias access must list every id it may touch (or the
// caller maps each alias class to one id).
//
// Rules, applied op by op in program order (reads before writes):
//  * RAW: the last writer of L -> a reader of L.
//  * WAW: the last writer of L -> a writer of L.
//  * WAR: every reader of L since its last write -> a writer of L.
//  * An op with unknown side effects is a full barrier: Order edges from every
//    op since the previous barrier (or from that barrier) to it, and from it to
//    every later op up to the next barrier.
//  * Black boxes (calls, inline asm, unmodelled effects) keep their relative
//    order: an Order edge from each black box to the next one. Their
//    conservative read/write summaries still give RAW/WAR/WAW edges.
//
// Order edges never cost events; a barrier does not reset the location
// history, so a value written before a barrier and read after it still gets
// its RAW edge (and its event when it crosses pipes).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_EVENTSCHED_DAGBUILDER_H
#define TILEAS_EVENTSCHED_DAGBUILDER_H

#include "tileas/EventSched/EventDAG.h"

#include "llvm/ADT/SmallVector.h"

#include <string>

namespace tileas {

/// What one op does, as the builder sees it.
struct OpEffects {
  unsigned Pipe = 0;
  std::string Name;
  llvm::SmallVector<unsigned, 4> Reads;
  llvm::SmallVector<unsigned, 4> Writes;
  /// Effects nobody modelled: the op is a full barrier.
  bool UnknownSideEffects = false;
  /// A call, inline asm or similar: keeps its order relative to other black
  /// boxes.
  bool BlackBox = false;
};

class EventDAGBuilder {
public:
  explicit EventDAGBuilder(unsigned NumPipes) : NumPipes(NumPipes) {}

  /// Makes room for NumOps ops.
  void reserve(unsigned NumOps) { Ops.reserve(NumOps); }
  /// Appends the next op of the block; returns its node id.
  unsigned addOp(OpEffects Op);
  unsigned size() const { return Ops.size(); }

  /// Derives all edges and returns the finalized DAG.
  llvm::Expected<EventDAG> build() const;

private:
  unsigned NumPipes;
  std::vector<OpEffects> Ops;
};

} // namespace tileas

#endif // TILEAS_EVENTSCHED_DAGBUILDER_H

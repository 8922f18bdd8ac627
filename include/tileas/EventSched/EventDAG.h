//===- EventDAG.h - Dependence DAG of one straight-line block --*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The input of the event-pressure scheduler: the ops of one straight-line
// block, each running on a pipe, and the dependences between them.
//
//  * Nodes are numbered in original program order; node I is the I-th op of
//    the block. Every edge points forward (From < To), so the original order
//    is always a topological order.
//  * RAW, WAR and WAW edges are data hazards: when producer and consumer run
//    on different pipes, the hardware needs a synchronization event for them.
//  * Order edges only constrain the order (side-effect barriers, the chain of
//    black boxes). They never cost an event.
//
// Several edges between the same two nodes are merged into one by finalize();
// the merged edge carries an event when any of the merged edges did.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_EVENTSCHED_EVENTDAG_H
#define TILEAS_EVENTSCHED_EVENTDAG_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tileas {

/// The pipes of the machine (TMA, tensor core, transports, ALU, XU, LSU...),
/// numbered densely from 0 in the order the caller adds them. The target
/// fills it from the td machine model; tests fill it by hand.
class PipeTable {
public:
  /// Adds a pipe and returns its id. Adding a name twice returns the id the
  /// name already has.
  unsigned add(llvm::StringRef Name);
  std::optional<unsigned> lookup(llvm::StringRef Name) const;
  llvm::StringRef name(unsigned Id) const { return Names[Id]; }
  unsigned size() const { return Names.size(); }

private:
  std::vector<std::string> Names;
};

enum class EventEdgeKind : uint8_t {
  RAW,   ///< Read after write: last writer -> reader.
  WAR,   ///< Write after read: a reader since the last write -> writer.
  WAW,   ///< Write after write: last writer -> writer.
  Order, ///< Pure ordering: side-effect barrier or black-box chain.
};

/// True when a dependence of this kind needs a synchronization event once it
/// crosses pipes.
inline bool carriesEvent(EventEdgeKind K) { return K != EventEdgeKind::Order; }

llvm::StringRef toString(EventEdgeKind K);

struct EventEdge {
  unsigned From = 0;
  unsigned To = 0;
  EventEdgeKind Kind = EventEdgeKind::RAW;
};

class EventDAG {
public:
  explicit EventDAG(unsigned NumPipes) : NumPipes(NumPipes) {}

  /// Appends the next op of the block.
  unsigned addNode(unsigned Pipe, llvm::StringRef Name = "");
  /// Records a dependence. Both ends must already exist.
  void addEdge(unsigned From, unsigned To, EventEdgeKind Kind);

  /// Checks the DAG (pipe ids in range, edges pointing forward) and merges
  /// duplicate edges. Required before the DAG is scheduled; adding anything
  /// afterwards un-finalizes it.
  llvm::Error finalize();
  bool isFinalized() const { return Finalized; }

  unsigned size() const { return Pipes.size(); }
  unsigned numPipes() const { return NumPipes; }
  unsigned pipe(unsigned Node) const { return Pipes[Node]; }
  llvm::StringRef name(unsigned Node) const { return Names[Node]; }

  /// All edges, sorted by (From, To); one edge per node pair once finalized.
  llvm::ArrayRef<EventEdge> edges() const { return Edges; }
  /// The out-edges of Node, sorted by To (finalized DAGs only).
  llvm::ArrayRef<EventEdge> outEdges(unsigned Node) const {
    return llvm::ArrayRef<EventEdge>(Edges).slice(
        OutBegin[Node], OutBegin[Node + 1] - OutBegin[Node]);
  }
  /// The in-edges of Node, sorted by From (finalized DAGs only).
  llvm::ArrayRef<EventEdge> inEdges(unsigned Node) const {
    return llvm::ArrayRef<EventEdge>(InEdges).slice(
        InBegin[Node], InBegin[Node + 1] - InBegin[Node]);
  }
  /// The edge From -> To, if there is one (finalized DAGs only).
  const EventEdge *findEdge(unsigned From, unsigned To) const;

private:
  unsigned NumPipes;
  std::vector<unsigned> Pipes;
  std::vector<std::string> Names;
  std::vector<EventEdge> Edges;
  std::vector<EventEdge> InEdges;
  std::vector<unsigned> OutBegin;
  std::vector<unsigned> InBegin;
  bool Finalized = false;
};

} // namespace tileas

#endif // TILEAS_EVENTSCHED_EVENTDAG_H

//===- LoopProblems.h - Scheduling problems of the loops --------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Builds, inside a running pipeline, the TileAS scheduling problem of each
// loop of a session with the same builder and options that
// tileas-generate-schedule uses, so that every scheduler's placements are
// judged against the very problem our pass solved. The problems are kept at
// stable addresses (a peer probe holds pointers to them) and indexed like
// MIRSession::loops().
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_LOOPPROBLEMS_H
#define TILEAS_BENCH_LOOPPROBLEMS_H

#include "MIRSession.h"
#include "PeerVerdict.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class MachineFunction;
struct TileASLoopProblem;
} // namespace llvm

namespace tileas {
namespace bench {

class LoopProblems {
public:
  explicit LoopProblems(const std::vector<LoopRef> &Loops);
  ~LoopProblems();

  /// Builds the problems of the loops of MF (call from an inspect pass).
  void build(llvm::MachineFunction &MF);

  /// The problem of loop K, or null when it was not built or the builder
  /// rejected the loop (error() says why).
  const llvm::TileASLoopProblem *get(unsigned K) const;
  const std::string &error(unsigned K) const { return Errors[K]; }
  /// Indexed like the loops, null where get() is null; for WindowProbe.
  const std::vector<const llvm::TileASLoopProblem *> &all() const {
    return Pointers;
  }
  /// What a peer is told about loop K (PeerVerdict.h), read from the loop
  /// when its problem was built, before any peer changed it.
  const PeerContext &context(unsigned K) const { return Contexts[K]; }

private:
  const std::vector<LoopRef> &Loops;
  std::vector<std::unique_ptr<llvm::TileASLoopProblem>> Built;
  std::vector<const llvm::TileASLoopProblem *> Pointers;
  std::vector<std::string> Errors;
  std::vector<PeerContext> Contexts;
};

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_LOOPPROBLEMS_H

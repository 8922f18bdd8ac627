//===- Coordination.cpp - What a schedule's coordination costs ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Sched/Coordination.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {

pipes::SolveInput placeSchedule(const pipes::SolveInput &In,
                                ArrayRef<OpPlacement> Ops, unsigned II) {
  pipes::SolveInput Placed = In;
  for (unsigned I = 0, E = std::min<size_t>(Ops.size(), Placed.Ops.size());
       I != E; ++I) {
    Placed.Ops[I].Stage = Ops[I].Stage;
    Placed.Ops[I].Order = Ops[I].Order;
    Placed.Ops[I].Start = Ops[I].Start;
  }
  Placed.II = II;
  return Placed;
}

Expected<pipes::SolveResult> solveCoordination(const Problem &P,
                                               const Schedule &S) {
  if (!P.Coordination || P.Coordination->Ops.size() != P.size() ||
      S.Ops.size() != P.size())
    return createStringError(inconvertibleErrorCode(),
                             "the problem's coordination does not describe "
                             "its ops");
  return pipes::solvePipes(placeSchedule(*P.Coordination, S.Ops, S.II));
}

std::string describeUnsupported(const pipes::SolveResult &R,
                                function_ref<std::string(unsigned)> OpName) {
  if (!R.Unsupported)
    return "";
  const pipes::UncoordinatedRead &U = *R.Unsupported;
  if (U.Kind == pipes::UncoordinatedRead::OverlapsNextIteration)
    return formatv("{0} and {1} share a mutex over buffers that iterations "
                   "take turns with, and the next iteration would enter it "
                   "before this one left",
                   OpName(U.R.Op), OpName(U.Producer))
        .str();
  if (U.Kind == pipes::UncoordinatedRead::BetweenRewrites)
    return formatv("{0} reads a buffer that {1} rewrites in place later in "
                   "the same iteration; reads between in-place rewrites are "
                   "not supported",
                   OpName(U.R.Op), OpName(U.Producer))
        .str();
  return formatv("{0} reads a piped value produced {1} iteration(s) earlier "
                 "by {2}; loop-carried reads of piped values are not "
                 "supported",
                 OpName(U.R.Op), U.R.Distance, OpName(U.Producer))
      .str();
}

} // namespace tileas

//===- TileASLoopProblem.h - A MIR loop as a scheduling problem -*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Builds the IR-independent scheduling problem of a single-block loop:
//
//  * one operation per instruction other than PHIs, terminators and debug
//    instructions, with the resource vector, footprint rows and latency of
//    its opcode from the generated slot tables, and its budget charges (the
//    amount read from the operand the td names);
//  * register dependences, with the producer's latency; a use of a
//    loop-carried PHI depends on the PHI's in-loop producer one iteration
//    earlier (or more, through chains of PHIs) with that producer's full
//    latency; a use tied to a def (in-place accumulation) is an Accumulate
//    edge;
//  * for a buffer allocated before the loop and rewritten in place every
//    iteration, an ordering edge from each reader of its contents to the
//    next iteration's rewrite (the write-after-read SSA does not show);
//  * memory dependences inside each memory space (global, local) between a
//    store and any other access, both within the iteration and across
//    iterations, unless memory operands prove them independent; from an
//    asynchronous producer they are async-token edges;
//  * ordering edges around instructions with unmodelled side effects
//    (barriers, pipe and mutex operations), which keep their relative order
//    and stay ordered against every memory access;
//  * constraint groups, max depths and force-serial from the function's
//    TileAS annotations; the instruction that computes the loop's branch
//    condition is pinned to stage 0 (see TileASCountedLoop);
//  * after the operations of the instructions, one for the branch that
//    closes the kernel (Problem::LoopBranch): it holds nothing, stays in
//    stage 0 and follows the exit test by the test's latency, so that the
//    kernel's next iteration never waits for the predicate.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASLOOPPROBLEM_H
#define TILEAS_TILEASLOOPPROBLEM_H

#include "TileASOptions.h"
#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Schedule.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {

class MachineBasicBlock;
class MachineInstr;
class TargetInstrInfo;

struct TileASLoopProblem {
  MachineBasicBlock *Loop = nullptr;
  /// The instruction behind each operation of the problem (block order);
  /// the loop branch's op (Problem::LoopBranch), last, has none.
  SmallVector<MachineInstr *, 32> Instrs;
  DenseMap<const MachineInstr *, unsigned> OpIndex;
  tileas::Problem Problem;
  /// Set when the loop cannot be modelled; the loop must then be left alone
  /// and this reason reported.
  std::string Unsupported;

  /// Builds the problem of the single-block loop MBB. Errors are malformed
  /// annotations (a constraint naming the wrong instruction); an unsupported
  /// loop is not an error but is reported through Unsupported.
  /// Opts give the barrier reservation and the strategy whose coordination
  /// the problem charges.
  static Expected<TileASLoopProblem> build(MachineBasicBlock &MBB,
                                           const TileASPipelinerOptions &Opts);
  /// As above, with the command line's options but ReservedBarriers (for
  /// tools that build problems outside the passes).
  static Expected<TileASLoopProblem> build(MachineBasicBlock &MBB,
                                           int ReservedBarriers);
};

/// The index of MI among the non-debug instructions of its block (PHIs and
/// terminators included): how TileAS MIR annotations name instructions.
unsigned annotationIndex(const MachineInstr &MI);

/// The placements of a schedule of LP's problem for LP's instructions alone:
/// the loop branch's op left out and the orders ranked again.
std::vector<tileas::OpPlacement>
instructionPlacements(const TileASLoopProblem &LP, const tileas::Schedule &S);

} // namespace llvm

#endif // TILEAS_TILEASLOOPPROBLEM_H

//===- TileASCoordination.h - Pipes and mutexes for a loop ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The MIR side of the solve step: describes a scheduled loop's buffered
// values (TILE and TMEM registers) to tileas::pipes::solvePipes, then writes
// the coordination it decided into the loop, next to the instructions it
// guards:
//
//   preheader:  PIPE_CREATE for every pipe (depth, bytes, barriers, agents,
//               first induction value and step); for a consumer-only pipe,
//               commit and wait for the value made before the loop;
//   loop:       PIPE_PRODUCER_ACQUIRE / PIPE_PRODUCER_COMMIT around a ring's
//               owner, PIPE_CONSUMER_WAIT before its first reader and
//               PIPE_CONSUMER_RELEASE after its last (each named by the
//               induction value of its iteration); MUTEX_LOCK / MUTEX_UNLOCK
//               around the producers and around the readers of a mutex group;
//               on Hopper, a slot that wgmmas read is released one iteration
//               late, after a reader of the next iteration (the induction
//               value minus the step: none in the first iteration), so
//               that wgmma.wait_group may leave that iteration's wgmmas in
//               flight, as CUTLASS's mainloop does;
//   exit:       for a drain, commit and wait until the producers are done;
//               the last iteration's loop-carried releases;
//               for a ring that an asynchronous unit releases, before the
//               exit's terminator, one more acquire of every slot (the
//               producer's tail), so that no release is still in flight when
//               the buffers and barriers are freed or reused.
//
// A new loop instruction takes the stage and cycle of the instruction it is
// anchored to, and sits next to it both in the block (program order, which
// prologues and epilogues follow) and in the kernel order.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASCOORDINATION_H
#define TILEAS_TILEASCOORDINATION_H

#include "Materialize/TileASCoordinationInput.h"
#include "Pipeliner/TileASCountedLoop.h"
#include "TileASOptions.h"
#include "tileas/Pipes/PipeSolve.h"
#include "tileas/Sched/Schedule.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/Support/Error.h"

#include <vector>

namespace llvm {

class MachineInstr;
struct TileASLoopSchedule;

/// A loop that materialization leaves as it was, saying why in a remark
/// (not an error): the reason, for the remark.
class LoopLeftUnchanged : public ErrorInfo<LoopLeftUnchanged> {
public:
  static char ID;
  explicit LoopLeftUnchanged(std::string Why) : Why(std::move(Why)) {}
  void log(raw_ostream &OS) const override { OS << Why; }
  std::error_code convertToErrorCode() const override {
    return inconvertibleErrorCode();
  }
  const std::string &why() const { return Why; }

private:
  std::string Why;
};

/// A loop whose schedule is sound but whose coordination TileAS cannot
/// express (a limitation, not bad input).
class UnsupportedCoordination
    : public ErrorInfo<UnsupportedCoordination, LoopLeftUnchanged> {
public:
  static char ID;
  using ErrorInfo::ErrorInfo;
};

/// A loop whose schedule came from the MIR and needs more named barriers
/// than -tileas-reserved-barriers leaves (up to all of the machine's: then
/// none): the reservation is the user's to make. A generated schedule is
/// bounded by the scheduler; its overrun is an internal error.
class BarrierShortage : public ErrorInfo<BarrierShortage, LoopLeftUnchanged> {
public:
  static char ID;
  using ErrorInfo::ErrorInfo;
};

/// A coordination instruction placed in the loop.
struct PlacedCoordination {
  MachineInstr *MI = nullptr;
  MachineInstr *Anchor = nullptr;
  bool Before = true;
};

class TileASCoordinationBuilder {
public:
  TileASCoordinationBuilder(const TileASLoopSchedule &S,
                            const TileASPipelinerOptions &Opts);

  /// Runs the solve step, numbering pipes from FirstPipeId. Errors name what
  /// the loop needs that TileAS cannot provide, or an exceeded budget (an
  /// internal error). Changes nothing.
  /// Specialized false solves it for the unspecialized form whatever the
  /// strategy (a loop that warp specialization had to give up on: its
  /// one-barrier mutexes and schedule-deep rings need no more of any budget
  /// than the warp-specialized solve the scheduler charged).
  /// AgentOf, when not empty, is the agent issuing each scheduled op
  /// (a compute warpgroup split: TileASComputeSplit.h), for the solve.
  Expected<tileas::pipes::SolveResult> solve(unsigned FirstPipeId,
                                             bool Specialized = true,
                                             ArrayRef<unsigned> AgentOf = {});
  /// As solve(), from a solve made before (solveLoopCoordination), its pipes
  /// numbered again from FirstPipeId.
  Expected<tileas::pipes::SolveResult>
  adopt(const TileASCoordinationSolve &Solved, unsigned FirstPipeId);

  /// The options the loop is materialized with.
  const TileASPipelinerOptions &options() const { return Opts; }

  /// The barrier ids the loop may use: FirstBarrier .. BarrierLimit - 1
  /// (valid after solve()).
  unsigned firstBarrier() const { return In.FirstBarrier; }
  unsigned barrierLimit() const { return In.BarrierLimit; }

  /// Writes the coordination of Solution into the preheader, loop and exit
  /// (the dedicated preheader and exit of Loop).
  void emit(const tileas::pipes::SolveResult &Solution,
            const TileASCountedLoop &Loop, MachineBasicBlock &Preheader,
            MachineBasicBlock &Exit);

  /// Warp specialization: the agent (1-based) that issues each scheduled
  /// instruction. Set before emit(): PIPE_CREATE then names the agents of
  /// each side, and emit() leaves the drains' commits and the rings' tails
  /// to emitExit, per agent.
  void setIssuingAgents(std::vector<unsigned> AgentOf) {
    IssuingAgent = std::move(AgentOf);
  }
  /// Unspecialized: the agent whose warps alone run the loop (after an
  /// earlier loop's dispatch), or 0 when every warp does. PIPE_CREATE names
  /// it for both sides.
  void setStreamAgent(unsigned Agent) { StreamAgent = Agent; }
  /// Warp specialization with compute warpgroups: the agent that reads
  /// drain pipe Pipe after the loop (the default agent where not set).
  void setDrainReader(unsigned Pipe, unsigned Agent) {
    DrainReaders[Pipe] = Agent;
  }
  unsigned drainReader(const tileas::pipes::Pipe &P) const;
  unsigned issuingAgent(int Op) const;
  unsigned producerAgent(const tileas::pipes::Pipe &P) const;

  /// Writes into Exit, the exit of Loop, the drains' commits and the rings'
  /// producer tails of the pipes Agent produces (every pipe, unspecialized),
  /// and the drains' waits if DrainWaits.
  void emitExit(const tileas::pipes::SolveResult &Solution,
                const TileASCountedLoop &Loop, MachineBasicBlock &Exit,
                unsigned Agent, bool DrainWaits);

  /// Hopper: the pipes (ids, ascending) whose release emit() made
  /// loop-carried (lateReleaseAnchor); valid after emit().
  ArrayRef<unsigned> loopCarriedReleases() const { return LateReleases; }

  ArrayRef<PlacedCoordination> placed() const { return Placed; }
  /// Every instruction emit() created, in the loop or outside it.
  ArrayRef<MachineInstr *> created() const { return Created; }

private:
  /// Who commits or releases for Op: 0 the issuing stream, 1 + event pipe
  /// for an asynchronous unit.
  unsigned unitOf(unsigned Op) const;
  void place(MachineInstr *MI, MachineInstr *Anchor, bool Before);
  /// Hopper: the reader of iteration k + 1 after which ring P's slot of
  /// iteration k is released (a loop-carried release, so that the wgmmas
  /// of iteration k + 1 may stay in flight), or -1 to release after the
  /// last reader of the same iteration. Pipes: the loop's, which a
  /// warp-specialized move must not deadlock with.
  int lateReleaseAnchor(const tileas::pipes::Pipe &P,
                        ArrayRef<tileas::pipes::Pipe> Pipes) const;
  void create(const tileas::pipes::Pipe &P, const TileASCountedLoop &Loop,
              MachineBasicBlock &MBB, MachineBasicBlock::iterator Where);

  const TileASLoopSchedule &S;
  TileASPipelinerOptions Opts;
  tileas::pipes::SolveInput In;
  /// For values defined before the loop: their defining instruction.
  SmallVector<MachineInstr *, 4> OutsideDefs;
  SmallVector<PlacedCoordination, 16> Placed;
  SmallVector<MachineInstr *, 32> Created;
  std::vector<unsigned> IssuingAgent;
  unsigned StreamAgent = 0;
  DenseMap<unsigned, unsigned> DrainReaders;
  SmallVector<unsigned, 4> LateReleases;
};

/// Hopper: the `ADDri IV, -1` in Loop that defines Iter, the iteration a
/// loop-carried release reads (TileASCoordinationBuilder::
/// lateReleaseAnchor), or null. A tile nest that counts its rings across
/// tiles counts it on the ring iteration instead of IV.
MachineInstr *loopCarriedReleaseIteration(Register Iter, Register IV,
                                          MachineBasicBlock &Loop);

/// Solves the coordination of S's loop under S's placements, pipes numbered
/// from 0: for the form Opts' strategy asks for, or, Specialized false, for
/// the unspecialized form. Changes nothing.
TileASCoordinationSolve
solveLoopCoordination(const TileASLoopSchedule &S,
                      const TileASPipelinerOptions &Opts, bool Specialized,
                      ArrayRef<unsigned> AgentOf = {});

/// Whether the function still describes S's loop to the solve as it did
/// when Solved was made: expanding an earlier loop may have replaced a value
/// the loop reads from before it, or its last reader after it.
bool isCoordinationCurrent(const TileASLoopSchedule &S,
                           const TileASPipelinerOptions &Opts,
                           const TileASCoordinationSolve &Solved);

/// Fills S.Coordination (and S.UnspecializedCoordination for a
/// warp-specialized S): the solves materialization will use.
void solveHandoffCoordination(TileASLoopSchedule &S,
                              const TileASPipelinerOptions &Opts);

} // namespace llvm

#endif // TILEAS_TILEASCOORDINATION_H

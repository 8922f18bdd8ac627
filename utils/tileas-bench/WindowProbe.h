//===- WindowProbe.h - Run WindowScheduler ----------------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Stock WindowScheduler (what -window-sched=force runs inside the
// MachinePipeliner pass) reports nothing: no remark, no annotation, only the
// expanded loop. This probe runs the same class through its public interface
// on the loops the pipeliner pass would hand it (single block, analyzable
// branch and loop, a preheader, no PHI cycle, not too many stores), with the
// same context the pass builds. A subclass overrides only two hooks to
// observe: initialize() (to say why it refused a loop) and expand() (to copy
// the chosen II and every instruction's stage and cycle before the stock
// expansion runs). It changes no decision. The benchmark runs the stock pass
// separately and compares the two outputs' MIR text, so a schedule read here
// is known to be the one the stock pass produced.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_WINDOWPROBE_H
#define TILEAS_BENCH_WINDOWPROBE_H

#include "MIRSession.h"
#include "PeerSchedule.h"

#include <string>
#include <vector>

namespace llvm {
class MachineFunctionPass;
struct TileASLoopProblem;
} // namespace llvm

namespace tileas {
namespace bench {

struct WindowCapture {
  /// The pipeliner pass would have offered the loop to WindowScheduler.
  bool Offered = false;
  /// WindowScheduler accepted the loop (initialize() succeeded).
  bool Initialized = false;
  /// It kept a schedule and expanded the loop.
  bool Expanded = false;
  unsigned BestII = 0;
  unsigned BaseII = 0; ///< II of the unfolded list schedule.
  /// Why there is no schedule (empty when Expanded).
  std::string Refusal;
  /// The schedule over the problem's operations, when Expanded and every
  /// operation was placed; otherwise ScheduleError says why not.
  bool HasSchedule = false;
  Schedule Sched;
  std::string ScheduleError;
};

/// Runs WindowScheduler on each loop of Loops (same order as Problems; a
/// null problem means the loop is not modelled and its schedule is not
/// recovered) and fills Out.
llvm::MachineFunctionPass *
createWindowProbe(const std::vector<LoopRef> &Loops,
                  const std::vector<const llvm::TileASLoopProblem *> &Problems,
                  std::vector<WindowCapture> &Out);

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_WINDOWPROBE_H

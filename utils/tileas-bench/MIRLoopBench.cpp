//===- MIRLoopBench.cpp - Every scheduler on every loop of MIR files ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "MIRLoopBench.h"
#include "Judge.h"
#include "Runners.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::bench;

void tileas::bench::runExactOn(LoopRecord &R, const BenchSettings &S) {
  if (!R.HasProblem)
    return;
  if (S.ExactMaxOps && R.ops() > S.ExactMaxOps) {
    R.Exact.Status = "skipped";
    R.Exact.Note = formatv("loops above {0} operations are not given to the "
                           "exact solver",
                           S.ExactMaxOps)
                       .str();
    return;
  }
  R.Exact = runExact(R.Prob, S.ExactTimeLimit);
  if (R.Exact.HasSchedule)
    judgeSchedule(R.Prob, R.Exact.Sched, R.ExactCheck);
}

/// Marks a peer that the time guard keeps off a file.
static void skipPeer(Outcome &O, const BenchSettings &S) {
  O.Status = "skipped";
  O.Note = formatv("time guard: peers are not run on loops above {0} "
                   "operations",
                   S.PeerMaxOps)
               .str();
}

/// Ours: "II 64 (0.2 ms)", " unverified" when the verifier rejects it; a
/// peer: its verdict when not legal ("II 56 illegal", "II 64 tileas-only").
static std::string describe(const Outcome &O, bool Peer) {
  if (!O.HasSchedule)
    return O.Status;
  std::string Verdict;
  if (Peer && !O.legal())
    Verdict = (" " + O.verdict()).str();
  else if (!Peer && !O.legal())
    Verdict = " unverified";
  return formatv("II {0}{1} ({2:f1} ms)", O.II, Verdict, O.Time.MedianMs).str();
}

Error tileas::bench::benchMIRFiles(ArrayRef<std::string> Files,
                                   StringRef Source, TargetMachine &TM,
                                   const BenchSettings &S,
                                   std::vector<LoopRecord> &Records,
                                   raw_ostream &Progress) {
  for (const std::string &Path : Files) {
    size_t Begin = Records.size();
    if (Error E = runOurs(Path, Source, TM, S, Records))
      return E;
    MutableArrayRef<LoopRecord> Loops =
        MutableArrayRef<LoopRecord>(Records).drop_front(Begin);
    unsigned Largest = 0;
    for (LoopRecord &R : Loops) {
      Largest = std::max(Largest, R.ops());
      if (S.RunExact)
        runExactOn(R, S);
    }
    bool Guarded = S.PeerMaxOps && Largest > S.PeerMaxOps;
    if (S.RunSMS && !Guarded)
      runSMS(Path, TM, S, Loops);
    if (S.RunWindow && !Guarded)
      runWindow(Path, TM, S, Loops);
    for (LoopRecord &R : Loops) {
      if (Guarded) {
        skipPeer(R.SMS, S);
        skipPeer(R.Window, S);
      }
      Progress << formatv("{0} {1} ({2} ops, MII {3}): ours {4}; sms {5}; "
                          "window {6}; exact {7}\n",
                          Source, R.Name, R.ops(), R.Bounds.mii(),
                          describe(R.Ours, false), describe(R.SMS, true),
                          describe(R.Window, true), R.Exact.Status);
      Progress.flush();
    }
  }
  return Error::success();
}

//===- Judge.cpp - Every schedule through the TileAS verifier -------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Judge.h"
#include "LoopMetrics.h"

#include "tileas/ProblemIO/JSONResult.h"
#include "tileas/Sched/Verifier.h"

using namespace tileas;
using namespace tileas::bench;

/// Judges S into O; returns the violations found.
static std::vector<Violation> judge(const Problem &P, Schedule S, Outcome &O) {
  O.HasSchedule = true;
  O.Status = "scheduled";
  O.II = S.II;
  O.Stages = S.StageCount;
  std::vector<Violation> Found = verifySchedule(P, S);
  O.Verified = Found.empty();
  O.Violations = Found.size();
  O.Violation.clear();
  if (!Found.empty())
    O.Violation =
        (violationKindName(Found.front().Kind) + ": " + Found.front().Message)
            .str();
  O.MaxLive = maxLiveValues(P, S);
  O.Sched = std::move(S);
  return Found;
}

void tileas::bench::judgeSchedule(const Problem &P, Schedule S, Outcome &O) {
  judge(P, std::move(S), O);
}

void tileas::bench::judgePeerSchedule(const Problem &P, Schedule S,
                                      const PeerContext &C, Outcome &O) {
  std::vector<Violation> Found = judge(P, std::move(S), O);
  O.Judged = classifyViolations(P, O.Sched, Found, C);
}

//===- MachSuiteBench.cpp - Ours against the optimum on MachSuite ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "MachSuiteBench.h"
#include "Judge.h"
#include "Runners.h"

#include "tileas/ProblemIO/ProblemLoader.h"
#include "tileas/Sched/Scheduler.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::bench;

/// "graph10" after "graph9": compares the text before the trailing digits,
/// then their value.
static bool naturalLess(StringRef A, StringRef B) {
  auto Split = [](StringRef S) {
    size_t Digits = S.size() - S.rtrim("0123456789").size();
    uint64_t N = 0;
    S.take_back(Digits).getAsInteger(10, N);
    return std::make_pair(S.drop_back(Digits), N);
  };
  auto [PA, NA] = Split(A);
  auto [PB, NB] = Split(B);
  if (PA != PB)
    return PA < PB;
  if (NA != NB)
    return NA < NB;
  return A < B;
}

/// The graphs under Dir as paths relative to it, without the extension.
static Expected<std::vector<std::string>> findGraphs(StringRef Dir) {
  std::vector<std::string> Names;
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef Path = It->path();
    if (!Path.ends_with(".graphml"))
      continue;
    StringRef Rel = Path.drop_front(Dir.size()).ltrim('/');
    Names.push_back(Rel.drop_back(strlen(".graphml")).str());
  }
  if (EC)
    return createStringError(EC, "cannot list " + Dir + ": " + EC.message());
  if (Names.empty())
    return createStringError(inconvertibleErrorCode(),
                             Dir + ": no .graphml file");
  llvm::stable_sort(Names, [](const std::string &A, const std::string &B) {
    return naturalLess(A, B);
  });
  return Names;
}

Error tileas::bench::benchMachSuite(StringRef Dir, const BenchSettings &S,
                                    std::vector<LoopRecord> &Records,
                                    raw_ostream &Progress) {
  Expected<std::vector<std::string>> Names = findGraphs(Dir);
  if (!Names)
    return Names.takeError();
  SchedulerOptions Opts = S.Core;
  Opts.ForceModulo = true;
  for (const std::string &Name : *Names) {
    LoopRecord R;
    R.Name = Name;
    R.Source = "machsuite";
    R.Path = (Dir + "/" + Name + ".graphml").str();
    Expected<Problem> P = loadProblemFile(R.Path, LoadOptions());
    if (!P)
      return P.takeError();
    R.HasProblem = true;
    R.Prob = std::move(*P);
    R.Bounds = computeBounds(R.Prob, Opts);
    ScheduleResult Result;
    R.Ours.Time = measure(S.Repeats, [&] {
      double Start = nowMs();
      Result = scheduleLoop(R.Prob, Opts);
      return nowMs() - Start;
    });
    R.OursCore = R.Ours.Time;
    if (Result.Success) {
      judgeSchedule(R.Prob, Result.Sched, R.Ours);
    } else {
      R.Ours.Status = "no-schedule";
      R.Ours.Note = Result.Failure.Reason;
    }
    if (S.RunExact)
      runExactOn(R, S);
    Progress << formatv(
        "machsuite {0} ({1} ops, MII {2}): ours {3}{4}; "
        "exact {5} {6}\n",
        R.Name, R.ops(), R.Bounds.mii(), R.Ours.HasSchedule ? "II " : "",
        R.Ours.HasSchedule ? std::to_string(R.Ours.II) : R.Ours.Status,
        R.Exact.Status, R.Exact.II);
    Progress.flush();
    Records.push_back(std::move(R));
  }
  return Error::success();
}

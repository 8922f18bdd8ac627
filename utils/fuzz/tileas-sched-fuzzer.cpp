//===- tileas-sched-fuzzer.cpp - libFuzzer target: readers and scheduler --===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// One input is one problem, optionally followed by a schedule:
//
//   <graphml text> "\n@@RM@@\n" <resource model>      (starts with '<')
//   0x01 <bytes>                     (a problem built directly from bytes)
//   <problem text> ["\n@@SCHEDULE@@\n" <schedule text>]  (anything else)
//
// The byte-built mode always yields a valid problem, so the scheduler sees
// far more well-formed inputs than text mutation alone would give it.
//
// Properties checked (a violation aborts, so libFuzzer keeps the input):
//  * readers never crash, and reject only with a ParseError naming the file;
//  * a problem a reader accepts is within the size caps of ProblemSize.h
//    (fuzz.test runs inputs up to 64 KB, enough to reach them);
//  * the canonical text of an accepted problem reads back to the same text;
//  * every schedule the scheduler calls a success passes the independent
//    verifier, has II >= the MII it reported, is the same on a rerun, and
//    survives the schedule text form;
//  * the verifier and the JSON writer survive any schedule file.
//
//===----------------------------------------------------------------------===//

#include "tileas/ProblemIO/HatScheT.h"
#include "tileas/ProblemIO/JSONResult.h"
#include "tileas/ProblemIO/ParseError.h"
#include "tileas/ProblemIO/TextFormat.h"
#include "tileas/Sched/ProblemSize.h"
#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "llvm/Support/raw_ostream.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdlib>
#include <optional>

using namespace llvm;
using namespace tileas;

namespace {

[[noreturn]] void fail(const Twine &Msg, const Problem *P = nullptr) {
  errs() << "tileas-sched-fuzzer: " << Msg << '\n';
  if (P) {
    errs() << "--- problem ---\n";
    writeProblemText(errs(), *P);
  }
  errs().flush();
  std::abort();
}

/// A rejected input must carry a ParseError with a file name and a message.
void checkRejection(Error E, StringRef File) {
  handleAllErrors(
      std::move(E),
      [&](const ParseError &PE) {
        if (PE.file() != File || PE.text().empty())
          fail("malformed diagnostic: " + PE.message());
      },
      [&](const ErrorInfoBase &Other) {
        fail("reader returned a non-ParseError: " + Other.message());
      });
}

std::string textOf(const Problem &P) {
  std::string S;
  raw_string_ostream OS(S);
  writeProblemText(OS, P);
  return S;
}

void checkRoundTrip(const Problem &P) {
  std::string Once = textOf(P);
  Expected<Problem> Back = readProblemText(Once, "roundtrip.tsp");
  if (!Back)
    fail("canonical text does not read back: " + toString(Back.takeError()),
         &P);
  if (textOf(*Back) != Once)
    fail("canonical text is not a fixpoint", &P);
}

/// Keeps one run short: every failing attempt of the II search spends its
/// whole placement budget, and big latencies and durations make the range
/// of IIs it searches long. Such problems are parsed, not scheduled.
bool smallEnough(const Problem &P) {
  if (P.size() > 40 || P.dependences().size() > 160)
    return false;
  for (const Operation &Op : P.operations()) {
    for (const SlotUse &U : Op.Slots)
      if (U.Duration > 64)
        return false;
    for (const PoolUse &U : Op.Pools)
      if (U.Duration > 64)
        return false;
  }
  for (const Dependence &D : P.dependences())
    if (D.Latency > 256 || D.Latency < -256 || D.Distance > 16)
      return false;
  return true;
}

bool sameSchedule(const Schedule &A, const Schedule &B) {
  if (A.II != B.II || A.StageCount != B.StageCount ||
      A.Ops.size() != B.Ops.size())
    return false;
  for (size_t I = 0; I < A.Ops.size(); ++I)
    if (A.Ops[I].Start != B.Ops[I].Start || A.Ops[I].Stage != B.Ops[I].Stage ||
        A.Ops[I].Order != B.Ops[I].Order)
      return false;
  return true;
}

void checkScheduler(const Problem &P, const SchedulerOptions &Opts,
                    StringRef Mode, bool Rerun) {
  if (std::getenv("TILEAS_FUZZ_DUMP"))
    errs() << "--- scheduling: " << Mode << '\n';
  ScheduleResult R = scheduleLoop(P, Opts);
  // The JSON writer must cope with whatever came back.
  raw_null_ostream Null;
  ResultReport Report;
  Report.Bounds = R.Bounds;
  Report.Sched = R.Success ? &R.Sched : nullptr;
  Report.Failure = R.Success ? nullptr : &R.Failure;
  writeResultJSON(Null, P, Report);
  if (!R.Success)
    return;

  std::vector<Violation> V = verifySchedule(P, R.Sched, Opts.MaxStages);
  if (!V.empty()) {
    std::string All;
    for (const Violation &X : V)
      All += "\n  " + violationKindName(X.Kind).str() + ": " + X.Message;
    std::string Sched;
    raw_string_ostream OS(Sched);
    writeScheduleText(OS, P, R.Sched);
    fail(Mode + ": the verifier rejected a schedule reported as success:" +
             All + "\n--- schedule ---\n" + Sched,
         &P);
  }
  unsigned MII = R.Bounds.mii();
  if (MII != InfeasibleII && R.Sched.II < MII)
    fail(Mode + ": legal schedule at II " + Twine(R.Sched.II) +
             " below the reported MII " + Twine(MII),
         &P);
  if (MII == InfeasibleII)
    fail(Mode + ": a legal schedule exists for a problem whose bounds say "
                "no II is feasible",
         &P);
  // The schedule text form carries the schedule exactly.
  std::string Text;
  raw_string_ostream TextOS(Text);
  writeScheduleText(TextOS, P, R.Sched);
  Expected<Schedule> Back = readScheduleText(Text, "roundtrip.sched", P);
  if (!Back)
    fail(Mode + ": the schedule text does not read back: " +
             toString(Back.takeError()),
         &P);
  if (!sameSchedule(R.Sched, *Back))
    fail(Mode + ": the schedule text does not round-trip", &P);
  if (!Rerun)
    return;
  ScheduleResult Again = scheduleLoop(P, Opts);
  if (!Again.Success || !sameSchedule(R.Sched, Again.Sched))
    fail(Mode + ": scheduling the same problem twice gave different results",
         &P);
}

void checkProblem(const Problem &P, StringRef ScheduleText) {
  // To reproduce a crash inside the core with tileas-sched, run the fuzzer on
  // the artifact with TILEAS_FUZZ_DUMP=1: the problem is printed first.
  if (std::getenv("TILEAS_FUZZ_DUMP")) {
    writeProblemText(errs(), P);
    errs().flush();
  }
  if (std::optional<SizeExcess> Excess = findSizeExcess(P))
    fail("accepted a problem over a size cap at op " + Twine(Excess->Op) +
         ": " + Excess->Message);
  checkRoundTrip(P);
  if (!ScheduleText.empty()) {
    Expected<Schedule> S = readScheduleText(ScheduleText, "fuzz.sched", P);
    if (!S) {
      checkRejection(S.takeError(), "fuzz.sched");
    } else {
      std::vector<Violation> V = verifySchedule(P, *S);
      (void)computeBudgetUsage(P, *S);
      raw_null_ostream Null;
      ResultReport Report;
      Report.Sched = &*S;
      Report.Violations = V;
      writeResultJSON(Null, P, Report);
    }
  }
  if (!smallEnough(P))
    return;
  SchedulerOptions Opts;
  Opts.MaxII = 0;
  // The default path picks one of the two generators; each is also forced,
  // and the modulo one under a stage limit. Determinism is checked once.
  checkScheduler(P, Opts, "default", /*Rerun=*/true);
  Opts.ForceModulo = true;
  checkScheduler(P, Opts, "modulo", /*Rerun=*/false);
  Opts.MaxStages = 2;
  checkScheduler(P, Opts, "modulo, 2 stages", /*Rerun=*/false);
  Opts.MaxStages = 0;
  Opts.ForceModulo = false;
  Opts.ForceSerial = true;
  checkScheduler(P, Opts, "serial", /*Rerun=*/false);
}

/// Builds a valid problem from bytes: a few slots, pools, budgets and groups,
/// up to 16 ops using them and up to 32 dependences (enough to reach every
/// placement arm while keeping a run short).
Problem buildProblem(FuzzedDataProvider &In) {
  Problem P;
  P.Name = "fuzz-built";
  ResourceModel &M = P.model();
  unsigned NumSlots = In.ConsumeIntegralInRange<unsigned>(0, 6);
  for (unsigned I = 0; I < NumSlots; ++I) {
    unsigned Id = In.ConsumeIntegralInRange<unsigned>(1, MaxSlotId);
    if (M.findSlot(Id))
      continue;
    SlotKind Kind =
        In.PickValueInArray({SlotKind::Coarse, SlotKind::Fine, SlotKind::Test});
    M.addSlot(Id, "s" + std::to_string(Id), Kind);
  }
  unsigned NumPools = In.ConsumeIntegralInRange<unsigned>(0, 3);
  for (unsigned I = 0; I < NumPools; ++I)
    M.addPool("p" + std::to_string(I), In.ConsumeIntegralInRange(1u, 4u));
  unsigned NumBudgets = In.ConsumeIntegralInRange<unsigned>(0, 2);
  for (unsigned I = 0; I < NumBudgets; ++I)
    M.addBudget("b" + std::to_string(I),
                In.ConsumeIntegralInRange<uint64_t>(0, 100000));
  unsigned NumGroups = In.ConsumeIntegralInRange<unsigned>(0, 3);
  for (unsigned I = 0; I < NumGroups; ++I) {
    GroupDesc G;
    G.Id = I;
    // A leader declared before: chains of leaders end (validate refuses
    // cycles).
    G.Leader = In.ConsumeIntegralInRange<int>(-1, int(I) - 1);
    G.MaxDepth = In.ConsumeIntegralInRange<unsigned>(0, 3);
    P.addGroup(G);
  }

  unsigned NumOps = In.ConsumeIntegralInRange<unsigned>(1, 16);
  for (unsigned I = 0; I < NumOps; ++I) {
    Operation Op;
    Op.Name = "o" + std::to_string(I);
    for (const SlotDesc &S : M.slots())
      if (In.ConsumeBool())
        Op.Slots.push_back(
            {S.Id, In.ConsumeIntegralInRange<unsigned>(1, 8), 1});
    for (unsigned K = 0; K < M.pools().size(); ++K)
      if (In.ConsumeBool())
        Op.Pools.push_back(
            {K, In.ConsumeIntegralInRange<unsigned>(0, M.pools()[K].Capacity),
             In.ConsumeIntegralInRange<unsigned>(1, 4)});
    for (unsigned K = 0; K < M.budgets().size(); ++K)
      if (In.ConsumeBool())
        Op.Budgets.push_back({K, In.ConsumeIntegralInRange<uint64_t>(0, 40000),
                              In.ConsumeBool() ? BudgetScaling::PerStage
                                               : BudgetScaling::PerPipe});
    if (In.ConsumeIntegralInRange(0, 3) == 0)
      Op.FootprintRows = buildFootprint(Op.Slots);
    Op.Latency = In.ConsumeIntegralInRange<unsigned>(0, 20);
    Op.Async = In.ConsumeBool();
    if (NumGroups && In.ConsumeBool())
      Op.Group = In.ConsumeIntegralInRange<int>(0, NumGroups - 1);
    if (In.ConsumeIntegralInRange(0, 3) == 0)
      Op.MaxDepth = In.ConsumeIntegralInRange<unsigned>(1, 4);
    P.addOperation(std::move(Op));
  }
  unsigned NumDeps = In.ConsumeIntegralInRange<unsigned>(0, 32);
  for (unsigned I = 0; I < NumDeps && In.remaining_bytes(); ++I) {
    Dependence D;
    D.From = In.ConsumeIntegralInRange<unsigned>(0, NumOps - 1);
    D.To = In.ConsumeIntegralInRange<unsigned>(0, NumOps - 1);
    D.Latency = In.ConsumeBool() ? int(P.operations()[D.From].Latency)
                                 : In.ConsumeIntegralInRange(-4, 24);
    // Mostly intra-iteration edges, as in real loops.
    unsigned Dist = In.ConsumeIntegralInRange<unsigned>(0, 7);
    D.Distance = Dist < 4 ? 0 : Dist - 3;
    D.Kind =
        In.PickValueInArray({DepKind::Data, DepKind::Accumulate,
                             DepKind::Memory, DepKind::Token, DepKind::Order});
    P.addDependence(D);
  }
  P.ForceSerial = In.ConsumeIntegralInRange(0, 15) == 0;
  if (Error E = P.validate())
    fail("the byte builder made an invalid problem: " + toString(std::move(E)),
         &P);
  return P;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef In(reinterpret_cast<const char *>(Data), Size);
  if (In.starts_with("\x01")) {
    FuzzedDataProvider Bytes(Data + 1, Size - 1);
    checkProblem(buildProblem(Bytes), "");
    return 0;
  }
  if (In.starts_with("<")) {
    auto [Graph, RM] = In.split("\n@@RM@@\n");
    Expected<Problem> P =
        readHatScheTBuffers(Graph, "fuzz.graphml", RM, "fuzz_RM.xml");
    if (!P) {
      handleAllErrors(
          P.takeError(),
          [&](const ParseError &PE) {
            if ((PE.file() != "fuzz.graphml" && PE.file() != "fuzz_RM.xml") ||
                PE.text().empty())
              fail("malformed diagnostic: " + PE.message());
          },
          [&](const ErrorInfoBase &Other) {
            fail("reader returned a non-ParseError: " + Other.message());
          });
      return 0;
    }
    checkProblem(*P, "");
    return 0;
  }
  auto [Text, Sched] = In.split("\n@@SCHEDULE@@\n");
  Expected<Problem> P = readProblemText(Text, "fuzz.tsp");
  if (!P) {
    checkRejection(P.takeError(), "fuzz.tsp");
    return 0;
  }
  checkProblem(*P, Sched);
  return 0;
}

//===- ScheduleText.cpp - Read and write schedule text files --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
//   ii <N>
//   stages <N>                                   (optional)
//   start <op> <cycle> [stage=<S>] [order=<O>]   (one per op)
//
// Values the file leaves out are derived as Schedule.h defines them, so a
// hand-written schedule needs only II and starts, while stage, order and
// stage count can still be given (wrongly, if a test wants the verifier to
// see that). Starts may be negative and II may be 0 for the same reason.
//
//===----------------------------------------------------------------------===//

#include "InputFile.h"
#include "LineLexer.h"

#include "tileas/ProblemIO/Limits.h"
#include "tileas/ProblemIO/ParseError.h"
#include "tileas/ProblemIO/TextFormat.h"

#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <numeric>
#include <optional>

using namespace llvm;

namespace tileas {

namespace {

class ScheduleTextReader {
public:
  ScheduleTextReader(StringRef Buffer, StringRef Name, const Problem &P)
      : R(Buffer, Name), P(P) {}
  Expected<Schedule> read();

private:
  Error readDirective(StringRef Keyword, ArrayRef<LineToken> Toks);
  Error readII(ArrayRef<LineToken> Toks);
  Error readStages(ArrayRef<LineToken> Toks);
  Error readStart(ArrayRef<LineToken> Toks);
  Expected<std::optional<int64_t>>
  optionalKey(const Directive &D, StringRef Key, const Twine &What);

  DirectiveReader R;
  const Problem &P;
  StringMap<unsigned> OpIndex;
  unsigned IILine = 0, StagesLine = 0;
  Schedule S;
  std::vector<unsigned> StartLine; ///< 0 = no start yet.
  std::vector<std::optional<int64_t>> GivenStage, GivenOrder;
};

} // namespace

Expected<std::optional<int64_t>>
ScheduleTextReader::optionalKey(const Directive &D, StringRef Key,
                                const Twine &What) {
  const KeyValue *KV = D.key(Key);
  if (!KV)
    return std::nullopt;
  Expected<const LineToken *> T = R.single(*KV);
  if (!T)
    return T.takeError();
  Expected<int64_t> V = R.number(**T, What, 0, limits::MaxCycle);
  if (!V)
    return V.takeError();
  return std::optional<int64_t>(*V);
}

Error ScheduleTextReader::readDirective(StringRef Keyword,
                                        ArrayRef<LineToken> Toks) {
  if (Keyword == "ii")
    return readII(Toks);
  if (Keyword == "stages")
    return readStages(Toks);
  if (Keyword == "start")
    return readStart(Toks);
  return R.error("unknown directive '" + Keyword +
                 "' (expected ii, stages or start)");
}

Error ScheduleTextReader::readII(ArrayRef<LineToken> Toks) {
  Directive D;
  if (Error E = R.parse(Toks, 1, {}, {}, D))
    return E;
  if (IILine)
    return R.error("'ii' is given twice (first at line " + Twine(IILine) + ")");
  IILine = R.line();
  Expected<int64_t> II =
      R.number(D.Positional[0], "the II", 0, limits::MaxCycle);
  if (!II)
    return II.takeError();
  S.II = *II;
  return Error::success();
}

Error ScheduleTextReader::readStages(ArrayRef<LineToken> Toks) {
  Directive D;
  if (Error E = R.parse(Toks, 1, {}, {}, D))
    return E;
  if (StagesLine)
    return R.error("'stages' is given twice (first at line " +
                   Twine(StagesLine) + ")");
  StagesLine = R.line();
  Expected<int64_t> N =
      R.number(D.Positional[0], "the stage count", 0, limits::MaxCycle);
  if (!N)
    return N.takeError();
  S.StageCount = *N;
  return Error::success();
}

Error ScheduleTextReader::readStart(ArrayRef<LineToken> Toks) {
  Directive D;
  if (Error E = R.parse(Toks, 2, {"stage", "order"}, {}, D))
    return E;
  auto It = OpIndex.find(D.Positional[0].Text);
  if (It == OpIndex.end())
    return R.error("op '" + D.Positional[0].Text +
                   "' is not an op of the problem");
  unsigned Op = It->second;
  if (StartLine[Op])
    return R.error("op '" + D.Positional[0].Text +
                   "' has a second start (first at line " +
                   Twine(StartLine[Op]) + ")");
  StartLine[Op] = R.line();
  Expected<int64_t> Start = R.number(
      D.Positional[1], "the start of op '" + D.Positional[0].Text + "'",
      -limits::MaxCycle, limits::MaxCycle);
  if (!Start)
    return Start.takeError();
  S.Ops[Op].Start = *Start;
  Expected<std::optional<int64_t>> Stage =
      optionalKey(D, "stage", "the stage of op '" + D.Positional[0].Text + "'");
  if (!Stage)
    return Stage.takeError();
  GivenStage[Op] = *Stage;
  Expected<std::optional<int64_t>> Order =
      optionalKey(D, "order", "the order of op '" + D.Positional[0].Text + "'");
  if (!Order)
    return Order.takeError();
  GivenOrder[Op] = *Order;
  return Error::success();
}

Expected<Schedule> ScheduleTextReader::read() {
  unsigned N = P.size();
  for (unsigned I = 0; I != N; ++I)
    OpIndex.try_emplace(P.operations()[I].Name, I);
  S.Ops.resize(N);
  StartLine.assign(N, 0);
  GivenStage.assign(N, std::nullopt);
  GivenOrder.assign(N, std::nullopt);

  SmallVector<LineToken, 8> Toks;
  for (;;) {
    Expected<bool> More = R.nextLine(Toks);
    if (!More)
      return More.takeError();
    if (!*More)
      break;
    if (Toks[0].Kind != LineToken::Word)
      return R.error("expected a directive keyword at the start of the line");
    StringRef Keyword = Toks[0].Text;
    if (Error E = readDirective(Keyword, Toks))
      return std::move(E);
  }
  if (!IILine)
    return R.error(0, "the schedule has no 'ii' line");
  for (unsigned I = 0; I != N; ++I)
    if (!StartLine[I])
      return R.error(0,
                     "op '" + P.operations()[I].Name + "' has no 'start' line");

  // Derive what was left out (Schedule.h): Stage = Start / II, Order = rank
  // by (Start, index), stage count = max stage + 1.
  std::vector<unsigned> Rank(N);
  std::iota(Rank.begin(), Rank.end(), 0);
  std::stable_sort(Rank.begin(), Rank.end(), [&](unsigned A, unsigned B) {
    return S.Ops[A].Start < S.Ops[B].Start;
  });
  for (unsigned Pos = 0; Pos != N; ++Pos)
    if (!GivenOrder[Rank[Pos]])
      GivenOrder[Rank[Pos]] = Pos;
  unsigned MaxStage = 0;
  for (unsigned I = 0; I != N; ++I) {
    OpPlacement &Pl = S.Ops[I];
    if (GivenStage[I])
      Pl.Stage = *GivenStage[I];
    else
      Pl.Stage = S.II && Pl.Start >= 0 ? Pl.Start / S.II : 0;
    Pl.Order = *GivenOrder[I];
    MaxStage = std::max(MaxStage, Pl.Stage);
  }
  if (!StagesLine)
    S.StageCount = N ? MaxStage + 1 : 0;
  return std::move(S);
}

Expected<Schedule> readScheduleText(StringRef Buffer, StringRef Name,
                                    const Problem &P) {
  return ScheduleTextReader(Buffer, Name, P).read();
}

Expected<Schedule> readScheduleTextFile(StringRef Path, const Problem &P) {
  Expected<std::unique_ptr<MemoryBuffer>> Buf = readInputFile(Path);
  if (!Buf)
    return Buf.takeError();
  return readScheduleText((*Buf)->getBuffer(), Path, P);
}

void writeScheduleText(raw_ostream &OS, const Problem &P, const Schedule &S) {
  OS << "ii " << S.II << "\nstages " << S.StageCount << '\n';
  for (unsigned I = 0, E = std::min<size_t>(P.size(), S.Ops.size()); I != E;
       ++I) {
    const OpPlacement &Pl = S.Ops[I];
    OS << "start ";
    writeName(OS, P.operations()[I].Name);
    OS << ' ' << Pl.Start << " stage=" << Pl.Stage << " order=" << Pl.Order
       << '\n';
  }
}

} // namespace tileas

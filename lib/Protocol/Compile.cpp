//===- Compile.cpp - Validation and lowering of a protocol program --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Compile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <utility>

using namespace llvm;

namespace tileas {
namespace protocol {
namespace detail {

namespace {

// Limits that keep the lowered tables and the packed states small; a program
// beyond them is reported as malformed rather than allocated.
constexpr uint64_t MaxTotalSlots = 1u << 20;
constexpr unsigned MaxUnits = 1u << 12;
constexpr uint64_t MaxSteps = 1u << 28;

std::string stepName(const Program &P, size_t I) {
  std::string Out;
  raw_string_ostream OS(Out);
  OS << "step " << I;
  if (!P.Trace[I].Where.empty())
    OS << " (`" << P.Trace[I].Where << "`)";
  return Out;
}

bool fail(std::string &Err, const Twine &Msg) {
  Err = Msg.str();
  return false;
}

/// Lowers a program step by step: each step validates what it lowers and
/// reports the first problem in Err.
class Lowering {
public:
  Lowering(const Program &P, CompiledProgram &Out, std::string &Err)
      : P(P), Out(Out), Err(Err) {}

  bool run() {
    Out = CompiledProgram();
    Out.Source = &P;
    return checkLimits() && lowerIssuers() && lowerPipes() && indexMutexes() &&
           validateSteps() && lowerItems() && lowerSteps();
  }

private:
  bool checkLimits();
  bool lowerIssuers();
  bool lowerPipes();
  bool indexMutexes();
  bool validateSteps();
  bool validateStep(size_t I);
  bool lowerItems();
  bool lowerSteps();
  bool lowerStep(size_t I);
  void lowerPipeAction(const Action &A, CompiledAction &C);

  const Program &P;
  CompiledProgram &Out;
  std::string &Err;
  // std::map, not DenseMap: every unsigned is a valid id.
  std::map<unsigned, unsigned> PipeIndex;
  std::map<unsigned, unsigned> MutexIndex;
  /// The first ring slot of each pipe (by index).
  std::vector<uint32_t> SlotBase;
  /// (pipe index, iteration) of every data item, sorted.
  std::vector<std::pair<unsigned, int64_t>> ItemKeys;
};

bool Lowering::checkLimits() {
  if (P.NumUnits > MaxUnits)
    return fail(Err, "too many units: " + Twine(P.NumUnits) + " (at most " +
                         Twine(MaxUnits) + ")");
  if (P.Trace.size() > MaxSteps)
    return fail(Err, "trace too long: " + Twine(uint64_t(P.Trace.size())) +
                         " steps");
  return true;
}

bool Lowering::lowerIssuers() {
  Out.NumIssuers = P.numIssuers();
  Out.NumAgents = Out.NumIssuers + P.NumUnits;
  Out.StartAfter.resize(Out.NumIssuers);
  for (unsigned I = 0; I != P.Issuers.size(); ++I)
    for (auto [J, N] : P.Issuers[I].StartAfter) {
      if (I == 0 || J >= Out.NumIssuers || J == I)
        return fail(Err, "issuer " + Twine(I) + " starts after issuer " +
                             Twine(J) +
                             (I == 0 ? ", but issuer 0 starts at once"
                                     : ", which is not another issuer"));
      Out.StartAfter[I].push_back({J, N});
    }
  return true;
}

/// Pipes: ids unique, 1 <= depth <= MaxPipeDepth; FULL[s] and EMPTY[s] of
/// pipe index I are barriers SlotBase[I] * 2 + 2s and + 1, its ring slots
/// SlotBase[I] + s.
bool Lowering::lowerPipes() {
  uint64_t TotalSlots = 0;
  for (unsigned I = 0, E = P.Pipes.size(); I != E; ++I) {
    const PipeConfig &C = P.Pipes[I];
    if (!PipeIndex.try_emplace(C.Id, I).second)
      return fail(Err, "pipe " + Twine(C.Id) + " is declared twice");
    if (C.Depth == 0 || C.Depth > MaxPipeDepth)
      return fail(Err, "pipe " + Twine(C.Id) + " has depth " + Twine(C.Depth) +
                           " (must be in [1, " + Twine(MaxPipeDepth) + "])");
    SlotBase.push_back(uint32_t(TotalSlots));
    TotalSlots += C.Depth;
    if (TotalSlots > MaxTotalSlots)
      return fail(Err, "too many ring slots over all pipes");
  }
  Out.NumSlots = unsigned(TotalSlots);
  Out.Barriers.resize(TotalSlots * 2);
  for (unsigned I = 0, E = P.Pipes.size(); I != E; ++I)
    for (unsigned S = 0; S != P.Pipes[I].Depth; ++S)
      for (unsigned F = 0; F != 2; ++F)
        Out.Barriers[(SlotBase[I] + S) * 2 + F] = BarrierInfo{I, S, F == 0};
  return true;
}

bool Lowering::indexMutexes() {
  for (unsigned I = 0, E = P.Mutexes.size(); I != E; ++I)
    if (!MutexIndex.try_emplace(P.Mutexes[I], I).second)
      return fail(Err, "mutex " + Twine(P.Mutexes[I]) + " is declared twice");
  return true;
}

/// Validates every step and collects the data items.
bool Lowering::validateSteps() {
  for (size_t I = 0, E = P.Trace.size(); I != E; ++I)
    if (!validateStep(I))
      return false;
  return true;
}

bool Lowering::validateStep(size_t I) {
  const Step &St = P.Trace[I];
  const Action &A = St.A;
  if (St.Agent > P.NumUnits)
    return fail(Err, stepName(P, I) + ": agent " + Twine(St.Agent) +
                         " out of range (the program has " + Twine(P.NumUnits) +
                         " units)");
  if (St.Issuer >= Out.NumIssuers)
    return fail(Err, stepName(P, I) + ": issuer " + Twine(St.Issuer) +
                         " out of range (the program has " +
                         Twine(Out.NumIssuers) + " issuers)");
  if (unsigned(A.Kind) > unsigned(ActionKind::Compute))
    return fail(Err, stepName(P, I) + ": invalid action kind " +
                         Twine(unsigned(A.Kind)));
  if (A.HasOverride && !isBarrierAction(A.Kind))
    return fail(Err, stepName(P, I) + ": " + toString(A.Kind) +
                         " cannot carry a slot/parity override");
  if (isMutexAction(A.Kind) && !MutexIndex.count(A.Id))
    return fail(Err, stepName(P, I) + ": unknown mutex " + Twine(A.Id));
  if (!isPipeAction(A.Kind))
    return true;
  auto It = PipeIndex.find(A.Id);
  if (It == PipeIndex.end())
    return fail(Err, stepName(P, I) + ": unknown pipe " + Twine(A.Id));
  if (A.Iter < 0)
    return fail(Err, stepName(P, I) + ": negative iteration " + Twine(A.Iter));
  unsigned Depth = P.Pipes[It->second].Depth;
  if (A.HasOverride && A.Slot >= Depth)
    return fail(Err, stepName(P, I) + ": override slot " + Twine(A.Slot) +
                         " out of range (pipe " + Twine(A.Id) + " has depth " +
                         Twine(Depth) + ")");
  if (A.HasOverride && A.Parity > 1)
    return fail(Err, stepName(P, I) + ": override parity " + Twine(A.Parity) +
                         " is not 0 or 1");
  if (A.Kind == ActionKind::Write || A.Kind == ActionKind::Read ||
      A.Kind == ActionKind::ConsumerRelease)
    ItemKeys.emplace_back(It->second, A.Iter);
  return true;
}

bool Lowering::lowerItems() {
  llvm::sort(ItemKeys);
  ItemKeys.erase(std::unique(ItemKeys.begin(), ItemKeys.end()), ItemKeys.end());
  for (auto [PipeI, Iter] : ItemKeys) {
    uint64_t Depth = P.Pipes[PipeI].Depth;
    Out.Items.push_back(ItemInfo{
        PipeI, Iter, uint32_t(SlotBase[PipeI] + uint64_t(Iter) % Depth)});
  }
  return true;
}

bool Lowering::lowerSteps() {
  Out.Seqs.assign(Out.NumAgents, {});
  Out.Feeder.assign(Out.NumAgents, None);
  Out.IssuerPos.resize(P.Trace.size());
  Out.Actions.resize(P.Trace.size());
  for (size_t I = 0, E = P.Trace.size(); I != E; ++I)
    if (!lowerStep(I))
      return false;
  return true;
}

bool Lowering::lowerStep(size_t I) {
  const Step &St = P.Trace[I];
  const Action &A = St.A;
  CompiledAction &C = Out.Actions[I];
  C.Kind = A.Kind;
  Out.IssuerPos[I] = uint32_t(Out.Seqs[St.Issuer].size());
  Out.Seqs[St.Issuer].push_back(uint32_t(I));
  if (St.Agent != 0) {
    unsigned U = Out.performerOf(uint32_t(I));
    // Two issuers feeding one unit would make its queue order depend on
    // the interleaving, and the positions would no longer be the state.
    if (Out.Feeder[U] != None && Out.Feeder[U] != St.Issuer)
      return fail(Err, stepName(P, I) + ": unit " + Twine(St.Agent) +
                           " is fed by issuers " + Twine(Out.Feeder[U]) +
                           " and " + Twine(St.Issuer) +
                           " (a unit has one issuer)");
    Out.Feeder[U] = St.Issuer;
    Out.Seqs[U].push_back(uint32_t(I));
  }
  if (isMutexAction(A.Kind))
    C.Mutex = MutexIndex.find(A.Id)->second;
  else if (isPipeAction(A.Kind))
    lowerPipeAction(A, C);
  return true;
}

/// The barrier and parity of a pipe action, and the item it touches.
void Lowering::lowerPipeAction(const Action &A, CompiledAction &C) {
  unsigned PipeI = PipeIndex.find(A.Id)->second;
  uint64_t Depth = P.Pipes[PipeI].Depth;
  uint64_t K = uint64_t(A.Iter);
  unsigned Slot = A.HasOverride ? A.Slot : unsigned(K % Depth);
  unsigned Phase = unsigned((K / Depth) & 1);
  uint32_t Base = (SlotBase[PipeI] + Slot) * 2;
  switch (A.Kind) {
  case ActionKind::ProducerAcquire:
    C.Barrier = Base + 1;
    C.Parity = uint8_t(A.HasOverride ? A.Parity : Phase ^ 1);
    break;
  case ActionKind::ProducerCommit:
    C.Barrier = Base;
    break;
  case ActionKind::ConsumerWait:
    C.Barrier = Base;
    C.Parity = uint8_t(A.HasOverride ? A.Parity : Phase);
    break;
  case ActionKind::ConsumerRelease:
    C.Barrier = Base + 1;
    break;
  default:
    break;
  }
  if (A.Kind == ActionKind::Write || A.Kind == ActionKind::Read ||
      A.Kind == ActionKind::ConsumerRelease) {
    auto It = llvm::lower_bound(ItemKeys, std::make_pair(PipeI, A.Iter));
    C.Item = uint32_t(It - ItemKeys.begin());
  }
}

} // namespace

bool compileProgram(const Program &P, CompiledProgram &Out, std::string &Err) {
  return Lowering(P, Out, Err).run();
}

} // namespace detail
} // namespace protocol
} // namespace tileas

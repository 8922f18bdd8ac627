//===- PeerVerdict.cpp - Whose fault is a peer's violation ----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PeerVerdict.h"

#include "tileas/ProblemIO/JSONResult.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::bench;

StringRef tileas::bench::blameName(Blame B) {
  switch (B) {
  case Blame::Peer:
    return "peer";
  case Blame::Unseen:
    return "unseen";
  case Blame::Harness:
    return "harness";
  }
  llvm_unreachable("unknown blame");
}

namespace {

class Classifier {
public:
  Classifier(const Problem &P, const Schedule &S, const PeerContext &C)
      : P(P), S(S), C(C) {}

  std::pair<Blame, const char *> classify(const Violation &V) const {
    if (C.ExitTestIgnored &&
        any_of(V.Ops, [&](unsigned Op) { return placedAsLoopControl(Op); }))
      return {Blame::Harness,
              "involves the exit test or what it depends on, which it was "
              "asked to leave to the loop control and then placed at a "
              "predecessor's cycle, without latency or resources"};
    if (V.Kind == Violation::LoopBranch ||
        (P.LoopBranch && is_contained(V.Ops, *P.LoopBranch)))
      return {Blame::Unseen,
              "closes the kernel late: the exit test's result is not ready "
              "by the kernel's last cycle, so each kernel iteration waits "
              "for it, which LLVM's model does not charge"};
    switch (V.Kind) {
    case Violation::LoopBranch:
      llvm_unreachable("handled above");
    case Violation::Dependence:
      return dependence(P.dependences()[V.Subject]);
    case Violation::Slot:
      return {Blame::Peer, "holds a slot twice in one row, which its own "
                           "model holds for the same cycles"};
    case Violation::Pool:
      return pool(V.Subject);
    case Violation::Budget:
      return {Blame::Unseen, "exceeds a budget pool, which LLVM's model "
                             "does not have"};
    case Violation::Group:
      return {Blame::Unseen, "splits a TileAS constraint group"};
    case Violation::Coordination:
      return {Blame::Unseen, "needs more pipes, mutexes or barriers than "
                             "TileAS has, which LLVM's model does not know"};
    case Violation::Depth:
      return depth(V.Subject);
    case Violation::Shape:
    case Violation::StageOrder:
      return {Blame::Harness, "the harness's conversion of its placements "
                              "is inconsistent"};
    }
    llvm_unreachable("unknown violation kind");
  }

private:
  bool isExitTest(unsigned Op) const { return C.ExitTest == Op; }
  bool placedAsLoopControl(unsigned Op) const;
  bool sideEffects(unsigned Op) const {
    return Op < C.SideEffects.size() && C.SideEffects[Op];
  }

  std::pair<Blame, const char *> dependence(const Dependence &D) const;
  std::pair<Blame, const char *> pool(unsigned Pool) const;
  std::pair<Blame, const char *> depth(unsigned Op) const;

  const Problem &P;
  const Schedule &S;
  const PeerContext &C;
};

/// An op of the loop control in stage 0 at the start of one of its
/// predecessors in the iteration or successors in the next (or at the first
/// cycle): where MachinePipeliner's normalization puts the loop control it
/// moves out of later stages.
bool Classifier::placedAsLoopControl(unsigned Op) const {
  if (Op >= C.LoopControl.size() || !C.LoopControl[Op] || S.Ops[Op].Stage)
    return false;
  int64_t Start = S.Ops[Op].Start;
  if (Start == 0)
    return true;
  return any_of(P.dependences(), [&](const Dependence &D) {
    if (D.From == D.To)
      return false;
    return (D.To == Op && D.Distance == 0 && S.Ops[D.From].Start == Start) ||
           (D.From == Op && D.Distance == 1 && S.Ops[D.To].Start == Start);
  });
}

std::pair<Blame, const char *>
Classifier::dependence(const Dependence &D) const {
  switch (D.Kind) {
  case DepKind::Data:
    return {Blame::Peer, D.Distance ? "breaks a loop-carried register "
                                      "dependence of the loop"
                                    : "breaks a register dependence of "
                                      "the loop"};
  case DepKind::Accumulate:
    return {Blame::Peer, "breaks an accumulator chain of the loop"};
  case DepKind::Memory:
  case DepKind::Token: {
    // The loop itself needs memory order: the later access no earlier
    // than the earlier one, a cycle apart across iterations. The latency
    // beyond that is TileAS's (LLVM gives memory order latency 0).
    int64_t Floor = std::min<int64_t>(D.Latency, D.Distance ? 1 : 0);
    if (S.Ops[D.To].Start + int64_t(S.II) * D.Distance >=
        S.Ops[D.From].Start + Floor)
      return {Blame::Unseen, "keeps memory order but not the latency "
                             "TileAS gives it, which LLVM's model does not"};
    return {Blame::Peer, "breaks memory order of the loop"};
  }
  case DepKind::Order:
    if (sideEffects(D.From) || sideEffects(D.To))
      return {Blame::Peer, "breaks the order around a side effect"};
    return {Blame::Unseen, "rewrites a buffer in place before a read of its "
                           "old contents, which SSA does not show"};
  }
  llvm_unreachable("unknown dependence kind");
}

std::pair<Blame, const char *> Classifier::pool(unsigned Pool) const {
  // LLVM's model charges a pool use of U units for K cycles as one unit
  // for U * K cycles: the same only for single units.
  bool MultiUnit = any_of(P.operations(), [&](const Operation &Op) {
    return any_of(Op.Pools, [&](const PoolUse &U) {
      return U.Pool == Pool && U.Units > 1;
    });
  });
  if (MultiUnit)
    return {Blame::Unseen, "over-subscribes a pool whose multi-unit charges "
                           "LLVM's model spreads over cycles"};
  return {Blame::Peer, "over-subscribes a pool its own model charges the "
                       "same way"};
}

std::pair<Blame, const char *> Classifier::depth(unsigned Op) const {
  const Operation &O = P.operations()[Op];
  if (isExitTest(Op) && O.MaxDepth && S.Ops[Op].Stage >= O.MaxDepth &&
      !C.ExitTestIgnored)
    return {Blame::Harness, "the exit test is pinned to stage 0, but the "
                            "harness let the peer pipeline it"};
  return {Blame::Unseen, "exceeds a TileAS max depth"};
}

} // namespace

std::vector<JudgedViolation>
tileas::bench::classifyViolations(const Problem &P, const Schedule &S,
                                  ArrayRef<Violation> Found,
                                  const PeerContext &C) {
  Classifier Judge(P, S, C);
  std::vector<JudgedViolation> Out;
  for (const Violation &V : Found) {
    auto [Class, Reason] = Judge.classify(V);
    Out.push_back(
        {Class, Reason, (violationKindName(V.Kind) + ": " + V.Message).str()});
  }
  return Out;
}

std::vector<ViolationGroup>
tileas::bench::groupViolations(ArrayRef<JudgedViolation> Judged) {
  std::vector<ViolationGroup> Groups;
  for (Blame Class : {Blame::Peer, Blame::Unseen, Blame::Harness})
    for (const JudgedViolation &V : Judged) {
      if (V.Class != Class)
        continue;
      auto It = find_if(Groups, [&](const ViolationGroup &G) {
        return G.Class == Class && G.Reason == V.Reason;
      });
      if (It == Groups.end())
        It = Groups.insert(Groups.end(), {Class, V.Reason, 0, V.Message});
      ++It->Count;
    }
  return Groups;
}

StringRef tileas::bench::peerVerdict(ArrayRef<JudgedViolation> Judged,
                                     bool MachineVerifierFailed) {
  auto Any = [&](Blame B) {
    return any_of(Judged,
                  [&](const JudgedViolation &V) { return V.Class == B; });
  };
  if (MachineVerifierFailed || Any(Blame::Peer))
    return "illegal";
  if (Any(Blame::Unseen))
    return "tileas-only";
  if (Any(Blame::Harness))
    return "harness";
  return "legal";
}

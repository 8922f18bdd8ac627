//===- Report.cpp - Messages, agent reports and witnesses -----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Report.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace tileas {
namespace protocol {
namespace detail {

namespace {

class Reporter {
public:
  Reporter(const Explorer &E) : E(E), CP(E.program()), P(*CP.Source) {}

  std::string agent(unsigned A) const {
    if (CP.isIssuer(A)) {
      if (P.Issuers.empty())
        return "issuer";
      std::string S = "issuer " + std::to_string(A);
      if (!P.Issuers[A].Name.empty())
        S += " (" + P.Issuers[A].Name + ")";
      return S;
    }
    unsigned U = A - CP.NumIssuers + 1;
    std::string S = "unit " + std::to_string(U);
    if (U - 1 < P.UnitNames.size() && !P.UnitNames[U - 1].empty())
      S += " (" + P.UnitNames[U - 1] + ")";
    return S;
  }

  /// "`Where`" or, without one, the action's description.
  std::string where(uint32_t St) const {
    const Step &S = P.Trace[St];
    if (S.Where.empty())
      return "step " + std::to_string(St) + " " + describe(S.A);
    return "`" + S.Where + "`";
  }

  std::string pipe(unsigned PipeI) const {
    const PipeConfig &C = P.Pipes[PipeI];
    std::string S = "pipe " + std::to_string(C.Id);
    if (!C.Name.empty())
      S += " (" + C.Name + ")";
    return S;
  }

  std::string witnessLine(size_t N, const PathStep &S) const {
    std::string Out;
    raw_string_ostream OS(Out);
    OS << "[" << N << "] " << agent(S.Agent) << ": ";
    if (CP.isEnqueue(S.Agent, S.Step))
      OS << "enqueue to " << agent(CP.performerOf(S.Step)) << ": ";
    OS << where(S.Step);
    return Out;
  }

  /// The executed steps (by trace index, ascending) that satisfy Pred.
  template <typename PredT> std::vector<uint32_t> executed(PredT Pred) const {
    std::vector<uint32_t> Out;
    ArrayRef<uint32_t> Pos = E.positions();
    for (unsigned A = 0; A != CP.NumAgents; ++A)
      for (uint32_t J = 0; J != Pos[A]; ++J) {
        uint32_t St = CP.Seqs[A][J];
        if (!CP.isEnqueue(A, St) && Pred(St))
          Out.push_back(St);
      }
    llvm::sort(Out);
    return Out;
  }

  int64_t firstExecuted(ActionKind K, uint32_t Item) const {
    auto V = executed([&](uint32_t I) {
      return CP.Actions[I].Kind == K && CP.Actions[I].Item == Item;
    });
    return V.empty() ? -1 : int64_t(V.front());
  }

  /// The lock step by which Holder holds mutex M.
  int64_t holderLock(uint32_t M, unsigned Holder) const {
    auto V = executed([&](uint32_t I) {
      return CP.performerOf(I) == Holder &&
             CP.Actions[I].Kind == ActionKind::MutexLock &&
             CP.Actions[I].Mutex == M;
    });
    return V.empty() ? -1 : int64_t(V.back());
  }

  std::string holderText(uint32_t M, int64_t &LockStep) const {
    int H = E.world().holder(M);
    LockStep = -1;
    if (H < 0)
      return "nobody holds it";
    LockStep = holderLock(M, unsigned(H));
    std::string S = "held by " + agent(unsigned(H));
    if (LockStep >= 0)
      S += " since " + where(uint32_t(LockStep));
    return S;
  }

  std::string iterText(uint32_t Item) const {
    const ItemInfo &I = CP.Items[Item];
    return "iteration " + std::to_string(I.Iter) + " of " + pipe(I.Pipe);
  }

  std::string slotContents(uint32_t Slot) const {
    uint32_t L = E.world().liveItem(Slot);
    if (L == None)
      return "the slot holds no live data";
    std::string S = "the slot holds iteration " +
                    std::to_string(CP.Items[L].Iter) + " (unreleased";
    int64_t W = firstExecuted(ActionKind::Write, L);
    if (W >= 0)
      S += ", written at " + where(uint32_t(W));
    return S + ")";
  }

  void fillError(CheckResult &R) const {
    PathStep At = E.faultStep();
    uint32_t Other = E.faultOther();
    std::string Msg;
    raw_string_ostream OS(Msg);
    if (E.fault() == Fault::HeldAtEnd) {
      R.RelatedStep = holderLock(Other, At.Agent);
      OS << "agent finished holding a mutex: " << agent(At.Agent)
         << " still holds mutex " << P.Mutexes[Other];
      if (R.RelatedStep >= 0)
        OS << ", locked at " << where(uint32_t(R.RelatedStep));
      R.Message = Msg;
      return;
    }
    R.FaultStep = At.Step;
    const CompiledAction &A = CP.Actions[At.Step];
    std::string Who = agent(At.Agent);
    switch (E.fault()) {
    case Fault::Overwrite: {
      const ItemInfo &K = CP.Items[A.Item], &J = CP.Items[Other];
      R.RelatedStep = firstExecuted(ActionKind::Write, Other);
      OS << "overwrite of an unreleased slot: " << Who << " writes "
         << iterText(A.Item) << " into slot " << CP.Barriers[K.Slot * 2].Slot
         << " at " << where(At.Step) << ", but the slot still holds iteration "
         << J.Iter;
      if (R.RelatedStep >= 0)
        OS << " (written at " << where(uint32_t(R.RelatedStep)) << ")";
      OS << ", whose ConsumerRelease has not happened";
      break;
    }
    case Fault::ReadUnfilled: {
      const ItemInfo &K = CP.Items[A.Item];
      OS << "read of an unfilled slot: " << Who << " reads " << iterText(A.Item)
         << " from slot " << CP.Barriers[K.Slot * 2].Slot << " at "
         << where(At.Step) << ", but iteration " << K.Iter
         << " has not been written; " << slotContents(K.Slot);
      break;
    }
    case Fault::ReadReleased:
    case Fault::WriteReleased: {
      bool IsRead = E.fault() == Fault::ReadReleased;
      R.RelatedStep = firstExecuted(ActionKind::ConsumerRelease, A.Item);
      OS << (IsRead ? "read" : "write") << " of a released slot: " << Who
         << (IsRead ? " reads " : " writes ") << iterText(A.Item) << " at "
         << where(At.Step) << " after its ConsumerRelease";
      if (R.RelatedStep >= 0)
        OS << " at " << where(uint32_t(R.RelatedStep));
      break;
    }
    case Fault::UnlockNotHeld:
    case Fault::Relock:
    case Fault::AccessOutside: {
      static const char *Head[] = {"unlock of a mutex the agent does not hold",
                                   "lock of a mutex the agent already holds",
                                   "access outside its mutex"};
      static const char *Verb[] = {" unlocks", " locks", " accesses"};
      unsigned V = E.fault() == Fault::UnlockNotHeld ? 0
                   : E.fault() == Fault::Relock      ? 1
                                                     : 2;
      int64_t LockStep;
      std::string Holder = holderText(A.Mutex, LockStep);
      R.RelatedStep = LockStep;
      OS << Head[V] << ": " << Who << Verb[V] << " mutex " << P.Mutexes[A.Mutex]
         << " at " << where(At.Step) << "; " << Holder;
      break;
    }
    default:
      break;
    }
    R.Message = Msg;
  }

  /// Why agent A cannot step (it has not finished).
  AgentReport blockedAgent(unsigned A) const {
    AgentReport AR;
    AR.Agent = A;
    std::string Text;
    raw_string_ostream OS(Text);
    OS << agent(A) << ": ";
    uint32_t St = E.nextStep(A);
    if (St == None && CP.isIssuer(A)) {
      OS << "not started: it starts after";
      ListSeparator LS(" and");
      for (auto [J, N] : CP.StartAfter[A])
        if (E.positions()[J] < N)
          OS << LS << " " << agent(J) << " has run " << N
             << " of its steps (it ran " << E.positions()[J] << ")";
      AR.Text = Text;
      return AR;
    }
    if (St == None) {
      uint32_t Next = CP.Seqs[A][E.positions()[A]];
      OS << "idle after " << E.positions()[A] << " of " << CP.length(A)
         << " actions; its next action " << where(Next)
         << " is not enqueued yet";
      AR.Text = Text;
      return AR;
    }
    AR.TraceIndex = St;
    const CompiledAction &Act = CP.Actions[St];
    OS << "blocked at " << where(St) << ": ";
    if (isMutexAction(Act.Kind)) {
      int64_t LockStep;
      OS << "MutexLock(mutex " << P.Mutexes[Act.Mutex] << "), "
         << holderText(Act.Mutex, LockStep);
    } else {
      const Action &Src = P.Trace[St].A;
      const BarrierInfo &B = CP.Barriers[Act.Barrier];
      uint32_t C = E.world().barrierCount(Act.Barrier);
      OS << toString(Src.Kind) << " of " << pipe(B.Pipe) << " iteration "
         << Src.Iter << ": waits on " << (B.Full ? "FULL" : "EMPTY") << "["
         << B.Slot << "] with parity " << unsigned(Act.Parity)
         << (Src.HasOverride ? " (override)" : "") << "; the barrier has "
         << "completed " << C << " phase" << (C == 1 ? "" : "s")
         << " (the wait passes once that count is "
         << (Act.Parity ? "even" : "odd") << ")";
    }
    AR.Text = Text;
    return AR;
  }

  void fillDeadlock(CheckResult &R) const {
    std::string Msg;
    raw_string_ostream OS(Msg);
    OS << "deadlock: no agent can step;";
    ListSeparator LS(";");
    for (unsigned A = 0; A != CP.NumIssuers; ++A) {
      uint32_t I = E.positions()[A];
      OS << LS << " " << (P.Issuers.empty() ? "the issuer" : agent(A))
         << " is at step " << I << " of " << CP.length(A);
      if (I < CP.length(A))
        OS << " (" << where(CP.Seqs[A][I]) << ")";
    }
    for (unsigned A = 0; A != CP.NumAgents; ++A) {
      if (E.finished(A))
        continue;
      R.Agents.push_back(blockedAgent(A));
      OS << "\n  " << R.Agents.back().Text;
    }
    R.Message = Msg;
  }

  void fillWitness(CheckResult &R, unsigned Limit) const {
    const std::vector<PathStep> &Path = E.path();
    for (const PathStep &S : Path)
      R.Schedule.push_back(S.Agent);
    size_t First = 0;
    if (Limit && Path.size() > Limit) {
      First = Path.size() - Limit;
      std::vector<unsigned> PerAgent(CP.NumAgents, 0);
      for (size_t I = 0; I != First; ++I)
        ++PerAgent[Path[I].Agent];
      std::string Line;
      raw_string_ostream OS(Line);
      OS << "... " << First << " earlier steps (";
      ListSeparator LS;
      for (unsigned A = 0; A != CP.NumAgents; ++A)
        if (PerAgent[A])
          OS << LS << agent(A) << " " << PerAgent[A];
      OS << ")";
      R.Witness.push_back(Line);
    }
    for (size_t I = First; I != Path.size(); ++I)
      R.Witness.push_back(witnessLine(I, Path[I]));
  }

private:
  const Explorer &E;
  const CompiledProgram &CP;
  const Program &P;
};

} // namespace

CheckResult buildReport(const Explorer &E, CheckResult::Status S,
                        const CheckOptions &Opts) {
  CheckResult R;
  R.S = S;
  R.States = E.states();
  R.Transitions = E.transitions();
  R.MaxDepth = E.maxDepth();
  R.ShortestStates = E.shortestStates();
  Reporter Rep(E);
  switch (S) {
  case CheckResult::OK:
    R.Message = "ok: every interleaving terminates without error";
    return R;
  case CheckResult::Inconclusive:
    R.Message = "inconclusive: the state budget of " +
                std::to_string(Opts.MaxStates) + " states was spent (" +
                std::to_string(R.Transitions) +
                " transitions) before the search finished; no error found "
                "so far";
    return R;
  case CheckResult::Deadlock:
    Rep.fillDeadlock(R);
    break;
  default:
    Rep.fillError(R);
    break;
  }
  Rep.fillWitness(R, Opts.WitnessLimit);
  return R;
}

} // namespace detail
} // namespace protocol
} // namespace tileas

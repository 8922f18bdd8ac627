//===- TripCountPlan.cpp - Run each loop an exact number of times ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/MIRExec/TripCountPlan.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "NestLoopControl.h"
#include "Pipeliner/TileASCountedLoop.h"
#include "tileas/MIRExec/CoordinationOperands.h"
#include "tileas/MIRExec/Where.h"
#include "tileas/Protocol/LoopControl.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/Support/FormatVariadic.h"

#include <set>

using namespace llvm;
using tileas::protocol::ContinueIf;
using tileas::protocol::LoopControl;

namespace tileas {
namespace {

/// Iterations walked to find the trip count of a loop with a constant start
/// and bound.
constexpr int64_t FixedTripCountLimit = int64_t(1) << 24;

Error planError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

bool isPipeOperation(unsigned Opcode) {
  return Opcode == TileAS::PIPE_PRODUCER_ACQUIRE ||
         Opcode == TileAS::PIPE_PRODUCER_COMMIT ||
         Opcode == TileAS::PIPE_CONSUMER_WAIT ||
         Opcode == TileAS::PIPE_CONSUMER_RELEASE;
}

/// The PIPE_CREATE of the first pipe that an operation in MBB names, or null.
const MachineInstr *pipeCreateOf(const MachineFunction &MF,
                                 const MachineBasicBlock &MBB) {
  for (const MachineInstr &Op : MBB) {
    std::optional<int64_t> Pipe = isPipeOperation(Op.getOpcode())
                                      ? namedImmIfAny(Op, TileAS::OpName::pipe)
                                      : std::nullopt;
    if (!Pipe)
      continue;
    for (const MachineBasicBlock &Other : MF)
      for (const MachineInstr &MI : Other)
        if (MI.getOpcode() == TileAS::PIPE_CREATE &&
            namedImmIfAny(MI, TileAS::OpName::pipe) == Pipe)
          return &MI;
    return nullptr;
  }
  return nullptr;
}

/// The control of a counted loop, if its exit test can end it.
std::optional<LoopControl> controlOf(const TileASCountedLoop &L) {
  TileAS::CondCode CC =
      L.ContinueOnFalse ? TileAS::inverseCondCode(L.CC) : L.CC;
  // EQ keeps a loop going only while it sits on its bound: not a count.
  if (CC == TileAS::EQ || CC >= TileAS::NumCondCodes)
    return std::nullopt;
  static constexpr ContinueIf ByCondCode[] = {ContinueIf::NE /* EQ: not used */,
                                              ContinueIf::NE,
                                              ContinueIf::LT,
                                              ContinueIf::LE,
                                              ContinueIf::GT,
                                              ContinueIf::GE};
  LoopControl Control{L.Step, L.Offset, ByCondCode[CC], L.Adjust};
  if (!Control.movesTowardsBound())
    return std::nullopt;
  return Control;
}

class Planner {
public:
  Planner(MachineFunction &MF, const LoopTripCounts &Counts)
      : MF(MF), MRI(MF.getRegInfo()), Counts(Counts) {}

  /// The coordinated loops (planTripCount).
  Expected<TripCountPlan> run();
  /// The loops that run as written (planAsWrittenTripCount).
  Expected<TripCountPlan> runAsWritten();

private:
  /// Plans MBB if it is a loop with pipes (MutexOnly false) or one
  /// coordinated by mutexes only (MutexOnly true).
  Error planLoop(MachineBasicBlock &MBB, bool MutexOnly);
  /// Per-loop trip counts: the loops of several blocks named (the outer
  /// loops of a nest), and a check that every name names a loop.
  Error planNestLoops();
  /// The trip count of the loop headed by MBB, or an error naming it when
  /// the trip counts are per loop and it has none.
  Expected<int64_t> tripsOf(const MachineBasicBlock &MBB);
  /// Sets the bound (or the start) of loop L in MBB, which starts from
  /// StartOp, so that it runs Trips iterations (or, given the list Series of
  /// the loop named Name, Series[n] on its n-th entry).
  Error planControl(const MachineBasicBlock &MBB, const TileASCountedLoop &L,
                    const LoopControl &Control, const MachineOperand &StartOp,
                    int64_t Trips, ArrayRef<int64_t> Series = {},
                    StringRef Name = "");
  /// The list of trip counts of the loop headed by MBB, whose trip count
  /// was found under Name, if it was given one: checked against how many
  /// times the loops around it enter it.
  Expected<ArrayRef<int64_t>> seriesOf(const MachineBasicBlock &MBB,
                                       StringRef Name);
  /// A series' register must be set once per entry of its loop: defined
  /// (or set after At) in the loop right around the loop headed by MBB.
  Error checkSetPerEntry(const RegisterOverride &O,
                         const MachineBasicBlock &MBB);
  MachineLoopInfo &loops() {
    if (!DomTree)
      DomTree.emplace(MF);
    if (!LoopInfo)
      LoopInfo.emplace(*DomTree);
    return *LoopInfo;
  }
  /// Where O, relative to its base, is set: after the base's definition when
  /// that follows Reg's in the same block (selection may copy the live-ins
  /// in any order), or an error if something reads Reg in between.
  Error placeAfterBase(RegisterOverride &O, const MachineBasicBlock &MBB);
  /// placeAfterBase for a base defined in another block than the register.
  Error placeAfterBaseInLaterBlock(RegisterOverride &O,
                                   const MachineBasicBlock &MBB,
                                   const MachineInstr &RegDef,
                                   const MachineInstr &BaseDef);
  /// Plan.Description from Plan.Overrides.
  void describePlan();
  Error add(const RegisterOverride &O, const MachineBasicBlock &MBB,
            int64_t Trips);
  std::string name(Register R) const {
    return formatv("{0}", printReg(R, /*TRI=*/nullptr, 0, &MRI)).str();
  }
  std::string describe(const RegisterOverride &O) const;

  MachineFunction &MF;
  const MachineRegisterInfo &MRI;
  const LoopTripCounts &Counts;
  /// The loop names the plan found (per-loop trip counts).
  std::set<std::string> Named;
  TripCountPlan Plan;
  /// The block of the loop that asked for each override.
  std::vector<unsigned> Asker;
  /// MF's dominators, built when a bound's start is defined in another block
  /// (or for loops()).
  std::optional<MachineDominatorTree> DomTree;
  /// MF's loops, built for a list of trip counts.
  std::optional<MachineLoopInfo> LoopInfo;
};

std::string Planner::describe(const RegisterOverride &O) const {
  if (!O.Series.empty()) {
    // One value per entry: "%n = 3:5:2", "%n = %s + 3:5:2".
    std::string Values;
    for (int64_t V : O.Series)
      Values += (Values.empty() ? "" : ":") + std::to_string(V);
    if (!O.Base)
      return formatv("{0} = {1}", name(O.Reg), Values).str();
    return formatv("{0} = {1} + {2}", name(O.Reg), name(O.Base), Values).str();
  }
  if (!O.Base)
    return formatv("{0} = {1}", name(O.Reg), O.Value).str();
  if (O.Value < 0)
    return formatv("{0} = {1} - {2}", name(O.Reg), name(O.Base),
                   -uint64_t(O.Value))
        .str();
  return formatv("{0} = {1} + {2}", name(O.Reg), name(O.Base), O.Value).str();
}

Error Planner::add(const RegisterOverride &O, const MachineBasicBlock &MBB,
                   int64_t Trips) {
  for (unsigned I = 0, E = Plan.Overrides.size(); I != E; ++I) {
    const RegisterOverride &Known = Plan.Overrides[I];
    if (Known.Reg != O.Reg)
      continue;
    if (Known.Base == O.Base && Known.Value == O.Value &&
        Known.Series == O.Series)
      return Error::success();
    return planError(formatv("the loops bb.{0} and bb.{1} need {2} and {3} "
                             "for a trip count of {4}: their exit tests "
                             "disagree",
                             Asker[I], MBB.getNumber(), describe(Known),
                             describe(O), Trips));
  }
  Plan.Overrides.push_back(O);
  Asker.push_back(MBB.getNumber());
  return Error::success();
}

/// The induction PHI's operand from outside the loop, or null.
const MachineOperand *incomingStart(const TileASCountedLoop &L) {
  const MachineInstr &Phi = *L.IVPhi;
  for (unsigned I = 1; I + 1 < Phi.getNumOperands(); I += 2)
    if (Phi.getOperand(I + 1).getMBB() != L.Loop)
      return &Phi.getOperand(I);
  return nullptr;
}

bool locksMutex(const MachineBasicBlock &MBB) {
  return llvm::any_of(MBB, [](const MachineInstr &MI) {
    return MI.getOpcode() == TileAS::MUTEX_LOCK;
  });
}

Error Planner::planLoop(MachineBasicBlock &MBB, bool MutexOnly) {
  std::optional<TileASCountedLoop> L = TileASCountedLoop::analyze(MBB);
  if (!L)
    return Error::success();
  const MachineInstr *Create = pipeCreateOf(MF, MBB);
  const MachineOperand *StartOp =
      Create ? &namedOperand(*Create, TileAS::OpName::first) : nullptr;
  bool HasStart = StartOp && StartOp->isReg();
  if (HasStart == MutexOnly)
    return Error::success();
  if (!HasStart)
    StartOp = nullptr;
  if (!HasStart) {
    // Without a pipe there is no iteration to count; but a loop that locks a
    // mutex is coordinated, and must not silently run another trip count.
    // A loop named in per-loop trip counts runs as written, from its start.
    if (!locksMutex(MBB)) {
      auto Trips = Counts.lookup(MBB);
      if (!Counts.perLoop() || !Trips)
        return Error::success();
      StartOp = incomingStart(*L);
      std::optional<LoopControl> Control = controlOf(*L);
      if (!StartOp || !StartOp->isReg() || !Control)
        return Error::success();
      Named.insert(Trips->first);
      Expected<ArrayRef<int64_t>> Series = seriesOf(MBB, Trips->first);
      if (!Series)
        return Series.takeError();
      return planControl(MBB, *L, *Control, *StartOp, Trips->second, *Series,
                         Trips->first);
    }
    // The loops with pipes may already have set its bound: the agents of a
    // warp-specialized loop share it.
    const MachineOperand &B = L->bound();
    if (B.isReg() &&
        llvm::any_of(Plan.Overrides, [&](const RegisterOverride &O) {
          return O.Reg == B.getReg();
        }))
      return Error::success();
    // Otherwise it starts from its induction PHI's incoming value, if that is
    // computed before any loop (an expanded kernel's is not: the prologue
    // ran the first iterations).
    StartOp = incomingStart(*L);
    const MachineInstr *Def =
        StartOp && StartOp->isReg() && StartOp->getReg().isVirtual()
            ? MRI.getUniqueVRegDef(StartOp->getReg())
            : nullptr;
    if (!Def || Def->getParent() != &MF.front())
      return planError(formatv("loop bb.{0} is coordinated by mutexes "
                               "only, and its start is neither a pipe's first "
                               "induction value nor computed in the entry "
                               "block, so its trip count cannot be set",
                               MBB.getNumber()));
  }
  std::optional<LoopControl> Control = controlOf(*L);
  if (!Control)
    return Error::success();
  Expected<int64_t> Trips = tripsOf(MBB);
  if (!Trips)
    return Trips.takeError();
  std::optional<std::pair<std::string, int64_t>> Found = Counts.lookup(MBB);
  StringRef Name = Found ? StringRef(Found->first) : StringRef();
  Expected<ArrayRef<int64_t>> Series =
      Found ? seriesOf(MBB, Name)
            : Expected<ArrayRef<int64_t>>(ArrayRef<int64_t>());
  if (!Series)
    return Series.takeError();
  return planControl(MBB, *L, *Control, *StartOp, *Trips, *Series, Name);
}

Expected<ArrayRef<int64_t>> Planner::seriesOf(const MachineBasicBlock &MBB,
                                              StringRef Name) {
  const std::vector<int64_t> *List = Counts.listOf(Name);
  if (!List)
    return ArrayRef<int64_t>();
  const MachineLoop *L = loops().getLoopFor(&MBB);
  // How many times the loops around it enter it: the iterations of the
  // loop right around it, over all its own entries.
  SmallVector<const MachineLoop *, 4> Around;
  for (const MachineLoop *P = L ? L->getParentLoop() : nullptr; P;
       P = P->getParentLoop())
    Around.push_back(P);
  int64_t Entries = 1;
  std::string Said;
  for (const MachineLoop *P : reverse(Around)) {
    const MachineBasicBlock &Head = *P->getHeader();
    auto Trips = Counts.lookup(Head);
    if (!Trips)
      return planError(formatv("--trip-count gives loop '{0}' a list, but "
                               "not the loop bb.{1} around it a trip count",
                               Name, Head.getNumber()));
    if (const std::vector<int64_t> *Outer = Counts.listOf(Trips->first)) {
      Entries = 0;
      for (int64_t T : *Outer)
        Entries += T;
    } else {
      Entries *= Trips->second;
    }
    Said += formatv("{0}bb.{1} '{2}' = {3}", Said.empty() ? "" : ", ",
                    Head.getNumber(), Trips->first,
                    Counts.listOf(Trips->first) ? "a list"
                                                : std::to_string(Trips->second))
                .str();
  }
  if (int64_t(List->size()) != Entries)
    return planError(formatv("--trip-count gives loop '{0}' {1} trip "
                             "count(s), but the loops around it enter it {2} "
                             "time(s) ({3}): give one per entry",
                             Name, List->size(), Entries,
                             Said.empty() ? "no loop around it" : Said));
  return ArrayRef<int64_t>(*List);
}

Error Planner::checkSetPerEntry(const RegisterOverride &O,
                                const MachineBasicBlock &MBB) {
  const MachineInstr *Def = O.At ? O.At : MRI.getUniqueVRegDef(O.Reg);
  const MachineLoop *L = loops().getLoopFor(&MBB);
  const MachineLoop *Around = L ? L->getParentLoop() : nullptr;
  if (Def && loops().getLoopFor(Def->getParent()) == Around)
    return Error::success();
  return planError(formatv(
      "loop bb.{0} ('{1}') is given a list of trip counts, but the register "
      "its trip count is set through, {2}, is not computed once per entry "
      "of the loop (in {3}){4}: the list cannot be set",
      MBB.getNumber(), O.Loop, name(O.Reg),
      Around ? formatv("the loop bb.{0} around it",
                       Around->getHeader()->getNumber())
                   .str()
             : std::string("the function, outside its loops"),
      Def ? formatv(", but in bb.{0}", Def->getParent()->getNumber()).str()
          : std::string()));
}

Expected<int64_t> Planner::tripsOf(const MachineBasicBlock &MBB) {
  StringRef Name = loopName(MBB);
  if (auto Trips = Counts.lookup(MBB)) {
    Named.insert(Trips->first);
    return Trips->second;
  }
  std::string Called =
      Name.empty() ? formatv("bb.{0}", MBB.getNumber()).str() : Name.str();
  return planError(formatv("loop bb.{0}{1} is coordinated, but --trip-count="
                           "{2} gives it no trip count (add {3}=N)",
                           MBB.getNumber(),
                           Name.empty() ? "" : " ('" + Name.str() + "')",
                           Counts.str(), Called));
}

Error Planner::planNestLoops() {
  MachineDominatorTree MDT(MF);
  MachineLoopInfo MLI(MDT);
  SmallVector<MachineLoop *, 8> Work(MLI.begin(), MLI.end());
  std::vector<std::string> Names;
  while (!Work.empty()) {
    MachineLoop *L = Work.pop_back_val();
    Work.append(L->begin(), L->end());
    MachineBasicBlock &Header = *L->getHeader();
    StringRef Name = loopName(Header);
    Names.push_back(
        Name.empty()
            ? formatv("bb.{0}", Header.getNumber()).str()
            : formatv("'{0}' (bb.{1})", Name, Header.getNumber()).str());
    auto Trips = Counts.lookup(Header);
    if (!Trips || L->getNumBlocks() == 1)
      continue;
    std::string WhyNot;
    std::optional<TileASCountedLoop> C = analyzeNestLoop(*L, WhyNot);
    if (!C)
      return planError(formatv("loop bb.{0} ('{1}'): its trip count cannot "
                               "be set: {2}",
                               Header.getNumber(), Name, WhyNot));
    std::optional<LoopControl> Control = controlOf(*C);
    if (!Control)
      return planError(formatv("loop bb.{0} ('{1}'): its exit test does not "
                               "count towards its bound",
                               Header.getNumber(), Name));
    Named.insert(Trips->first);
    Expected<ArrayRef<int64_t>> Series = seriesOf(Header, Trips->first);
    if (!Series)
      return Series.takeError();
    if (Error E = planControl(Header, *C, *Control,
                              MachineOperand::CreateReg(C->Init, false),
                              Trips->second, *Series, Trips->first))
      return E;
  }
  for (const auto &[Name, Trips] : Counts.ByLoop)
    if (!Named.count(Name)) {
      llvm::sort(Names);
      return planError(formatv("--trip-count names loop '{0}', but no loop "
                               "of {1} is headed by a block of that name "
                               "(its loops: {2})",
                               Name, MF.getName(), join(Names, ", ")));
    }
  return Error::success();
}

Error Planner::planControl(const MachineBasicBlock &MBB,
                           const TileASCountedLoop &L,
                           const LoopControl &Control,
                           const MachineOperand &StartOp, int64_t Trips,
                           ArrayRef<int64_t> Series, StringRef Name) {
  std::optional<int64_t> Start = constantOf(MRI, StartOp);
  std::optional<int64_t> Bound = constantOf(MRI, L.bound());
  RegisterOverride O;
  if (Bound && Start) {
    std::optional<int64_t> Fixed =
        Control.tripCount(*Start, *Bound, FixedTripCountLimit);
    for (int64_t T : Series.empty() ? ArrayRef<int64_t>(Trips) : Series) {
      if (Fixed == T)
        continue;
      std::string Runs =
          Fixed ? formatv("runs {0} iterations", *Fixed).str()
                : formatv("runs more than {0} iterations", FixedTripCountLimit)
                      .str();
      return planError(formatv("loop bb.{0} {1} whatever the live-ins (its "
                               "start {2} and bound {3} are constants), not "
                               "{4}",
                               MBB.getNumber(), Runs, *Start, *Bound, T));
    }
    return Error::success();
  }
  // The value of the register set for T iterations.
  auto ValueFor = [&](int64_t T) -> std::optional<int64_t> {
    if (!Bound)
      return Control.boundFor(Start ? *Start : 0, T);
    return Control.startFor(*Bound, T);
  };
  if (!Bound) {
    O.Reg = L.bound().getReg();
    // Without a constant start, the bound is the start plus a distance
    // that does not depend on it.
    if (!Start)
      O.Base = StartOp.getReg();
  } else {
    O.Reg = StartOp.getReg();
  }
  for (int64_t T : Series.empty() ? ArrayRef<int64_t>(Trips) : Series) {
    std::optional<int64_t> Value = ValueFor(T);
    if (!Value)
      return planError(formatv("loop bb.{0}: the {1} for a trip count of {2} "
                               "overflows",
                               MBB.getNumber(), Bound ? "start" : "bound", T));
    if (!Series.empty())
      O.Series.push_back(*Value);
  }
  O.Value = *ValueFor(Series.empty() ? Trips : Series.front());
  O.Loop = Name.str();
  if (Series.empty())
    O.Loop.clear();
  if (O.Base)
    if (Error E = placeAfterBase(O, MBB))
      return E;
  if (!Series.empty())
    if (Error E = checkSetPerEntry(O, MBB))
      return E;
  return add(O, MBB, Trips);
}

Error Planner::placeAfterBase(RegisterOverride &O,
                              const MachineBasicBlock &MBB) {
  if (!O.Reg.isVirtual() || !O.Base.isVirtual())
    return Error::success();
  const MachineInstr *RegDef = MRI.getUniqueVRegDef(O.Reg);
  const MachineInstr *BaseDef = MRI.getUniqueVRegDef(O.Base);
  if (!RegDef || !BaseDef)
    return Error::success();
  if (RegDef->getParent() != BaseDef->getParent())
    return placeAfterBaseInLaterBlock(O, MBB, *RegDef, *BaseDef);
  // Walk from the bound's definition to the start's, if that comes later;
  // whatever reads the bound in between would see it before it is set.
  const MachineInstr *EarlyReader = nullptr;
  for (MachineBasicBlock::const_iterator I = std::next(RegDef->getIterator()),
                                         E = RegDef->getParent()->end();
       I != E; ++I) {
    if (&*I == BaseDef) {
      if (EarlyReader)
        return planError(formatv("loop bb.{0}: {1} reads its bound {2} "
                                 "before its start {3} is computed, so the "
                                 "bound cannot be set from the start",
                                 MBB.getNumber(), where(*EarlyReader),
                                 name(O.Reg), name(O.Base)));
      O.At = BaseDef;
      break;
    }
    if (!EarlyReader && I->readsRegister(O.Reg, /*TRI=*/nullptr))
      EarlyReader = &*I;
  }
  return Error::success();
}

Error Planner::placeAfterBaseInLaterBlock(RegisterOverride &O,
                                          const MachineBasicBlock &MBB,
                                          const MachineInstr &RegDef,
                                          const MachineInstr &BaseDef) {
  if (!DomTree)
    DomTree.emplace(MF);
  const MachineBasicBlock *RegBlock = RegDef.getParent();
  const MachineBasicBlock *BaseBlock = BaseDef.getParent();
  // The start is known wherever the bound is computed: set it there.
  if (DomTree->dominates(BaseBlock, RegBlock))
    return Error::success();
  // Setting the bound after the start is right only if the bound's own
  // definition cannot run after that, overwriting it.
  if (!DomTree->dominates(RegBlock, BaseBlock))
    return planError(formatv("loop bb.{0}: its bound {1} (bb.{2}) and its "
                             "start {3} (bb.{4}) are computed on different "
                             "paths, neither before the other on every path, "
                             "so the bound cannot be set from the start",
                             MBB.getNumber(), name(O.Reg),
                             RegBlock->getNumber(), name(O.Base),
                             BaseBlock->getNumber()));
  // Every reader of the bound must run after the start's definition (a
  // PHI reads at the end of its incoming block); the first in block order
  // that may not is named.
  for (const MachineBasicBlock &Block : MF)
    for (const MachineInstr &MI : Block) {
      bool Early = false;
      if (MI.isPHI()) {
        for (unsigned I = 1; I + 1 < MI.getNumOperands(); I += 2)
          if (MI.getOperand(I).isReg() && MI.getOperand(I).getReg() == O.Reg &&
              !DomTree->dominates(BaseBlock, MI.getOperand(I + 1).getMBB()))
            Early = true;
      } else if (MI.readsRegister(O.Reg, /*TRI=*/nullptr)) {
        Early = &MI == &BaseDef || !DomTree->dominates(&BaseDef, &MI);
      }
      if (Early)
        return planError(formatv("loop bb.{0}: {1} reads its bound {2} "
                                 "before its start {3} is computed (in "
                                 "bb.{4}), so the bound cannot be set from "
                                 "the start",
                                 MBB.getNumber(), where(MI), name(O.Reg),
                                 name(O.Base), BaseBlock->getNumber()));
    }
  O.At = &BaseDef;
  return Error::success();
}

Expected<TripCountPlan> Planner::run() {
  if (Counts.All && *Counts.All < 1)
    return planError("a loop runs at least once (its exit test ends each "
                     "iteration): trip counts start at 1");
  // Loops with pipes first: a mutex-only loop may share their bound.
  for (bool MutexOnly : {false, true})
    for (MachineBasicBlock &MBB : MF)
      if (Error E = planLoop(MBB, MutexOnly))
        return E;
  if (Counts.perLoop())
    if (Error E = planNestLoops())
      return E;
  describePlan();
  return std::move(Plan);
}

Expected<TripCountPlan> Planner::runAsWritten() {
  std::string Computed;
  for (MachineBasicBlock &MBB : MF) {
    std::optional<TileASCountedLoop> L = TileASCountedLoop::analyze(MBB);
    if (!L)
      continue;
    const MachineInstr *StartDef = MRI.getUniqueVRegDef(L->Init);
    if (StartDef && StartDef->getParent() != &MF.front()) {
      if (Computed.empty())
        Computed = formatv("loop bb.{0} starts from {1}, which bb.{2} "
                           "computes (a prologue's value?)",
                           MBB.getNumber(), name(L->Init),
                           StartDef->getParent()->getNumber())
                       .str();
      continue;
    }
    std::optional<LoopControl> Control = controlOf(*L);
    if (!Control)
      continue;
    if (Error E =
            planControl(MBB, *L, *Control,
                        MachineOperand::CreateReg(L->Init, false), *Counts.All))
      return std::move(E);
  }
  if (Plan.Overrides.empty() && !Computed.empty())
    return planError(Computed +
                     ": the iterations its prologue ran are not known "
                     "here; give --reference=<the function as written>");
  describePlan();
  return std::move(Plan);
}

void Planner::describePlan() {
  for (const RegisterOverride &O : Plan.Overrides) {
    if (!Plan.Description.empty())
      Plan.Description += ", ";
    Plan.Description += describe(O);
  }
}

} // namespace

std::optional<int64_t> constantOf(const MachineRegisterInfo &MRI,
                                  const MachineOperand &MO) {
  if (MO.isImm())
    return MO.getImm();
  if (!MO.isReg() || !MO.getReg().isVirtual())
    return std::nullopt;
  const MachineInstr *Def = MRI.getUniqueVRegDef(MO.getReg());
  if (Def && Def->getOpcode() == TileAS::MOVri && Def->getOperand(1).isImm())
    return Def->getOperand(1).getImm();
  return std::nullopt;
}

Expected<TripCountPlan> planTripCount(MachineFunction &MF, int64_t Trips) {
  LoopTripCounts Counts;
  Counts.All = Trips;
  return Planner(MF, Counts).run();
}

Expected<TripCountPlan> planTripCount(MachineFunction &MF,
                                      const LoopTripCounts &Counts) {
  return Planner(MF, Counts).run();
}

Expected<TripCountPlan> planAsWrittenTripCount(MachineFunction &MF,
                                               int64_t Trips) {
  LoopTripCounts Counts;
  Counts.All = Trips;
  return Planner(MF, Counts).runAsWritten();
}

} // namespace tileas

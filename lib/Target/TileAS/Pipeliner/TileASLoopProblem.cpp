//===- TileASLoopProblem.cpp - A MIR loop as a scheduling problem ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Pipeliner/TileASLoopProblem.h"
#include "Materialize/TileASCoordinationInput.h"
#include "Pipeliner/TileASInstrTiming.h"
#include "TileASMachineFunctionInfo.h"
#include "TileASRegisterUnits.h"
#include "TileASSubtarget.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineMemOperand.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/PseudoSourceValue.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"

#include <numeric>
#include <set>

using namespace llvm;
using namespace tileas;

unsigned llvm::annotationIndex(const MachineInstr &MI) {
  unsigned Index = 0;
  for (const MachineInstr &I : *MI.getParent()) {
    if (&I == &MI)
      return Index;
    if (!I.isDebugInstr())
      ++Index;
  }
  llvm_unreachable("instruction not in its block");
}

namespace {

/// Everything the dependence builder needs to know about one operation.
struct OpFacts {
  model::MemorySpace Space = model::MemorySpace::None;
  bool Reads = false, Writes = false;
  bool SideEffects = false;
  /// A volatile access: volatile accesses keep their order among themselves.
  bool Volatile = false;
  bool Async = false;
  int Latency = 0;
  /// Under -tileas-timing, an MMA on the tensor core: the latency to the
  /// next MMA of its accumulator chain (accumulatorForwarding).
  std::optional<int> ChainLatency;
};

class ProblemBuilder {
public:
  ProblemBuilder(TileASLoopProblem &LP, int ReservedBarriers)
      : LP(LP), MBB(*LP.Loop), MF(*MBB.getParent()), MRI(MF.getRegInfo()),
        TII(*MF.getSubtarget().getInstrInfo()), M(tileasMachine(MF)) {
    LP.Problem = Problem(M.buildResourceModel(ReservedBarriers));
  }

  Error run() {
    if (!collectOps())
      return MachineError.empty()
                 ? Error::success()
                 : createStringError(inconvertibleErrorCode(), MachineError);
    if (!checkInPlaceWriters())
      return Error::success();
    addRegisterDependences();
    addRegisterModel();
    addReusedBufferDependences();
    addMemoryAndOrderDependences();
    orderFarMemoryLoads(LP.Instrs, LP.Problem);
    return applyConstraints();
  }

private:
  bool collectOps();
  bool checkInPlaceWriters();
  void addRegisterDependences();
  void addRegisterModel();
  unsigned registerGroup(const MachineInstr &MI) const;
  void addReusedBufferDependences();
  void addMemoryAndOrderDependences();
  Error applyConstraints();
  void addLoopBranch(ArrayRef<unsigned> ExitTests);
  bool provablyDisjoint(const MachineInstr &A, const MachineInstr &B) const;
  void addDep(unsigned From, unsigned To, int Latency, unsigned Distance,
              DepKind Kind, unsigned Result = 0) {
    LP.Problem.addDependence({From, To, Latency, Distance, Kind, Result});
  }
  /// The index of R among MI's virtual-register defs (Operation's results).
  static unsigned resultIndex(const MachineInstr &MI, Register R) {
    unsigned Index = 0;
    for (const MachineOperand &MO : MI.operands()) {
      if (!MO.isReg() || !MO.isDef() || !MO.getReg().isVirtual())
        continue;
      if (MO.getReg() == R)
        return Index;
      ++Index;
    }
    return 0;
  }

  TileASLoopProblem &LP;
  MachineBasicBlock &MBB;
  MachineFunction &MF;
  const MachineRegisterInfo &MRI;
  const TargetInstrInfo &TII;
  /// The machine of the subtarget (-mcpu).
  const model::Machine &M;
  /// An instruction the machine lacks: an error, not a loop left alone.
  std::string MachineError;
  SmallVector<OpFacts, 32> Facts;
};

bool ProblemBuilder::collectOps() {
  for (MachineInstr &MI : MBB) {
    if (MI.isPHI() || MI.isTerminator() || MI.isDebugInstr())
      continue;
    if (MI.isCall() || MI.isInlineAsm()) {
      LP.Unsupported = "the loop contains a call or inline assembly";
      return false;
    }
    for (const MachineOperand &MO : MI.operands())
      if (MO.isReg() && MO.isDef() && MO.getReg().isPhysical()) {
        LP.Unsupported = formatv("{0} defines a physical register",
                                 TII.getName(MI.getOpcode()))
                             .str();
        return false;
      }

    Operation Op;
    OpFacts F;
    unsigned Index = LP.Instrs.size();
    // Per instruction: a Twine, since formatv parses its format string on
    // every call.
    Op.Name = (Twine(Index) + ":" + TII.getName(MI.getOpcode())).str();
    if (M.isUnsupported(MI.getOpcode())) {
      MachineError =
          formatv("bb.{0}: {1} has no instruction on machine {2} (-mcpu={3})",
                  MBB.getNumber(), TII.getName(MI.getOpcode()), M.name(),
                  MF.getSubtarget().getCPU())
              .str();
      return false;
    }
    if (const model::OpcodeRecord *Rec = M.lookupOpcode(MI.getOpcode())) {
      M.fillResources(M.resourceVector(*Rec), Op);
      // -tileas-timing: a measured description's latencies and occupancies.
      if (std::optional<std::string> Why = applyTimingToOperation(MI, Op)) {
        LP.Unsupported = *Why;
        return false;
      }
      // An op that writes its result in place (a tied def) allocates no new
      // buffer: its buffer was paid for where it was allocated.
      bool InPlace = MI.getNumDefs() > 0 && MI.isRegTiedToUseOperand(0);
      for (const model::BudgetChargeRecord &C : M.budgetCharges(*Rec)) {
        if (InPlace && C.Scaling == BudgetScaling::PerStage)
          continue;
        uint64_t Amount = C.Amount;
        if (C.OperandIndex >= 0) {
          const MachineOperand &MO = MI.getOperand(C.OperandIndex);
          Amount = MO.isImm() && MO.getImm() > 0 ? uint64_t(MO.getImm()) : 0;
        }
        if (Amount)
          Op.Budgets.push_back({C.Budget, Amount, C.Scaling});
      }
      F.Space = Rec->Space;
    } else if (MI.isCopyLike() || MI.isImplicitDef() || MI.isKill()) {
      // Target-independent moves: free here, coalesced or lowered later.
    } else {
      LP.Unsupported = formatv("{0} has no TileAS resource vector",
                               TII.getName(MI.getOpcode()))
                           .str();
      return false;
    }
    F.Reads = MI.mayLoad();
    F.Writes = MI.mayStore();
    if ((F.Reads || F.Writes) && F.Space == model::MemorySpace::None)
      F.Space = model::MemorySpace::Global; // Be conservative.
    F.SideEffects = MI.hasUnmodeledSideEffects();
    F.Volatile = any_of(MI.memoperands(), [](const MachineMemOperand *MMO) {
      return MMO->isVolatile();
    });
    F.Async = Op.Async;
    F.Latency = Op.Latency;
    F.ChainLatency = accumulatorForwarding(MI);
    LP.OpIndex[&MI] = Index;
    LP.Instrs.push_back(&MI);
    LP.Problem.addOperation(std::move(Op));
    Facts.push_back(F);
  }
  return true;
}

/// A value rewritten in place (a tied use) is that buffer's contents until
/// the rewrite: a second in-place writer of the same value would overwrite
/// what the first made, and no buffer assignment runs such a loop as
/// written. Reports it instead of building contradictory dependences.
bool ProblemBuilder::checkInPlaceWriters() {
  DenseMap<Register, const MachineInstr *> Writer;
  for (const MachineInstr *MI : LP.Instrs)
    for (unsigned OpNo = 0, N = MI->getNumOperands(); OpNo != N; ++OpNo) {
      const MachineOperand &MO = MI->getOperand(OpNo);
      if (!MO.isReg() || !MO.isUse() || !MO.getReg().isVirtual() ||
          !MI->isRegTiedToDefOperand(OpNo))
        continue;
      auto [It, New] = Writer.try_emplace(MO.getReg(), MI);
      if (New || It->second == MI)
        continue;
      LP.Unsupported =
          formatv("{0} is rewritten in place by two instructions, {1} (op "
                  "{2}) and {3} (op {4}); copy it first",
                  printReg(MO.getReg(), MRI.getTargetRegisterInfo(), 0, &MRI),
                  TII.getName(It->second->getOpcode()),
                  LP.OpIndex.lookup(It->second), TII.getName(MI->getOpcode()),
                  LP.OpIndex.lookup(MI))
              .str();
      return false;
    }
  return true;
}

/// A buffer rewritten in place (a tied def) stays the same memory from one
/// rewrite to the next, which SSA does not show: every read of its contents
/// must be done before the rewrite that reuses it. A writer W whose tied
/// operand is a buffer from before the loop rewrites it every iteration
/// (reuse distance 1); one whose tied operand is carried by D PHIs from the
/// chain of iteration i - D reuses that chain's buffer (D buffers taking
/// turns: double buffering for D = 2). A reader that sees a value of W's
/// chain R iterations after it was made (through R PHIs) must be done before
/// the rewrite D - R iterations after its own.
void ProblemBuilder::addReusedBufferDependences() {
  for (unsigned W = 0, E = LP.Instrs.size(); W != E; ++W) {
    const MachineInstr &Writer = *LP.Instrs[W];
    for (unsigned OpNo = 0, N = Writer.getNumOperands(); OpNo != N; ++OpNo) {
      const MachineOperand &MO = Writer.getOperand(OpNo);
      unsigned DefIdx;
      if (!MO.isReg() || !MO.isUse() || !MO.getReg().isVirtual() ||
          !Writer.isRegTiedToDefOperand(OpNo, &DefIdx))
        continue;
      // The reuse distance: PHIs crossed back to the previous rewrite.
      unsigned Reuse = 0;
      const MachineInstr *Def = MRI.getUniqueVRegDef(MO.getReg());
      while (Def && Def->isPHI() && Def->getParent() == &MBB &&
             Reuse <= LP.Instrs.size()) {
        Register Carried;
        for (unsigned I = 1, PE = Def->getNumOperands(); I < PE; I += 2)
          if (Def->getOperand(I + 1).getMBB() == &MBB)
            Carried = Def->getOperand(I).getReg();
        ++Reuse;
        Def = Carried ? MRI.getUniqueVRegDef(Carried) : nullptr;
      }
      if (!Def)
        continue;
      if (Def->getParent() != &MBB)
        Reuse = std::max(Reuse, 1u); // The same buffer every iteration.
      else if (Reuse == 0)
        continue; // Continues a chain another writer starts.
      // W's chain: its values, with the iterations they have been carried.
      SmallVector<std::pair<Register, unsigned>, 8> Chain{
          {Writer.getOperand(DefIdx).getReg(), 0}};
      for (unsigned I = 0; I < Chain.size(); ++I) {
        auto [Value, Carried] = Chain[I];
        for (const MachineOperand &U : MRI.use_nodbg_operands(Value)) {
          const MachineInstr &Reader = *U.getParent();
          if (Reader.getParent() != &MBB)
            continue;
          if (Reader.isPHI()) {
            if (Carried < Reuse)
              Chain.push_back({Reader.getOperand(0).getReg(), Carried + 1});
            continue;
          }
          auto It = LP.OpIndex.find(&Reader);
          if (It == LP.OpIndex.end() || It->second == W)
            continue;
          unsigned UseIdx = Reader.getOperandNo(&U), ReaderDef;
          if (Reader.isRegTiedToDefOperand(UseIdx, &ReaderDef))
            Chain.push_back({Reader.getOperand(ReaderDef).getReg(), Carried});
          else
            addDep(It->second, W, std::max(Facts[It->second].Latency, 1),
                   Reuse - Carried, DepKind::Order);
        }
      }
    }
  }
}

void ProblemBuilder::addRegisterDependences() {
  for (unsigned U = 0, E = LP.Instrs.size(); U != E; ++U) {
    const MachineInstr &User = *LP.Instrs[U];
    for (unsigned OpNo = 0, N = User.getNumOperands(); OpNo != N; ++OpNo) {
      const MachineOperand &MO = User.getOperand(OpNo);
      if (!MO.isReg() || !MO.isUse() || !MO.getReg().isVirtual())
        continue;
      // Walk back through loop-carried PHIs: each crossing adds an iteration.
      Register R = MO.getReg();
      unsigned Distance = 0;
      const MachineInstr *Def = MRI.getUniqueVRegDef(R);
      while (Def && Def->isPHI() && Def->getParent() == &MBB) {
        Register Carried;
        for (unsigned I = 1, PE = Def->getNumOperands(); I < PE; I += 2)
          if (Def->getOperand(I + 1).getMBB() == &MBB)
            Carried = Def->getOperand(I).getReg();
        if (!Carried || ++Distance > LP.Instrs.size())
          break;
        R = Carried;
        Def = MRI.getUniqueVRegDef(Carried);
      }
      if (!Def || Def->isPHI() || Def->getParent() != &MBB)
        continue; // Defined outside the loop: no dependence.
      auto It = LP.OpIndex.find(Def);
      if (It == LP.OpIndex.end())
        continue;
      unsigned D = It->second;
      // An operand tied to a def is read and rewritten in place: the value
      // is updated where it lives, so it never needs a ring of copies.
      bool Tied = User.isRegTiedToDefOperand(OpNo);
      DepKind Kind = Tied && Distance > 0 ? DepKind::Accumulate : DepKind::Data;
      // An MMA accumulating into the result of an MMA on the same unit.
      bool Chain = Tied && Facts[D].ChainLatency && Facts[U].ChainLatency;
      addDep(D, U, Chain ? *Facts[D].ChainLatency : Facts[D].Latency, Distance,
             Kind, resultIndex(*Def, R));
    }
  }
}

unsigned ProblemBuilder::registerGroup(const MachineInstr &MI) const {
  // Warp-specialized, an instruction's registers are its agent's: that of
  // its unit, else the default agent's (which also recomputes the scalars
  // other agents share).
  if (M.agents().empty())
    return 0;
  const model::OpcodeRecord *Rec = M.lookupOpcode(MI.getOpcode());
  unsigned Agent = Rec ? M.agentOf(M.resourceVector(*Rec)) : 0;
  return (Agent ? Agent : M.defaultAgent()) - 1;
}

/// The register model (tileas/Sched/RegisterPressure.h): each op's results
/// in 32-bit registers (TileASRegisterUnits.h), whether one is read after
/// the loop, and the registers of the values from before the loop that the
/// body reads, per agent.
void ProblemBuilder::addRegisterModel() {
  const TargetRegisterInfo &TRI = *MF.getSubtarget().getRegisterInfo();
  auto Units = [&](Register R) {
    return registerUnits(*MRI.getRegClass(R), TRI);
  };
  auto ReadAfterLoop = [&](Register R) {
    for (const MachineInstr &U : MRI.use_nodbg_instructions(R)) {
      if (U.getParent() != &MBB)
        return true;
      // Through a PHI of the loop (an iteration later) to the exit.
      if (U.isPHI() &&
          any_of(MRI.use_nodbg_instructions(U.getOperand(0).getReg()),
                 [&](const MachineInstr &V) { return V.getParent() != &MBB; }))
        return true;
    }
    return false;
  };
  std::set<std::pair<unsigned, unsigned>> SeenInvariant;
  for (unsigned I = 0, E = LP.Instrs.size(); I != E; ++I) {
    const MachineInstr &MI = *LP.Instrs[I];
    Operation &Op = LP.Problem.operations()[I];
    Op.RegisterGroup = registerGroup(MI);
    // Results in the order of MI's virtual-register defs (resultIndex).
    for (const MachineOperand &MO : MI.operands()) {
      if (!MO.isReg() || !MO.getReg().isVirtual())
        continue;
      Register R = MO.getReg();
      if (MO.isDef()) {
        Op.ResultRegisters.push_back(Units(R));
        Op.Registers += Units(R);
        Op.LiveOut |= ReadAfterLoop(R);
        continue;
      }
      const MachineInstr *Def = MRI.getUniqueVRegDef(R);
      if (Def && Def->getParent() == &MBB)
        continue;
      if (!SeenInvariant.insert({R.id(), Op.RegisterGroup}).second)
        continue;
      SmallVectorImpl<unsigned> &Inv = LP.Problem.InvariantRegisters;
      if (Inv.size() <= Op.RegisterGroup)
        Inv.resize(Op.RegisterGroup + 1, 0);
      Inv[Op.RegisterGroup] += Units(R);
    }
  }
}

/// Whether every object \p A may point into, in any iteration, is an
/// identified object (a noalias kernel parameter, a global, an alloca) that
/// \p B never points into. A pointer PHI (a pointer advanced each iteration)
/// stands for the objects of all its incoming values.
static bool distinctObjects(const Value *A, const Value *B) {
  SmallVector<const Value *, 4> OA, OB;
  getUnderlyingObjects(A, OA);
  getUnderlyingObjects(B, OB);
  auto Identified = [](const Value *O) { return isIdentifiedObject(O); };
  return all_of(OA, Identified) && all_of(OB, Identified) &&
         none_of(OA, [&](const Value *O) { return is_contained(OB, O); });
}

bool ProblemBuilder::provablyDisjoint(const MachineInstr &A,
                                      const MachineInstr &B) const {
  // Only an object-based proof holds across iterations too: two distinct
  // identified objects, or two distinct spill slots.
  if (!A.hasOneMemOperand() || !B.hasOneMemOperand())
    return false;
  const MachineMemOperand &MA = **A.memoperands_begin();
  const MachineMemOperand &MB = **B.memoperands_begin();
  if (const Value *VA = MA.getValue())
    if (const Value *VB = MB.getValue())
      return VA != VB && distinctObjects(VA, VB);
  const auto *PA =
      dyn_cast_or_null<FixedStackPseudoSourceValue>(MA.getPseudoValue());
  const auto *PB =
      dyn_cast_or_null<FixedStackPseudoSourceValue>(MB.getPseudoValue());
  return PA && PB && PA->getFrameIndex() != PB->getFrameIndex();
}

void ProblemBuilder::addMemoryAndOrderDependences() {
  unsigned N = LP.Instrs.size();
  auto IsMemory = [&](unsigned I) {
    return (Facts[I].Reads || Facts[I].Writes) &&
           Facts[I].Space != model::MemorySpace::Value;
  };
  // Only memory accesses and side effects order each other: pair those
  // alone (a quarter of a large loop's ops, a sixteenth of the pairs).
  SmallVector<unsigned, 64> Ordered;
  for (unsigned I = 0; I != N; ++I)
    if (Facts[I].SideEffects || IsMemory(I))
      Ordered.push_back(I);
  for (unsigned IA = 0, E = Ordered.size(); IA != E; ++IA) {
    for (unsigned IB = IA + 1; IB != E; ++IB) {
      unsigned A = Ordered[IA], B = Ordered[IB];
      const OpFacts &FA = Facts[A], &FB = Facts[B];
      bool Order = false, Memory = false;
      if (FA.SideEffects || FB.SideEffects) {
        // Side effects keep their order among themselves and against every
        // memory access.
        Order =
            (FA.SideEffects || IsMemory(A)) && (FB.SideEffects || IsMemory(B));
      } else {
        Memory = IsMemory(A) && IsMemory(B) && FA.Space == FB.Space &&
                 (FA.Writes || FB.Writes) &&
                 !provablyDisjoint(*LP.Instrs[A], *LP.Instrs[B]);
        // Volatile accesses happen in program order, whatever they touch.
        Order = Memory || (FA.Volatile && FB.Volatile);
      }
      if (!Order)
        continue;
      // Forward, inside the iteration: a read after a write waits for the
      // write's latency; other orders only need program order.
      int Forward = Memory && FA.Writes && FB.Reads ? FA.Latency : 0;
      DepKind FwdKind = !Memory    ? DepKind::Order
                        : FA.Async ? DepKind::Token
                                   : DepKind::Memory;
      addDep(A, B, Forward, 0, FwdKind);
      // Backward, into the next iteration: B of iteration i before A of
      // iteration i + 1, at least a cycle apart so that the kernel's
      // in-cycle order cannot reverse them.
      int Backward = Memory && FB.Writes && FA.Reads ? FB.Latency : 1;
      DepKind BwdKind = !Memory    ? DepKind::Order
                        : FB.Async ? DepKind::Token
                                   : DepKind::Memory;
      addDep(B, A, std::max(Backward, 1), 1, BwdKind);
    }
  }
}

/// The branch that closes the kernel issues once the exit test's result is
/// ready: an op that holds nothing, in stage 0, the test's latency after it.
/// So the test is placed where its result is ready by the kernel's last
/// cycle, and the next kernel iteration starts II cycles after this one.
/// The op stands for no instruction: it comes after LP.Instrs.
void ProblemBuilder::addLoopBranch(ArrayRef<unsigned> ExitTests) {
  if (ExitTests.empty())
    return;
  Operation Branch;
  unsigned Index = LP.Problem.size();
  Branch.Name = formatv("{0}:loop-branch", Index).str();
  Branch.MaxDepth = 1;
  LP.Problem.addOperation(std::move(Branch));
  for (unsigned Op : ExitTests)
    addDep(Op, Index, Facts[Op].Latency, 0, DepKind::Order);
  LP.Problem.LoopBranch = Index;
}

Error ProblemBuilder::applyConstraints() {
  // The loop's exit test stays in stage 0: in every kernel iteration it
  // decides whether the next iteration starts, which is how the expansion's
  // prologue guards and kernel branch count iterations.
  SmallVector<unsigned, 1> ExitTests;
  for (const MachineInstr &T : MBB.terminators())
    for (const MachineOperand &MO : T.uses())
      if (MO.isReg() && MO.getReg().isVirtual())
        if (const MachineInstr *Def = MRI.getUniqueVRegDef(MO.getReg())) {
          auto It = LP.OpIndex.find(Def);
          if (It != LP.OpIndex.end() && !is_contained(ExitTests, It->second))
            ExitTests.push_back(It->second);
        }
  for (unsigned Op : ExitTests)
    LP.Problem.operations()[Op].MaxDepth = 1;
  addLoopBranch(ExitTests);
  orderLoopControlEarly(LP.Instrs, ExitTests, LP.Problem);

  const auto *MFI = MF.getInfo<TileASMachineFunctionInfo>();
  unsigned Block = MBB.getNumber();
  for (const tileas_mfi::GroupConstraint &G : MFI->Groups)
    LP.Problem.addGroup({G.Id, G.Leader, G.MaxDepth});
  for (unsigned B : MFI->ForceSerialBlocks)
    if (B == Block)
      LP.Problem.ForceSerial = true;

  SmallVector<const MachineInstr *, 32> ByIndex;
  for (const MachineInstr &MI : MBB)
    if (!MI.isDebugInstr())
      ByIndex.push_back(&MI);
  for (const tileas_mfi::InstrConstraint &C : MFI->Constraints) {
    if (C.Block != Block)
      continue;
    if (C.Instr >= ByIndex.size() ||
        TII.getName(ByIndex[C.Instr]->getOpcode()) != C.Opcode)
      return createStringError(
          inconvertibleErrorCode(),
          formatv("scheduling constraint on bb.{0} instruction {1} names {2}, "
                  "but that instruction is {3}",
                  Block, C.Instr, C.Opcode,
                  C.Instr < ByIndex.size()
                      ? TII.getName(ByIndex[C.Instr]->getOpcode())
                      : StringRef("past the end of the block")));
    auto It = LP.OpIndex.find(ByIndex[C.Instr]);
    if (It == LP.OpIndex.end())
      return createStringError(
          inconvertibleErrorCode(),
          formatv("scheduling constraint on bb.{0} instruction {1} ({2}): "
                  "PHIs and terminators are not scheduled",
                  Block, C.Instr, C.Opcode));
    Operation &Op = LP.Problem.operations()[It->second];
    Op.Group = C.Group;
    Op.MaxDepth = C.MaxDepth;
  }
  return LP.Problem.validate();
}

} // namespace

Expected<TileASLoopProblem> TileASLoopProblem::build(MachineBasicBlock &MBB,
                                                     int ReservedBarriers) {
  TileASPipelinerOptions Opts = TileASPipelinerOptions::fromCommandLine();
  Opts.ReservedBarriers = ReservedBarriers;
  return build(MBB, Opts);
}

Expected<TileASLoopProblem>
TileASLoopProblem::build(MachineBasicBlock &MBB,
                         const TileASPipelinerOptions &Opts) {
  TileASLoopProblem LP;
  LP.Loop = &MBB;
  if (Error E = ProblemBuilder(LP, Opts.ReservedBarriers).run())
    return E;
  // What materialization will coordinate, described the way it will be.
  if (LP.Unsupported.empty()) {
    LP.Problem.Coordination =
        TileASCoordinationInput::build(MBB, LP.Instrs, Opts).In;
    // The loop branch coordinates nothing; it runs on the issuing thread.
    if (LP.Problem.LoopBranch) {
      pipes::LoopOp Branch;
      Branch.Unit = coordinationUnitOf(*MBB.getFirstTerminator()).first;
      LP.Problem.Coordination->Ops.push_back(Branch);
    }
  }
  LP.Problem.Name =
      (MBB.getParent()->getName() + ":bb." + Twine(MBB.getNumber())).str();
  return LP;
}

std::vector<OpPlacement>
llvm::instructionPlacements(const TileASLoopProblem &LP, const Schedule &S) {
  size_t N = std::min(S.Ops.size(), LP.Instrs.size());
  std::vector<OpPlacement> Out(S.Ops.begin(), S.Ops.begin() + N);
  // Orders are ranks among all ops: rank the instructions' among themselves.
  std::vector<unsigned> ByOrder(N);
  std::iota(ByOrder.begin(), ByOrder.end(), 0);
  llvm::stable_sort(ByOrder, [&](unsigned A, unsigned B) {
    return Out[A].Order < Out[B].Order;
  });
  for (unsigned Rank = 0; Rank != N; ++Rank)
    Out[ByOrder[Rank]].Order = Rank;
  return Out;
}

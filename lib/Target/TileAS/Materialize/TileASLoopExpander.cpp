//===- TileASLoopExpander.cpp - Prologue, kernel, epilogue from a schedule ===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Materialize/TileASLoopExpander.h"
#include "Materialize/TileASCoordinationInput.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <utility>

using namespace llvm;

namespace {

/// A value of the original loop for one iteration: the register and the
/// iteration, absolute in the prologue, relative in the kernel and the
/// epilogue (see Expander).
using IterValue = std::pair<unsigned, int64_t>;

/// One expansion. Iterations are named three ways, by where the code runs:
///
///  * prologue: the absolute iteration i (0 .. S-2);
///  * kernel: the offset c from the pass number K: pass K runs stage s of
///    iteration K + (S - 1 - s), so an instruction of stage s works on
///    offset S - 1 - s;
///  * epilogue: the offset c from T - S (T the trip count): the kernel's
///    last pass is K = T - S, so the offsets continue the kernel's.
class Expander {
public:
  Expander(const TileASCountedLoop &L, MachineBasicBlock &Preheader,
           ArrayRef<MachineInstr *> Order,
           const DenseMap<MachineInstr *, int> &Stage, unsigned NumStages)
      : L(L), Loop(*L.Loop), Preheader(Preheader), Exit(*L.Exit),
        MF(*Loop.getParent()), MRI(MF.getRegInfo()),
        TII(*MF.getSubtarget().getInstrInfo()), Order(Order), Stage(Stage),
        S(NumStages) {}

  TileASExpandedLoop run();

private:
  /// The instruction in the loop that defines R, or null for a value from
  /// outside the loop.
  MachineInstr *loopDef(Register R) const {
    if (!R.isVirtual())
      return nullptr;
    MachineInstr *Def = MRI.getVRegDef(R);
    return Def && Def->getParent() == &Loop ? Def : nullptr;
  }
  /// The offset an instruction of the body works on in a kernel pass.
  int64_t kernelOffset(MachineInstr *MI) const {
    return int64_t(S) - 1 - Stage.lookup(MI);
  }
  static Register phiInit(const MachineInstr &Phi,
                          const MachineBasicBlock &Loop);
  static Register phiLoopValue(const MachineInstr &Phi,
                               const MachineBasicBlock &Loop);

  Register inPrologue(Register R, int64_t Iter);
  Register inKernel(Register R, int64_t Offset);
  Register inEpilogue(Register R, int64_t Offset);
  /// A kernel PHI carrying R's value for Offset from an earlier pass.
  Register carry(Register R, int64_t Offset);

  /// Appends a copy of MI to MBB with its uses mapped by MapUse and fresh
  /// registers for its definitions, recorded in Defs.
  template <typename MapFn>
  void emitCopy(MachineInstr &MI, MachineBasicBlock &MBB, MapFn MapUse,
                function_ref<void(Register, Register)> RecordDef,
                TileASLoopCopy Info);
  void buildPrologue();
  void buildKernel();
  void buildEpilogue();
  void resolveCarries();
  void joinLiveOuts(bool KeepFallback);
  void removeDeadCopies(MachineBasicBlock &MBB);

  const TileASCountedLoop &L;
  MachineBasicBlock &Loop;
  MachineBasicBlock &Preheader;
  MachineBasicBlock &Exit;
  MachineFunction &MF;
  MachineRegisterInfo &MRI;
  const TargetInstrInfo &TII;
  ArrayRef<MachineInstr *> Order;
  const DenseMap<MachineInstr *, int> &Stage;
  unsigned S;

  MachineBasicBlock *Prologue = nullptr;
  MachineBasicBlock *Kernel = nullptr;
  MachineBasicBlock *Epilogue = nullptr;
  std::map<IterValue, Register> PrologueDefs, EpilogueDefs;
  DenseMap<Register, Register> KernelDefs;
  /// Kernel PHIs by (register, offset), and those whose back-edge value is
  /// still to be filled in.
  std::map<IterValue, MachineInstr *> Carries;
  SmallVector<IterValue, 8> PendingCarries;
  DenseMap<const MachineInstr *, unsigned> OrderIndex;
  DenseMap<const MachineInstr *, TileASLoopCopy> Copies;
};

} // namespace

// checkExpandable guarantees one value from the preheader and one from the
// loop.
Register Expander::phiInit(const MachineInstr &Phi,
                           const MachineBasicBlock &Loop) {
  for (unsigned I = 1, E = Phi.getNumOperands(); I < E; I += 2)
    if (Phi.getOperand(I + 1).getMBB() != &Loop)
      return Phi.getOperand(I).getReg();
  llvm_unreachable("a loop PHI without a value from the preheader");
}

Register Expander::phiLoopValue(const MachineInstr &Phi,
                                const MachineBasicBlock &Loop) {
  for (unsigned I = 1, E = Phi.getNumOperands(); I < E; I += 2)
    if (Phi.getOperand(I + 1).getMBB() == &Loop)
      return Phi.getOperand(I).getReg();
  llvm_unreachable("a loop PHI without a value from the loop");
}

Register Expander::inPrologue(Register R, int64_t Iter) {
  MachineInstr *Def = loopDef(R);
  if (!Def)
    return R;
  if (Def->isPHI())
    return Iter == 0 ? phiInit(*Def, Loop)
                     : inPrologue(phiLoopValue(*Def, Loop), Iter - 1);
  auto It = PrologueDefs.find({R.id(), Iter});
  assert(It != PrologueDefs.end() &&
         "a value used before the prologue made it");
  return It->second;
}

Register Expander::inKernel(Register R, int64_t Offset) {
  MachineInstr *Def = loopDef(R);
  if (!Def)
    return R;
  if (Def->isPHI())
    return Offset >= 1 ? inKernel(phiLoopValue(*Def, Loop), Offset - 1)
                       : carry(R, Offset);
  int64_t Own = kernelOffset(Def);
  assert(Offset <= Own && "a value used before the iteration that makes it");
  if (Offset < Own)
    return carry(R, Offset);
  auto It = KernelDefs.find(R);
  assert(It != KernelDefs.end() && "a value used before this pass made it");
  return It->second;
}

Register Expander::inEpilogue(Register R, int64_t Offset) {
  MachineInstr *Def = loopDef(R);
  if (!Def)
    return R;
  if (Def->isPHI())
    return Offset >= 1 ? inEpilogue(phiLoopValue(*Def, Loop), Offset - 1)
                       : carry(R, Offset);
  if (Offset <= kernelOffset(Def))
    return inKernel(R, Offset); // Made by the kernel's last pass or earlier.
  auto It = EpilogueDefs.find({R.id(), Offset});
  assert(It != EpilogueDefs.end() &&
         "a value used before the epilogue made it");
  return It->second;
}

Register Expander::carry(Register R, int64_t Offset) {
  assert(Offset >= 0 && "a carried value from before the first iteration");
  auto It = Carries.find({R.id(), Offset});
  if (It != Carries.end())
    return It->second->getOperand(0).getReg();
  // On entry to the first pass (K = 0) it holds iteration Offset, which the
  // prologue made (or, for a PHI at iteration 0, its initial value); the
  // back edge gives it the next pass's offset Offset + 1 (resolveCarries).
  Register New = MRI.createVirtualRegister(MRI.getRegClass(R));
  MachineInstr *Phi = BuildMI(*Kernel, Kernel->getFirstNonPHI(), DebugLoc(),
                              TII.get(TargetOpcode::PHI), New)
                          .addReg(inPrologue(R, Offset))
                          .addMBB(Prologue)
                          .getInstr();
  Carries[{R.id(), Offset}] = Phi;
  PendingCarries.push_back({R.id(), Offset});
  return New;
}

template <typename MapFn>
void Expander::emitCopy(MachineInstr &MI, MachineBasicBlock &MBB, MapFn MapUse,
                        function_ref<void(Register, Register)> RecordDef,
                        TileASLoopCopy Info) {
  MachineInstr *Copy = MF.CloneMachineInstr(&MI);
  Info.OrderIndex = OrderIndex.lookup(&MI);
  Copies[Copy] = Info;
  for (MachineOperand &MO : Copy->operands()) {
    if (!MO.isReg() || !MO.getReg().isVirtual())
      continue;
    Register Old = MO.getReg();
    if (MO.isDef()) {
      Register New = MRI.createVirtualRegister(MRI.getRegClass(Old));
      MO.setReg(New);
      RecordDef(Old, New);
    } else {
      MO.setReg(MapUse(Old));
    }
    MO.setIsKill(false);
  }
  MBB.push_back(Copy);
}

void Expander::buildPrologue() {
  for (int64_t Step = 0; Step + 1 < int64_t(S); ++Step)
    for (MachineInstr *MI : Order) {
      int St = Stage.lookup(MI);
      if (St > Step)
        continue;
      int64_t Iter = Step - St;
      emitCopy(
          *MI, *Prologue, [&](Register R) { return inPrologue(R, Iter); },
          [&](Register Old, Register New) {
            PrologueDefs[{Old.id(), Iter}] = New;
          },
          {TileASLoopCopy::Prologue, 0, Iter});
    }
  TII.insertBranch(*Prologue, Kernel, nullptr, {}, DebugLoc());
  Prologue->addSuccessor(Kernel);
}

void Expander::buildKernel() {
  for (MachineInstr *MI : Order) {
    int64_t Offset = kernelOffset(MI);
    emitCopy(
        *MI, *Kernel, [&](Register R) { return inKernel(R, Offset); },
        [&](Register Old, Register New) { KernelDefs[Old] = New; },
        {TileASLoopCopy::Kernel, 0, Offset});
  }
  // The exit test is in stage 0: it decides whether iteration K + S starts,
  // i.e. whether another pass runs.
  Register Pred = inKernel(L.Branch->getOperand(0).getReg(), int64_t(S) - 1);
  MachineBasicBlock *Taken = L.Branch->getOperand(1).getMBB();
  bool TakenLoops = Taken == &Loop;
  BuildMI(*Kernel, Kernel->end(), DebugLoc(), TII.get(L.Branch->getOpcode()))
      .addReg(Pred)
      .addMBB(TakenLoops ? Kernel : Epilogue);
  TII.insertBranch(*Kernel, TakenLoops ? Epilogue : Kernel, nullptr, {},
                   DebugLoc());
  Kernel->addSuccessor(Kernel);
  Kernel->addSuccessor(Epilogue);
}

void Expander::buildEpilogue() {
  // Epilogue step E runs stages E .. S-1, stage s on offset S - 1 + E - s.
  for (int64_t Step = 1; Step < int64_t(S); ++Step)
    for (MachineInstr *MI : Order) {
      int St = Stage.lookup(MI);
      if (St < Step)
        continue;
      int64_t Offset = int64_t(S) - 1 + Step - St;
      emitCopy(
          *MI, *Epilogue, [&](Register R) { return inEpilogue(R, Offset); },
          [&](Register Old, Register New) {
            EpilogueDefs[{Old.id(), Offset}] = New;
          },
          {TileASLoopCopy::Epilogue, 0, Offset});
    }
}

void Expander::resolveCarries() {
  // A carry of (R, c) takes over, at the end of a pass, what the next pass
  // calls offset c: this pass's offset c + 1. That may need further carries.
  while (!PendingCarries.empty()) {
    IterValue V = PendingCarries.pop_back_val();
    Register Next = inKernel(Register(V.first), V.second + 1);
    MachineInstr *Phi = Carries[V];
    Phi->addOperand(MF, MachineOperand::CreateReg(Next, /*isDef=*/false));
    Phi->addOperand(MF, MachineOperand::CreateMBB(Kernel));
  }
}

void Expander::joinLiveOuts(bool KeepFallback) {
  // The value a register of the loop has after it: that of the last
  // iteration, T - 1, which is epilogue offset S - 1.
  auto Final = [&](Register R) { return inEpilogue(R, int64_t(S) - 1); };

  // PHIs of the exit read the loop's registers from the loop block.
  for (MachineInstr &Phi : Exit.phis()) {
    for (unsigned I = 1, E = Phi.getNumOperands(); I < E; I += 2) {
      if (Phi.getOperand(I + 1).getMBB() != &Loop)
        continue;
      Register V = Final(Phi.getOperand(I).getReg());
      if (KeepFallback) {
        Phi.addOperand(MF, MachineOperand::CreateReg(V, /*isDef=*/false));
        Phi.addOperand(MF, MachineOperand::CreateMBB(Epilogue));
      } else {
        Phi.getOperand(I).setReg(V);
        Phi.getOperand(I + 1).setMBB(Epilogue);
      }
      break;
    }
  }

  // Every other use after the loop reads a join of both paths.
  SmallVector<MachineInstr *, 32> Defs;
  for (MachineInstr &MI : Loop)
    if (!MI.isTerminator() && !MI.isDebugInstr())
      Defs.push_back(&MI);
  for (MachineInstr *MI : Defs)
    for (const MachineOperand &Def : MI->all_defs()) {
      Register R = Def.getReg();
      if (!R.isVirtual())
        continue;
      SmallVector<MachineOperand *, 4> Outside;
      for (MachineOperand &Use : MRI.use_operands(R)) {
        MachineInstr *User = Use.getParent();
        MachineBasicBlock *UB = User->getParent();
        if (UB == &Loop || UB == Prologue || UB == Kernel || UB == Epilogue ||
            (UB == &Exit && User->isPHI()))
          continue;
        Outside.push_back(&Use);
      }
      if (Outside.empty())
        continue;
      Register Joined = Final(R);
      if (KeepFallback) {
        Joined = MRI.createVirtualRegister(MRI.getRegClass(R));
        BuildMI(Exit, Exit.getFirstNonPHI(), DebugLoc(),
                TII.get(TargetOpcode::PHI), Joined)
            .addReg(R)
            .addMBB(&Loop)
            .addReg(Final(R))
            .addMBB(Epilogue);
      }
      for (MachineOperand *Use : Outside)
        Use->setReg(Joined);
    }
}

void Expander::removeDeadCopies(MachineBasicBlock &MBB) {
  // Copies whose results nothing reads (the prologue's exit tests, ...).
  // An op on a tile or tensor-memory buffer stays even when its result is
  // unused: the pipes and mutexes around it count on it (a TMA load whose
  // slot was acquired must fill it).
  auto TouchesBuffer = [&](const MachineInstr &MI) {
    return llvm::any_of(MI.operands(), [&](const MachineOperand &MO) {
      return MO.isReg() && isBufferedRegister(MRI, MO.getReg());
    });
  };
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (MachineInstr &MI : make_early_inc_range(reverse(MBB))) {
      if (MI.isTerminator() || MI.mayStore() || MI.hasUnmodeledSideEffects() ||
          MI.isCall() || MI.hasOrderedMemoryRef() || TouchesBuffer(MI))
        continue;
      bool Used = false;
      for (const MachineOperand &Def : MI.all_defs())
        Used |= !Def.getReg().isVirtual() || !MRI.use_nodbg_empty(Def.getReg());
      if (Used || MI.all_defs().empty())
        continue;
      Copies.erase(&MI);
      MI.eraseFromParent();
      Changed = true;
    }
  }
}

TileASExpandedLoop Expander::run() {
  TileASExpandedLoop Result;
  for (unsigned I = 0; I < Order.size(); ++I)
    OrderIndex[Order[I]] = I;
  if (S == 1) {
    // One stage: the schedule only reorders the body.
    reorderBlock(Loop, Order);
    Result.Kernel = &Loop;
    return Result;
  }

  // Run the pipelined loop only if the trip count reaches the stage count.
  TII.removeBranch(Preheader);
  SmallVector<MachineOperand, 2> Cond;
  std::optional<bool> Long =
      L.emitTripCountGreater(int64_t(S) - 1, Preheader, Cond, TII);
  if (Long && !*Long) {
    // Known to be too short: the loop runs as it is.
    TII.insertBranch(Preheader, &Loop, nullptr, {}, DebugLoc());
    Result.Fallback = &Loop;
    return Result;
  }

  Prologue = MF.CreateMachineBasicBlock(Loop.getBasicBlock());
  Kernel = MF.CreateMachineBasicBlock(Loop.getBasicBlock());
  Epilogue = MF.CreateMachineBasicBlock(Loop.getBasicBlock());
  // Before the original loop, which may fall through to the exit.
  for (MachineBasicBlock *MBB : {Prologue, Kernel, Epilogue})
    MF.insert(Loop.getIterator(), MBB);

  bool KeepFallback = !Long;
  if (KeepFallback) {
    TII.insertBranch(Preheader, &Loop, Prologue, Cond, DebugLoc());
    Preheader.addSuccessor(Prologue);
  } else {
    TII.insertBranch(Preheader, Prologue, nullptr, {}, DebugLoc());
    Preheader.replaceSuccessor(&Loop, Prologue);
  }

  buildPrologue();
  buildKernel();
  buildEpilogue();
  TII.insertBranch(*Epilogue, &Exit, nullptr, {}, DebugLoc());
  Epilogue->addSuccessor(&Exit);
  joinLiveOuts(KeepFallback);
  resolveCarries();
  removeDeadCopies(*Epilogue);
  removeDeadCopies(*Prologue);

  if (!KeepFallback) {
    Loop.removeSuccessor(&Exit);
    Loop.removeSuccessor(&Loop);
    Loop.eraseFromParent();
  }
  Result.Prologue = Prologue;
  Result.Kernel = Kernel;
  Result.Epilogue = Epilogue;
  Result.Fallback = KeepFallback ? &Loop : nullptr;
  Result.Copies = std::move(Copies);
  return Result;
}

static Error checkPHIs(const MachineBasicBlock &MBB) {
  for (const MachineInstr &Phi : MBB.phis())
    for (const MachineBasicBlock *Pred : MBB.predecessors()) {
      unsigned Named = 0;
      for (unsigned I = 2, E = Phi.getNumOperands(); I < E; I += 2)
        Named +=
            Phi.getOperand(I).isMBB() && Phi.getOperand(I).getMBB() == Pred;
      if (Named == 1)
        continue;
      std::string Text;
      raw_string_ostream OS(Text);
      Phi.print(OS, /*IsStandalone=*/true, /*SkipOpers=*/false,
                /*SkipDebugLoc=*/true, /*AddNewLine=*/false);
      return createStringError(
          inconvertibleErrorCode(),
          formatv("the PHI '{0}' in bb.{1} names its predecessor bb.{2} {3} "
                  "times; a PHI takes exactly one value from each predecessor",
                  Text, MBB.getNumber(), Pred->getNumber(), Named));
    }
  return Error::success();
}

Error llvm::checkExpandable(const TileASCountedLoop &Loop) {
  if (Error E = checkPHIs(*Loop.Loop))
    return E;
  return checkPHIs(*Loop.Exit);
}

void llvm::reorderBlock(MachineBasicBlock &MBB,
                        ArrayRef<MachineInstr *> Order) {
  MachineBasicBlock::iterator Where = MBB.getFirstNonPHI();
  for (MachineInstr *MI : Order) {
    if (&*Where == MI)
      ++Where; // Already in place.
    else
      MBB.splice(Where, &MBB, MI->getIterator());
  }
}

TileASExpandedLoop llvm::expandPipelinedLoop(
    const TileASCountedLoop &Loop, MachineBasicBlock &Preheader,
    ArrayRef<MachineInstr *> Order, const DenseMap<MachineInstr *, int> &Stage,
    unsigned NumStages) {
  TileASExpandedLoop Expanded =
      Expander(Loop, Preheader, Order, Stage, NumStages).run();
  Expanded.NumStages = NumStages;
  return Expanded;
}

//===- TileASTileNestPipelinePrefetch.cpp - Next tile's loads in the drain ===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Materialize/TileASTileNestPipelinePrefetch.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "Materialize/TileASCoordinationInput.h"
#include "TileASInstrInfo.h"
#include "TileASSubtarget.h"
#include "tileas/MIRExec/CoordinationOperands.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <tuple>

using namespace llvm;
using namespace tileas;

static cl::opt<bool> TileNestPrefetch(
    "tileas-unspecialized-tile-nest-prefetch", cl::init(true),
    cl::desc("Unspecialized, with -tileas-unspecialized-tile-nests: issue the "
             "next tile's first loads (its stage-0 ops of iterations "
             "0 .. S-2) during the current tile's drain (on by default)"));

/// Testing only: a seeded mistake for the protocol checker to catch.
static cl::opt<bool> PrefetchStaleRing(
    "tileas-unspecialized-tile-nest-prefetch-stale-ring", cl::Hidden,
    cl::init(false),
    cl::desc("Testing only: the next tile's loads in the drain acquire the "
             "ring iterations of the current tile's first k-tiles again"));

bool llvm::unspecializedTileNestPrefetchEnabled() { return TileNestPrefetch; }

TileASTileNestPrefetch::TileASTileNestPrefetch(const TileNestPrefetchInput &In)
    : In(In), MF(*In.Preheader->getParent()), MRI(MF.getRegInfo()),
      TII(*MF.getSubtarget().getInstrInfo()) {
  Header = In.TN->Before.front();
  Latch = In.TN->After.back();
  Prologue = In.Expanded->Prologue;
  Kernel = In.Expanded->Kernel;
  Epilogue = In.Expanded->Epilogue;
  S = In.Expanded->NumStages;
}

bool TileASTileNestPrefetch::inBefore(const MachineBasicBlock *MBB) const {
  return is_contained(In.TN->Before, MBB);
}

bool TileASTileNestPrefetch::inAfter(const MachineBasicBlock *MBB) const {
  return is_contained(In.TN->After, MBB);
}

bool TileASTileNestPrefetch::inTileLoop(const MachineBasicBlock *MBB) const {
  return In.TN->Outer->contains(MBB) || MBB == NextTest || MBB == CountTest ||
         MBB == Drain || MBB == Select || MBB == Prefetched;
}

int TileASTileNestPrefetch::stageOfCopy(const MachineInstr &MI) const {
  auto It = In.Expanded->Copies.find(&MI);
  if (It == In.Expanded->Copies.end() ||
      It->second.OrderIndex >= In.StageOf.size())
    return -1;
  return In.StageOf[It->second.OrderIndex];
}

bool TileASTileNestPrefetch::isStageZeroPrologueCopy(
    const MachineInstr &MI) const {
  auto It = In.Expanded->Copies.find(&MI);
  return It != In.Expanded->Copies.end() &&
         It->second.Part == TileASLoopCopy::Prologue && stageOfCopy(MI) == 0;
}

std::string TileASTileNestPrefetch::describe(const MachineInstr &MI) const {
  std::string Text;
  raw_string_ostream OS(Text);
  MI.print(OS, /*IsStandalone=*/true, /*SkipOpers=*/false,
           /*SkipDebugLoc=*/true, /*AddNewLine=*/false);
  return "'" + Text + "'";
}

bool TileASTileNestPrefetch::canCopy(const MachineInstr &MI) {
  bool Scalar = !MI.isPHI() && !MI.isTerminator() && !MI.mayLoadOrStore() &&
                !MI.hasUnmodeledSideEffects() && !MI.isCall() &&
                !TileAS::isCoordination(MI.getDesc());
  for (const MachineOperand &Def : MI.all_defs())
    Scalar &=
        Def.getReg().isVirtual() && !isBufferedRegister(MRI, Def.getReg());
  // A load (a k-tile count per tile) is not made ahead: its latency would
  // hold the drain (the grouped GEMM measured 1005 cycles slower at 8 tiles
  // of 8 k-tiles with its count loaded again at the top of the drain).
  if (!Scalar)
    Why = formatv("the next tile's {0} is not a scalar computation that can "
                  "be made ahead, in the drain of the tile before",
                  describe(MI));
  return Scalar;
}

Register TileASTileNestPrefetch::valueOf(Register R, When W, bool Emit) {
  if (!R.isVirtual()) {
    Why = "a value of the next tile is in a physical register";
    return Register();
  }
  DenseMap<Register, Register> &Memo =
      Emit ? (W == When::Current ? CurCopy : NextCopy)
           : Checked[W == When::Current ? 0 : 1];
  if (Register Known = Memo.lookup(R))
    return Known;
  MachineInstr *Def = MRI.getVRegDef(R);
  if (!Def) {
    Why = "a value of the next tile has no single definition";
    return Register();
  }
  MachineBasicBlock *B = Def->getParent();
  Register Result;
  if (!inTileLoop(B)) {
    Result = R;
  } else if (W == When::Next && Def->isPHI() && B == Header) {
    // The next tile's value of a header PHI: what the latch hands it.
    for (unsigned I = 1, E = Def->getNumOperands(); I < E; I += 2)
      if (Def->getOperand(I + 1).getMBB() == Latch)
        Result = valueOf(Def->getOperand(I).getReg(), When::Current, Emit);
    if (!Result)
      return Register();
  } else if (W == When::Current && (inBefore(B) || B == Kernel)) {
    Result = R; // Made before the drain, on its path.
  } else if (W == When::Current && Def->isPHI() && B == In.Exit) {
    // The k-loop's paths joined: the pipelined path's value.
    for (unsigned I = 1, E = Def->getNumOperands(); I < E; I += 2)
      if (Def->getOperand(I + 1).getMBB() == Epilogue)
        Result = valueOf(Def->getOperand(I).getReg(), When::Current, Emit);
    if (!Result) {
      if (Why.empty())
        Why = formatv("{0} joins no value of the drain", describe(*Def));
      return Register();
    }
  } else if (!Def->isPHI() && ((W == When::Current && inAfter(B)) ||
                               (W == When::Next && inBefore(B)))) {
    if (!canCopy(*Def))
      return Register();
    SmallVector<std::pair<unsigned, Register>, 4> Uses;
    for (unsigned I = 0, E = Def->getNumOperands(); I < E; ++I) {
      const MachineOperand &MO = Def->getOperand(I);
      if (!MO.isReg() || MO.isDef() || !MO.getReg())
        continue;
      Register V = valueOf(MO.getReg(), W, Emit);
      if (!V)
        return Register();
      Uses.push_back({I, V});
    }
    if (!Emit) {
      Result = R;
    } else {
      MachineBasicBlock &At =
          W == When::Current ? *NextTest : (CountTest ? *CountTest : *Drain);
      MachineInstr *Copy = MF.CloneMachineInstr(Def);
      for (auto [I, V] : Uses) {
        Copy->getOperand(I).setReg(V);
        Copy->getOperand(I).setIsKill(false);
        MRI.clearKillFlags(V);
      }
      for (MachineOperand &MO : Copy->all_defs()) {
        Register New = MRI.createVirtualRegister(MRI.getRegClass(MO.getReg()));
        Register Old = MO.getReg();
        MO.setReg(New);
        Memo[Old] = New;
        if (Old == R)
          Result = New;
      }
      At.insert(At.getFirstTerminator(), Copy);
    }
  } else {
    Why = formatv("the next tile's value of {0} is not known before the "
                  "drain of the tile before",
                  describe(*Def));
    return Register();
  }
  Memo[R] = Result;
  return Result;
}

Register TileASTileNestPrefetch::nextLoopValue(Register R, bool Emit) {
  MachineInstr *Def = R.isVirtual() ? MRI.getVRegDef(R) : nullptr;
  if (Def && is_contained(StageZero, Def))
    return Emit ? NextLoop.lookup(R) : R;
  return valueOf(R, When::Next, Emit);
}

bool TileASTileNestPrefetch::variesPerTile(Register R) const {
  MachineInstr *Def = R.isVirtual() ? MRI.getVRegDef(R) : nullptr;
  if (!Def || !In.TN->Outer->contains(Def->getParent()))
    return false;
  if (Def->isPHI() || Def->mayLoad())
    return true;
  return any_of(Def->uses(), [&](const MachineOperand &MO) {
    return MO.isReg() && MO.getReg() && variesPerTile(MO.getReg());
  });
}

/// The kind of a prologue stage-0 copy, for the drain.
enum class MoveKind { Load, Producer, Scalar, Stays };

std::string TileASTileNestPrefetch::chooseMoved() {
  // The prologue's stage-0 copies in order, and what each is.
  std::vector<MachineInstr *> Zero;
  DenseMap<const MachineInstr *, MoveKind> Kind;
  for (MachineInstr &MI : *Prologue) {
    if (MI.isTerminator())
      continue;
    if (!In.Expanded->Copies.count(&MI))
      return formatv("the prologue holds {0}, which the expansion did not "
                     "make",
                     describe(MI));
    if (!isStageZeroPrologueCopy(MI))
      continue;
    unsigned Opc = MI.getOpcode();
    MoveKind K = MoveKind::Stays;
    if (Opc == TileAS::TMA_LOAD || Opc == TileAS::CP_ASYNC)
      K = MoveKind::Load;
    else if ((Opc == TileAS::PIPE_PRODUCER_ACQUIRE ||
              Opc == TileAS::PIPE_PRODUCER_COMMIT) &&
             In.Rings->count(namedOperand(MI, TileAS::OpName::pipe).getImm()))
      K = MoveKind::Producer;
    else if (!MI.mayLoadOrStore() && !MI.hasUnmodeledSideEffects() &&
             !MI.isCall() && !TileAS::isCoordination(MI.getDesc()) &&
             none_of(MI.all_defs(), [&](const MachineOperand &D) {
               return isBufferedRegister(MRI, D.getReg());
             }))
      K = MoveKind::Scalar;
    Zero.push_back(&MI);
    Kind[&MI] = K;
  }

  // Only the producer's side moves (a ring's acquire, its load, its
  // commit, and the scalars they read): a consumer's wait there would hold
  // the tile's drain until the next tile's data lands. An op stays if it
  // reads what stays, or a value of the next tile not known in the drain;
  // a load and the acquire and commit around it stay together.
  auto Stays = [&](MachineInstr *MI) { return Kind[MI] == MoveKind::Stays; };
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (unsigned I = 0; I < Zero.size(); ++I) {
      MachineInstr *MI = Zero[I];
      if (Stays(MI))
        continue;
      bool Keep = true;
      for (const MachineOperand &MO : MI->uses()) {
        if (!MO.isReg() || !MO.getReg())
          continue;
        MachineInstr *Def =
            MO.getReg().isVirtual() ? MRI.getVRegDef(MO.getReg()) : nullptr;
        if (Def && Def->getParent() == Prologue) {
          Keep &= Kind.count(Def) && !Stays(Def);
          continue;
        }
        std::string Saved = Why;
        Keep &= bool(valueOf(MO.getReg(), When::Next, /*Emit=*/false));
        Why = Saved;
      }
      // The load an acquire opens and a commit closes, next to it.
      auto Neighbour = [&](int Step) -> MachineInstr * {
        for (int J = int(I) + Step; J >= 0 && J < int(Zero.size()); J += Step)
          if (Kind[Zero[J]] != MoveKind::Scalar)
            return Zero[J];
        return nullptr;
      };
      unsigned Opc = MI->getOpcode();
      if (Kind[MI] == MoveKind::Load) {
        MachineInstr *Acq = Neighbour(-1), *Com = Neighbour(1);
        Keep &= Acq && Acq->getOpcode() == TileAS::PIPE_PRODUCER_ACQUIRE &&
                !Stays(Acq) && Com &&
                Com->getOpcode() == TileAS::PIPE_PRODUCER_COMMIT && !Stays(Com);
      } else if (Kind[MI] == MoveKind::Producer) {
        MachineInstr *Load =
            Neighbour(Opc == TileAS::PIPE_PRODUCER_ACQUIRE ? 1 : -1);
        Keep &= Load && Kind[Load] == MoveKind::Load && !Stays(Load);
      }
      if (!Keep) {
        Kind[MI] = MoveKind::Stays;
        Changed = true;
      }
    }
  }

  // Every scalar that can moves too: the next tile's prologue then reads
  // it from the header, not computing it again before its first MMA.
  if (none_of(Zero,
              [&](MachineInstr *MI) { return Kind[MI] == MoveKind::Load; }))
    return "none of the k-loop's first loads can be issued ahead of the next "
           "tile's prologue";
  for (MachineInstr *MI : Zero)
    if (!Stays(MI))
      StageZero.push_back(MI);
  return "";
}

std::string TileASTileNestPrefetch::whyNot() {
  if (!Prologue || !Kernel || !Epilogue || S < 2)
    return "the k-loop has no prologue and epilogue of its own";
  if (Header->pred_size() != 2 || !Header->isPredecessor(In.OuterPre) ||
      !Header->isPredecessor(Latch))
    return "the tile loop's header has other predecessors";
  MachineBasicBlock *TBB = nullptr, *FBB = nullptr;
  if (TII.analyzeBranch(*Latch, TBB, FBB, MoreTiles) || MoreTiles.empty() ||
      !FBB || (TBB != Header && FBB != Header))
    return "the tile loop's latch does not end in a test of the next tile";
  if (FBB == Header)
    TII.reverseBranchCondition(MoreTiles);
  if (!MoreTiles[1].isReg() || !valueOf(MoreTiles[1].getReg(), When::Current,
                                        /*Emit=*/false))
    return "the tile loop's latch test: " + Why;

  if (std::string Reason = chooseMoved(); !Reason.empty())
    return Reason;
  // Hopper: a wgmma's accumulator is registers of the threads that issue
  // it, which hold this tile's accumulator until its epilogue has stored
  // it; the next tile's would be a second set live through the drain.
  for (MachineInstr *MI : StageZero)
    if (TileAS::wgmmaLanes(MI->getOpcode()))
      return formatv("{0} is a wgmma: the next tile's accumulator would be "
                     "registers live beside this tile's through the drain",
                     describe(*MI));
  SmallPtrSet<const MachineInstr *, 32> Zero(StageZero.begin(),
                                             StageZero.end());
  for (MachineInstr *MI : StageZero) {
    for (const MachineOperand &MO : MI->uses())
      if (MO.isReg() && MO.getReg() && !nextLoopValue(MO.getReg(), false))
        return Why;
    for (const MachineOperand &Def : MI->all_defs()) {
      Register R = Def.getReg();
      bool Crosses = false;
      for (const MachineInstr &User : MRI.use_nodbg_instructions(R)) {
        if (Zero.count(&User))
          continue;
        if ((User.getParent() == Prologue && !User.isPHI()) ||
            (User.getParent() == Kernel && User.isPHI())) {
          Crosses = true;
          continue;
        }
        return formatv("{0}, made in the prologue, is read by {1}",
                       describe(*MI), describe(User));
      }
      if (Crosses)
        Crossing.push_back(R);
    }
  }
  // The rest of the prologue hands the kernel its values through its PHIs.
  for (MachineInstr &MI : *Prologue)
    if (!Zero.count(&MI))
      for (const MachineOperand &Def : MI.all_defs())
        for (const MachineInstr &User :
             MRI.use_nodbg_instructions(Def.getReg()))
          if (User.getParent() != Prologue &&
              !(User.getParent() == Kernel && User.isPHI()))
            return formatv("{0}, made in the prologue, is read by {1}",
                           describe(MI), describe(User));
  for (MachineInstr &MI : *Epilogue) {
    if (MI.isTerminator())
      continue;
    if (stageOfCopy(MI) < 0)
      return formatv("the epilogue holds {0}, which the expansion did not "
                     "make",
                     describe(MI));
    for (const MachineOperand &Def : MI.all_defs())
      for (const MachineInstr &User : MRI.use_nodbg_instructions(Def.getReg()))
        if (User.getParent() != Epilogue &&
            !(User.isPHI() && User.getParent() == In.Exit) &&
            In.Exit->pred_size() != 1)
          return formatv("{0}, made in the epilogue, is read by {1}",
                         describe(MI), describe(User));
  }

  // The next tile's k-tile count: tested when it varies per tile (the
  // original loop remains for short counts; without it the count is a
  // constant of at least the stages).
  if (In.Expanded->Fallback) {
    SmallVector<Register, 2> Inputs{In.Loop->Init};
    if (In.Loop->bound().isReg())
      Inputs.push_back(In.Loop->bound().getReg());
    for (Register R : Inputs) {
      Register Next = valueOf(R, When::Next, /*Emit=*/false);
      if (!Next)
        return "the next tile's k-tile count: " + Why;
      CountVaries |= variesPerTile(R);
    }
  }
  return "";
}

void TileASTileNestPrefetch::buildTests() {
  DebugLoc DL;
  NextTest = MF.CreateMachineBasicBlock(Epilogue->getBasicBlock());
  MF.insert(Epilogue->getIterator(), NextTest);
  if (CountVaries) {
    CountTest = MF.CreateMachineBasicBlock(Epilogue->getBasicBlock());
    MF.insert(Epilogue->getIterator(), CountTest);
  }
  Drain = MF.CreateMachineBasicBlock(Epilogue->getBasicBlock());
  MF.insert(std::next(Epilogue->getIterator()), Drain);
  Kernel->ReplaceUsesOfBlockWith(Epilogue, NextTest);

  // Is there a next tile? The latch's test, made at the top of the drain.
  MachineBasicBlock *Then = CountTest ? CountTest : Drain;
  Register More = valueOf(MoreTiles[1].getReg(), When::Current, true);
  SmallVector<MachineOperand, 2> Cond{
      MoreTiles[0], MachineOperand::CreateReg(More, /*isDef=*/false)};
  TII.insertBranch(*NextTest, Then, Epilogue, Cond, DL);
  NextTest->addSuccessor(Then);
  NextTest->addSuccessor(Epilogue);
  if (!CountTest)
    return;

  // Does it run at least S k-tiles? The preheader's test on its values.
  Register Init = In.Loop->Init;
  Register NextInit = valueOf(Init, When::Next, true);
  Register Bound, NextBound;
  if (In.Loop->bound().isReg()) {
    Bound = In.Loop->bound().getReg();
    NextBound = valueOf(Bound, When::Next, true);
  }
  MachineBasicBlock::iterator Before = CountTest->end();
  bool Empty = CountTest->empty();
  if (!Empty)
    Before = std::prev(CountTest->end());
  SmallVector<MachineOperand, 2> Long;
  In.Loop->emitTripCountGreater(int64_t(S) - 1, *CountTest, Long, TII);
  for (MachineInstr &MI : make_range(
           Empty ? CountTest->begin() : std::next(Before), CountTest->end()))
    for (MachineOperand &MO : MI.uses()) {
      if (!MO.isReg())
        continue;
      if (MO.getReg() == Init)
        MO.setReg(NextInit);
      else if (Bound && MO.getReg() == Bound)
        MO.setReg(NextBound);
    }
  // Long branches away when the count is not above S - 1.
  TII.insertBranch(*CountTest, Epilogue, Drain, Long, DL);
  CountTest->addSuccessor(Epilogue);
  CountTest->addSuccessor(Drain);
}

void TileASTileNestPrefetch::buildPrefetchingDrain() {
  // The next tile's values the stage-0 ops read, first.
  for (MachineInstr *MI : StageZero)
    for (const MachineOperand &MO : MI->uses())
      if (MO.isReg() && MO.getReg())
        nextLoopValue(MO.getReg(), /*Emit=*/true);

  // Step e + 1 of the drain (the expander's epilogue step E runs stages
  // E .. S-1) takes iteration e's stage-0 ops, each in its kernel order.
  struct Item {
    int64_t Step;
    unsigned OrderIndex;
    MachineInstr *MI;
    bool Next;
  };
  std::vector<Item> Items;
  for (MachineInstr &MI : *Epilogue) {
    if (MI.isTerminator())
      continue;
    const TileASLoopCopy &C = In.Expanded->Copies.lookup(&MI);
    int64_t Step = C.Iter - (int64_t(S) - 1) + stageOfCopy(MI);
    Items.push_back({Step, C.OrderIndex, &MI, false});
  }
  for (MachineInstr *MI : StageZero) {
    const TileASLoopCopy &C = In.Expanded->Copies.lookup(MI);
    Items.push_back({C.Iter + 1, C.OrderIndex, MI, true});
  }
  llvm::stable_sort(Items, [](const Item &A, const Item &B) {
    return std::tie(A.Step, A.OrderIndex) < std::tie(B.Step, B.OrderIndex);
  });

  DenseMap<Register, Register> EpiCopy;
  for (const Item &It : Items) {
    MachineInstr *Copy = MF.CloneMachineInstr(It.MI);
    for (MachineOperand &MO : Copy->operands()) {
      if (!MO.isReg() || !MO.getReg().isVirtual())
        continue;
      Register Old = MO.getReg();
      MO.setIsKill(false);
      if (MO.isDef()) {
        Register New = MRI.createVirtualRegister(MRI.getRegClass(Old));
        MO.setReg(New);
        (It.Next ? NextLoop : EpiCopy)[Old] = New;
        continue;
      }
      Register V =
          It.Next ? nextLoopValue(Old, /*Emit=*/true) : EpiCopy.lookup(Old);
      if (!It.Next && !V)
        V = Old;
      if (It.Next && PrefetchStaleRing && TileAS::isPipeOp(Copy->getOpcode()) &&
          &MO == &namedOperand(*Copy, TileAS::OpName::iter))
        V = In.Base; // The seeded mistake: the current tile's ring iteration.
      MO.setReg(V);
      MRI.clearKillFlags(V);
    }
    Drain->push_back(Copy);
  }
  TII.insertBranch(*Drain, In.Exit, nullptr, {}, DebugLoc());
  Drain->addSuccessor(In.Exit);

  // The exit joins the drain's values with the epilogue's.
  for (MachineInstr &Phi : In.Exit->phis())
    for (unsigned I = 1, E = Phi.getNumOperands(); I < E; I += 2)
      if (Phi.getOperand(I + 1).getMBB() == Epilogue) {
        Register V = Phi.getOperand(I).getReg();
        Register D = EpiCopy.lookup(V);
        Phi.addOperand(MF, MachineOperand::CreateReg(D ? D : V, false));
        Phi.addOperand(MF, MachineOperand::CreateMBB(Drain));
        break;
      }
  for (auto &[Old, New] : EpiCopy) {
    SmallVector<MachineOperand *, 4> Outside;
    for (MachineOperand &MO : MRI.use_nodbg_operands(Old))
      if (MO.getParent()->getParent() != Epilogue && !MO.getParent()->isPHI())
        Outside.push_back(&MO);
    if (Outside.empty())
      continue;
    Register Joined = MRI.createVirtualRegister(MRI.getRegClass(Old));
    BuildMI(*In.Exit, In.Exit->begin(), DebugLoc(), TII.get(TargetOpcode::PHI),
            Joined)
        .addReg(Old)
        .addMBB(Epilogue)
        .addReg(New)
        .addMBB(Drain);
    for (MachineOperand *MO : Outside)
      MO->setReg(Joined);
  }
}

void TileASTileNestPrefetch::buildCrossings() {
  DebugLoc DL;
  MachineBasicBlock::iterator AtPre = In.OuterPre->getFirstTerminator();
  auto Carry = [&](Register FromDrain, Register Otherwise) {
    // Joined after the k-loop (the drain's value, or Otherwise), then
    // carried into the next tile by the header.
    const TargetRegisterClass *RC = MRI.getRegClass(FromDrain);
    Register Joined = MRI.createVirtualRegister(RC);
    auto Phi = BuildMI(*In.Exit, In.Exit->begin(), DL,
                       TII.get(TargetOpcode::PHI), Joined);
    for (MachineBasicBlock *P : In.Exit->predecessors())
      Phi.addReg(P == Drain ? FromDrain : Otherwise).addMBB(P);
    Register InTile = MRI.createVirtualRegister(RC);
    BuildMI(*Header, Header->begin(), DL, TII.get(TargetOpcode::PHI), InTile)
        .addReg(Otherwise)
        .addMBB(In.OuterPre)
        .addReg(Joined)
        .addMBB(Latch);
    return InTile;
  };
  std::map<unsigned, Register> UndefOf;
  for (Register X : Crossing) {
    // Read only on the prefetched path: undefined on the others (one
    // undefined value per register class).
    const TargetRegisterClass *RC = MRI.getRegClass(X);
    Register &Undef = UndefOf[RC->getID()];
    if (!Undef) {
      Undef = MRI.createVirtualRegister(RC);
      BuildMI(*In.OuterPre, AtPre, DL, TII.get(TargetOpcode::IMPLICIT_DEF),
              Undef);
    }
    HeaderValue[X] = Carry(NextLoop.lookup(X), Undef);
  }
  // The flag "prefetched" is a predicate, so that the next tile's preheader
  // branches on it directly; set in the drain, off the paths of one tile.
  Register Yes = MRI.createVirtualRegister(&TileAS::PREDRegClass);
  Register No = MRI.createVirtualRegister(&TileAS::PREDRegClass);
  MRI.clearKillFlags(In.Zero);
  BuildMI(*Drain, Drain->getFirstTerminator(), DL, TII.get(TileAS::SETPri), Yes)
      .addReg(In.Zero)
      .addImm(0)
      .addImm(TileAS::EQ);
  BuildMI(*In.OuterPre, AtPre, DL, TII.get(TileAS::SETPri), No)
      .addReg(In.Zero)
      .addImm(0)
      .addImm(TileAS::NE);
  PrefetchedFlag = Carry(Yes, No);
}

void TileASTileNestPrefetch::buildPrefetchedPrologue() {
  DebugLoc DL;
  Select = MF.CreateMachineBasicBlock(Prologue->getBasicBlock());
  MF.insert(Prologue->getIterator(), Select);
  Prefetched = MF.CreateMachineBasicBlock(Prologue->getBasicBlock());
  MF.insert(std::next(Prologue->getIterator()), Prefetched);
  In.Preheader->ReplaceUsesOfBlockWith(Prologue, Select);

  SmallVector<MachineOperand, 2> Cond{
      MachineOperand::CreateImm(TileAS::BR_P),
      MachineOperand::CreateReg(PrefetchedFlag, /*isDef=*/false)};
  TII.insertBranch(*Select, Prefetched, Prologue, Cond, DL);
  Select->addSuccessor(Prefetched);
  Select->addSuccessor(Prologue);

  // The prologue without its stage-0 ops, whose values the header carries.
  SmallPtrSet<const MachineInstr *, 32> Zero(StageZero.begin(),
                                             StageZero.end());
  DenseMap<Register, Register> Map = HeaderValue;
  for (MachineInstr &MI : *Prologue) {
    if (MI.isTerminator() || Zero.count(&MI))
      continue;
    MachineInstr *Copy = MF.CloneMachineInstr(&MI);
    for (MachineOperand &MO : Copy->operands()) {
      if (!MO.isReg() || !MO.getReg().isVirtual())
        continue;
      Register Old = MO.getReg();
      MO.setIsKill(false);
      if (MO.isDef()) {
        Register New = MRI.createVirtualRegister(MRI.getRegClass(Old));
        MO.setReg(New);
        Map[Old] = New;
      } else if (Register V = Map.lookup(Old)) {
        MO.setReg(V);
      }
    }
    Prefetched->push_back(Copy);
  }
  TII.insertBranch(*Prefetched, Kernel, nullptr, {}, DL);
  Prefetched->addSuccessor(Kernel);
  for (MachineInstr &Phi : Kernel->phis())
    for (unsigned I = 1, E = Phi.getNumOperands(); I < E; I += 2)
      if (Phi.getOperand(I + 1).getMBB() == Prologue) {
        Register V = Phi.getOperand(I).getReg();
        Register M = Map.lookup(V);
        Phi.addOperand(MF, MachineOperand::CreateReg(M ? M : V, false));
        Phi.addOperand(MF, MachineOperand::CreateMBB(Prefetched));
        break;
      }
}

void TileASTileNestPrefetch::run() {
  buildTests();
  buildPrefetchingDrain();
  buildCrossings();
  buildPrefetchedPrologue();
}

//===- TileASComputeSplit.cpp - Compute warpgroups per loop ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "WarpSpecialize/TileASComputeSplit.h"
#include "Materialize/TileASCoordinationInput.h"
#include "Pipeliner/TileASLoopProblem.h"
#include "Pipeliner/TileASLoopSchedule.h"
#include "TileASRegisterInfo.h"
#include "TileASSubtarget.h"
#include "WarpSpecialize/TileASAgentPartition.h"
#include "WarpSpecialize/TileASAgentRegisters.h"
#include "WarpSpecialize/TileASWarpLayout.h"

#include "tileas/MIRExec/ComputeWarpgroups.h"
#include "tileas/Sched/Schedule.h"

#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;
using namespace tileas;

/// Materialize a compute warpgroup per planned part of the compute agent's
/// work (docs/warp-specialization.md, "Compute warpgroups"); off: the plan
/// is only reported and one warpgroup issues every part.
static cl::opt<bool> ComputeWarpgroups(
    "tileas-ws-compute-warpgroups", cl::Hidden, cl::init(false),
    cl::desc("Warp-specialized: run each planned compute warpgroup (an "
             "independent part of the compute agent's work) as an agent of "
             "its own"));

bool llvm::computeWarpgroupsRequested() { return ComputeWarpgroups; }

/// Marks in Mask, per register defined outside Loop, the components whose
/// values it is computed from (starting from the loop's live-outs); returns
/// a description of the first instruction after the loop that reads two
/// components' values, or an empty string.
static std::string whereComponentsJoin(const MachineBasicBlock &Loop,
                                       DenseMap<Register, uint64_t> &Mask) {
  const MachineFunction &MF = *Loop.getParent();
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const MachineBasicBlock &MBB : MF) {
      if (&MBB == &Loop)
        continue;
      for (const MachineInstr &MI : MBB) {
        uint64_t M = 0;
        for (const MachineOperand &MO : MI.uses())
          if (MO.isReg() && MO.getReg().isVirtual())
            M |= Mask.lookup(MO.getReg());
        if (!M)
          continue;
        if (popcount(M) > 1) {
          std::string Text;
          raw_string_ostream OS(Text);
          MI.print(OS, /*IsStandalone=*/true, /*SkipOpers=*/false,
                   /*SkipDebugLoc=*/true, /*AddNewLine=*/false);
          return formatv("'{0}' in bb.{1} reads values of components {2} and "
                         "{3}",
                         Text, MBB.getNumber(), countr_zero(M),
                         63 - countl_zero(M))
              .str();
        }
        for (const MachineOperand &Def : MI.all_defs()) {
          uint64_t &D = Mask[Def.getReg()];
          if ((D | M) != D) {
            D |= M;
            Changed = true;
          }
        }
      }
    }
  }
  return "";
}

/// whereComponentsJoin for the values of Loop's instructions Instrs, in
/// components Of, read after it.
static std::string whereLoopComponentsJoin(const MachineBasicBlock &Loop,
                                           ArrayRef<MachineInstr *> Instrs,
                                           ArrayRef<int> Of) {
  const MachineRegisterInfo &MRI = Loop.getParent()->getRegInfo();
  DenseMap<Register, uint64_t> Mask;
  for (unsigned I = 0; I < Instrs.size(); ++I) {
    if (Of[I] < 0 || Of[I] >= 64)
      continue;
    for (const MachineOperand &Def : Instrs[I]->all_defs())
      if (Def.getReg().isVirtual() &&
          any_of(MRI.use_nodbg_instructions(Def.getReg()),
                 [&](const MachineInstr &U) { return U.getParent() != &Loop; }))
        Mask[Def.getReg()] |= uint64_t(1) << Of[I];
  }
  return whereComponentsJoin(Loop, Mask);
}

/// Before any coordination is solved: whether a buffer that another agent
/// makes in the loop, or that was made before it, is read by instructions
/// of two components (Of; indexed like Instrs): its pipe would serve both,
/// which the split does not make (sharedCoordination, after the solve).
static bool buffersReadByTwo(const MachineBasicBlock &Loop,
                             ArrayRef<MachineInstr *> Instrs,
                             ArrayRef<unsigned> Home, unsigned Default,
                             ArrayRef<int> Of) {
  const MachineRegisterInfo &MRI = Loop.getParent()->getRegInfo();
  DenseMap<const MachineInstr *, unsigned> Index;
  for (unsigned I = 0; I < Instrs.size(); ++I)
    Index[Instrs[I]] = I;
  DenseMap<Register, int> ReadBy;
  for (unsigned I = 0; I < Instrs.size(); ++I) {
    if (Of[I] < 0)
      continue;
    for (const MachineOperand &MO : Instrs[I]->uses()) {
      if (!MO.isReg() || !isBufferedRegister(MRI, MO.getReg()))
        continue;
      const MachineInstr *Def = MRI.getVRegDef(MO.getReg());
      auto It = Def ? Index.find(Def) : Index.end();
      bool Foreign = !Def || Def->getParent() != &Loop ||
                     (It != Index.end() && Home[It->second] != Default &&
                      Home[It->second] != 0);
      if (!Foreign)
        continue;
      auto [R, New] = ReadBy.try_emplace(MO.getReg(), Of[I]);
      if (!New && R->second != Of[I])
        return true;
    }
  }
  return false;
}

/// The first pipe or mutex of Sol whose ops (indexed like Of) lie in two
/// components, described; empty if none.
static std::string sharedCoordination(const pipes::SolveResult &Sol,
                                      ArrayRef<int> Of) {
  auto TwoOf = [&](ArrayRef<unsigned> Ops, int &A, int &B) {
    A = B = -1;
    for (unsigned Op : Ops) {
      int C = Op < Of.size() ? Of[Op] : -1;
      if (C < 0 || C == A)
        continue;
      if (A >= 0) {
        B = C;
        return true;
      }
      A = C;
    }
    return false;
  };
  int A, B;
  for (const pipes::Pipe &P : Sol.Pipes) {
    SmallVector<unsigned, 8> Ops(P.Producers.begin(), P.Producers.end());
    for (const pipes::Read &R : P.Consumers)
      Ops.push_back(R.Op);
    if (TwoOf(Ops, A, B))
      return formatv("pipe {0} is used by components {1} and {2}", P.Id,
                     std::min(A, B), std::max(A, B))
          .str();
  }
  for (const pipes::Mutex &M : Sol.Mutexes) {
    SmallVector<unsigned, 8> Ops(M.Producers.begin(), M.Producers.end());
    append_range(Ops, M.Consumers);
    if (TwoOf(Ops, A, B))
      return formatv("mutex {0} is used by components {1} and {2}", M.Id,
                     std::min(A, B), std::max(A, B))
          .str();
  }
  return "";
}

/// The components of the default agent's instructions among Instrs, whose
/// home agents are Home (0: a scalar every agent recomputes), connected by
/// Deps (C.Of and C.Size).
static void findComponents(ArrayRef<MachineInstr *> Instrs,
                           ArrayRef<unsigned> Home, unsigned Default,
                           ArrayRef<Dependence> Deps,
                           TileASComputeComponents &C) {
  unsigned N = Instrs.size();
  C.Of.assign(N, -1);
  auto IsData = [](const Dependence &D) {
    return D.Kind == DepKind::Data || D.Kind == DepKind::Accumulate;
  };
  auto InLoop = [&](const Dependence &D) { return D.From < N && D.To < N; };
  // Scalars computed from the default agent's values (directly or through
  // other such scalars) carry them as any value does.
  std::vector<bool> Carries(N, false);
  for (unsigned I = 0; I < N; ++I)
    Carries[I] = Home[I] == Default;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const Dependence &D : Deps)
      if (IsData(D) && InLoop(D) && Carries[D.From] && !Carries[D.To] &&
          Home[D.To] == 0) {
        Carries[D.To] = true;
        Changed = true;
      }
  }
  EquivalenceClasses<unsigned> Classes;
  for (unsigned I = 0; I < N; ++I)
    if (Carries[I])
      Classes.insert(I);
  for (const Dependence &D : Deps) {
    if (!InLoop(D) || !Carries[D.From] || !Carries[D.To])
      continue;
    if (IsData(D) || D.Kind == DepKind::Token ||
        (touchesUnbufferedMemory(*Instrs[D.From]) &&
         touchesUnbufferedMemory(*Instrs[D.To])))
      Classes.unionSets(D.From, D.To);
  }
  // Components in the order of their first instruction; only the default
  // agent's instructions count.
  DenseMap<unsigned, int> Number;
  for (unsigned I = 0; I < N; ++I) {
    if (Home[I] != Default)
      continue;
    unsigned Leader = Classes.getLeaderValue(I);
    auto [It, New] = Number.try_emplace(Leader, int(C.Size.size()));
    if (New)
      C.Size.push_back(0);
    C.Of[I] = It->second;
    ++C.Size[It->second];
  }
}

TileASComputeComponents llvm::computeComponents(
    const TileASLoopSchedule &S, const TileASAgentPartition &Partition,
    const pipes::SolveResult &Sol, ArrayRef<Dependence> Deps) {
  TileASComputeComponents C;
  unsigned N = S.Instrs.size();
  std::vector<unsigned> Home(N);
  for (unsigned I = 0; I < N; ++I)
    Home[I] = Partition.homeAgent(I);
  findComponents(S.Instrs, Home,
                 tileasMachine(*S.Loop->getParent()).defaultAgent(), Deps, C);
  if (C.count() < 2)
    return C;
  C.Joined = whereLoopComponentsJoin(*S.Loop, S.Instrs, C.Of);
  C.Shared = sharedCoordination(Sol, C.Of);
  return C;
}

SmallVector<unsigned, 4>
llvm::warpgroupRegisterNeeds(const TileASLoopSchedule &S,
                             const TileASAgentPartition &Partition,
                             const TileASComputeComponents &C,
                             ArrayRef<unsigned> GroupOf, unsigned Groups) {
  const MachineRegisterInfo &MRI = S.Loop->getParent()->getRegInfo();
  unsigned Default = tileasMachine(*S.Loop->getParent()).defaultAgent();
  // The kernel's order, as the partition's register check reads it.
  std::vector<unsigned> ByKey(S.Instrs.size());
  for (unsigned I = 0; I < ByKey.size(); ++I)
    ByKey[I] = I;
  llvm::stable_sort(ByKey, [&](unsigned A, unsigned B) {
    return kernelOrderKey(S.Placement[A], S.II) <
           kernelOrderKey(S.Placement[B], S.II);
  });
  SmallVector<unsigned, 4> Need;
  for (unsigned G = 0; G < Groups; ++G) {
    std::vector<MachineInstr *> Order;
    DenseMap<MachineInstr *, int> Stage;
    for (unsigned I : ByKey) {
      MachineInstr *MI = S.Instrs[I];
      int Of = C.Of[I];
      if (MI->isPHI() || MI->isTerminator() || !Partition.keeps(Default, MI) ||
          (Groups > 1 && Of >= 0 && GroupOf[Of] != G))
        continue;
      Order.push_back(MI);
      Stage[MI] = S.Placement[I].Stage;
    }
    Need.push_back(estimateLoopRegisters(Order, Stage, MRI) +
                   sequenceRegisters(Order, MRI));
  }
  return Need;
}

/// Components to G warpgroups, largest first, each to the lightest
/// warpgroup (the first on a tie); ties between components in their order.
static void assignComponents(ArrayRef<unsigned> Sizes, unsigned G,
                             SmallVectorImpl<unsigned> &GroupOf,
                             SmallVectorImpl<unsigned> &GroupSize) {
  SmallVector<unsigned, 4> Order;
  for (unsigned I = 0; I < Sizes.size(); ++I)
    Order.push_back(I);
  llvm::stable_sort(
      Order, [&](unsigned X, unsigned Y) { return Sizes[X] > Sizes[Y]; });
  GroupOf.assign(Sizes.size(), 0);
  GroupSize.assign(G, 0);
  for (unsigned I : Order) {
    unsigned Lightest = std::min_element(GroupSize.begin(), GroupSize.end()) -
                        GroupSize.begin();
    GroupOf[I] = Lightest;
    GroupSize[Lightest] += Sizes[I];
  }
}

TileASComputeSplitPlan
llvm::planComputeWarpgroups(const model::Machine &M, ArrayRef<unsigned> Layout,
                            ArrayRef<unsigned> Budgets,
                            ArrayRef<unsigned> ComponentSizes) {
  TileASComputeSplitPlan P;
  unsigned Default = M.defaultAgent();
  uint64_t One = agentRegisterFileUse(M, Layout, Budgets);
  unsigned Total = 0;
  for (unsigned S : ComponentSizes)
    Total += S;
  P.GroupOf.assign(ComponentSizes.size(), 0);
  P.GroupSize.assign(1, Total);
  P.RegisterFileUse = One;
  P.Placement = placeComputeWarpgroups(M, Layout, Budgets, 1);
  if (!Default) {
    P.WhyOne = "the machine model has no agents";
    return P;
  }
  const model::AgentRecord &Rec = M.agents()[Default - 1];
  if (ComponentSizes.size() < 2) {
    P.WhyOne = "its work is one component";
    return P;
  }
  if (Rec.Warpgroups < 2) {
    P.WhyOne = formatv("the machine model runs one warpgroup of agent {0} "
                       "(td Agent Warpgroups)",
                       Rec.Name)
                   .str();
    return P;
  }
  // Each warpgroup more holds the default agent's warps at its budget.
  uint64_t PerGroup = uint64_t(Rec.Warps) * 32 * Budgets[Default];
  unsigned Most = std::min<unsigned>(Rec.Warpgroups, ComponentSizes.size());
  std::string Why;
  for (unsigned G = Most; G >= 2; --G) {
    SmallVector<unsigned, 4> GroupOf, GroupSize;
    assignComponents(ComponentSizes, G, GroupOf, GroupSize);
    unsigned Light = *std::min_element(GroupSize.begin(), GroupSize.end());
    unsigned Heavy = *std::max_element(GroupSize.begin(), GroupSize.end());
    uint64_t Use = One + (G - 1) * PerGroup;
    if (2 * Light < Heavy) {
      if (Why.empty())
        Why = formatv("{0} warpgroups would not be balanced ({1} against {2} "
                      "instructions)",
                      G, Light, Heavy)
                  .str();
      continue;
    }
    if (Use > M.agentRegisterRule().RegisterFile) {
      if (Why.empty())
        Why = formatv("{0} warpgroups at {1} registers would take {2} of the "
                      "register file's {3}",
                      G, Budgets[Default], Use,
                      M.agentRegisterRule().RegisterFile)
                  .str();
      continue;
    }
    P.Warpgroups = G;
    P.GroupOf = std::move(GroupOf);
    P.GroupSize = std::move(GroupSize);
    P.RegisterFileUse = Use;
    P.Placement = placeComputeWarpgroups(M, Layout, Budgets, G);
    return P;
  }
  P.WhyOne = Why;
  return P;
}

unsigned TileASWarpgroupSplit::epilogueAgent(const MachineInstr *MI) const {
  for (const EpilogueInstr &E : Epilogue)
    if (E.MI == MI && !E.Copy)
      return E.Agent;
  return 0;
}

bool TileASWarpgroupSplit::copiedTo(const MachineInstr *MI,
                                    unsigned Agent) const {
  return any_of(Epilogue, [&](const EpilogueInstr &E) {
    return E.MI == MI && E.Copy && E.Agent == Agent;
  });
}

/// Whether an instruction after the loop may run in another warpgroup's
/// exit instead of the default agent's.
static bool isMovableAfterLoop(const MachineInstr &MI) {
  return !MI.isPHI() && !MI.isTerminator() && !MI.isCall() &&
         !MI.hasUnmodeledSideEffects() && !MI.isDebugInstr() &&
         all_of(MI.operands(), [](const MachineOperand &MO) {
           return !MO.isReg() || MO.getReg().isVirtual();
         });
}

/// The base register and constant offset of MI's one memory access: its
/// first 64-bit register operand followed by an immediate (a global store's
/// address and offset), through constant additions to that register, with
/// the access's size.
static bool baseAndOffset(const MachineInstr &MI,
                          const MachineRegisterInfo &MRI, Register &Base,
                          int64_t &Offset, uint64_t &Size) {
  if (!MI.hasOneMemOperand() || !MI.memoperands().front()->getSize().hasValue())
    return false;
  Size = MI.memoperands().front()->getSize().getValue().getKnownMinValue();
  for (unsigned I = 0, E = MI.getNumOperands(); I + 1 < E; ++I) {
    const MachineOperand &MO = MI.getOperand(I);
    if (!MO.isReg() || !MO.isUse() || !MO.getReg().isVirtual() ||
        !TileAS::GPR64RegClass.hasSubClassEq(MRI.getRegClass(MO.getReg())))
      continue;
    if (!MI.getOperand(I + 1).isImm())
      return false;
    Base = MO.getReg();
    Offset = MI.getOperand(I + 1).getImm();
    // Through constant additions to the base (a row's address plus a
    // tile's offset).
    for (const MachineInstr *Def = MRI.getVRegDef(Base);
         Def && Def->getOpcode() == TileAS::ADD64ri &&
         Def->getOperand(1).isReg() &&
         Def->getOperand(1).getReg().isVirtual() && Def->getOperand(2).isImm();
         Def = MRI.getVRegDef(Base)) {
      Offset += Def->getOperand(2).getImm();
      Base = Def->getOperand(1).getReg();
    }
    return true;
  }
  return false;
}

/// Whether two memory accesses after the loop, which two warpgroups would
/// make in either order, cannot touch the same bytes: the same base
/// register at offsets whose ranges do not overlap (each tile's rows of
/// one output), or what the memory operands prove.
static bool provablyDisjoint(const MachineInstr &A, const MachineInstr &B,
                             const MachineRegisterInfo &MRI) {
  if (!A.mayStore() && !B.mayStore())
    return true;
  Register BaseA, BaseB;
  int64_t OffA = 0, OffB = 0;
  uint64_t SizeA = 0, SizeB = 0;
  if (baseAndOffset(A, MRI, BaseA, OffA, SizeA) &&
      baseAndOffset(B, MRI, BaseB, OffB, SizeB) && BaseA == BaseB && SizeA &&
      SizeB)
    return OffA + int64_t(SizeA) <= OffB || OffB + int64_t(SizeB) <= OffA;
  return !A.mayAlias(static_cast<AAResults *>(nullptr), B,
                     /*UseTBAA=*/false);
}

std::optional<TileASWarpgroupSplit>
llvm::splitComputeWarpgroups(const TileASLoopSchedule &S,
                             const TileASComputeComponents &C,
                             const TileASComputeSplitPlan &Plan,
                             MachineBasicBlock &Exit, std::string &Why) {
  const MachineBasicBlock &Loop = *S.Loop;
  const MachineFunction &MF = *Loop.getParent();
  const MachineRegisterInfo &MRI = MF.getRegInfo();
  const model::Machine &M = tileasMachine(MF);
  unsigned Default = M.defaultAgent();
  unsigned N = S.Instrs.size();
  TileASWarpgroupSplit Split;
  Split.Warpgroups = Plan.Warpgroups;
  Split.Placement = Plan.Placement;
  auto GroupOfOp = [&](unsigned I) {
    return C.Of[I] < 0 ? -1 : int(Plan.GroupOf[C.Of[I]]);
  };
  DenseMap<const MachineInstr *, unsigned> Index;
  Split.OpAgent.assign(N, 0);
  for (unsigned I = 0; I < N; ++I) {
    Index[S.Instrs[I]] = I;
    if (GroupOfOp(I) > 0)
      Split.OpAgent[I] = computeWarpgroupAgent(M, GroupOfOp(I));
  }
  if (Exit.pred_size() != 1 || *Exit.pred_begin() != &Loop ||
      !Exit.phis().empty()) {
    Why = formatv("its exit bb.{0} is not entered from the loop alone, or "
                  "has PHIs: each warpgroup's part of the code after the loop "
                  "could not be told apart",
                  Exit.getNumber());
    return std::nullopt;
  }
  // The warpgroup of a value of the loop: its defining op's (a PHI's, the
  // value carried into it); -1 for another agent's and for scalars.
  auto GroupOfReg = [&](Register R) {
    const MachineInstr *Def = R.isVirtual() ? MRI.getVRegDef(R) : nullptr;
    if (Def && Def->isPHI() && Def->getParent() == &Loop) {
      const MachineInstr *Carried = nullptr;
      for (unsigned P = 1; P + 1 < Def->getNumOperands(); P += 2)
        if (Def->getOperand(P + 1).getMBB() == &Loop)
          Carried = MRI.getVRegDef(Def->getOperand(P).getReg());
      Def = Carried;
    }
    auto It = Def ? Index.find(Def) : Index.end();
    return It == Index.end() ? -1 : GroupOfOp(It->second);
  };
  // The exit's instructions joined by the values they pass each other; each
  // class runs where the loop values it reads are. A scalar computed there
  // (a row's address) joins nothing: each warpgroup that reads it gets a
  // copy.
  SmallVector<MachineInstr *, 32> Instrs;
  DenseMap<const MachineInstr *, unsigned> Pos;
  for (MachineInstr &MI : Exit)
    if (!MI.isDebugInstr()) {
      Pos[&MI] = Instrs.size();
      Instrs.push_back(&MI);
    }
  auto IsCopyable = [&](const MachineInstr &MI) {
    return isPureScalarInstr(MI, MRI) && isMovableAfterLoop(MI) &&
           all_of(MI.all_defs(), [&](const MachineOperand &D) {
             return all_of(
                 MRI.use_nodbg_instructions(D.getReg()),
                 [&](const MachineInstr &U) { return U.getParent() == &Exit; });
           });
  };
  std::vector<bool> Scalar(Instrs.size());
  for (unsigned I = 0; I < Instrs.size(); ++I)
    Scalar[I] = IsCopyable(*Instrs[I]);
  EquivalenceClasses<unsigned> Classes;
  for (unsigned I = 0; I < Instrs.size(); ++I)
    Classes.insert(I);
  DenseMap<unsigned, uint64_t> Mask;
  // The scalars of the exit each instruction reads.
  std::vector<SmallVector<unsigned, 2>> ScalarReads(Instrs.size());
  for (unsigned I = 0; I < Instrs.size(); ++I)
    for (const MachineOperand &MO : Instrs[I]->uses()) {
      if (!MO.isReg() || !MO.getReg().isVirtual())
        continue;
      const MachineInstr *Def = MRI.getVRegDef(MO.getReg());
      if (Def && Def->getParent() == &Exit) {
        unsigned D = Pos.lookup(Def);
        if (Scalar[D])
          ScalarReads[I].push_back(D);
        else
          Classes.unionSets(I, D);
      }
      int G = GroupOfReg(MO.getReg());
      if (G >= 0 && G < 64)
        Mask[I] |= uint64_t(1) << G;
    }
  DenseMap<unsigned, uint64_t> ClassMask;
  for (unsigned I = 0; I < Instrs.size(); ++I)
    if (!Scalar[I])
      ClassMask[Classes.getLeaderValue(I)] |= Mask.lookup(I);
  // The warpgroup each instruction moves to (0: stays), and the warpgroups
  // each scalar is copied to.
  std::vector<unsigned> MoveTo(Instrs.size(), 0);
  std::vector<uint64_t> CopyTo(Instrs.size(), 0);
  for (unsigned I = 0; I < Instrs.size(); ++I) {
    if (Scalar[I])
      continue;
    uint64_t CM = ClassMask.lookup(Classes.getLeaderValue(I));
    if (popcount(CM) > 1) {
      Why = formatv("the code after the loop combines the values of "
                    "warpgroups {0} and {1} (bb.{2})",
                    countr_zero(CM), 63 - countl_zero(CM), Exit.getNumber());
      return std::nullopt;
    }
    if (CM <= 1)
      continue;
    MachineInstr &MI = *Instrs[I];
    bool UsedElsewhere = any_of(MI.all_defs(), [&](const MachineOperand &D) {
      return any_of(
          MRI.use_nodbg_instructions(D.getReg()),
          [&](const MachineInstr &U) { return U.getParent() != &Exit; });
    });
    if (!isMovableAfterLoop(MI) || UsedElsewhere) {
      std::string Text;
      raw_string_ostream OS(Text);
      MI.print(OS, /*IsStandalone=*/true, /*SkipOpers=*/false,
               /*SkipDebugLoc=*/true, /*AddNewLine=*/false);
      Why = formatv("'{0}' after the loop, which warpgroup {1} would run, "
                    "cannot move to that warpgroup's exit",
                    Text, countr_zero(CM));
      return std::nullopt;
    }
    MoveTo[I] = countr_zero(CM);
    // The scalars it reads, and theirs, are copied to its warpgroup.
    SmallVector<unsigned, 8> Work(ScalarReads[I].begin(), ScalarReads[I].end());
    while (!Work.empty()) {
      unsigned D = Work.pop_back_val();
      uint64_t Bit = uint64_t(1) << MoveTo[I];
      if (CopyTo[D] & Bit)
        continue;
      CopyTo[D] |= Bit;
      append_range(Work, ScalarReads[D]);
    }
  }
  // Memory after the loop that two warpgroups would touch in either order
  // must be provably apart (each tile's rows of the output).
  for (unsigned I = 0; I < Instrs.size(); ++I)
    for (unsigned J = I + 1; J < Instrs.size(); ++J) {
      const MachineInstr &A = *Instrs[I], &B = *Instrs[J];
      if (MoveTo[I] == MoveTo[J] || Scalar[I] || Scalar[J] ||
          !touchesUnbufferedMemory(A) || !touchesUnbufferedMemory(B) ||
          provablyDisjoint(A, B, MRI))
        continue;
      Why = formatv("after the loop, warpgroups {0} and {1} would access "
                    "memory that may overlap in either order (bb.{2})",
                    std::min(MoveTo[I], MoveTo[J]),
                    std::max(MoveTo[I], MoveTo[J]), Exit.getNumber());
      return std::nullopt;
    }
  for (unsigned I = 0; I < Instrs.size(); ++I) {
    if (MoveTo[I])
      Split.Epilogue.push_back(
          {Instrs[I], computeWarpgroupAgent(M, MoveTo[I]), false});
    for (uint64_t Bits = CopyTo[I]; Bits; Bits &= Bits - 1)
      Split.Epilogue.push_back(
          {Instrs[I], computeWarpgroupAgent(M, countr_zero(Bits)), true});
  }
  // Who reads each of the loop's values after it.
  for (const MachineInstr &MI : Loop)
    for (const MachineOperand &Def : MI.all_defs()) {
      if (!Def.getReg().isVirtual())
        continue;
      for (const MachineInstr &U : MRI.use_nodbg_instructions(Def.getReg())) {
        if (U.getParent() == &Loop)
          continue;
        SmallVector<unsigned, 2> &Readers = Split.LiveOutReaders[Def.getReg()];
        SmallVector<unsigned, 2> Agents;
        unsigned Moved = Split.epilogueAgent(&U);
        Agents.push_back(Moved ? Moved : Default);
        for (const TileASWarpgroupSplit::EpilogueInstr &E : Split.Epilogue)
          if (E.MI == &U && E.Copy)
            Agents.push_back(E.Agent);
        for (unsigned A : Agents)
          if (!is_contained(Readers, A))
            Readers.push_back(A);
      }
    }
  return Split;
}

unsigned llvm::splitComputeRegisterGroups(TileASLoopProblem &LP,
                                          SmallVectorImpl<unsigned> &Limits) {
  const MachineFunction &MF = *LP.Loop->getParent();
  const model::Machine &M = tileasMachine(MF);
  unsigned Default = M.defaultAgent();
  unsigned NumTd = M.agents().size();
  if (!ComputeWarpgroups || !Default || Limits.size() != NumTd)
    return 1;
  unsigned N = LP.Instrs.size();
  ArrayRef<MachineInstr *> Instrs(LP.Instrs.begin(), LP.Instrs.end());
  std::vector<unsigned> Home = homeAgentsOf(Instrs, MF.getRegInfo());
  TileASComputeComponents C;
  findComponents(Instrs, Home, Default, LP.Problem.dependences(), C);
  unsigned G =
      std::min<unsigned>(M.agents()[Default - 1].Warpgroups, C.count());
  // What the materialization would refuse before the registers' verdict:
  // the code after the loop combining them, or a buffer both read.
  if (G < 2 || !whereLoopComponentsJoin(*LP.Loop, Instrs, C.Of).empty() ||
      buffersReadByTwo(*LP.Loop, Instrs, Home, Default, C.Of))
    return 1;
  SmallVector<unsigned, 4> GroupOf, GroupSize;
  assignComponents(C.Size, G, GroupOf, GroupSize);
  unsigned Light = *std::min_element(GroupSize.begin(), GroupSize.end());
  unsigned Heavy = *std::max_element(GroupSize.begin(), GroupSize.end());
  if (2 * Light < Heavy)
    return 1;
  MutableArrayRef<Operation> Ops = LP.Problem.operations();
  SmallVectorImpl<unsigned> &Inv = LP.Problem.InvariantRegisters;
  Inv.resize(std::max<size_t>(Inv.size(), NumTd + G - 1), 0);
  for (unsigned W = 1; W < G; ++W)
    Inv[NumTd + W - 1] = Inv[Default - 1];
  for (unsigned I = 0; I < N && I < Ops.size(); ++I)
    if (C.Of[I] >= 0 && GroupOf[C.Of[I]] > 0)
      Ops[I].RegisterGroup = computeWarpgroupAgent(M, GroupOf[C.Of[I]]) - 1;
  // The extra warpgroups at the td's budget; the default agent at most
  // what the register file leaves it beside them.
  SmallVector<unsigned, 4> Layout, Budgets{0};
  for (unsigned A = 1; A <= NumTd + G - 1; ++A) {
    Layout.push_back(A);
    Budgets.push_back(agentRecordOf(M, A).Registers);
  }
  unsigned Largest = largestAgentBudget(M, Layout, Budgets, Default);
  Limits[Default - 1] = std::max(Budgets[Default], Largest);
  for (unsigned W = 1; W < G; ++W)
    Limits.push_back(Budgets[Default]);
  return G;
}

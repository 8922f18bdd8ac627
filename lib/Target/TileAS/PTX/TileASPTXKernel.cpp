//===- TileASPTXKernel.cpp - What a PTX kernel needs beyond its MIR -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PTX/TileASPTXKernel.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASInstrInfo.h"
#include "TileASMachineFunctionInfo.h"
#include "TileASRegisterInfo.h"
#include "TileASSubtarget.h"
#include "tileas/MIRExec/CoordinationOperands.h"
#include "tileas/Model/MachineModel.h"
#include "tileas/PTX/RegisterBudget.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InterleavedRange.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;

namespace tileas {
namespace ptx {

/// "fn bb.N: OPCODE: Message" for an instruction the printer cannot lower.
static Error failAt(const MachineInstr &MI, const Twine &Message) {
  const MachineFunction &MF = *MI.getMF();
  StringRef Opcode = MF.getSubtarget().getInstrInfo()->getName(MI.getOpcode());
  return createStringError(inconvertibleErrorCode(),
                           formatv("{0} bb.{1}: {2}: {3}", MF.getName(),
                                   MI.getParent()->getNumber(), Opcode,
                                   Message.str()));
}

Arriver arriverOf(const model::Machine &M, int64_t Performer) {
  if (Performer <= 0)
    return Arriver::Threads;
  unsigned Pipe = unsigned(Performer - 1);
  // The unit that runs the MMAs (tcgen05.mma, which arrives through
  // tcgen05.commit; wgmma on a machine without tensor memory, where the
  // issuing threads wait for it and arrive).
  for (unsigned Opcode : {unsigned(TileAS::MMA_TMEM), unsigned(TileAS::WGMMA)})
    if (const model::OpcodeRecord *Mma = M.lookupOpcode(Opcode))
      if (M.resourceVector(*Mma).Pipe == Pipe)
        return Arriver::TensorCore;
  if (M.isCopyEngine(Pipe))
    return Arriver::CopyEngine;
  // Every other unit's operations complete before the issuing thread goes
  // on (the printer waits for tcgen05.ld / st itself).
  return Arriver::Threads;
}

/// The 32-bit registers the printed sequences use beyond the allocation's
/// (the %x and %xd scratch of one sequence): a warpgroup's setmaxnreg
/// budget holds its allocation plus these.
constexpr unsigned PrinterRegisters = 24;

/// Whether MBB can run again after it runs (it is in a loop).
static bool inCycle(const MachineBasicBlock &MBB) {
  SmallVector<const MachineBasicBlock *, 16> Work(MBB.successors());
  SmallPtrSet<const MachineBasicBlock *, 16> Seen;
  while (!Work.empty()) {
    const MachineBasicBlock *B = Work.pop_back_val();
    if (B == &MBB)
      return true;
    if (Seen.insert(B).second)
      append_range(Work, B->successors());
  }
  return false;
}

namespace {
/// Builds a KernelPlan: requests the arena's objects while walking MF.
class PlanBuilder {
public:
  PlanBuilder(const MachineFunction &MF, KernelPlan &Plan)
      : MF(MF), Plan(Plan) {}
  Error run();

private:
  Error visitPipeCreate(const MachineInstr &MI);
  Error visitTmemAlloc(const MachineInstr &MI);
  Error visitAgentSwitch(const MachineInstr &MI);
  Error layAgentsOut();
  Error refuse(const MachineInstr &MI);
  unsigned buffer(std::string Name, uint64_t Bytes, uint64_t Align);
  unsigned mbarrier(std::string Name) {
    unsigned B = buffer(std::move(Name), MBarrierBytes, MBarrierBytes);
    Plan.PrologueBarriers.push_back(B);
    return B;
  }
  Error assignFills();

  const MachineFunction &MF;
  KernelPlan &Plan;
  ArenaRequest Request;
  unsigned TmemColumns = 0;
};
} // namespace

unsigned PlanBuilder::buffer(std::string Name, uint64_t Bytes, uint64_t Align) {
  Request.Buffers.push_back({std::move(Name), Bytes, Align});
  return Request.Buffers.size() - 1;
}

Error PlanBuilder::refuse(const MachineInstr &MI) {
  const auto &ST = MF.getSubtarget<TileASSubtarget>();
  unsigned Opcode = MI.getOpcode();
  if (unsigned Lanes = TileAS::wgmmaLanes(Opcode)) {
    if (!ST.hasWgmma())
      return failAt(MI, formatv("wgmma has no instruction on {0} (it is "
                                "sm_90a's; Blackwell multiplies with "
                                "tcgen05.mma)",
                                ST.getCPU()));
    if (Lanes == 4)
      return failAt(MI, formatv("a one-fragment accumulator is the abstract "
                                "machine's stand-in; wgmma m64nNk16 on {0} "
                                "holds N / 2 f32 per thread (<64 x float> "
                                "for m64n128k16, docs/ir-input.md)",
                                ST.getCPU()));
    return Error::success();
  }
  if (!ST.hasTensorMemory()) {
    StringRef Instr;
    if (TileAS::tmemColumns(Opcode))
      Instr = MI.mayLoad() ? "tcgen05.ld" : "tcgen05.st";
    else if (Opcode == TileAS::MMA_TMEM || Opcode == TileAS::MMA_TMEM_F16 ||
             Opcode == TileAS::MMA_TMEM_F8F6F4 ||
             Opcode == TileAS::MMA_TMEM_TF32 || Opcode == TileAS::MMA_TMEM_I8)
      Instr = "tcgen05.mma";
    else if (Opcode == TileAS::TMEM_ALLOC)
      Instr = "tcgen05.alloc";
    else if (Opcode == TileAS::PIPE_TMEM)
      Instr = "a ring of tensor-memory buffers";
    if (!Instr.empty())
      return failAt(MI, formatv("{0} has no instruction on {1} (it has no "
                                "tensor memory; Hopper multiplies with "
                                "wgmma into registers)",
                                Instr, ST.getCPU()));
  }
  if (!ST.hasF32x2())
    switch (Opcode) {
    case TileAS::FADD2:
    case TileAS::FSUB2:
    case TileAS::FMUL2:
    case TileAS::FFMA2:
      return failAt(MI, formatv("f32x2 arithmetic has no instruction on {0} "
                                "(sm_100a and its relatives pair fp32)",
                                ST.getCPU()));
    default:
      break;
    }
  return Error::success();
}

Error PlanBuilder::visitPipeCreate(const MachineInstr &MI) {
  Expected<PipeDecl> D = decodePipeCreate(MI, 0);
  if (!D)
    return D.takeError();
  RingInfo R;
  R.Id = D->Id;
  R.Depth = D->Depth;
  R.Bytes = uint64_t(std::max<int64_t>(D->Bytes, 0));
  R.Step = D->Step;
  R.HasEmpty = D->Empty != 0;
  R.Commit = arriverOf(tileasMachine(MF), D->Producer);
  R.Release = arriverOf(tileasMachine(MF), D->Consumer);
  R.Recreated = inCycle(*MI.getParent());
  if (R.Depth == 0 || R.Step == 0)
    return failAt(MI, formatv("pipe {0} has depth {1} and step {2}; a ring "
                              "needs both non-zero",
                              R.Id, R.Depth, R.Step));
  auto [It, New] = Plan.Rings.try_emplace(R.Id, R);
  It->second.Recreated |= R.Recreated;
  if (!New && (It->second.Depth != R.Depth || It->second.Bytes != R.Bytes))
    return failAt(MI, formatv("pipe {0} is created again with depth {1} and "
                              "{2} bytes (first: depth {3}, {4} bytes); one "
                              "ring has one shape",
                              R.Id, R.Depth, R.Bytes, It->second.Depth,
                              It->second.Bytes));
  Plan.LargestPipe = std::max(Plan.LargestPipe, R.Id);
  return Error::success();
}

Error PlanBuilder::visitTmemAlloc(const MachineInstr &MI) {
  int64_t Columns = MI.getOperand(1).getImm();
  if (Columns < 32 || Columns > 512 || !isPowerOf2_64(uint64_t(Columns)))
    return failAt(MI, formatv("tcgen05.alloc of {0} columns: sm_100a "
                              "allocates a power of two from 32 to 512",
                              Columns));
  TmemColumns += unsigned(Columns);
  if (TmemColumns > 512)
    return failAt(MI, formatv("tensor memory has 512 columns; the kernel's "
                              "allocations reach {0}",
                              TmemColumns));
  if (MI.getParent() != &MF.front())
    return failAt(MI, "tensor memory is allocated once, in the kernel's entry "
                      "block (the printer frees it at the return)");
  unsigned Word =
      buffer(formatv("tmem address {0}", Plan.TmemAllocs.size()), 4, 8);
  Plan.TmemAllocs[&MI] = {Word, unsigned(Columns)};
  Plan.LastTmemAlloc = &MI;
  return Error::success();
}

Error PlanBuilder::visitAgentSwitch(const MachineInstr &MI) {
  AgentInfo A;
  A.Id = unsigned(cantFail(namedImm(MI, TileAS::OpName::agent)));
  A.Warps = unsigned(cantFail(namedImm(MI, TileAS::OpName::warps)));
  A.Registers = unsigned(cantFail(namedImm(MI, TileAS::OpName::regs)));
  A.Increase = cantFail(namedImm(MI, TileAS::OpName::dir)) != 0;
  A.FirstWarp = unsigned(cantFail(namedImm(MI, TileAS::OpName::first)));
  if (A.Registers % 8 || A.Registers < 24 || A.Registers > 256)
    return failAt(MI, formatv("agent {0}'s register budget {1} is not a "
                              "multiple of 8 in [24, 256], which setmaxnreg "
                              "needs",
                              A.Id, A.Registers));
  if (A.Warps == 0)
    return failAt(MI, formatv("agent {0} has no warps", A.Id));
  auto [It, New] = Plan.Agents.try_emplace(A.Id, A);
  if (!New &&
      (It->second.Warps != A.Warps || It->second.FirstWarp != A.FirstWarp ||
       It->second.Registers != A.Registers))
    return failAt(MI, formatv("agent {0} is switched to again with another "
                              "layout",
                              A.Id));
  return Error::success();
}

/// The CTA's threads and registers: setmaxnreg is executed by all four warps
/// of a warpgroup with one value, so it is used only when every warpgroup
/// is whole and holds agents of one budget.
Error PlanBuilder::layAgentsOut() {
  if (Plan.Agents.empty())
    return Error::success();
  unsigned Warps = 0;
  std::map<unsigned, unsigned> WarpBudget;
  for (const auto &[Id, A] : Plan.Agents) {
    Warps = std::max(Warps, A.FirstWarp + A.Warps);
    Plan.MaxRegisters = std::max(Plan.MaxRegisters, A.Registers);
    for (unsigned W = A.FirstWarp; W != A.FirstWarp + A.Warps; ++W)
      if (!WarpBudget.try_emplace(W, A.Registers).second)
        return createStringError(
            inconvertibleErrorCode(),
            formatv("{0}: warp {1} belongs to two agents", MF.getName(), W));
  }
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB)
      if (MI.getOpcode() == TileAS::BAR_SYNC ||
          MI.getOpcode() == TileAS::BAR_ARRIVE) {
        int64_t Id = MI.getOperand(0).getImm();
        for (const auto &[Agent, A] : Plan.Agents)
          if (Id == int64_t(agentBarrier(Agent)))
            return failAt(MI, formatv("named barrier {0} is agent {1}'s in "
                                      "a warp-specialized kernel (barriers "
                                      "1 to {2} are the agents')",
                                      Id, Agent, Plan.Agents.rbegin()->first));
      }
  MachineDominatorTree MDT(const_cast<MachineFunction &>(MF));
  MachineBasicBlock *Dispatch = nullptr;
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB)
      if (MI.getOpcode() == TileAS::AGENT_SWITCH) {
        auto *B = const_cast<MachineBasicBlock *>(&MBB);
        Dispatch = Dispatch ? MDT.findNearestCommonDominator(Dispatch, B) : B;
      }
  MachineBasicBlock::const_iterator Term = Dispatch->getFirstTerminator();
  if (Term == Dispatch->end())
    return createStringError(
        inconvertibleErrorCode(),
        formatv("{0} bb.{1}: the dispatch to the agents has no branch",
                MF.getName(), Dispatch->getNumber()));
  Plan.DispatchPoint = &*Term;
  // An agent's region: what its AGENT_SWITCH's block reaches before another
  // agent's switch.
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB) {
      if (MI.getOpcode() != TileAS::AGENT_SWITCH)
        continue;
      unsigned Id = unsigned(cantFail(namedImm(MI, TileAS::OpName::agent)));
      SmallVector<const MachineBasicBlock *, 16> Work{&MBB};
      while (!Work.empty()) {
        const MachineBasicBlock *B = Work.pop_back_val();
        auto [It, New] = Plan.BlockAgent.try_emplace(B, Id);
        if (!New && It->second != Id)
          return failAt(MI, formatv("bb.{0} is reached by the warps of "
                                    "agents {1} and {2}",
                                    B->getNumber(), It->second, Id));
        if (New)
          append_range(Work, B->successors());
      }
    }
  if (alignTo(Warps, 4) * 32 > 1024)
    return createStringError(inconvertibleErrorCode(),
                             formatv("{0}: the agents need {1} threads; a CTA "
                                     "has at most 1024",
                                     MF.getName(), alignTo(Warps, 4) * 32));
  // Every thread may keep the largest budget when the register file holds
  // that for the CTA: no setmaxnreg, and no spill in an agent whose
  // budget ptxas's allocation would exceed.
  const uint64_t RegisterFile = 65536;
  if (uint64_t(Warps) * 32 * Plan.MaxRegisters <= RegisterFile) {
    Plan.Threads = Warps * 32;
    Plan.WhyNoSetmaxnreg =
        formatv("{0} threads x {1} registers fit the register file",
                Plan.Threads, Plan.MaxRegisters);
    for (unsigned W = 0; W != Warps; ++W)
      if (!WarpBudget.count(W))
        Plan.IdleWarps.push_back(W);
  } else {
    // setmaxnreg: whole warpgroups, each of one budget (the warps no agent
    // has take their warpgroup's).
    unsigned Groups = alignTo(Warps, 4) / 4;
    Plan.WarpgroupRegisters.assign(Groups, 0);
    for (unsigned W = 0; W != Groups * 4; ++W) {
      auto It = WarpBudget.find(W);
      if (It == WarpBudget.end()) {
        Plan.IdleWarps.push_back(W);
        continue;
      }
      unsigned &Group = Plan.WarpgroupRegisters[W / 4];
      if (Group && Group != It->second)
        return createStringError(
            inconvertibleErrorCode(),
            formatv("{0}: warpgroup {1} holds agents with budgets {2} and "
                    "{3}; setmaxnreg sets one per warpgroup, and {4} threads "
                    "x {5} registers exceed the register file",
                    MF.getName(), W / 4, Group, It->second, Warps * 32,
                    Plan.MaxRegisters));
      Group = It->second;
    }
    // Each warpgroup's budget holds what its agents' code uses after
    // allocation (ptxas does not enforce it), and the launch count (the
    // average) funds the warpgroups that take registers.
    std::vector<unsigned> Need(Groups, 0);
    const auto &Units =
        MF.getInfo<TileASMachineFunctionInfo>()->AgentRegisterUnits;
    for (const auto &[Id, A] : Plan.Agents) {
      auto It = Units.find(Id);
      if (It == Units.end())
        continue;
      for (unsigned W = A.FirstWarp; W != A.FirstWarp + A.Warps; ++W)
        Need[W / 4] = std::max(Need[W / 4], It->second + PrinterRegisters);
    }
    Expected<WarpgroupBudgets> Fit =
        fitWarpgroupBudgets(Plan.WarpgroupRegisters, Need);
    if (!Fit)
      return createStringError(inconvertibleErrorCode(),
                               formatv("{0}: setmaxnreg: {1}", MF.getName(),
                                       toString(Fit.takeError())));
    if (Fit->Budgets != Plan.WarpgroupRegisters)
      Plan.BudgetNote =
          formatv("warpgroup budgets {0} (the model's {1}), each at least "
                  "what its code uses after allocation plus the printer's {2}",
                  interleaved(Fit->Budgets),
                  interleaved(Plan.WarpgroupRegisters), PrinterRegisters);
    Plan.WarpgroupRegisters = Fit->Budgets;
    Plan.MaxRegisters = Fit->Launch;
    Plan.Threads = Groups * 128;
    Plan.UseSetmaxnreg = true;
  }
  Plan.ActiveThreads = Plan.Threads - 32 * Plan.IdleWarps.size();
  if (uint64_t(Plan.Threads) * Plan.MaxRegisters > 65536)
    return createStringError(
        inconvertibleErrorCode(),
        formatv("{0}: {1} threads with {2} registers each exceed the 65536 "
                "registers of the register file{3}",
                MF.getName(), Plan.Threads, Plan.MaxRegisters, ""));
  return Error::success();
}

/// The producers between an acquire of a ring and its commit fill that slot,
/// at consecutive offsets; any other producer gets a buffer of its own.
Error PlanBuilder::assignFills() {
  for (const MachineBasicBlock &MBB : MF) {
    std::optional<SlotFill> Open;
    for (const MachineInstr &MI : MBB) {
      unsigned Op = MI.getOpcode();
      if (Op == TileAS::PIPE_PRODUCER_ACQUIRE) {
        Open = SlotFill{unsigned(cantFail(namedImm(MI, TileAS::OpName::pipe))),
                        namedOperand(MI, TileAS::OpName::iter).getReg(), 0};
        continue;
      }
      if (Op == TileAS::PIPE_PRODUCER_COMMIT) {
        Open.reset();
        continue;
      }
      std::optional<uint64_t> Produced = TileAS::producedTileBytes(MI);
      if (!Produced)
        continue;
      uint64_t Bytes = *Produced;
      // A ring of 0-byte slots gets no slots in the arena at all.
      if (Bytes == 0)
        return failAt(MI, "makes a tile of 0 bytes");
      if (Open) {
        auto It = Plan.Rings.find(Open->Pipe);
        if (It == Plan.Rings.end())
          return failAt(MI, formatv("fills pipe {0}, which no PIPE_CREATE "
                                    "sets up",
                                    Open->Pipe));
        if (Open->Offset + Bytes > It->second.Bytes)
          return failAt(MI, formatv("fills {0} bytes at byte {1} of a slot of "
                                    "pipe {2}, which has {3}",
                                    Bytes, Open->Offset, Open->Pipe,
                                    It->second.Bytes));
        Plan.Fills[&MI] = *Open;
        std::vector<uint64_t> &Members = Plan.MemberOffsets[Open->Pipe];
        if (std::find(Members.begin(), Members.end(), Open->Offset) ==
            Members.end())
          Members.push_back(Open->Offset);
        Open->Offset += Bytes;
        continue;
      }
      // A tile loaded once (before a loop) needs no ring: nothing refills
      // its buffer while the loop's readers run. One loaded in a loop around
      // the pipelined loop (a tile loop's Q) is refilled once per outer
      // iteration, after its readers are done (Refilled).
      bool ByThreads = Op == TileAS::STS || Op == TileAS::STS_ROW ||
                       Op == TileAS::STS_ROW_X2 || Op == TileAS::STS_ROW_MN ||
                       Op == TileAS::STS_ROW_X2_PART ||
                       Op == TileAS::STS_ROW_MN_PART;
      if (Plan.Coordinated && inCycle(MBB)) {
        if (Plan.Agents.empty())
          Plan.Refilled.insert(&MI);
        else if (!ByThreads)
          return failAt(MI, "the kernel is warp-specialized and no ring "
                            "holds this tile, loaded in a loop: nothing "
                            "says when the other agents' readers are done");
      }
      std::string Name =
          formatv("tile bb.{0} #{1}", MBB.getNumber(), Plan.OwnBuffers.size());
      Plan.OwnBuffers[&MI] =
          buffer(Name, Bytes, Op == TileAS::STS ? 16 : ArenaAlign);
      if (!ByThreads)
        Plan.SyncBarriers[&MI] = {mbarrier("mbarrier of " + Name),
                                  Plan.PhaseRegisters++};
    }
  }
  return Error::success();
}

Error PlanBuilder::run() {
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB) {
      if (Error E = refuse(MI))
        return E;
      switch (MI.getOpcode()) {
      case TileAS::PIPE_CREATE:
        Plan.Coordinated = true;
        if (Error E = visitPipeCreate(MI))
          return E;
        break;
      case TileAS::MUTEX_LOCK:
      case TileAS::MUTEX_UNLOCK: {
        Plan.Coordinated = true;
        int64_t Bar = cantFail(namedImm(MI, TileAS::OpName::bar));
        if (!Plan.MutexBarriers.count(Bar))
          Plan.MutexBarriers[Bar] = 0; // Placed below, in id order.
        break;
      }
      case TileAS::TMEM_ALLOC:
        if (Error E = visitTmemAlloc(MI))
          return E;
        break;
      case TileAS::MMA_TMEM:
      case TileAS::MMA_TMEM_F16:
      case TileAS::MMA_TMEM_F8F6F4:
      case TileAS::MMA_TMEM_TF32:
      case TileAS::MMA_TMEM_I8:
        Plan.HasMma = true;
        break;
      case TileAS::TMA_STORE:
        Plan.HasTmaStore = true;
        break;
      case TileAS::PIPE_TMEM: {
        if (cantFail(namedImm(MI, TileAS::OpName::member)) != 0)
          return failAt(MI, "a ring of tensor-memory buffers has one buffer "
                            "per slot (member 0)");
        Plan.HandleTables.try_emplace(
            unsigned(cantFail(namedImm(MI, TileAS::OpName::pipe))), 0);
        break;
      }
      case TileAS::AGENT_SWITCH:
        if (Error E = visitAgentSwitch(MI))
          return E;
        break;
      default:
        break;
      }
    }
  for (auto &[Bar, Buffer] : Plan.MutexBarriers)
    Buffer = mbarrier(formatv("mutex bar{0}", Bar));
  if (Plan.HasMma) {
    Plan.MmaBarrier = int(mbarrier("mbarrier of the MMA issuer"));
    Plan.MmaPhase = Plan.PhaseRegisters++;
  }
  if (Error E = assignFills())
    return E;
  if (Error E = layAgentsOut())
    return E;
  // A ring whose slots no tile producer fills holds tensor memory or
  // registers: its barriers only. One whose slots another agent reads as
  // tensor memory (PIPE_TMEM) has a word per slot for the buffer's address.
  for (auto &[Id, Table] : Plan.HandleTables) {
    auto It = Plan.Rings.find(Id);
    if (It == Plan.Rings.end())
      return createStringError(
          inconvertibleErrorCode(),
          formatv("{0}: PIPE_TMEM reads pipe {1}, which no PIPE_CREATE sets "
                  "up",
                  MF.getName(), Id));
    Table = buffer(formatv("tmem addresses of pipe{0}", Id),
                   4 * It->second.Depth, 8);
  }
  for (auto &[Id, R] : Plan.Rings) {
    R.ArenaRing = Request.Rings.size();
    uint64_t SlotBytes = Plan.MemberOffsets.count(Id) ? R.Bytes : 0;
    Request.Rings.push_back({formatv("pipe{0}", Id).str(), SlotBytes, R.Depth});
  }
  Expected<ArenaLayout> Layout = layoutSharedArena(Request);
  if (!Layout)
    return createStringError(
        inconvertibleErrorCode(),
        formatv("{0}: {1}", MF.getName(), toString(Layout.takeError())));
  Plan.Arena = std::move(*Layout);
  return Error::success();
}

/// The registers TileAS's allocation gave MF, in 32-bit registers.
static void countAllocatedRegisters(const MachineFunction &MF,
                                    KernelPlan &Plan) {
  struct ClassCount {
    const TargetRegisterClass *RC;
    const char *Name;
    unsigned Width;
    unsigned Count = 0;
  } Classes[] = {{&TileAS::GPR32RegClass, "GPR32", 1},
                 {&TileAS::GPR64RegClass, "GPR64", 2},
                 {&TileAS::FRAGRegClass, "FRAG", 4},
                 {&TileAS::TILERegClass, "TILE", 1},
                 {&TileAS::TMEMRegClass, "TMEM", 1},
                 {&TileAS::PREDRegClass, "PRED", 0}};
  BitVector Seen(MF.getSubtarget().getRegisterInfo()->getNumRegs());
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB)
      for (const MachineOperand &MO : MI.operands())
        if (MO.isReg() && MO.getReg().isPhysical() && !MO.isImplicit() &&
            !Seen.test(MO.getReg().id())) {
          Seen.set(MO.getReg().id());
          for (ClassCount &C : Classes)
            if (C.RC->contains(MO.getReg())) {
              ++C.Count;
              break;
            }
        }
  raw_string_ostream OS(Plan.AllocatedByClass);
  bool First = true;
  for (const ClassCount &C : Classes) {
    if (C.Width)
      Plan.AllocatedRegisters += C.Count * C.Width;
    else
      Plan.AllocatedPredicates += C.Count;
    if (C.Count) {
      OS << (First ? "" : ", ") << C.Count << " " << C.Name;
      First = false;
    }
  }
}

Expected<KernelPlan> KernelPlan::build(const MachineFunction &MF) {
  KernelPlan Plan;
  PlanBuilder Builder(MF, Plan);
  if (Error E = Builder.run())
    return std::move(E);
  countAllocatedRegisters(MF, Plan);
  return std::move(Plan);
}

} // namespace ptx
} // namespace tileas

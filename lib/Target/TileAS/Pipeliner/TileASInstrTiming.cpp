//===- TileASInstrTiming.cpp - A timing description's view of MIR ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Pipeliner/TileASInstrTiming.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASInstrInfo.h"
#include "TileASOptions.h"
#include "tileas/Model/ModelIds.h"
#include "tileas/PTX/Descriptors.h"
#include "tileas/PTX/WgmmaKinds.h"
#include "tileas/Sched/Problem.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace tileas;

static Error failAt(const MachineInstr &MI, const Twine &What) {
  const MachineFunction &MF = *MI.getMF();
  return createStringError(
      inconvertibleErrorCode(),
      formatv("{0} bb.{1}: {2}: {3}", MF.getName(), MI.getParent()->getNumber(),
              MF.getSubtarget().getInstrInfo()->getName(MI.getOpcode()),
              What.str()));
}

/// The MMA shape of MI, if MI is an MMA.
static Expected<std::optional<timing::MmaShape>>
mmaShape(const MachineInstr &MI, StringRef Name) {
  auto Descriptor = [&]() -> Expected<uint32_t> {
    const MachineOperand &MO = MI.getOperand(6);
    if (!MO.isImm())
      return failAt(MI, "its instruction descriptor is not an immediate");
    return uint32_t(MO.getImm());
  };
  switch (MI.getOpcode()) {
  case TileAS::MMA_TMEM:
    return timing::MmaShape{128, 128, 16};
  case TileAS::MMA_TMEM_F16: {
    Expected<uint32_t> Bits = Descriptor();
    if (!Bits)
      return Bits.takeError();
    Expected<ptx::MmaF16Desc> D = ptx::decodeMmaF16Desc(*Bits);
    if (!D)
      return failAt(MI, "instruction descriptor: " + toString(D.takeError()));
    return timing::MmaShape{D->M, D->N, D->K};
  }
  case TileAS::MMA_TMEM_F8F6F4: {
    Expected<uint32_t> Bits = Descriptor();
    if (!Bits)
      return Bits.takeError();
    Expected<ptx::MmaF8F6F4Desc> D = ptx::decodeMmaF8F6F4Desc(*Bits);
    if (!D)
      return failAt(MI, "instruction descriptor: " + toString(D.takeError()));
    return timing::MmaShape{D->M, D->N, D->K};
  }
  case TileAS::MMA_TMEM_TF32: {
    Expected<uint32_t> Bits = Descriptor();
    if (!Bits)
      return Bits.takeError();
    Expected<ptx::MmaTf32Desc> D = ptx::decodeMmaTf32Desc(*Bits);
    if (!D)
      return failAt(MI, "instruction descriptor: " + toString(D.takeError()));
    return timing::MmaShape{D->M, D->N, D->K};
  }
  case TileAS::MMA_TMEM_I8: {
    Expected<uint32_t> Bits = Descriptor();
    if (!Bits)
      return Bits.takeError();
    Expected<ptx::MmaI8Desc> D = ptx::decodeMmaI8Desc(*Bits);
    if (!D)
      return failAt(MI, "instruction descriptor: " + toString(D.takeError()));
    return timing::MmaShape{D->M, D->N, D->K};
  }
  case TileAS::WGMMA:
    return timing::MmaShape{64, 128, 16};
  default:
    break;
  }
  // WGMMA_T_X<L>: m64n<2L> with the K of its type word.
  if (TileAS::isTypedWgmma(MI.getOpcode())) {
    unsigned N = 2 * TileAS::wgmmaLanes(MI.getOpcode());
    const MachineOperand &MO = MI.getOperand(MI.getNumExplicitOperands() - 1);
    if (!MO.isImm())
      return failAt(MI, "its type word is not an immediate");
    Expected<ptx::WgmmaKind> K =
        ptx::decodeWgmmaTypes(uint32_t(MO.getImm()), N);
    if (!K)
      return failAt(MI, "type word: " + toString(K.takeError()));
    return timing::MmaShape{64, N, K->k()};
  }
  // WGMMA_X<L>: m64n<2L>k16.
  unsigned Lanes = 0;
  if (Name.consume_front("WGMMA_X") && !Name.getAsInteger(10, Lanes))
    return timing::MmaShape{64, 2 * Lanes, 16};
  return std::nullopt;
}

/// The bytes a load moves: its last immediate operand.
static std::optional<uint64_t> loadBytes(const MachineInstr &MI) {
  for (unsigned I = MI.getNumExplicitOperands(); I-- > 0;)
    if (MI.getOperand(I).isImm())
      return MI.getOperand(I).getImm() > 0 ? uint64_t(MI.getOperand(I).getImm())
                                           : 0;
  return std::nullopt;
}

Expected<std::optional<timing::InstrTiming>>
llvm::instrTiming(const timing::Timing &T, const MachineInstr &MI) {
  StringRef Name =
      MI.getMF()->getSubtarget().getInstrInfo()->getName(MI.getOpcode());
  if (T.timesMma(Name)) {
    Expected<std::optional<timing::MmaShape>> Shape = mmaShape(MI, Name);
    if (!Shape)
      return Shape.takeError();
    if (!*Shape)
      return failAt(MI, "timing " + T.name() +
                            " times it as an MMA, but its shape is unknown");
    std::optional<timing::InstrTiming> IT = T.mma(Name, **Shape);
    if (!IT)
      return failAt(MI, formatv("timing {0} has no entry for its shape {1}",
                                T.name(), (*Shape)->str()));
    return IT;
  }
  if (T.timesLoad(Name)) {
    std::optional<uint64_t> Bytes = loadBytes(MI);
    if (!Bytes || !*Bytes)
      return failAt(MI, "timing " + T.name() +
                            " times it as a load, but it names no bytes");
    return T.load(Name, *Bytes);
  }
  return T.instr(Name);
}

std::optional<std::string> llvm::applyTimingToOperation(const MachineInstr &MI,
                                                        Operation &Op) {
  std::optional<timing::Timing> T = timing::lookup(tileasTiming());
  if (!T)
    return std::nullopt; // The slot model's numbers.
  Expected<std::optional<timing::InstrTiming>> IT = instrTiming(*T, MI);
  if (!IT)
    return "-tileas-timing: " + toString(IT.takeError());
  if (!*IT)
    return std::nullopt;
  // What a timed unit (the tensor core, the TMA) makes reaches its readers
  // through an mbarrier (a pipe's commit, a mutex's release), which they see
  // the description's arrive-to-wait latency after the unit completes, as
  // tileas-sim times it (SimOptions::ArriveLatency). An MMA chain forwards
  // its accumulator without one (accumulatorForwarding).
  unsigned Arrive =
      (*IT)->OnUnit != timing::Unit::None ? T->mbarrierLatency() : 0;
  Op.Latency = (*IT)->Latency + Arrive;
  unsigned Hold = unsigned(((*IT)->OccupancyX100 + 99) / 100);
  if ((*IT)->OnUnit == timing::Unit::TensorCore) {
    // The tensor core's slots are held for the MMA's occupancy.
    for (SlotUse &U : Op.Slots)
      U.Duration = std::max(U.Duration, Hold);
    Op.FootprintRows.clear(); // Derived again from the slots.
  } else if ((*IT)->OnUnit == timing::Unit::FarMemory) {
    // The SM's share of far-memory bandwidth is busy with the load's bytes
    // for its transfer occupancy (loads queue on it in tileas-sim). The
    // copy engine's own slot stands for that share, so the II covers every
    // transfer of an iteration; the shared-memory write transport it also
    // uses keeps its hold (other instructions need it).
    for (SlotUse &U : Op.Slots)
      if (U.Slot == gen::blackwell::SlotTMA)
        U.Duration = std::max(U.Duration, Hold);
    Op.FootprintRows.clear();
  }
  return std::nullopt;
}

std::optional<int> llvm::accumulatorForwarding(const MachineInstr &MI) {
  std::optional<timing::Timing> T = timing::lookup(tileasTiming());
  if (!T)
    return std::nullopt;
  Expected<std::optional<timing::InstrTiming>> IT = instrTiming(*T, MI);
  if (!IT) {
    // applyTimingToOperation has already refused the loop for this.
    consumeError(IT.takeError());
    return std::nullopt;
  }
  if (!*IT || (*IT)->OnUnit != timing::Unit::TensorCore)
    return std::nullopt;
  return int(((*IT)->OccupancyX100 + 99) / 100);
}

/// The earliest cycle of each op in its iteration: the longest path to it
/// over P's distance-0 dependences (nullopt if they form a cycle).
static std::optional<std::vector<int64_t>> earliestCycles(const Problem &P) {
  unsigned N = P.size();
  std::vector<SmallVector<const Dependence *, 4>> Succs(N);
  std::vector<unsigned> Pending(N, 0);
  for (const Dependence &D : P.dependences())
    if (D.Distance == 0) {
      Succs[D.From].push_back(&D);
      ++Pending[D.To];
    }
  std::vector<int64_t> Earliest(N, 0);
  SmallVector<unsigned, 64> Ready;
  for (unsigned V = 0; V != N; ++V)
    if (!Pending[V])
      Ready.push_back(V);
  unsigned Seen = 0;
  while (!Ready.empty()) {
    unsigned V = Ready.pop_back_val();
    ++Seen;
    for (const Dependence *D : Succs[V]) {
      Earliest[D->To] = std::max(Earliest[D->To], Earliest[V] + D->Latency);
      if (--Pending[D->To] == 0)
        Ready.push_back(D->To);
    }
  }
  if (Seen != N)
    return std::nullopt;
  return Earliest;
}

/// Whether From reaches To over P's dependences of any distance (with
/// InIteration, over those of distance 0 alone).
static bool reaches(const Problem &P, unsigned From, unsigned To,
                    bool InIteration = false) {
  std::vector<SmallVector<unsigned, 4>> Succs(P.size());
  for (const Dependence &D : P.dependences())
    if (!InIteration || D.Distance == 0)
      Succs[D.From].push_back(D.To);
  std::vector<bool> Visited(P.size(), false);
  SmallVector<unsigned, 32> Work{From};
  Visited[From] = true;
  while (!Work.empty()) {
    unsigned V = Work.pop_back_val();
    if (V == To)
      return true;
    for (unsigned S : Succs[V])
      if (!Visited[S]) {
        Visited[S] = true;
        Work.push_back(S);
      }
  }
  return false;
}

/// The indices of Instrs that load from far memory on timing T, or nothing
/// when an instruction has no timing entry (applyTimingToOperation has
/// already refused the loop for that).
static std::optional<SmallVector<unsigned, 8>>
farMemoryLoads(const timing::Timing &T, ArrayRef<MachineInstr *> Instrs) {
  SmallVector<unsigned, 8> Loads;
  for (unsigned I = 0, E = Instrs.size(); I != E; ++I) {
    Expected<std::optional<timing::InstrTiming>> IT =
        instrTiming(T, *Instrs[I]);
    if (!IT) {
      consumeError(IT.takeError());
      return std::nullopt;
    }
    if (*IT && (*IT)->OnUnit == timing::Unit::FarMemory)
      Loads.push_back(I);
  }
  return Loads;
}

void llvm::orderFarMemoryLoads(ArrayRef<MachineInstr *> Instrs, Problem &P) {
  std::optional<timing::Timing> T = timing::lookup(tileasTiming());
  if (!T)
    return;
  std::optional<SmallVector<unsigned, 8>> Found = farMemoryLoads(*T, Instrs);
  if (!Found)
    return;
  SmallVector<unsigned, 8> &Loads = *Found;
  if (Loads.size() < 2)
    return;
  std::optional<std::vector<int64_t>> Earliest = earliestCycles(P);
  if (!Earliest)
    return;
  llvm::stable_sort(Loads, [&](unsigned A, unsigned B) {
    return (*Earliest)[A] < (*Earliest)[B];
  });
  // Each load before those of the next earliest cycle.
  for (size_t From = 0, Next; From < Loads.size(); From = Next) {
    Next = From;
    while (Next < Loads.size() &&
           (*Earliest)[Loads[Next]] == (*Earliest)[Loads[From]])
      ++Next;
    size_t End = Next;
    while (End < Loads.size() &&
           (*Earliest)[Loads[End]] == (*Earliest)[Loads[Next]])
      ++End;
    for (size_t A = From; A != Next; ++A)
      for (size_t B = Next; B != End; ++B)
        if (!reaches(P, Loads[B], Loads[A]))
          P.addDependence({Loads[A], Loads[B], 0, 0, DepKind::Order});
  }
}

void llvm::orderLoopControlEarly(ArrayRef<MachineInstr *> Instrs,
                                 ArrayRef<unsigned> ExitTests, Problem &P) {
  std::optional<timing::Timing> T = timing::lookup(tileasTiming());
  if (!T || ExitTests.empty())
    return;
  std::optional<SmallVector<unsigned, 8>> Found = farMemoryLoads(*T, Instrs);
  if (!Found)
    return;
  SmallVector<unsigned, 8> &Loads = *Found;
  // The loop's control: the exit tests and the ops of the iteration they
  // read (the induction update), in op order.
  SmallVector<unsigned, 4> Control(ExitTests.begin(), ExitTests.end());
  for (unsigned I = 0; I < Control.size(); ++I)
    for (const Dependence &D : P.dependences())
      if (D.To == Control[I] && D.Distance == 0 && D.Kind == DepKind::Data &&
          !is_contained(Control, D.From))
        Control.push_back(D.From);
  llvm::sort(Control);
  // Each control op that reads a value carried from an earlier iteration
  // (the induction variable) goes after the iteration's far-memory loads.
  for (unsigned C : Control) {
    bool ReadsCarried = any_of(P.dependences(), [&](const Dependence &D) {
      return D.To == C && D.Distance > 0 && D.Kind == DepKind::Data;
    });
    if (!ReadsCarried)
      continue;
    for (unsigned L : Loads)
      if (L != C && !reaches(P, C, L, /*InIteration=*/true))
        P.addDependence({L, C, 0, 0, DepKind::Order});
  }
}

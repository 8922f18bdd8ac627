//===- RandomProblem.cpp - Seeded TileAS-like scheduling problems ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Sched/RandomProblem.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <iterator>
#include <string>

using namespace llvm;

namespace tileas {

ResourceModel makeBlackwellModel(unsigned ReservedBarriers) {
  using namespace blackwell;
  ResourceModel M;
  static const struct {
    unsigned Id;
    const char *Name;
    SlotKind Kind;
  } Slots[] = {
      {Issue, "issue", SlotKind::Coarse},
      {XU, "xu", SlotKind::Coarse},
      {XU64, "xu64", SlotKind::Coarse},
      {FP32x2, "fp32x2_fp16ultra", SlotKind::Fine},
      {Alu, "alu", SlotKind::Coarse},
      {AluOrFmaHeavy, "alu_or_fmaheavy", SlotKind::Fine},
      {DualAlu, "dual_alu", SlotKind::Fine},
      {Lsu, "lsu", SlotKind::Coarse},
      {Tmem, "tmem", SlotKind::Coarse},
      {Mma, "mma", SlotKind::Coarse},
      {TcAndMma, "tc_and_mma", SlotKind::Fine},
      {Tma, "tma", SlotKind::Coarse},
      {TpGnicRd, "tp_gnic_rd", SlotKind::Fine},
      {TpGnicWr, "tp_gnic_wr", SlotKind::Fine},
      {TpSmemRd, "tp_smem_rd", SlotKind::Fine},
      {TpSmemWr, "tp_smem_wr", SlotKind::Fine},
      {TpTmemRd, "tp_tmem_rd", SlotKind::Fine},
      {TpTmemWr, "tp_tmem_wr", SlotKind::Fine},
      {TpMma, "tp_mma", SlotKind::Fine},
      {Unknown, "unknown", SlotKind::Fine},
      {OmittedSimt, "omitted_simt", SlotKind::Fine},
      {TestSimt, "test_simt", SlotKind::Fine},
      {TestMma, "test_mma", SlotKind::Fine},
      {TestDma, "test_dma", SlotKind::Test},
  };
  for (const auto &S : Slots)
    M.addSlot(S.Id, S.Name, S.Kind);
  M.addPool("coarse_issue", 5);
  M.addPool("alu_issue", 3);
  M.addPool("alu_or_fmaheavy_issue", 4);
  M.addPool("dual_issue", 3);
  M.addPool("reg_bank_pair", 2);
  M.addBudget("smem_bytes", 232448);
  M.addBudget("tmem_bytes", 262144);
  M.addBudget("named_barriers", 16 - std::min(16u, ReservedBarriers));
  return M;
}

namespace {

/// SplitMix64: small, fast, and the same everywhere.
class Rng {
public:
  explicit Rng(uint64_t Seed) : State(Seed) {}
  uint64_t next() {
    uint64_t Z = (State += 0x9e3779b97f4a7c15ULL);
    Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebULL;
    return Z ^ (Z >> 31);
  }
  /// Uniform in [Lo, Hi].
  unsigned range(unsigned Lo, unsigned Hi) {
    return Lo + unsigned(next() % (uint64_t(Hi) - Lo + 1));
  }
  bool chance(double P) { return double(next() >> 11) * 0x1.0p-53 < P; }

private:
  uint64_t State;
};

enum class Kind : uint8_t {
  TmaLoad,
  GlobalLoad,
  GlobalStore,
  Mma,
  SmemWrite,
  SmemRead,
  TmemLoad,
  TmemStore,
  Alu,
  Fma,
  FmaHeavy,
  DualAlu,
  Xu,
  Xu64,
  Misc,
};

struct KindSpec {
  Kind K;
  const char *Name;
  unsigned Weight;            ///< Per mille of the ops.
  unsigned MemoryOrderWeight; ///< The same in MemoryOrder loops.
  unsigned LatencyLo, LatencyHi;
  bool Produces; ///< Has a result other ops read.
};

const KindSpec Kinds[] = {
    {Kind::TmaLoad, "tma_load", 30, 30, 40, 120, true},
    {Kind::GlobalLoad, "ld_global", 30, 80, 60, 200, true},
    {Kind::GlobalStore, "st_global", 15, 20, 1, 1, false},
    {Kind::Mma, "mma", 50, 70, 16, 16, true},
    {Kind::SmemWrite, "st_shared", 20, 10, 7, 7, true},
    {Kind::SmemRead, "ld_shared", 50, 40, 7, 7, true},
    {Kind::TmemLoad, "tmem_ld", 30, 60, 8, 8, true},
    {Kind::TmemStore, "tmem_st", 20, 10, 8, 8, false},
    {Kind::Alu, "alu", 300, 130, 4, 4, true},
    {Kind::Fma, "fma", 250, 50, 4, 4, true},
    {Kind::FmaHeavy, "fma_heavy", 30, 360, 4, 4, true},
    {Kind::DualAlu, "dual_alu", 60, 50, 2, 2, true},
    {Kind::Xu, "xu", 30, 50, 20, 20, true},
    {Kind::Xu64, "xu64", 10, 5, 24, 24, true},
    {Kind::Misc, "misc", 75, 35, 1, 1, true},
};

const KindSpec &pickKind(Rng &R, bool MemoryOrder) {
  unsigned Roll = R.range(0, 999);
  for (unsigned I = 0, E = std::size(Kinds); I != E; ++I) {
    unsigned Weight =
        MemoryOrder ? Kinds[I].MemoryOrderWeight : Kinds[I].Weight;
    if (Roll < Weight)
      return Kinds[I];
    Roll -= Weight;
  }
  return Kinds[0];
}

/// Short-latency ops: recurrences and groups are built from these, so that
/// recurrence bounds look like accumulations and counters, not like memory
/// round trips.
bool isFast(Kind K) {
  return K == Kind::Alu || K == Kind::Fma || K == Kind::DualAlu ||
         K == Kind::Misc || K == Kind::SmemRead || K == Kind::FmaHeavy;
}

Operation makeOperation(const KindSpec &S, unsigned Index, Rng &R) {
  using namespace blackwell;
  Operation Op;
  Op.Name = std::string(S.Name) + "_" + std::to_string(Index);
  Op.Latency = R.range(S.LatencyLo, S.LatencyHi);
  auto Slot = [&](unsigned Id, unsigned Duration) {
    Op.Slots.push_back({Id, Duration, 1});
  };
  auto Pool = [&](unsigned P) { Op.Pools.push_back({P, 1, 1}); };
  Pool(CoarseIssue);
  switch (S.K) {
  case Kind::TmaLoad:
    Slot(Tma, 8);
    Slot(TpSmemWr, 8);
    Op.Async = true;
    break;
  case Kind::GlobalLoad:
    Slot(Lsu, 1);
    Slot(TpGnicRd, 7);
    break;
  case Kind::GlobalStore:
    Slot(Lsu, 1);
    Slot(TpGnicWr, 7);
    break;
  case Kind::Mma:
    Slot(TcAndMma, 8);
    Slot(TpMma, 8);
    Op.Async = true;
    break;
  case Kind::SmemWrite:
    Slot(TpSmemWr, 7);
    break;
  case Kind::SmemRead:
    Slot(TpSmemRd, 7);
    break;
  case Kind::TmemLoad:
    Slot(blackwell::Tmem, 1);
    Slot(TpTmemRd, 7);
    break;
  case Kind::TmemStore:
    Slot(blackwell::Tmem, 1);
    Slot(TpTmemWr, 7);
    break;
  case Kind::Alu:
    Pool(AluIssue);
    if (R.chance(0.25))
      Pool(RegBankPair);
    break;
  case Kind::Fma:
    Pool(FmaIssue);
    break;
  case Kind::FmaHeavy:
    Slot(AluOrFmaHeavy, 4);
    Pool(FmaIssue);
    break;
  case Kind::DualAlu:
    Slot(DualAlu, 2);
    Pool(DualIssue);
    break;
  case Kind::Xu:
    Slot(XU, 2);
    break;
  case Kind::Xu64:
    Slot(XU64, 4);
    break;
  case Kind::Misc:
    Slot(Issue, 1);
    break;
  }
  return Op;
}

/// Conservative memory dependences between global loads and stores, as a
/// compiler that cannot tell their addresses apart adds them: in program
/// order within an iteration (RAW, WAR, WAW), and from every access to
/// every conflicting access of the next iteration.
void addMemoryOrder(Problem &P, ArrayRef<Kind> KindOf) {
  unsigned N = KindOf.size();
  auto IsLoad = [&](unsigned I) { return KindOf[I] == Kind::GlobalLoad; };
  auto IsStore = [&](unsigned I) { return KindOf[I] == Kind::GlobalStore; };
  constexpr int StoreLatency = 7;
  for (unsigned I = 0; I < N; ++I) {
    if (!IsLoad(I) && !IsStore(I))
      continue;
    for (unsigned J = 0; J < N; ++J) {
      if (J == I || (IsLoad(I) && IsLoad(J)) || (!IsLoad(J) && !IsStore(J)))
        continue;
      int Latency = IsStore(I) ? StoreLatency : 0;
      if (I < J)
        P.addDependence({I, J, Latency, 0, DepKind::Memory});
      P.addDependence({I, J, std::max(Latency, 1), 1, DepKind::Memory});
    }
  }
}

uint64_t roundedShare(double Total, unsigned Count, uint64_t Granule) {
  uint64_t Share = uint64_t(Total / std::max(1u, Count));
  return std::max<uint64_t>(Granule, Share / Granule * Granule);
}

} // namespace

Problem makeRandomProblem(const RandomProblemOptions &Opts) {
  Rng R(Opts.Seed * 0x2545f4914f6cdd1dULL + Opts.NumOps);
  Problem P(makeBlackwellModel());
  P.Name =
      "random-" + std::to_string(Opts.NumOps) + "-" + std::to_string(Opts.Seed);
  unsigned N = Opts.NumOps;
  std::vector<Kind> KindOf;
  for (unsigned I = 0; I != N; ++I) {
    const KindSpec &S = pickKind(R, Opts.MemoryOrder);
    KindOf.push_back(S.K);
    P.addOperation(makeOperation(S, I, R));
    if (Opts.MemoryOrder && S.K == Kind::GlobalLoad) {
      P.operations()[I].Latency = 100;
      P.operations()[I].FarMemory = true;
    }
  }
  auto Produces = [&](unsigned Op) {
    return KindOf[Op] != Kind::GlobalStore && KindOf[Op] != Kind::TmemStore;
  };
  auto Lat = [&](unsigned Op) { return int(P.operations()[Op].Latency); };

  // Operands from a window of recent producers; remember them for
  // recurrences.
  std::vector<SmallVector<unsigned, 2>> Operands(N);
  constexpr unsigned Window = 24;
  for (unsigned I = 1; I < N; ++I) {
    bool IsLoad = KindOf[I] == Kind::TmaLoad || KindOf[I] == Kind::GlobalLoad;
    unsigned Want = IsLoad && R.chance(0.6) ? 0 : 1 + R.chance(0.5);
    for (unsigned Try = 0; Try != 4 && Operands[I].size() < Want; ++Try) {
      unsigned J = I - R.range(1, std::min(I, Window));
      if (!Produces(J) || is_contained(Operands[I], J))
        continue;
      Operands[I].push_back(J);
      P.addDependence({J, I, Lat(J), 0, DepKind::Data});
    }
  }

  // Accumulator chains of 1..4 MMAs, closed across iterations.
  std::vector<unsigned> ChainHeads;
  for (unsigned I = 0; I < N;) {
    if (KindOf[I] != Kind::Mma) {
      ++I;
      continue;
    }
    unsigned Length = R.range(1, 4), Head = I, Last = I;
    ChainHeads.push_back(Head);
    for (unsigned J = I + 1; J < N && Length > 1; ++J)
      if (KindOf[J] == Kind::Mma) {
        P.addDependence({Last, J, 16, 0, DepKind::Accumulate});
        Last = J;
        --Length;
      }
    P.addDependence({Last, Head, 16, 1, DepKind::Accumulate});
    I = Last + 1;
  }

  // Recurrences along operand chains of fast ops, and a loop counter.
  if (N)
    P.addDependence({0, 0, Lat(0), 1, DepKind::Data});
  for (unsigned J = 1; J < N; ++J) {
    if (!isFast(KindOf[J]) || !R.chance(Opts.RecurrenceRate))
      continue;
    unsigned I = J;
    for (unsigned Steps = R.range(0, 3); Steps && !Operands[I].empty();
         --Steps) {
      unsigned Pred = Operands[I][R.range(0, Operands[I].size() - 1)];
      if (!isFast(KindOf[Pred]))
        break;
      I = Pred;
    }
    unsigned Distance = R.range(1, std::max(1u, Opts.MaxDistance));
    if (R.chance(0.7))
      P.addDependence({J, I, Lat(J), Distance, DepKind::Data});
    else
      P.addDependence({J, I, 1, Distance, DepKind::Memory});
  }
  if (Opts.MemoryOrder)
    addMemoryOrder(P, KindOf);
  // Shared-memory stores before later loads: memory order.
  for (unsigned I = 0; I < N; ++I)
    if (KindOf[I] == Kind::SmemWrite)
      for (unsigned J = I + 1; J < std::min(N, I + Window); ++J)
        if (KindOf[J] == Kind::SmemRead && R.chance(0.3)) {
          P.addDependence({I, J, 7, 0, DepKind::Memory});
          break;
        }

  if (Opts.Budgets) {
    using namespace blackwell;
    unsigned SmemUsers = 0;
    for (unsigned I = 0; I < N; ++I)
      SmemUsers += KindOf[I] == Kind::TmaLoad || KindOf[I] == Kind::SmemWrite;
    uint64_t SmemShare =
        roundedShare(232448.0 / 3 * Opts.BudgetPressure, SmemUsers, 128);
    uint64_t TmemShare =
        roundedShare(262144.0 / 4, unsigned(ChainHeads.size()), 512);
    unsigned Barriers = 0;
    for (unsigned I = 0; I < N; ++I) {
      Operation &Op = P.operations()[I];
      if (KindOf[I] == Kind::TmaLoad || KindOf[I] == Kind::SmemWrite)
        Op.Budgets.push_back(
            {SharedMemory, SmemShare, BudgetScaling::PerStage});
      if (KindOf[I] == Kind::TmaLoad && Barriers < 6) {
        Op.Budgets.push_back({NamedBarriers, 1, BudgetScaling::PerPipe});
        ++Barriers;
      }
    }
    for (unsigned Head : ChainHeads)
      P.operations()[Head].Budgets.push_back(
          {TensorMemory, TmemShare, BudgetScaling::PerStage});
  }

  if (Opts.Groups && N >= 12) {
    // Pairs of adjacent fast ops; the second pair sits right after the
    // first and follows it as its leader (a merged group of four).
    unsigned Count = 1 + N / 100;
    std::vector<bool> Grouped(N, false);
    int Id = 0;
    auto Pair = [&](unsigned I, int Leader) {
      if (I + 1 >= N || Grouped[I] || Grouped[I + 1] || !isFast(KindOf[I]) ||
          !isFast(KindOf[I + 1]))
        return false;
      Grouped[I] = Grouped[I + 1] = true;
      P.addGroup({Id, Leader, 0});
      P.operations()[I].Group = Id;
      P.operations()[I + 1].Group = Id;
      ++Id;
      return true;
    };
    for (unsigned Try = 0; Try != 8 * Count && unsigned(Id) < Count; ++Try) {
      unsigned I = R.range(0, N - 2);
      if (Pair(I, -1) && Id == 1)
        for (unsigned J = I + 2; J < std::min(N - 1, I + 8); ++J)
          if (Pair(J, 0))
            break;
    }
  }
  // Depth limits sit near the top of the body (loop control, address
  // arithmetic, the first loads), as they do in real kernels: a limit deep
  // in a long dependence chain would make the dependency bound dwarf every
  // other constraint.
  if (Opts.DepthLimits && N >= 20)
    for (unsigned I = 0, E = std::min(N, 40u); I < E; ++I)
      if (R.chance(0.1))
        P.operations()[I].MaxDepth = R.range(2, 4);
  return P;
}

} // namespace tileas

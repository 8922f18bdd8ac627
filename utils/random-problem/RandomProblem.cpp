//===- RandomProblem.cpp - Seeded scheduling problems on the td model -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "RandomProblem.h"
#include "tileas/Model/MachineModel.h"
#include "tileas/Support/SplitMix64.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <iterator>
#include <string>

// The llvm::TileAS:: opcode enum: each kind of op below is one instruction.
#define GET_INSTRINFO_ENUM
#include "TileASGenInstrInfo.inc"

using namespace llvm;

namespace tileas {

namespace {

/// Uniform draws from the project's seeded stream.
class Rng {
public:
  explicit Rng(uint64_t Seed) : Stream(Seed) {}
  uint64_t next() { return Stream.next(); }
  /// Uniform in [Lo, Hi].
  unsigned range(unsigned Lo, unsigned Hi) {
    return Lo + unsigned(next() % (uint64_t(Hi) - Lo + 1));
  }
  bool chance(double P) { return double(next() >> 11) * 0x1.0p-53 < P; }

private:
  SplitMix64 Stream;
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

/// A kind of op: the instruction it is, and how often it occurs.
struct KindSpec {
  Kind K;
  unsigned Opcode;
  unsigned Weight;            ///< Per mille of the ops.
  unsigned MemoryOrderWeight; ///< The same in MemoryOrder loops.
  /// On a machine that lacks Opcode: the instruction that does its job.
  unsigned Fallback;
};

const KindSpec Kinds[] = {
    {Kind::TmaLoad, TileAS::TMA_LOAD, 30, 30, TileAS::TMA_LOAD},
    {Kind::GlobalLoad, TileAS::LDG_F, 30, 80, TileAS::LDG_F},
    {Kind::GlobalStore, TileAS::STG_F, 15, 20, TileAS::STG_F},
    {Kind::Mma, TileAS::MMA_TMEM, 50, 70, TileAS::WGMMA_X64},
    {Kind::SmemWrite, TileAS::STS, 20, 10, TileAS::STS},
    {Kind::SmemRead, TileAS::LDS, 50, 40, TileAS::LDS},
    {Kind::TmemLoad, TileAS::TMEM_LD, 30, 60, TileAS::LDS},
    {Kind::TmemStore, TileAS::TMEM_ST, 20, 10, TileAS::STS},
    {Kind::Alu, TileAS::FADD, 300, 30, TileAS::FADD},
    {Kind::Fma, TileAS::FFMA2, 250, 150, TileAS::FFMA},
    {Kind::FmaHeavy, TileAS::FFMA, 30, 360, TileAS::FFMA},
    {Kind::DualAlu, TileAS::IADDF, 60, 50, TileAS::IADDF},
    {Kind::Xu, TileAS::EX2, 30, 50, TileAS::EX2},
    {Kind::Xu64, TileAS::RCP64, 10, 5, TileAS::RCP64},
    {Kind::Misc, TileAS::ADDri, 75, 35, TileAS::ADDri},
};

const KindSpec &pickKind(Rng &R, bool MemoryOrder) {
  unsigned Roll = R.range(0, 999);
  for (const KindSpec &S : Kinds) {
    unsigned Weight = MemoryOrder ? S.MemoryOrderWeight : S.Weight;
    if (Roll < Weight)
      return S;
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

/// The op of instruction Opcode as the td describes it; its budget charges
/// are added later (their amounts depend on the loop).
Operation makeOperation(const model::Machine &M, unsigned Opcode,
                        unsigned Index) {
  const model::OpcodeRecord *Rec = M.lookupOpcode(Opcode);
  assert(Rec && "every kind is an instruction of the td model");
  Operation Op;
  Op.Name = std::string(Rec->Name) + "_" + std::to_string(Index);
  M.fillResources(M.resourceVector(*Rec), Op);
  return Op;
}

/// Conservative memory dependences between global loads and stores, as a
/// compiler that cannot tell their addresses apart adds them: in program
/// order within an iteration (RAW, WAR, WAW), and from every access to
/// every conflicting access of the next iteration. A read after a write
/// waits for the write's latency.
void addMemoryOrder(Problem &P, ArrayRef<Kind> KindOf) {
  unsigned N = KindOf.size();
  auto IsLoad = [&](unsigned I) { return KindOf[I] == Kind::GlobalLoad; };
  auto IsStore = [&](unsigned I) { return KindOf[I] == Kind::GlobalStore; };
  for (unsigned I = 0; I < N; ++I) {
    if (!IsLoad(I) && !IsStore(I))
      continue;
    for (unsigned J = 0; J < N; ++J) {
      if (J == I || (IsLoad(I) && IsLoad(J)) || (!IsLoad(J) && !IsStore(J)))
        continue;
      int Latency = IsStore(I) ? int(P.operations()[I].Latency) : 0;
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

/// The td's budget charges of every op: per-stage charges whose amount an
/// operand gives share a third of their pool (times BudgetPressure) among
/// the ops that pay them; an op that accumulates in place (an MMA chain
/// after its head) pays none. Per-pipe charges are kept on the first ops
/// that carry them, up to two fifths of their pool.
void addBudgets(const model::Machine &M, Problem &P, ArrayRef<unsigned> Opcodes,
                ArrayRef<bool> InPlace, double Pressure) {
  ArrayRef<BudgetDesc> Pools = P.model().budgets();
  auto Pays = [&](unsigned Op, const model::BudgetChargeRecord &C) {
    return C.Scaling == BudgetScaling::PerPipe || !InPlace[Op];
  };
  std::vector<unsigned> Payers(Pools.size(), 0);
  for (unsigned Op = 0, N = Opcodes.size(); Op != N; ++Op)
    for (const model::BudgetChargeRecord &C :
         M.budgetCharges(*M.lookupOpcode(Opcodes[Op])))
      if (C.OperandIndex >= 0 && Pays(Op, C))
        ++Payers[C.Budget];
  std::vector<uint64_t> PerPipeLeft(Pools.size());
  for (unsigned B = 0, E = Pools.size(); B != E; ++B)
    PerPipeLeft[B] = Pools[B].Capacity * 2 / 5;
  for (unsigned Op = 0, N = Opcodes.size(); Op != N; ++Op) {
    for (const model::BudgetChargeRecord &C :
         M.budgetCharges(*M.lookupOpcode(Opcodes[Op]))) {
      if (!Pays(Op, C))
        continue;
      uint64_t Amount = C.Amount;
      if (C.OperandIndex >= 0)
        Amount = roundedShare(double(Pools[C.Budget].Capacity) / 3 * Pressure,
                              Payers[C.Budget], 128);
      if (C.Scaling == BudgetScaling::PerPipe) {
        if (Amount > PerPipeLeft[C.Budget])
          continue;
        PerPipeLeft[C.Budget] -= Amount;
      }
      P.operations()[Op].Budgets.push_back({C.Budget, Amount, C.Scaling});
    }
  }
}

} // namespace

Problem makeRandomProblem(const RandomProblemOptions &Opts) {
  Rng R(Opts.Seed * 0x2545f4914f6cdd1dULL + Opts.NumOps);
  const model::Machine &M =
      Opts.Machine ? *Opts.Machine : model::defaultMachine();
  Problem P(M.buildResourceModel());
  P.Name =
      "random-" + std::to_string(Opts.NumOps) + "-" + std::to_string(Opts.Seed);
  unsigned N = Opts.NumOps;
  std::vector<Kind> KindOf;
  std::vector<unsigned> Opcodes;
  for (unsigned I = 0; I != N; ++I) {
    const KindSpec &S = pickKind(R, Opts.MemoryOrder);
    KindOf.push_back(S.K);
    unsigned Opcode = M.lookupOpcode(S.Opcode) ? S.Opcode : S.Fallback;
    Opcodes.push_back(Opcode);
    P.addOperation(makeOperation(M, Opcode, I));
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

  // Accumulator chains of 1..4 MMAs, closed across iterations; every MMA
  // after a chain's head accumulates in place.
  SmallVector<bool, 64> InPlace(N, false);
  for (unsigned I = 0; I < N;) {
    if (KindOf[I] != Kind::Mma) {
      ++I;
      continue;
    }
    unsigned Length = R.range(1, 4), Head = I, Last = I;
    for (unsigned J = I + 1; J < N && Length > 1; ++J)
      if (KindOf[J] == Kind::Mma) {
        P.addDependence({Last, J, Lat(Last), 0, DepKind::Accumulate});
        InPlace[J] = true;
        Last = J;
        --Length;
      }
    P.addDependence({Last, Head, Lat(Last), 1, DepKind::Accumulate});
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
          P.addDependence({I, J, Lat(I), 0, DepKind::Memory});
          break;
        }

  if (Opts.Budgets)
    addBudgets(M, P, Opcodes, InPlace, Opts.BudgetPressure);

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

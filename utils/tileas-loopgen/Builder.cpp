//===- Builder.cpp - Operands, invariants and budgets of a loop -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Builder.h"

#include "tileas/Model/MachineModel.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace tileas {
namespace loopgen {

/// Half of the budget pool of the machine that pays for the buffers of
/// opcode Payer (its first per-stage charge), in whole 16 KiB tiles (see the
/// budget note in Builder.h); 0 if the machine lacks the opcode.
static uint64_t halfOf(const model::Machine &M, StringRef Payer) {
  constexpr uint64_t Tile = 16384;
  const model::OpcodeRecord *Rec = M.lookupOpcode(Payer);
  if (!Rec)
    return 0;
  for (const model::BudgetChargeRecord &C : M.budgetCharges(*Rec))
    if (C.Scaling == BudgetScaling::PerStage)
      return M.buildResourceModel().budgets()[C.Budget].Capacity / 2 / Tile *
             Tile;
  return 0;
}

/// How many pipes a loop may hold: as many as the named barriers would pay
/// for at one barrier per mbarrier of a ring slot (pipes are mbarriers now,
/// but the generated loops keep the shape they had).
static unsigned pipesAllowed(const model::Machine &M) {
  std::optional<unsigned> Barriers = M.namedBarrierBudget();
  unsigned PerPipe = M.coordination().MbarriersPerSlot;
  if (!Barriers || !PerPipe)
    return ~0u;
  return unsigned(M.buildResourceModel().budgets()[*Barriers].Capacity /
                  PerPipe);
}

Builder::Builder(const model::Machine &M, uint64_t Seed, unsigned TargetOps)
    : R(Seed), Target(TargetOps),
      // WGMMA is Hopper's: Blackwell lacks it (td TileASBlackwell).
      HasWgmma(M.lookupOpcode("WGMMA") != nullptr) {
  // The budgets the tiles (TMA loads) and the accumulators (MMAs into
  // tensor memory) are paid from.
  const uint64_t SmemShare = halfOf(M, "TMA_LOAD");
  const uint64_t TmemShare = halfOf(M, "MMA_TMEM");
  // Two of the pipes the barriers pay for are kept for STS, the rest for
  // TMA loads and async copies.
  // Two barriers per rewritten tensor-memory buffer and one per tile loaded
  // before the loop are set aside first.
  unsigned Pipes = pipesAllowed(M);
  unsigned SetAside = (2 * MaxRewrittenTmem + MaxInvariantTiles + 1) /
                      std::max(1u, M.coordination().MbarriersPerSlot);
  Pipes -= std::min(Pipes, SetAside);
  MaxSts = std::min({2u, TargetOps / 50, Pipes / 2});
  MaxAsyncSmem = std::min(Pipes - std::min(Pipes, 2u), 1 + TargetOps / 30);
  MaxBarrierOps = TargetOps >= 60 ? std::min(2u, 1 + TargetOps / 400) : 0;
  SmemLeft = SmemShare;
  TmemLeft = TmemShare;
  // Each MMA names its share of an accumulator (as in bench/corpus): about a
  // twelfth of the body is MMAs, and they may use half of the TMEM share.
  uint64_t ExpectedMmas = std::max(4u, TargetOps / 12);
  AccBytes = std::clamp<uint64_t>(TmemShare / (2 * ExpectedMmas) / 128 * 128,
                                  128, 16384);
}

ValueId Builder::pick(RegClass C, unsigned LoopPermille) {
  if (R.chance(LoopPermille))
    if (std::optional<ValueId> V = Pool.pickLoop(C, R))
      return *V;
  return invariant(C);
}

ValueId Builder::invariant(RegClass C) {
  const std::vector<ValueId> &Inv = Pool.invariants(C);
  // A few invariants per class, reused: kernels keep a handful of
  // descriptors, constants and buffers live across the loop.
  unsigned Most = C == RegClass::Tile ? MaxInvariantTiles : 4;
  if (!Inv.empty() && (Inv.size() >= Most || R.chance(600)))
    return Inv[R.below(Inv.size())];
  return makeInvariant(C);
}

ValueId Builder::makeInvariant(RegClass C) {
  static const int64_t Constants[] = {1,  2,   3,   4,   7,    8,   16,
                                      64, 128, 255, 512, 1024, 4096};
  switch (C) {
  case RegClass::GPR32: {
    int64_t Imm = R.pick(ArrayRef<int64_t>(Constants));
    ValueId V = Pool.create(C, Where::Preheader);
    pre(formatv("{0} = MOVri {1}", Pool.def(V), Imm));
    return V;
  }
  case RegClass::GPR64: {
    uint64_t Offset = (Pool.invariants(C).size() + 1) * 65536;
    std::string B = Pool.use(Base);
    ValueId V = Pool.create(C, Where::Preheader);
    pre(formatv("{0} = ADD64ri {1}, {2}", Pool.def(V), B, Offset));
    return V;
  }
  case RegClass::Pred: {
    std::string N = Pool.use(TripCount);
    ValueId V = Pool.create(C, Where::Preheader);
    pre(formatv("{0} = SETPri {1}, 1, 4", Pool.def(V), N));
    return V;
  }
  case RegClass::Tile: {
    // A tile loaded once before the loop (a Q tile, a filter slab).
    std::string Desc = Pool.use(invariant(RegClass::GPR64));
    std::string Z = Pool.use(Zero);
    std::string Z2 = Pool.use(Zero);
    ValueId V = Pool.create(C, Where::Preheader);
    pre(formatv("{0} = TMA_LOAD {1}, {2}, {3}, 16384", Pool.def(V), Desc, Z,
                Z2));
    return V;
  }
  case RegClass::TMem: {
    ValueId V = Pool.create(C, Where::Preheader);
    pre(formatv("{0} = TMEM_ALLOC 128", Pool.def(V)));
    return V;
  }
  case RegClass::Frag: {
    if (R.chance(400)) {
      ValueId V = Pool.create(C, Where::Preheader);
      pre(formatv("{0} = FZERO", Pool.def(V)));
      return V;
    }
    std::string S = Pool.use(invariant(RegClass::GPR32));
    ValueId V = Pool.create(C, Where::Preheader);
    pre(formatv("{0} = FBCAST {1}", Pool.def(V), S));
    return V;
  }
  }
  return Zero;
}

Recurrence *Builder::pickRecurrence(RegClass C, unsigned Permille) {
  unsigned Count = 0;
  for (const Recurrence &Rec : Recs)
    Count += Rec.Class == C;
  if (!Count || !R.chance(Permille))
    return nullptr;
  unsigned Chosen = R.below(Count);
  for (Recurrence &Rec : Recs)
    if (Rec.Class == C && Chosen-- == 0)
      return &Rec;
  return nullptr;
}

} // namespace loopgen
} // namespace tileas

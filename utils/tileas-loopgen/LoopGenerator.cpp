//===- LoopGenerator.cpp - Random TileAS MIR loops ------------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The driver: fixed values and recurrences first, then instructions drawn by
// weight until a tenth of the budget is left, then a fold step that spends it
// on combining values nothing reads yet, then the recurrences' closing
// instructions and the induction variable. The exit block stores the
// accumulators and consumes whatever is still unused.
//
//===----------------------------------------------------------------------===//

#include "LoopGenerator.h"
#include "Builder.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <deque>

using namespace llvm;

namespace tileas {
namespace loopgen {

/// Relative weights of the kinds of operation, modelled on tile kernels: SIMT
/// arithmetic dominates, the asynchronous units are few but feed many MMAs,
/// and global stores are rare. Kinds whose budget is spent drop out.
static const unsigned KindWeights[NumOpKinds] = {
    /*Scalar=*/80,   /*AddrCalc=*/20,
    /*SetpSelp=*/15, /*TmaLoad=*/40,
    /*CpAsync=*/10,  /*Mma=*/70,
    /*Wgmma=*/15,    /*TmemLd=*/40,
    /*TmemSt=*/12,   /*Lds=*/35,
    /*Sts=*/10,      /*Ldg=*/15,
    /*LdgF=*/40,     /*StgF=*/10,
    /*Stg=*/4,       /*TmaStore=*/4,
    /*FragAlu=*/200, /*Ffma=*/90,
    /*Fp32x2=*/45,   /*DualAlu=*/25,
    /*Frmax=*/15,    /*Fbcast=*/12,
    /*Xu=*/50,       /*Rcp64=*/2,
    /*Barrier=*/2};

unsigned maxRecurrences(unsigned Ops) { return Ops < 2 ? 0 : (Ops - 2) / 2; }

unsigned defaultRecurrences(unsigned Ops) {
  return std::clamp(Ops / 20, 1u, 64u);
}

int Builder::remaining() const {
  int Reserved = 2; // ADDri and SETPrr of the induction variable.
  for (const Recurrence &Rec : Recs)
    Reserved += Rec.needsCloser();
  return int(Target) - int(Out.Body.size()) - Reserved;
}

void Builder::setUp(unsigned NumRecurrences) {
  Base = Pool.create(RegClass::GPR64, Where::Preheader, /*Offered=*/false);
  pre(Pool.def(Base) + " = COPY $rd0");
  OutPtr = Pool.create(RegClass::GPR64, Where::Preheader, /*Offered=*/false);
  pre(Pool.def(OutPtr) + " = COPY $rd1");
  TripCount = Pool.create(RegClass::GPR32, Where::Preheader, false);
  pre(Pool.def(TripCount) + " = COPY $r0");
  Zero = Pool.create(RegClass::GPR32, Where::Preheader);
  pre(Pool.def(Zero) + " = MOVri 0");
  IV = Pool.create(RegClass::GPR32, Where::Loop);
  for (unsigned I = 0; I != NumRecurrences; ++I)
    addRecurrence();
}

void Builder::addRecurrence() {
  static const RegClass Classes[] = {RegClass::Frag, RegClass::TMem,
                                     RegClass::GPR64, RegClass::GPR32};
  static const unsigned ClassWeights[] = {55, 20, 15, 10};
  static const unsigned DistanceWeights[] = {600, 250, 150};
  Recurrence Rec;
  Rec.Class = Classes[R.weighted(ClassWeights)];
  // Within the budget of rewritten tensor-memory buffers (Builder.h).
  if (Rec.Class == RegClass::TMem && RewrittenTmem == MaxRewrittenTmem)
    Rec.Class = RegClass::Frag;
  bool Accumulator = Rec.Class == RegClass::Frag || Rec.Class == RegClass::TMem;
  Rec.Distance = Accumulator ? 1 + R.weighted(DistanceWeights) : 1;

  ValueId SharedInit = 0;
  switch (Rec.Class) {
  case RegClass::Frag:
    SharedInit = Pool.create(RegClass::Frag, Where::Preheader, false);
    pre(Pool.def(SharedInit) + " = FZERO");
    break;
  case RegClass::GPR64: {
    SharedInit = Pool.create(RegClass::GPR64, Where::Preheader, false);
    std::string B = Pool.use(Base);
    pre(formatv("{0} = ADD64ri {1}, {2}", Pool.def(SharedInit), B,
                uint64_t(Recs.size() + 1) << 24));
    Rec.Step = int64_t(16) << R.below(9);
    break;
  }
  case RegClass::GPR32: {
    SharedInit = Pool.create(RegClass::GPR32, Where::Preheader, false);
    int64_t Start = R.between(0, 16);
    pre(formatv("{0} = MOVri {1}", Pool.def(SharedInit), Start));
    Rec.Step = R.between(1, 4);
    break;
  }
  default:
    break;
  }
  for (unsigned K = 0; K != Rec.Distance; ++K) {
    if (Rec.Class == RegClass::TMem) {
      // Distinct buffers: a chain of D PHIs is a ring of D accumulators.
      ValueId Buf = Pool.create(RegClass::TMem, Where::Preheader, false);
      pre(Pool.def(Buf) + " = TMEM_ALLOC 128");
      Rec.Inits.push_back(Buf);
    } else {
      Rec.Inits.push_back(SharedInit);
    }
    Rec.Chain.push_back(Pool.create(Rec.Class, Where::Loop, K == 0));
  }
  Rec.Head = Rec.Chain.front();
  if (Rec.Class == RegClass::TMem) {
    // The chain's buffers are one buffer group (they take turns).
    unsigned Index =
        BufferOf.try_emplace(Rec.Head, TmemBuffers.size()).first->second;
    TmemBuffers.emplace_back();
    TmemBuffers.back().Latest = Rec.Head;
    TmemBuffers.back().Recurrent = true;
    ++RewrittenTmem;
    for (ValueId V : Rec.Chain)
      BufferOf[V] = Index;
    for (ValueId V : Rec.Inits)
      BufferOf[V] = Index;
  }
  Recs.push_back(std::move(Rec));
}

void Builder::fill(unsigned KeepFree) {
  unsigned Weights[NumOpKinds];
  while (remaining() > int(KeepFree)) {
    for (unsigned K = 0; K != NumOpKinds; ++K)
      Weights[K] = canEmit(OpKind(K)) ? KindWeights[K] : 0;
    emit(OpKind(R.weighted(Weights)));
  }
}

void Builder::fold() {
  // Loop values nothing reads yet, oldest first; recurrence heads and the IV
  // are read later by PHIs and are not leftovers.
  std::deque<ValueId> Unused[NumRegClasses];
  std::vector<bool> Reserved(Pool.size(), false);
  Reserved[IV] = true;
  for (const Recurrence &Rec : Recs)
    Reserved[Rec.Head] = true;
  for (ValueId V = 0, E = Pool.size(); V != E; ++V)
    if (Pool[V].Def == Where::Loop && Pool[V].Offered && !Pool[V].Uses &&
        !Reserved[V])
      Unused[unsigned(Pool[V].Class)].push_back(V);
  auto Count = [&](RegClass C) {
    std::deque<ValueId> &Q = Unused[unsigned(C)];
    while (!Q.empty() && Pool[Q.front()].Uses)
      Q.pop_front();
    return Q.size();
  };
  auto Take = [&](RegClass C) {
    ValueId V = Unused[unsigned(C)].front();
    Unused[unsigned(C)].pop_front();
    return Pool.use(V);
  };
  auto Produce = [&](RegClass C, const std::string &Rhs) {
    ValueId D = def(C);
    body(Pool.def(D) + " = " + Rhs);
    Unused[unsigned(C)].push_back(D);
  };
  while (remaining() > 0) {
    if (Count(RegClass::Frag) >= 2) {
      std::string A = Take(RegClass::Frag);
      std::string B = Take(RegClass::Frag);
      Produce(RegClass::Frag, formatv("FADD {0}, {1}", A, B));
    } else if (Count(RegClass::GPR32) >= 2) {
      std::string A = Take(RegClass::GPR32);
      std::string B = Take(RegClass::GPR32);
      Produce(RegClass::GPR32, formatv("XORrr {0}, {1}", A, B));
    } else if (Count(RegClass::TMem)) {
      // A value read between two rewrites of its buffer is left to the
      // exit block.
      ValueId V = Unused[unsigned(RegClass::TMem)].front();
      Unused[unsigned(RegClass::TMem)].pop_front();
      if (readableTmem(V)) {
        noteTmemRead(V);
        Produce(RegClass::Frag, "TMEM_LD " + Pool.use(V));
      }
    } else if (Count(RegClass::Tile)) {
      std::string T = Take(RegClass::Tile);
      std::string Off = Pool.use(invariant(RegClass::GPR32));
      Produce(RegClass::Frag, formatv("LDS {0}, {1}", T, Off));
    } else if (Count(RegClass::GPR64)) {
      Produce(RegClass::Frag, "LDG_F " + Take(RegClass::GPR64) + ", 0");
    } else if (Count(RegClass::Pred)) {
      std::string P = Take(RegClass::Pred);
      std::string A = operand(RegClass::GPR32, 900);
      std::string B = Pool.use(Zero);
      Produce(RegClass::GPR32, formatv("SELP {0}, {1}, {2}", A, B, P));
    } else {
      return;
    }
  }
}

void Builder::closeRecurrences() {
  for (Recurrence &Rec : Recs) {
    if (!Rec.needsCloser())
      continue;
    switch (Rec.Class) {
    case RegClass::Frag: {
      bool Fma = R.chance(300);
      const char *Opcode = R.chance(700) ? "FADD" : "FMAX";
      std::string H = Pool.use(Rec.Head);
      std::string X = operand(RegClass::Frag, 900);
      std::string Y = Fma ? operand(RegClass::Frag, 700) : std::string();
      ValueId D = def(RegClass::Frag);
      if (Fma)
        body(formatv("{0} = FFMA {1}, {2}, {3}", Pool.def(D), X, Y, H));
      else
        body(formatv("{0} = {1} {2}, {3}", Pool.def(D), Opcode, H, X));
      Rec.Head = D;
      break;
    }
    case RegClass::TMem:
      if (canEmit(OpKind::Mma))
        emitMma(&Rec);
      else
        emitTmemSt(&Rec);
      break;
    case RegClass::GPR64:
    case RegClass::GPR32: {
      bool Wide = Rec.Class == RegClass::GPR64;
      std::string H = Pool.use(Rec.Head);
      ValueId D = def(Rec.Class);
      body(formatv("{0} = {1} {2}, {3}", Pool.def(D),
                   Wide ? "ADD64ri" : "ADDri", H, Rec.Step));
      Rec.Head = D;
      break;
    }
    default:
      break;
    }
  }
}

std::string Builder::exitOffset() { return std::to_string(16 * ExitStores++); }

void Builder::sink(ValueId V) {
  std::string Name = Pool.use(V);
  switch (Pool[V].Class) {
  case RegClass::Frag:
    exit("STG_F " + Name + ", " + Pool.use(OutPtr) + ", " + exitOffset());
    return;
  case RegClass::GPR32:
    exit("STG " + Name + ", " + Pool.use(OutPtr) + ", " + exitOffset());
    return;
  case RegClass::GPR64:
    exit("STG " + Pool.use(Zero) + ", " + Name + ", 0");
    return;
  case RegClass::Pred: {
    std::string Z = Pool.use(Zero);
    std::string One = Pool.use(TripCount);
    ValueId S = Pool.create(RegClass::GPR32, Where::Exit);
    exit(formatv("{0} = SELP {1}, {2}, {3}", Pool.def(S), One, Z, Name));
    sink(S);
    return;
  }
  case RegClass::Tile: {
    std::string B = Pool.use(Base);
    std::string Z = Pool.use(Zero);
    exit(formatv("TMA_STORE {0}, {1}, {2}, {2}", Name, B, Z));
    return;
  }
  case RegClass::TMem: {
    ValueId F = Pool.create(RegClass::Frag, Where::Exit);
    exit(formatv("{0} = TMEM_LD {1}", Pool.def(F), Name));
    sink(F);
    return;
  }
  }
}

void Builder::finish() {
  // The induction variable and the loop test.
  std::string I = Pool.use(IV);
  ValueId Next = def(RegClass::GPR32);
  body(formatv("{0} = ADDri {1}, 1", Pool.def(Next), I));
  std::string NextUse = Pool.use(Next);
  std::string N = Pool.use(TripCount);
  ValueId More = def(RegClass::Pred);
  body(formatv("{0} = SETPrr {1}, {2}, 2", Pool.def(More), NextUse, N));
  Out.Predicate = Pool.use(More);

  // PHIs: the IV, then each recurrence's chain.
  auto Phi = [&](ValueId D, ValueId Init, ValueId Carried) {
    std::string In = Pool.use(Init);
    std::string Back = Pool.use(Carried);
    Out.Phis.push_back(
        formatv("{0} = PHI {1}, %bb.0, {2}, %bb.1", Pool.def(D), In, Back));
  };
  Phi(IV, Zero, Next);
  for (const Recurrence &Rec : Recs)
    for (unsigned K = 0; K != Rec.Distance; ++K)
      Phi(Rec.Chain[K], Rec.Inits[K],
          K + 1 != Rec.Distance ? Rec.Chain[K + 1] : Rec.Head);

  // The exit block: the accumulators are the loop's results.
  for (const Recurrence &Rec : Recs)
    if (Rec.Class == RegClass::Frag || Rec.Class == RegClass::TMem)
      sink(Rec.Head);
  // Then everything nothing reads; the two pointers last, since the stores
  // above may already use them.
  for (ValueId V = 0, E = Pool.size(); V != E; ++V)
    if (!Pool[V].Uses && V != Base && V != OutPtr)
      sink(V);
  for (ValueId V : {Base, OutPtr})
    if (!Pool[V].Uses)
      sink(V);
}

GeneratedLoop generateLoop(const LoopGenOptions &Opts) {
  Builder B(Opts.Machine ? *Opts.Machine : model::defaultMachine(), Opts.Seed,
            Opts.Ops);
  B.setUp(Opts.Recurrences);
  B.fill(Opts.Ops / 10);
  B.fold();
  B.fill(0);
  B.closeRecurrences();
  B.finish();
  return B.take();
}

} // namespace loopgen
} // namespace tileas

//===- BuilderOps.cpp - The operations a generated loop is made of --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// One emitter per family of TileAS instructions, with operand order as in
// td/TileASInstrInfo.td. Operands are drawn before the result is created, so
// an instruction never reads its own result, and the loop stays in SSA.
// Every random draw is a statement of its own: the order in which a call's
// arguments are evaluated is unspecified, and the output must not depend on
// the compiler.
//
//===----------------------------------------------------------------------===//

#include "Builder.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {
namespace loopgen {

bool Builder::canRewriteTmem() const {
  if (RewrittenTmem < MaxRewrittenTmem)
    return true;
  return llvm::any_of(TmemBuffers, [](const TmemBuffer &B) {
    return (B.Rewritten || B.Recurrent) && !B.Sealed;
  });
}

bool Builder::canEmit(OpKind K) const {
  switch (K) {
  case OpKind::SetpSelp:
    return remaining() >= 2;
  case OpKind::TmaLoad:
    return AsyncSmem < MaxAsyncSmem && SmemLeft >= 8192;
  case OpKind::CpAsync:
    return AsyncSmem < MaxAsyncSmem && SmemLeft >= 4096;
  case OpKind::Sts:
    return Sts < MaxSts && SmemLeft >= 4096;
  case OpKind::Mma:
    return TmemLeft >= AccBytes && canRewriteTmem();
  case OpKind::TmemSt:
    return canRewriteTmem();
  case OpKind::Barrier:
    return BarrierOps < MaxBarrierOps;
  case OpKind::Wgmma:
    return HasWgmma;
  default:
    return true;
  }
}

void Builder::emit(OpKind K) {
  static const char *const FragBinaries[] = {"FADD", "FSUB", "FMUL", "FMAX"};
  static const char *const XuOps[] = {"EX2", "LG2", "RCP", "RSQ"};
  switch (K) {
  case OpKind::Scalar:
    return emitScalar();
  case OpKind::AddrCalc:
    return emitAddrCalc();
  case OpKind::SetpSelp:
    return emitSetpSelp();
  case OpKind::TmaLoad:
    return emitTmaLoad(/*After=*/0);
  case OpKind::CpAsync:
    return emitCpAsync();
  case OpKind::Mma:
    return emitMma(pickRecurrence(RegClass::TMem, 700));
  case OpKind::Wgmma:
    return emitWgmma();
  case OpKind::TmemLd:
    return emitTmemLd();
  case OpKind::TmemSt:
    return emitTmemSt(pickRecurrence(RegClass::TMem, 300));
  case OpKind::Lds:
    return emitLds(pick(RegClass::Tile, 950));
  case OpKind::Sts:
    return emitSts();
  case OpKind::Ldg:
    return emitLdg(/*Frag=*/false);
  case OpKind::LdgF:
    return emitLdg(/*Frag=*/true);
  case OpKind::StgF:
    return emitStore(/*Frag=*/true);
  case OpKind::Stg:
    return emitStore(/*Frag=*/false);
  case OpKind::TmaStore:
    return emitTmaStore();
  case OpKind::FragAlu:
    return emitFragBinary(R.pick(ArrayRef<const char *>(FragBinaries)),
                          /*MayAccumulate=*/true);
  case OpKind::Ffma:
    return emitFfma("FFMA");
  case OpKind::Fp32x2:
    if (R.chance(400))
      return emitFfma("FFMA2");
    return emitFragBinary(R.chance(500) ? "FADD2" : "FMUL2",
                          /*MayAccumulate=*/true);
  case OpKind::DualAlu:
    return emitFragBinary(R.chance(500) ? "IADDF" : "LOPF",
                          /*MayAccumulate=*/false);
  case OpKind::Frmax:
    return emitFragUnary("FRMAX");
  case OpKind::Fbcast:
    return emitFbcast();
  case OpKind::Xu:
    return emitFragUnary(R.pick(ArrayRef<const char *>(XuOps)));
  case OpKind::Rcp64:
    return emitRcp64();
  case OpKind::Barrier:
    return emitBarrier();
  }
}

void Builder::emitScalar() {
  struct Form {
    const char *Opcode;
    bool Imm;
    int64_t Lo, Hi;
  };
  static const Form Forms[] = {
      {"ADDrr", false, 0, 0},  {"ADDri", true, 1, 256}, {"SUBrr", false, 0, 0},
      {"SUBri", true, 1, 64},  {"MULrr", false, 0, 0},  {"MULri", true, 3, 128},
      {"ANDri", true, 1, 255}, {"XORrr", false, 0, 0},  {"XORri", true, 1, 255},
      {"SHLri", true, 1, 10},  {"SHRri", true, 1, 10},  {"ANDrr", false, 0, 0}};
  const Form &F = R.pick(ArrayRef<Form>(Forms));
  std::string A = operand(RegClass::GPR32, 850);
  std::string B = F.Imm ? std::to_string(R.between(F.Lo, F.Hi))
                        : operand(RegClass::GPR32, 600);
  ValueId D = def(RegClass::GPR32);
  body(formatv("{0} = {1} {2}, {3}", Pool.def(D), F.Opcode, A, B));
}

void Builder::emitAddrCalc() {
  if (remaining() >= 2 && R.chance(600)) {
    // base + (index << k), widened: a gathered row or a table entry.
    std::string S = operand(RegClass::GPR32, 900);
    ValueId Wide = def(RegClass::GPR64);
    body(formatv("{0} = CVT64_32 {1}", Pool.def(Wide), S));
    std::string B = operand(RegClass::GPR64, 300);
    std::string W = Pool.use(Wide);
    ValueId D = def(RegClass::GPR64);
    body(formatv("{0} = ADD64rr {1}, {2}", Pool.def(D), B, W));
    return;
  }
  std::string A = operand(RegClass::GPR64, 700);
  int64_t Offset = 16 * R.between(1, 256);
  ValueId D = def(RegClass::GPR64);
  body(formatv("{0} = ADD64ri {1}, {2}", Pool.def(D), A, Offset));
}

void Builder::emitSetpSelp() {
  std::string A = operand(RegClass::GPR32, 900);
  unsigned CC = R.below(6);
  bool Imm = R.chance(500);
  std::string B =
      Imm ? std::to_string(R.between(0, 255)) : operand(RegClass::GPR32, 500);
  ValueId P = def(RegClass::Pred);
  body(formatv("{0} = {1} {2}, {3}, {4}", Pool.def(P),
               Imm ? "SETPri" : "SETPrr", A, B, CC));
  std::string X = operand(RegClass::GPR32, 800);
  std::string Y = operand(RegClass::GPR32, 500);
  std::string PU = Pool.use(P);
  ValueId D = def(RegClass::GPR32);
  body(formatv("{0} = SELP {1}, {2}, {3}", Pool.def(D), X, Y, PU));
}

uint64_t Builder::tileBytes(ArrayRef<uint64_t> Sizes) {
  unsigned Fit = 0;
  while (Fit != Sizes.size() && Sizes[Fit] <= SmemLeft)
    ++Fit;
  uint64_t Bytes = Sizes[R.below(Fit)];
  SmemLeft -= Bytes;
  return Bytes;
}

std::string Builder::coordinate(unsigned LoopPermille) {
  return operand(RegClass::GPR32, LoopPermille);
}

void Builder::emitTmaLoad(unsigned After) {
  static const uint64_t Sizes[] = {8192, 16384, 32768};
  if (remaining() >= int(2 + After) &&
      Pool.loopValues(RegClass::GPR32).size() <= 1 && R.chance(700)) {
    // The k coordinate of the tile: the IV scaled by the tile width.
    std::string I = Pool.use(IV);
    ValueId K = def(RegClass::GPR32);
    body(formatv("{0} = SHLri {1}, 6", Pool.def(K), I));
  }
  std::string Desc = Pool.use(invariant(RegClass::GPR64));
  std::string X = coordinate(850);
  std::string Y = coordinate(400);
  uint64_t Bytes = tileBytes(Sizes);
  ValueId D = def(RegClass::Tile);
  ++AsyncSmem;
  body(formatv("{0} = TMA_LOAD {1}, {2}, {3}, {4}", Pool.def(D), Desc, X, Y,
               Bytes));
}

void Builder::emitCpAsync() {
  static const uint64_t Sizes[] = {4096, 8192, 16384};
  std::string A = operand(RegClass::GPR64, 800);
  uint64_t Bytes = tileBytes(Sizes);
  ValueId D = def(RegClass::Tile);
  ++AsyncSmem;
  body(formatv("{0} = CP_ASYNC {1}, {2}", Pool.def(D), A, Bytes));
}

std::string Builder::tileOperand() {
  if (Pool.loopValues(RegClass::Tile).empty() && remaining() >= 2 &&
      canEmit(OpKind::TmaLoad))
    emitTmaLoad(/*After=*/1);
  return operand(RegClass::Tile, 950);
}

/// The accumulator an in-place writer (MMA_TMEM, TMEM_ST) rewrites: the head
/// of the recurrence it extends, or else a buffer of its own allocated before
/// the loop. A tensor-memory value is rewritten in place by one instruction
/// at most; two in-place writers of one value would be a program no buffer
/// assignment can run.
ValueId Builder::inPlaceAccumulator(Recurrence *&Into) {
  if (Into && !rewritableTmem(Into->Head))
    Into = nullptr;
  if (!Into && RewrittenTmem >= MaxRewrittenTmem) {
    // No new buffer: extend one the loop rewrites already.
    if (std::optional<ValueId> V = reusableAccumulator())
      return *V;
    for (Recurrence &Rec : Recs)
      if (Rec.Class == RegClass::TMem && rewritableTmem(Rec.Head)) {
        Into = &Rec;
        break;
      }
  }
  return Into ? Into->Head : makeInvariant(RegClass::TMem);
}

bool Builder::rewritableTmem(ValueId V) {
  const TmemBuffer &B = bufferOf(V);
  return !B.Sealed &&
         (B.Rewritten || B.Recurrent || RewrittenTmem < MaxRewrittenTmem);
}

std::optional<ValueId> Builder::reusableAccumulator() {
  for (const TmemBuffer &B : TmemBuffers)
    if (B.Rewritten && !B.Recurrent && !B.Sealed)
      return B.Latest;
  return std::nullopt;
}

Builder::TmemBuffer &Builder::bufferOf(ValueId V) {
  auto [It, New] = BufferOf.try_emplace(V, TmemBuffers.size());
  if (New) {
    TmemBuffers.emplace_back();
    TmemBuffers.back().Latest = V;
  }
  return TmemBuffers[It->second];
}

bool Builder::readableTmem(ValueId V) {
  const TmemBuffer &B = bufferOf(V);
  return !B.Rewritten || (V == B.Latest && !B.ReadOld);
}

void Builder::noteTmemRead(ValueId V) {
  TmemBuffer &B = bufferOf(V);
  (B.Rewritten ? B.Sealed : B.ReadOld) = true;
}

void Builder::noteTmemRewrite(ValueId Old, ValueId New) {
  unsigned Index = BufferOf.try_emplace(Old, TmemBuffers.size()).first->second;
  if (Index == TmemBuffers.size())
    TmemBuffers.emplace_back();
  RewrittenTmem +=
      !TmemBuffers[Index].Rewritten && !TmemBuffers[Index].Recurrent;
  TmemBuffers[Index].Rewritten = true;
  TmemBuffers[Index].Latest = New;
  BufferOf[New] = Index;
}

void Builder::emitMma(Recurrence *Into) {
  ValueId Acc = inPlaceAccumulator(Into);
  std::string C = Pool.use(Acc);
  std::string A = tileOperand();
  std::string B = tileOperand();
  uint64_t KBlock = R.below(4);
  ValueId D = def(RegClass::TMem);
  TmemLeft -= AccBytes;
  body(formatv("{0} = MMA_TMEM {1}, {2}, {3}, {4}, {5}", Pool.def(D), C, A, B,
               KBlock, AccBytes));
  noteTmemRewrite(Acc, D);
  if (Into)
    Into->Head = D;
}

std::string Builder::freeFragAccumulator() {
  // A value of a recurrence may be rewritten by the recurrence's own WGMMA
  // later on, and a value rewritten once already has its writer: either
  // takes a fresh fragment instead.
  ValueId C = pick(RegClass::Frag, 900);
  bool InRecurrence = llvm::any_of(Recs, [&](const Recurrence &Rec) {
    return Rec.Class == RegClass::Frag &&
           (Rec.Head == C || llvm::is_contained(Rec.Chain, C));
  });
  if (InRecurrence || RewrittenFrags.contains(C))
    C = makeInvariant(RegClass::Frag);
  RewrittenFrags.insert(C);
  return Pool.use(C);
}

void Builder::emitWgmma() {
  Recurrence *Into = pickRecurrence(RegClass::Frag, 600);
  std::string C;
  if (Into) {
    RewrittenFrags.insert(Into->Head);
    C = Pool.use(Into->Head);
  } else {
    C = freeFragAccumulator();
  }
  std::string A = tileOperand();
  std::string B = tileOperand();
  uint64_t KBlock = R.below(8);
  ValueId D = def(RegClass::Frag);
  body(formatv("{0} = WGMMA {1}, {2}, {3}, {4}", Pool.def(D), C, A, B, KBlock));
  if (Into)
    Into->Head = D;
}

void Builder::emitTmemLd() {
  ValueId V = pick(RegClass::TMem, 900);
  for (unsigned Try = 0; Try != 4 && !readableTmem(V); ++Try)
    V = pick(RegClass::TMem, 900);
  if (!readableTmem(V))
    V = makeInvariant(RegClass::TMem);
  noteTmemRead(V);
  std::string T = Pool.use(V);
  ValueId D = def(RegClass::Frag);
  body(formatv("{0} = TMEM_LD {1}", Pool.def(D), T));
}

void Builder::emitTmemSt(Recurrence *Into) {
  ValueId Acc = inPlaceAccumulator(Into);
  std::string T = Pool.use(Acc);
  std::string V = operand(RegClass::Frag, 950);
  ValueId D = def(RegClass::TMem);
  body(formatv("{0} = TMEM_ST {1}, {2}", Pool.def(D), T, V));
  noteTmemRewrite(Acc, D);
  if (Into)
    Into->Head = D;
}

void Builder::emitLds(ValueId Tile) {
  std::string T = Pool.use(Tile);
  std::string Off = operand(RegClass::GPR32, 300);
  ValueId D = def(RegClass::Frag);
  body(formatv("{0} = LDS {1}, {2}", Pool.def(D), T, Off));
}

void Builder::emitSts() {
  static const uint64_t Sizes[] = {4096, 8192, 16384};
  std::string V = operand(RegClass::Frag, 950);
  uint64_t Bytes = tileBytes(Sizes);
  ValueId D = def(RegClass::Tile);
  ++Sts;
  body(formatv("{0} = STS {1}, {2}", Pool.def(D), V, Bytes));
}

void Builder::emitLdg(bool Frag) {
  std::string A = operand(RegClass::GPR64, 750);
  int64_t Offset = 16 * R.between(0, 255);
  ValueId D = def(Frag ? RegClass::Frag : RegClass::GPR32);
  body(formatv("{0} = {1} {2}, {3}", Pool.def(D), Frag ? "LDG_F" : "LDG", A,
               Offset));
}

void Builder::emitStore(bool Frag) {
  std::string V = operand(Frag ? RegClass::Frag : RegClass::GPR32, 950);
  std::string A = operand(RegClass::GPR64, 700);
  int64_t Offset = 16 * R.between(0, 255);
  body(formatv("{0} {1}, {2}, {3}", Frag ? "STG_F" : "STG", V, A, Offset));
}

void Builder::emitTmaStore() {
  std::string T = operand(RegClass::Tile, 950);
  std::string Desc = Pool.use(invariant(RegClass::GPR64));
  std::string X = coordinate(850);
  std::string Y = coordinate(400);
  body(formatv("TMA_STORE {0}, {1}, {2}, {3}", T, Desc, X, Y));
}

void Builder::emitFragBinary(StringRef Opcode, bool MayAccumulate) {
  Recurrence *Into =
      MayAccumulate ? pickRecurrence(RegClass::Frag, 200) : nullptr;
  std::string A = Into ? Pool.use(Into->Head) : operand(RegClass::Frag, 900);
  std::string B = operand(RegClass::Frag, 900);
  ValueId D = def(RegClass::Frag);
  body(formatv("{0} = {1} {2}, {3}", Pool.def(D), Opcode, A, B));
  if (Into)
    Into->Head = D;
}

void Builder::emitFfma(StringRef Opcode) {
  // d = a * b + c: the addend is the accumulator.
  Recurrence *Into = pickRecurrence(RegClass::Frag, 300);
  std::string A = operand(RegClass::Frag, 900);
  std::string B = operand(RegClass::Frag, 700);
  std::string C = Into ? Pool.use(Into->Head) : operand(RegClass::Frag, 900);
  ValueId D = def(RegClass::Frag);
  body(formatv("{0} = {1} {2}, {3}, {4}", Pool.def(D), Opcode, A, B, C));
  if (Into)
    Into->Head = D;
}

void Builder::emitFragUnary(StringRef Opcode) {
  std::string A = operand(RegClass::Frag, 950);
  ValueId D = def(RegClass::Frag);
  body(formatv("{0} = {1} {2}", Pool.def(D), Opcode, A));
}

void Builder::emitFbcast() {
  std::string S = operand(RegClass::GPR32, 800);
  ValueId D = def(RegClass::Frag);
  body(formatv("{0} = FBCAST {1}", Pool.def(D), S));
}

void Builder::emitRcp64() {
  std::string A = operand(RegClass::GPR64, 800);
  ValueId D = def(RegClass::GPR64);
  body(formatv("{0} = RCP64 {1}", Pool.def(D), A));
}

void Builder::emitBarrier() {
  ++BarrierOps;
  const char *Opcode = R.chance(500) ? "BAR_SYNC" : "BAR_ARRIVE";
  int64_t Id = R.between(1, 15);
  unsigned Threads = R.chance(500) ? 128 : 256;
  body(formatv("{0} {1}, {2}", Opcode, Id, Threads));
}

} // namespace loopgen
} // namespace tileas

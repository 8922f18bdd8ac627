//===- Builder.h - State of one generated loop ------------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The loop under construction: its blocks, its values, its recurrences and
// the budgets that keep it schedulable on the TileAS machine. The operation
// emitters (BuilderOps.cpp) and the driver (LoopGenerator.cpp) work on it.
//
// Budgets, from the machine model, so that every generated loop can be
// materialized: the named barriers pay for the loop's coordination. A
// tensor-memory buffer the loop rewrites in place holds a mutex (readers on
// another unit) and a drain (read after the loop), a tile loaded before the
// loop a consumer-only pipe, and a TMA load, cp.async or piped STS a ring's
// two barriers. At most two rewritten tensor-memory buffers and two tiles
// loaded before the loop; of the pipes the rest pays for, at most two go
// to STS and the others to the loads. All shared-memory tiles together stay
// within half of shared memory so that every ring can be double-buffered,
// and the MMAs' accumulator charges within half of tensor memory. Budgets
// then leave the scheduler room instead of deciding the II.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_UTILS_LOOPGEN_BUILDER_H
#define TILEAS_UTILS_LOOPGEN_BUILDER_H

#include "LoopGenerator.h"
#include "Random.h"
#include "ValuePool.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace tileas {
namespace loopgen {

/// A loop-carried value: Chain[0] is the PHI the body reads (the value of
/// Distance iterations ago), each PHI feeds the one before it, and the last
/// is fed by Head, the final value of the current iteration.
struct Recurrence {
  RegClass Class = RegClass::Frag;
  unsigned Distance = 1;
  std::vector<ValueId> Chain;
  std::vector<ValueId> Inits;
  ValueId Head = 0;
  int64_t Step = 0; ///< Increment of pointer and counter recurrences.

  /// Pointers and counters are always advanced by one closing instruction;
  /// accumulators need one only if nothing extended them.
  bool needsCloser() const {
    return Class == RegClass::GPR64 || Class == RegClass::GPR32 ||
           Head == Chain.front();
  }
};

enum class OpKind : uint8_t {
  Scalar,
  AddrCalc,
  SetpSelp,
  TmaLoad,
  CpAsync,
  Mma,
  Wgmma,
  TmemLd,
  TmemSt,
  Lds,
  Sts,
  Ldg,
  LdgF,
  StgF,
  Stg,
  TmaStore,
  FragAlu,
  Ffma,
  Fp32x2,
  DualAlu,
  Frmax,
  Fbcast,
  Xu,
  Rcp64,
  Barrier,
};
constexpr unsigned NumOpKinds = unsigned(OpKind::Barrier) + 1;

class Builder {
public:
  /// A loop for machine M, whose budgets it fits.
  Builder(const model::Machine &M, uint64_t Seed, unsigned TargetOps);

  // Driver steps (LoopGenerator.cpp).
  void setUp(unsigned NumRecurrences);
  void fill(unsigned KeepFree);
  void fold();
  void closeRecurrences();
  void finish();
  GeneratedLoop take() { return std::move(Out); }

private:
  /// Body instructions still to be drawn, after the closers and the IV.
  int remaining() const;
  void addRecurrence();

  // Operands and invariants (Builder.cpp).
  ValueId pick(RegClass C, unsigned LoopPermille);
  std::string operand(RegClass C, unsigned LoopPermille) {
    return Pool.use(pick(C, LoopPermille));
  }
  ValueId invariant(RegClass C);
  ValueId makeInvariant(RegClass C);
  /// A recurrence of class C to accumulate into, with the given chance.
  Recurrence *pickRecurrence(RegClass C, unsigned Permille);
  void pre(const std::string &Line) { Out.Preheader.push_back(Line); }
  void body(const std::string &Line) { Out.Body.push_back(Line); }
  void exit(const std::string &Line) { Out.Exit.push_back(Line); }
  ValueId def(RegClass C) { return Pool.create(C, Where::Loop); }

  // Operations (BuilderOps.cpp).
  bool canEmit(OpKind K) const;
  /// Some tensor-memory buffer may still be rewritten in place.
  bool canRewriteTmem() const;
  void emit(OpKind K);
  void emitScalar();
  void emitAddrCalc();
  void emitSetpSelp();
  /// After: instructions the caller still emits with the remaining budget.
  void emitTmaLoad(unsigned After);
  void emitCpAsync();
  /// The accumulator an in-place writer rewrites: the head of Into, or a
  /// buffer of its own. Clears Into when its buffer may not be rewritten.
  ValueId inPlaceAccumulator(Recurrence *&Into);
  /// The accumulator a WGMMA outside every recurrence rewrites: a register
  /// fragment no other instruction rewrites in place.
  std::string freeFragAccumulator();
  void emitMma(Recurrence *Into);
  void emitWgmma();
  void emitTmemLd();
  void emitTmemSt(Recurrence *Into);
  void emitLds(ValueId Tile);
  void emitSts();
  void emitLdg(bool Frag);
  void emitStore(bool Frag);
  void emitTmaStore();
  void emitFragBinary(llvm::StringRef Opcode, bool MayAccumulate);
  void emitFfma(llvm::StringRef Opcode);
  void emitFragUnary(llvm::StringRef Opcode);
  void emitFbcast();
  void emitRcp64();
  void emitBarrier();
  /// A tile operand; emits a TMA load first when the loop has no tile yet
  /// and the budgets allow.
  std::string tileOperand();
  std::string coordinate(unsigned LoopPermille);
  uint64_t tileBytes(llvm::ArrayRef<uint64_t> Sizes);

  // Exit block (LoopGenerator.cpp).
  void sink(ValueId V);
  std::string exitOffset();

  Random R;
  ValuePool Pool;
  GeneratedLoop Out;
  unsigned Target;
  /// Whether the machine has WGMMA (Hopper's; Blackwell draws none).
  bool HasWgmma;
  ValueId Base = 0, OutPtr = 0, TripCount = 0, Zero = 0, IV = 0;
  std::vector<Recurrence> Recs;
  /// Register fragments a WGMMA outside the recurrences has rewritten.
  llvm::DenseSet<ValueId> RewrittenFrags;

  /// Tensor-memory buffers and how the iteration has used each so far. An
  /// iteration reads a buffer either before its in-place rewrites (the old
  /// contents) or after the last one, never between two: TileAS coordinates
  /// the readers of a buffer as one region before or after its writers.
  struct TmemBuffer {
    bool Rewritten = false; ///< Rewritten in place in the loop.
    bool ReadOld = false;   ///< Its contents read before any rewrite.
    bool Sealed = false;    ///< Read after a rewrite: no more rewrites.
    bool Recurrent = false; ///< A recurrence's (counted from the start).
    ValueId Latest = 0;     ///< The value holding its current contents.
  };
  std::vector<TmemBuffer> TmemBuffers;
  llvm::DenseMap<ValueId, unsigned> BufferOf;
  TmemBuffer &bufferOf(ValueId V);
  /// A buffer may be rewritten: not sealed, and within the budget of
  /// rewritten buffers if it is not rewritten yet.
  bool rewritableTmem(ValueId V);
  /// The latest value of a rewritten buffer that may be rewritten again, if
  /// any (an accumulator outside the recurrences, reused).
  std::optional<ValueId> reusableAccumulator();
  /// May the loop read V here (a TMEM_LD) without falling between rewrites?
  bool readableTmem(ValueId V);
  void noteTmemRead(ValueId V);
  /// Old rewritten in place into New.
  void noteTmemRewrite(ValueId Old, ValueId New);

  // Budgets.
  static constexpr unsigned MaxRewrittenTmem = 2, MaxInvariantTiles = 2;
  unsigned MaxAsyncSmem, MaxSts, MaxBarrierOps;
  unsigned RewrittenTmem = 0;
  unsigned AsyncSmem = 0, Sts = 0, BarrierOps = 0;
  uint64_t SmemLeft, TmemLeft, AccBytes;
  unsigned ExitStores = 0;
};

} // namespace loopgen
} // namespace tileas

#endif // TILEAS_UTILS_LOOPGEN_BUILDER_H

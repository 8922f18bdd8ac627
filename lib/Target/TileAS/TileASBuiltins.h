//===- TileASBuiltins.h - Tile builtins called by name ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The tile builtins an IR kernel calls by name (`@tileas.tma.load`, ...):
// their signatures, which operands must be constants, how they touch memory,
// and the SelectionDAG node each one becomes. One table serves the IR check
// (which refuses a wrong call with a message) and call lowering (which then
// trusts the call). docs/ir-input.md documents every builtin.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASBUILTINS_H
#define TILEAS_TILEASBUILTINS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace llvm {

class CallBase;
class Function;
class Type;

namespace TileAS {

/// The IR types a builtin's signature names.
enum class BuiltinType : uint8_t {
  Void,
  I32,
  I1,        ///< `i1`: a predicate.
  Desc,      ///< `ptr`: a tensor descriptor.
  GlobalPtr, ///< `ptr addrspace(1)`.
  Tile,      ///< `ptr addrspace(3)`: a shared-memory tile.
  Tmem,      ///< `ptr addrspace(6)`: a tensor-memory accumulator.
  Frag,      ///< `<4 x float>`: a register fragment.
  /// `<N x float>`, N a power of two from 4 to 128: N columns of the
  /// thread's accumulator row, N / 4 fragments. Every such operand and the
  /// result of one builtin call have the same N.
  Lanes,
  /// `<64 x bfloat>`: a thread's row of 64 bf16 (128 bytes, one swizzle
  /// row), eight fragments of packed bf16x2.
  Bf16Row,
  /// `<32 x float>`: a thread's row of 32 f32 (128 bytes, one swizzle row),
  /// eight fragments.
  F32Row,
  /// `<32 x bfloat>`: a quarter of a thread's row of 128 bf16 (64 bytes),
  /// four fragments of packed bf16x2.
  Bf16Quarter,
};

/// How the node a builtin becomes touches memory.
enum class BuiltinEffect : uint8_t {
  None,       ///< A pure value: no chain.
  Load,       ///< Reads memory through operand MemOperand.
  Store,      ///< Writes memory through operand MemOperand (or a new tile).
  SideEffect, ///< Ordered against everything; touches no described memory.
};

struct BuiltinInfo {
  StringRef Name;  ///< The function's name, `tileas.` and the operation.
  unsigned Opcode; ///< The TileASISD node.
  BuiltinType Result;
  ArrayRef<BuiltinType> Params;
  ArrayRef<StringRef> ParamNames;
  /// Operands (by index) that must be integer constants.
  ArrayRef<unsigned> ConstantParams;
  BuiltinEffect Effect;
  /// The operand whose IR value the memory operand keeps, or -1 when the
  /// access has no IR pointer (a new shared-memory tile).
  int MemOperand;
};

/// The widths a value of fragments may have: `<N x float>` (or `<N x i32>`
/// for bit operations) with N a power of two from 4 to MaxFragmentLanes.
constexpr unsigned MaxFragmentLanes = 128;
/// The 32-bit columns of a CTA's tensor memory (each of 128 lanes).
constexpr unsigned TensorMemoryColumns = 512;

/// The bf16 elements of the row `@tileas.smem.row` writes.
constexpr unsigned SmemRowLanes = 64;
/// The f32 elements of the row `@tileas.smem.row.f32` writes: the same 128
/// bytes.
constexpr unsigned SmemRowF32Lanes = 32;
/// The bf16 elements of the quarter row `@tileas.smem.row.x2.part` (.mn,
/// .into) writes, of the 128 of a wide row.
constexpr unsigned SmemRowQuarterLanes = 32;
constexpr unsigned SmemWideRowLanes = 128;
/// The widths `fptrunc <N x float> to <N x bfloat>` converts: N a power of
/// two from 8 (one fragment of packed pairs) to MaxFragmentLanes.
constexpr unsigned MinBf16Lanes = 8;

/// N if \p Ty is `<N x bfloat>` of a width a conversion writes, 0 otherwise.
unsigned bf16Lanes(const Type *Ty);

/// N if \p Ty is `<N x float>` (\p Float) or `<N x i32>` of a fragment
/// width, 0 otherwise.
unsigned fragmentLanes(const Type *Ty, bool Float = true);

/// The builtin a function of this name is, or null.
const BuiltinInfo *lookupBuiltin(StringRef FunctionName);

/// Why this call of a builtin is malformed (wrong signature, a non-constant
/// operand where a constant is required), or nothing when it is fine.
std::optional<std::string> checkBuiltinCall(const BuiltinInfo &B,
                                            const CallBase &Call);

/// Whether \p Param is constant operand of \p B.
bool isConstantParam(const BuiltinInfo &B, unsigned Param);

/// Whether \p B writes a quarter of a wide row into the tile another
/// quarter's store made (`@tileas.smem.row.x2.into`, `.mn.into`).
bool isRowQuarterInto(const BuiltinInfo &B);

/// The bytes of the tile a quarter-row store \p Into writes into: the
/// `%bytes` of the `.part` call (of the same layout) that made it, through
/// any `.into` calls between; nullopt when the tile comes from anything else.
std::optional<uint64_t> rowQuarterTileBytes(const CallBase &Into);

} // namespace TileAS
} // namespace llvm

#endif // TILEAS_TILEASBUILTINS_H

//===- TileASMCTargetDesc.h - TileAS MC descriptions ------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MCTARGETDESC_TILEASMCTARGETDESC_H
#define TILEAS_MCTARGETDESC_TILEASMCTARGETDESC_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace llvm {
class MCInstrDesc;
class MCSubtargetInfo;
class Triple;

namespace TileAS {
/// Target-specific instruction flags (TSFlags), set in td/.
enum : uint64_t {
  /// PIPE_ / MUTEX_ coordination (TileASInst.IsCoordination).
  TSF_Coordination = 1u << 0,
};
bool isCoordination(const MCInstrDesc &Desc);
/// A pipe's acquire, commit, wait or release.
bool isPipeOp(unsigned Opcode);

/// The CPU the subtarget uses for `CPU`: "sm_100" for an empty or unknown
/// name (an unknown name is reported once on stderr, never fatal), so every
/// subtarget has the TileAS scheduling model.
std::string resolveCPU(StringRef CPU);
/// Condition codes of setp (operand of SETPrr / SETPri).
enum CondCode : unsigned { EQ, NE, LT, LE, GT, GE, NumCondCodes };
CondCode inverseCondCode(CondCode CC);
/// The condition with its operands exchanged (`a < b` is `b > a`).
CondCode mirrorCondCode(CondCode CC);
/// Does `A CC B` hold? False for a value that is not a condition code.
bool condCodeHolds(CondCode CC, int64_t A, int64_t B);
const char *condCodeName(CondCode CC);
} // namespace TileAS
} // namespace llvm

// Register, instruction and subtarget enums.
#define GET_REGINFO_ENUM
#include "TileASGenRegisterInfo.inc"

#define GET_INSTRINFO_ENUM
#define GET_INSTRINFO_MC_HELPER_DECLS
// TileAS::OpName and getNamedOperandIdx: coordination operands by td name.
#define GET_INSTRINFO_OPERAND_ENUM
#include "TileASGenInstrInfo.inc"

#define GET_SUBTARGETINFO_ENUM
#include "TileASGenSubtargetInfo.inc"

#endif // TILEAS_MCTARGETDESC_TILEASMCTARGETDESC_H

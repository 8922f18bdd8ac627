//===- ScalarSemantics.cpp - Integer results of scalar TileAS ops ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/MIRExec/ScalarSemantics.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"

#include "llvm/CodeGen/MachineInstr.h"

using namespace llvm;

namespace tileas {
namespace {

enum class Arith { Add, Sub, Mul, And, Xor, Shl, Shr };

std::optional<Arith> arithmeticOf(unsigned Opcode) {
  switch (Opcode) {
  case TileAS::ADDrr:
  case TileAS::ADDri:
  case TileAS::ADD64rr:
  case TileAS::ADD64ri:
    return Arith::Add;
  case TileAS::SUBrr:
  case TileAS::SUBri:
    return Arith::Sub;
  case TileAS::MULrr:
  case TileAS::MULri:
    return Arith::Mul;
  case TileAS::ANDrr:
  case TileAS::ANDri:
    return Arith::And;
  case TileAS::XORrr:
  case TileAS::XORri:
    return Arith::Xor;
  case TileAS::SHLrr:
  case TileAS::SHLri:
    return Arith::Shl;
  case TileAS::SHRrr:
  case TileAS::SHRri:
    return Arith::Shr;
  default:
    return std::nullopt;
  }
}

/// Two's-complement arithmetic: computed on unsigned values, so overflow
/// wraps instead of being undefined.
int64_t apply(Arith Op, int64_t A, int64_t B) {
  uint64_t UA = A, UB = B;
  switch (Op) {
  case Arith::Add:
    return int64_t(UA + UB);
  case Arith::Sub:
    return int64_t(UA - UB);
  case Arith::Mul:
    return int64_t(UA * UB);
  case Arith::And:
    return A & B;
  case Arith::Xor:
    return A ^ B;
  case Arith::Shl:
    return int64_t(UA << (UB & 63));
  case Arith::Shr:
    return A >> (UB & 63);
  }
  llvm_unreachable("unknown arithmetic");
}

Expected<bool> compare(int64_t CC, int64_t A, int64_t B) {
  if (CC < 0 || CC >= TileAS::NumCondCodes)
    return createStringError(inconvertibleErrorCode(),
                             "condition code %lld is not one TileAS has",
                             (long long)CC);
  return TileAS::condCodeHolds(TileAS::CondCode(CC), A, B);
}

} // namespace

Expected<std::optional<int64_t>> evaluateScalar(const MachineInstr &MI,
                                                OperandValue Value) {
  unsigned Opc = MI.getOpcode();
  if (std::optional<Arith> Op = arithmeticOf(Opc)) {
    Expected<int64_t> A = Value(MI.getOperand(1));
    if (!A)
      return A.takeError();
    Expected<int64_t> B = Value(MI.getOperand(2));
    if (!B)
      return B.takeError();
    return apply(*Op, *A, *B);
  }
  switch (Opc) {
  case TileAS::MOVri:
  case TileAS::MOV64ri:
  case TileAS::MOV_R32:
  case TileAS::MOV_R64:
  case TileAS::MOV_PR:
  case TileAS::CVT64_32: {
    Expected<int64_t> V = Value(MI.getOperand(1));
    if (!V)
      return V.takeError();
    return *V;
  }
  case TileAS::SETPrr:
  case TileAS::SETPri: {
    Expected<int64_t> A = Value(MI.getOperand(1));
    if (!A)
      return A.takeError();
    Expected<int64_t> B = Value(MI.getOperand(2));
    if (!B)
      return B.takeError();
    Expected<bool> R = compare(MI.getOperand(3).getImm(), *A, *B);
    if (!R)
      return R.takeError();
    return int64_t(*R);
  }
  case TileAS::SELP: {
    Expected<int64_t> P = Value(MI.getOperand(3));
    if (!P)
      return P.takeError();
    Expected<int64_t> V = Value(MI.getOperand(*P ? 1 : 2));
    if (!V)
      return V.takeError();
    return *V;
  }
  default:
    return std::nullopt;
  }
}

} // namespace tileas

//===- CoordinationOperands.cpp - PIPE_ and MUTEX_ operands by name -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/MIRExec/CoordinationOperands.h"
#include "tileas/MIRExec/Where.h"

#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {

unsigned namedOperandIndex(const MachineInstr &MI, TileAS::OpName Name) {
  int16_t Idx = TileAS::getNamedOperandIdx(MI.getOpcode(), Name);
  assert(Idx >= 0 && "the instruction has no operand of that name");
  return unsigned(Idx);
}

const MachineOperand &namedOperand(const MachineInstr &MI,
                                   TileAS::OpName Name) {
  return MI.getOperand(namedOperandIndex(MI, Name));
}

MachineOperand &namedOperand(MachineInstr &MI, TileAS::OpName Name) {
  return MI.getOperand(namedOperandIndex(MI, Name));
}

Expected<int64_t> namedImm(const MachineInstr &MI, TileAS::OpName Name) {
  unsigned Idx = namedOperandIndex(MI, Name);
  const MachineOperand &MO = MI.getOperand(Idx);
  if (!MO.isImm())
    return failAt(MI, formatv("operand {0} is not an immediate", Idx));
  return MO.getImm();
}

std::optional<int64_t> namedImmIfAny(const MachineInstr &MI,
                                     TileAS::OpName Name) {
  int16_t Idx = TileAS::getNamedOperandIdx(MI.getOpcode(), Name);
  if (Idx < 0 || unsigned(Idx) >= MI.getNumOperands() ||
      !MI.getOperand(Idx).isImm())
    return std::nullopt;
  return MI.getOperand(Idx).getImm();
}

Expected<PipeDecl> decodePipeCreate(const MachineInstr &MI, int64_t First) {
  using TileAS::OpName;
  PipeDecl D;
  int64_t Values[9];
  const OpName Names[9] = {OpName::pipe, OpName::depth,    OpName::bytes,
                           OpName::full, OpName::producer, OpName::consumer,
                           OpName::step, OpName::pagent,   OpName::cagent};
  for (unsigned I = 0; I != 9; ++I) {
    Expected<int64_t> V = namedImm(MI, Names[I]);
    if (!V)
      return V.takeError();
    Values[I] = *V;
  }
  D.Id = unsigned(Values[0]);
  D.Depth = unsigned(Values[1]);
  D.Bytes = Values[2];
  D.Full = Values[3];
  const MachineOperand &Empty = namedOperand(MI, OpName::empty);
  D.Empty = Empty.isImm() ? Empty.getImm() : -1;
  D.Producer = unsigned(Values[4]);
  D.Consumer = unsigned(Values[5]);
  D.First = First;
  D.Step = Values[6];
  D.ProducerIssuer = unsigned(Values[7]);
  D.ConsumerIssuer = unsigned(Values[8]);
  D.Block = MI.getParent();
  return D;
}

} // namespace tileas

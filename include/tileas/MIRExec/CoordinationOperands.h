//===- CoordinationOperands.h - Coordination operands -----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The operands of the coordination instructions (TileASCoordination.td) as
// td names them, through the named operand table that -gen-instr-info makes
// (TileAS::getNamedOperandIdx), never by position: PIPE_CREATE's $first is
// whatever operand td puts it at.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MIREXEC_COORDINATIONOPERANDS_H
#define TILEAS_MIREXEC_COORDINATIONOPERANDS_H

#include "MCTargetDesc/TileASMCTargetDesc.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>

namespace llvm {
class MachineBasicBlock;
class MachineInstr;
class MachineOperand;
} // namespace llvm

namespace tileas {

/// The operand of MI that td names Name; MI must have one.
const llvm::MachineOperand &namedOperand(const llvm::MachineInstr &MI,
                                         llvm::TileAS::OpName Name);
/// The same, to rewrite it.
llvm::MachineOperand &namedOperand(llvm::MachineInstr &MI,
                                   llvm::TileAS::OpName Name);

/// The index of the operand of MI that td names Name, for messages that
/// number operands.
unsigned namedOperandIndex(const llvm::MachineInstr &MI,
                           llvm::TileAS::OpName Name);

/// The immediate td names Name, or an error naming MI and the operand when
/// it is not an immediate.
llvm::Expected<int64_t> namedImm(const llvm::MachineInstr &MI,
                                 llvm::TileAS::OpName Name);

/// The immediate td names Name, or nullopt when MI lacks that operand or
/// it is not an immediate (malformed input, which the caller reports).
std::optional<int64_t> namedImmIfAny(const llvm::MachineInstr &MI,
                                     llvm::TileAS::OpName Name);

/// A pipe as its PIPE_CREATE sets it up.
struct PipeDecl {
  unsigned Id = 0;
  unsigned Depth = 1;
  int64_t Bytes = 0;
  /// The barrier ids it names ($empty is -1 when it is not an immediate).
  int64_t Full = 0, Empty = 0;
  /// Who performs commits ($producer) and releases ($consumer): 0 for the
  /// issuer, 1 + an event pipe for that asynchronous unit.
  unsigned Producer = 0, Consumer = 0;
  /// Iteration k's induction value is First + k * Step.
  int64_t First = 0, Step = 1;
  /// The agents issuing each side ($pagent, $cagent): 0 for the one stream
  /// of the unspecialized form (or the code before the dispatch).
  unsigned ProducerIssuer = 0, ConsumerIssuer = 0;
  const llvm::MachineBasicBlock *Block = nullptr;
};

/// The pipe PIPE_CREATE MI sets up, its induction start being First.
llvm::Expected<PipeDecl> decodePipeCreate(const llvm::MachineInstr &MI,
                                          int64_t First);

} // namespace tileas

#endif // TILEAS_MIREXEC_COORDINATIONOPERANDS_H

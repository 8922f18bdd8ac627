//===- ScalarSemantics.h - Integer results of scalar TileAS ops -*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// What the scalar instructions compute, so that a run of MIR can follow its
// control flow and name the iteration each pipe operation belongs to: moves,
// 32- and 64-bit integer arithmetic (wrapping, as the machine's does),
// compares, selects. Everything else (tiles, fragments, memory) has no
// integer result here.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MIREXEC_SCALARSEMANTICS_H
#define TILEAS_MIREXEC_SCALARSEMANTICS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>

namespace llvm {
class MachineInstr;
class MachineOperand;
} // namespace llvm

namespace tileas {

/// The integer value of an operand (an immediate or a register's content).
using OperandValue =
    llvm::function_ref<llvm::Expected<int64_t>(const llvm::MachineOperand &)>;

/// The result MI writes to its operand 0, if MI is a scalar instruction;
/// nullopt for any other instruction. An error for a compare with an
/// unknown condition code, or when an operand has no value.
llvm::Expected<std::optional<int64_t>>
evaluateScalar(const llvm::MachineInstr &MI, OperandValue Value);

} // namespace tileas

#endif // TILEAS_MIREXEC_SCALARSEMANTICS_H

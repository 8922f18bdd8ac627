//===- MemOperands.h - Memory operands of loads and stores ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A frontend lowering tile kernels to TileAS MIR attaches a memory operand
// to every load and store. Generated loops carry them too, so that the
// passes reading them (stock MachinePipeliner builds its memory
// dependences from them, and treats an access without one as ordered
// against every other) see what they would see in real code. The access
// sizes are nominal; the address spaces follow NVPTX: 1 global, 3 shared,
// 6 tensor memory.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_UTILS_LOOPGEN_MEMOPERANDS_H
#define TILEAS_UTILS_LOOPGEN_MEMOPERANDS_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace tileas {
namespace loopgen {

/// The instruction line with its memory operand appended (` :: (load ...)`)
/// when its opcode reads or writes memory; otherwise the line unchanged.
std::string withMemOperand(llvm::StringRef Line);

} // namespace loopgen
} // namespace tileas

#endif // TILEAS_UTILS_LOOPGEN_MEMOPERANDS_H

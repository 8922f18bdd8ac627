//===- Where.h - Naming an instruction in reports and errors ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// How the tools that run MIR (tileas-sim, tileas-protocol-check) name an
// instruction: its block and its text, as "bb.4: PIPE_CONSUMER_WAIT 0, 1,
// %48:gpr32", and errors that begin with that.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MIREXEC_WHERE_H
#define TILEAS_MIREXEC_WHERE_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class MachineInstr;
} // namespace llvm

namespace tileas {

/// "bb.4: PIPE_CONSUMER_WAIT 0, 1, %48:gpr32".
std::string where(const llvm::MachineInstr &MI);

/// An error "<where(MI)>: <Msg>".
llvm::Error failAt(const llvm::MachineInstr &MI, const llvm::Twine &Msg);

} // namespace tileas

#endif // TILEAS_MIREXEC_WHERE_H

//===- TileASMaterializeCheck.h - Self-check of materialized loops *- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASMATERIALIZECHECK_H
#define TILEAS_TILEASMATERIALIZECHECK_H

#include "tileas/Pipes/PipeSolve.h"

#include <string>

namespace llvm {

class MachineFunction;

/// Checks the structure tileas-materialize-schedule promises, over MF: every
/// ring pipe has Copies acquires, commits, waits and releases (one per stage
/// on the pipelined path, plus one in the original loop where that remains
/// for short trip counts); each
/// acquire guards an instruction and is followed, before the pipe is
/// acquired again, by its commit for the same iteration; each wait directly precedes a guarded instruction;
/// one PIPE_CREATE per pipe with the solved depth and barriers; mutex locks
/// and unlocks pair up. Returns a description of the first problem, or an
/// empty string.
std::string checkMaterializedLoop(MachineFunction &MF,
                                  const tileas::pipes::SolveResult &Solution,
                                  unsigned Copies);

} // namespace llvm

#endif // TILEAS_TILEASMATERIALIZECHECK_H

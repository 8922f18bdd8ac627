//===- TileASMaterializeCheck.h - Self-check of materialized loops -*- C++
//-*-===//
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
/// ring pipe has one acquire, commit, wait and release per stage copy
/// (StageCount of each across prologue, kernel and epilogue; at most that
/// many when a known short trip count let the expansion drop blocks); each
/// acquire and its commit surround exactly one guarded instruction and name
/// the same iteration; each wait directly precedes a guarded instruction;
/// one PIPE_CREATE per pipe with the solved depth and barriers; mutex locks
/// and unlocks pair up. Returns a description of the first problem, or an
/// empty string.
std::string checkMaterializedLoop(MachineFunction &MF,
                                  const tileas::pipes::SolveResult &Solution,
                                  unsigned StageCount, bool HasKernel);

} // namespace llvm

#endif // TILEAS_TILEASMATERIALIZECHECK_H

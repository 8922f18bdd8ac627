//===- TileASMaterializeFault.h - Faults for the self-check -----*- C++ -*-===//
//-*-//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Testing only (-tileas-materialize-inject-fault): seeds a mistake into a
// materialized loop after it is built and before its self-check runs
// (TileASMaterializeCheck.h), to show that the check catches it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASMATERIALIZEFAULT_H
#define TILEAS_TILEASMATERIALIZEFAULT_H

#include "Materialize/TileASLoopExpander.h"
#include "Materialize/TileASMaterializeCheck.h"
#include "tileas/Pipes/PipeSolve.h"

#include "llvm/ADT/StringRef.h"

namespace llvm {

/// Breaks the loop E (Solved its coordination, C what the self-check will
/// be given) as Fault says: drop-wait, drop-release, shallow-ring,
/// wrong-iteration, mutex-side, barrier-budget or kernel-order; nothing for
/// an empty Fault. Any other name is a fatal error.
void injectMaterializeFault(StringRef Fault, TileASExpandedLoop &E,
                            tileas::pipes::SolveResult &Solved,
                            const TileASMaterializedLoop &C);

} // namespace llvm

#endif // TILEAS_TILEASMATERIALIZEFAULT_H

//===- TileASAnnotatedSchedule.h - Schedules written in MIR -----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The MIR form of a loop's schedule (docs/mir-annotations.md): what
// -tileas-annotate-schedule writes, and the schedule value read back from it
// when materialization runs without generation. Since generation did not
// run, loading builds the loop's problem and recognizes its counted loop
// itself, once, so that materialization gets the same value either way.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASANNOTATEDSCHEDULE_H
#define TILEAS_TILEASANNOTATEDSCHEDULE_H

#include "Pipeliner/TileASLoopSchedule.h"
#include "TileASMachineFunctionInfo.h"
#include "TileASOptions.h"

namespace llvm {

class MachineFunction;

/// The annotation of S (its block, II, stage count and per instruction its
/// index, opcode, stage, order and cycle).
tileas_mfi::LoopSchedule annotationOf(const TileASLoopSchedule &S);

/// The schedule value of annotation A of MF, in the form Opts' strategy
/// asks for. A schedule that no longer fits its block gets Stale; one whose
/// loop cannot be modelled gets ProblemError, one whose loop control is not
/// counted NotCounted (materialization reports them in its checks' order).
TileASLoopSchedule loadAnnotatedSchedule(MachineFunction &MF,
                                         const tileas_mfi::LoopSchedule &A,
                                         const TileASPipelinerOptions &Opts);

} // namespace llvm

#endif // TILEAS_TILEASANNOTATEDSCHEDULE_H

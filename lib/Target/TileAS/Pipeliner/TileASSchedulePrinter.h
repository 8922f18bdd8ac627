//===- TileASSchedulePrinter.h - Print a loop schedule ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASSCHEDULEPRINTER_H
#define TILEAS_TILEASSCHEDULEPRINTER_H

namespace tileas {
class Problem;
} // namespace tileas

namespace llvm {

class raw_ostream;
struct TileASLoopSchedule;

/// Prints the kernel's reservation table (rows: cycles modulo II; columns:
/// the slots the loop uses; a cell names the op holding the slot and its
/// stage as "op/stage") followed by every instruction's stage, order and
/// start cycle.
void printLoopSchedule(raw_ostream &OS, const TileASLoopSchedule &S);

/// Prints the dependences of P that order memory and asynchronous units
/// rather than carry a value (kinds memory, token and order), one `dep` line
/// each in the problem format (docs/problem-format.md), op names as in the
/// schedule: what alias facts (`noalias`) removed or kept shows here.
void printOrderingDependences(raw_ostream &OS, const tileas::Problem &P);

} // namespace llvm

#endif // TILEAS_TILEASSCHEDULEPRINTER_H

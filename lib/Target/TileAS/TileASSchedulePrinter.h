//===- TileASSchedulePrinter.h - Print a loop schedule ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASSCHEDULEPRINTER_H
#define TILEAS_TILEASSCHEDULEPRINTER_H

namespace llvm {

class raw_ostream;
struct TileASLoopSchedule;

/// Prints the kernel's reservation table (rows: cycles modulo II; columns:
/// the slots the loop uses; a cell names the op holding the slot and its
/// stage as "op/stage") followed by every instruction's stage, order and
/// start cycle.
void printLoopSchedule(raw_ostream &OS, const TileASLoopSchedule &S);

} // namespace llvm

#endif // TILEAS_TILEASSCHEDULEPRINTER_H

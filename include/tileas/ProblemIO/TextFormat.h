//===- TextFormat.h - tileas-sched problem and schedule text files --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A compact, line-based form of a tileas::Problem and of a modulo schedule,
// specified in docs/problem-format.md. The writer emits a canonical form: for
// every problem the reader accepts, read(write(P)) is P again and
// write(read(write(P))) is write(P) byte for byte.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PROBLEMIO_TEXTFORMAT_H
#define TILEAS_PROBLEMIO_TEXTFORMAT_H

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Schedule.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace tileas {

/// Reads a problem; Name is used in diagnostics and becomes Problem::Name.
llvm::Expected<Problem> readProblemText(llvm::StringRef Buffer,
                                        llvm::StringRef Name);
llvm::Expected<Problem> readProblemTextFile(llvm::StringRef Path);

/// Writes the canonical text form (Problem::Name is not part of it).
void writeProblemText(llvm::raw_ostream &OS, const Problem &P);

/// Writes one `dep` line of that form: the two ops by name, the latency,
/// the distance and the kind.
void writeDependenceText(llvm::raw_ostream &OS, const Problem &P,
                         const Dependence &D);

/// Reads a schedule of P: `ii N`, optionally `stages N`, and one
/// `start <op> <cycle> [stage=S] [order=O]` per op. Stages, orders and the
/// stage count that the file leaves out are derived from the starts, so a
/// file may give as little as II and starts. Nothing is checked for
/// legality here: that is the verifier's job.
llvm::Expected<Schedule> readScheduleText(llvm::StringRef Buffer,
                                          llvm::StringRef Name,
                                          const Problem &P);
llvm::Expected<Schedule> readScheduleTextFile(llvm::StringRef Path,
                                              const Problem &P);

/// Writes S in full (every start with its stage and order).
void writeScheduleText(llvm::raw_ostream &OS, const Problem &P,
                       const Schedule &S);

} // namespace tileas

#endif // TILEAS_PROBLEMIO_TEXTFORMAT_H

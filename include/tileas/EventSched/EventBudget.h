//===- EventBudget.h - Live-event budget per ordered pipe pair -*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// How many synchronization events may be live at once between a producer pipe
// and a consumer pipe. The caller takes the numbers from the td model; an
// override string (for a command-line option) can change any of them.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_EVENTSCHED_EVENTBUDGET_H
#define TILEAS_EVENTSCHED_EVENTBUDGET_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <vector>

namespace tileas {

class PipeTable;

class EventBudget {
public:
  /// Every ordered pair (Src, Dst) with Src != Dst starts at Default.
  EventBudget(unsigned NumPipes, unsigned Default);

  unsigned numPipes() const { return NumPipes; }
  unsigned get(unsigned Src, unsigned Dst) const {
    return Limits[Src * NumPipes + Dst];
  }
  void set(unsigned Src, unsigned Dst, unsigned Limit) {
    Limits[Src * NumPipes + Dst] = Limit;
  }
  /// Sets every pair to Limit.
  void setAll(unsigned Limit);

  /// Applies comma-separated overrides "SRC->DST=N"; either name may be "*"
  /// (every pipe). Later entries win. Names come from Pipes. On error nothing
  /// is changed.
  llvm::Error applyOverrides(llvm::StringRef Spec, const PipeTable &Pipes);

private:
  unsigned NumPipes;
  std::vector<unsigned> Limits;
};

} // namespace tileas

#endif // TILEAS_EVENTSCHED_EVENTBUDGET_H

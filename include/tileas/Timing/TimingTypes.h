//===- TimingTypes.h - Record types of the generated timing tables --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The plain structs that tileas-tblgen -gen-tileas-timing-tables fills
// (TileASTimingTables.inc) from the td's timing descriptions
// (td/TileASTiming.td). POD, so the tables are constant-initialized;
// include/tileas/Timing/Timing.h is the API over them.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TIMING_TIMINGTYPES_H
#define TILEAS_TIMING_TIMINGTYPES_H

#include <cstdint>

namespace tileas {
namespace timing {

struct DescRecord {
  const char *Name;
  unsigned ClockMHz;
  unsigned FullLoadCyclesPerKiB;
  unsigned SmemBytesPerCycle;
  unsigned MbarrierLatency;
};

/// One MMA shape of one instruction; the table is sorted by (Desc, Instr,
/// M, N, K).
struct MmaRecord {
  unsigned Desc; ///< Index into the description table.
  const char *Instr;
  unsigned M, N, K;
  unsigned OccupancyX100; ///< Hundredths of a cycle.
  unsigned Latency;
};

/// An instruction without a shape; sorted by (Desc, Instr).
struct InstrRecord {
  unsigned Desc;
  const char *Instr;
  unsigned OccupancyX100;
  unsigned Latency;
};

/// The latency of one load of Bytes with nothing else in flight; sorted by
/// (Desc, Instr, Bytes).
struct TmaPointRecord {
  unsigned Desc;
  const char *Instr;
  uint64_t Bytes;
  unsigned Latency;
};

} // namespace timing
} // namespace tileas

#endif // TILEAS_TIMING_TIMINGTYPES_H

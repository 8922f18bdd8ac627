//===- ProblemSize.h - Caps on what a problem may make the core allocate --===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The core allocates in proportion to two sizes of a problem, and a hostile
// problem file can make either huge in a few hundred kilobytes:
//
//  * the reservation table of one II attempt: II rows times one column per
//    slot the ops hold and per pool (the II search keeps several arrays of
//    that shape); the resources alone force II up to the rows that a slot or
//    a pool must hold;
//  * the footprints, kept and verified cycle by cycle.
//
// Both are capped here, far above what real loops need. Problem::validate
// refuses a problem over a cap, and the readers report the op at which the
// ops read so far first exceed one, with its line. A problem within the caps
// may still need a longer II through its recurrences; the modulo generator
// never searches IIs whose table would exceed MaxTableCells (maxTableII).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SCHED_PROBLEMSIZE_H
#define TILEAS_SCHED_PROBLEMSIZE_H

#include <cstdint>
#include <optional>
#include <string>

namespace tileas {

class Problem;

/// Cells (II x columns) of the reservation table of one II attempt. An
/// attempt keeps about 4 bytes a cell in several arrays, so a table at the
/// cap costs a few hundred megabytes; the largest loops measured (3200
/// instructions at II 6582 on 24 slots) need under 200,000 cells.
constexpr uint64_t MaxTableCells = uint64_t(1) << 24;

/// Slot and pool cycles that all footprints together hold. Footprints are
/// stored row by row and the verifier checks every held cycle (16 bytes
/// each); real loops hold well under 100,000.
constexpr uint64_t MaxFootprintCycles = uint64_t(1) << 22;

/// Columns of the problem's reservation table: the slots its ops hold plus
/// its pools, at least 1.
unsigned tableColumns(const Problem &P);

/// The highest II whose reservation table stays within MaxTableCells.
unsigned maxTableII(const Problem &P);

/// Where a problem first exceeds a cap: the op at which the ops up to it do,
/// and why (the cap by its value and name).
struct SizeExcess {
  unsigned Op = 0;
  std::string Message;
};

/// Scans the ops in order; std::nullopt when the problem is within both caps.
/// Expects slot ids and pool indices in range (validate checks them first).
std::optional<SizeExcess> findSizeExcess(const Problem &P);

} // namespace tileas

#endif // TILEAS_SCHED_PROBLEMSIZE_H

//===- RegisterOverride.h - Registers a run sets itself ---------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A run of MIR for a given trip count sets the loop's bound (or start) where
// the register is defined, whatever its instruction computes (a PHI's too),
// so that everything computed from it sees the same value (TripCountPlan.h).
// A bound set relative to the start, when the start is defined after it (in
// whatever order selection copied the live-ins, or in a later block), is set
// where the start is defined instead: where both are known.
//
// A trip count that differs from entry to entry of its loop (a --trip-count
// list, LoopTripCounts.h) is a series: the n-th time the register is set it
// takes the n-th value (a grouped GEMM's k-tile count, defined once per
// tile).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MIREXEC_REGISTEROVERRIDE_H
#define TILEAS_MIREXEC_REGISTEROVERRIDE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/CodeGen/Register.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class MachineInstr;
} // namespace llvm

namespace tileas {

/// A register the run sets instead of computing it: where Reg is defined (or
/// after At, if set), it takes Value, plus the value Base has then if Base is
/// set.
struct RegisterOverride {
  llvm::Register Reg;
  llvm::Register Base;
  int64_t Value = 0;
  /// The instruction after which Reg is set, if not Reg's definition: the
  /// definition of Base when that comes later (nothing reads Reg before it).
  const llvm::MachineInstr *At = nullptr;
  /// If not empty, the value of each time it is set in turn (Value is the
  /// first); setting it once more is an error naming Loop, the loop whose
  /// trip counts they are.
  std::vector<int64_t> Series;
  std::string Loop;
};

/// For each override of Overrides that applies at MI (MI defines its
/// register, or is its At), calls Set with the value it takes; Lookup reads a
/// base's current integer value (nullopt if it has none yet, which is an error
/// naming MI and the base). Values wrap around. Uses counts, per override,
/// how many times it was set in this run (a series takes its next value);
/// empty, a series takes its first value every time.
llvm::Error applyOverrides(
    const llvm::MachineInstr &MI, llvm::ArrayRef<RegisterOverride> Overrides,
    llvm::function_ref<std::optional<int64_t>(llvm::Register)> Lookup,
    llvm::function_ref<void(llvm::Register, int64_t)> Set,
    llvm::MutableArrayRef<unsigned> Uses = {});

} // namespace tileas

#endif // TILEAS_MIREXEC_REGISTEROVERRIDE_H

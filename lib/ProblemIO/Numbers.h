//===- Numbers.h - Strict number parsing shared by the readers ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The readers accept exactly one spelling of a number: decimal digits with an
// optional leading '-', or (for footprint rows) "0x" and hex digits. No '+',
// no blanks, no overflow: anything else is reported, never truncated.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_PROBLEMIO_NUMBERS_H
#define TILEAS_LIB_PROBLEMIO_NUMBERS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace tileas {

/// Parses [-]digits with at most 18 digits (so it cannot overflow).
std::optional<int64_t> parseDecimal(llvm::StringRef S);

/// Parses 0x followed by 1 to 16 hex digits.
std::optional<uint64_t> parseHex64(llvm::StringRef S);

/// Accepts [-]digits[.digits] (the physicalDelay of HatScheT resources).
bool isPlainDecimalFraction(llvm::StringRef S);

} // namespace tileas

#endif // TILEAS_LIB_PROBLEMIO_NUMBERS_H

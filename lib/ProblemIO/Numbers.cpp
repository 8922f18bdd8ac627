//===- Numbers.cpp - Strict number parsing shared by the readers ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Numbers.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace tileas {

static bool allDigits(StringRef S) {
  return !S.empty() && all_of(S, [](char C) { return isDigit(C); });
}

std::optional<int64_t> parseDecimal(StringRef S) {
  bool Negative = S.consume_front("-");
  if (!allDigits(S) || S.size() > 18)
    return std::nullopt;
  int64_t V = 0;
  for (char C : S)
    V = V * 10 + (C - '0');
  return Negative ? -V : V;
}

std::optional<uint64_t> parseHex64(StringRef S) {
  if (!S.consume_front("0x") || S.empty() || S.size() > 16)
    return std::nullopt;
  uint64_t V = 0;
  for (char C : S) {
    if (!isHexDigit(C))
      return std::nullopt;
    V = V << 4 | hexDigitValue(C);
  }
  return V;
}

bool isPlainDecimalFraction(StringRef S) {
  S.consume_front("-");
  auto [Whole, Fraction] = S.split('.');
  if (!allDigits(Whole))
    return false;
  return S.size() == Whole.size() || allDigits(Fraction);
}

} // namespace tileas

//===- LoopControl.cpp - Trip counts of counted do-while loops ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Protocol/LoopControl.h"

#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace tileas {
namespace protocol {

StringRef toString(ContinueIf C) {
  switch (C) {
  case ContinueIf::LT:
    return "lt";
  case ContinueIf::LE:
    return "le";
  case ContinueIf::NE:
    return "ne";
  case ContinueIf::GT:
    return "gt";
  case ContinueIf::GE:
    return "ge";
  }
  return "??";
}

static bool holds(ContinueIf C, int64_t Value, int64_t Bound) {
  switch (C) {
  case ContinueIf::LT:
    return Value < Bound;
  case ContinueIf::LE:
    return Value <= Bound;
  case ContinueIf::NE:
    return Value != Bound;
  case ContinueIf::GT:
    return Value > Bound;
  case ContinueIf::GE:
    return Value >= Bound;
  }
  return false;
}

bool LoopControl::movesTowardsBound() const {
  switch (Continue) {
  case ContinueIf::LT:
  case ContinueIf::LE:
    return Step > 0;
  case ContinueIf::GT:
  case ContinueIf::GE:
    return Step < 0;
  case ContinueIf::NE:
    return Step != 0;
  }
  return false;
}

int64_t LoopControl::boundAdjustment() const {
  // After the last iteration the test must fail for the value V it reads and
  // hold for the one before, V - Step. LT, NE and GT: the bound is V itself;
  // LE (counting up) fails first at V = bound + 1, GE (down) at bound - 1.
  if (Continue == ContinueIf::LE)
    return -1;
  if (Continue == ContinueIf::GE)
    return 1;
  return 0;
}

std::optional<int64_t> LoopControl::distance(int64_t Trips) const {
  int64_t D;
  if (MulOverflow(Trips + Offset, Step, D) || AddOverflow(D, Adjust, D))
    return std::nullopt;
  return D;
}

/// A + B, or A - B, or nullopt if A is unknown or the result overflows.
static std::optional<int64_t> add(std::optional<int64_t> A, int64_t B,
                                  bool Subtract = false) {
  int64_t R;
  if (!A || (Subtract ? SubOverflow(*A, B, R) : AddOverflow(*A, B, R)))
    return std::nullopt;
  return R;
}

std::optional<int64_t> LoopControl::span(int64_t Trips) const {
  return add(distance(Trips), boundAdjustment());
}

std::optional<int64_t> LoopControl::boundFor(int64_t Start,
                                             int64_t Trips) const {
  std::optional<int64_t> Span = span(Trips);
  return Span ? add(Start, *Span) : std::nullopt;
}

std::optional<int64_t> LoopControl::startFor(int64_t Bound,
                                             int64_t Trips) const {
  std::optional<int64_t> Span = span(Trips);
  return Span ? add(Bound, *Span, /*Subtract=*/true) : std::nullopt;
}

std::optional<int64_t> LoopControl::tripCount(int64_t Start, int64_t Bound,
                                              int64_t Limit) const {
  for (int64_t K = 1; K <= Limit; ++K) {
    std::optional<int64_t> Value = add(distance(K), Start);
    if (!Value)
      return std::nullopt;
    if (!holds(Continue, *Value, Bound))
      return K;
  }
  return std::nullopt;
}

} // namespace protocol
} // namespace tileas

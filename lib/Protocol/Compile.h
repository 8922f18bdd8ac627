//===- Compile.h - Validation and lowering of protocol programs -*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Checks a Program for malformed input and lowers it to dense indices: every
// barrier, ring slot, data item (pipe, iteration) and mutex gets a small
// number, and every step its precomputed barrier, parity and item, so that
// executing an action is a handful of array operations.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_PROTOCOL_COMPILE_H
#define TILEAS_LIB_PROTOCOL_COMPILE_H

#include "tileas/Protocol/ProtocolChecker.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tileas {
namespace protocol {
namespace detail {

constexpr uint32_t None = ~uint32_t(0);

/// One step, as the agent that performs it executes it.
struct CompiledAction {
  ActionKind Kind = ActionKind::Compute;
  uint8_t Parity = 0;      ///< Acquire and wait: the parity waited on.
  uint32_t Barrier = None; ///< Barrier actions.
  uint32_t Item = None;    ///< Write, read and release.
  uint32_t Mutex = None;   ///< Mutex actions.
};

struct BarrierInfo {
  unsigned Pipe = 0; ///< Index into Program::Pipes.
  unsigned Slot = 0;
  bool Full = false;
};

struct ItemInfo {
  unsigned Pipe = 0; ///< Index into Program::Pipes.
  int64_t Iter = 0;
  uint32_t Slot = 0; ///< Global ring-slot index.
};

/// Agents are numbered issuers first (0 .. NumIssuers - 1), then units: unit
/// u of the Program is agent NumIssuers + u - 1.
struct CompiledProgram {
  const Program *Source = nullptr;
  unsigned NumIssuers = 1;
  unsigned NumAgents = 1;
  /// Per trace index.
  std::vector<CompiledAction> Actions;
  /// Seqs[A]: the trace indices agent A runs, in order (for an issuer its own
  /// steps, enqueues included; for a unit its queue).
  std::vector<std::vector<uint32_t>> Seqs;
  /// Per trace index: its position in its issuer's Seqs entry.
  std::vector<uint32_t> IssuerPos;
  /// Per agent: the issuer that feeds a unit (None for an issuer).
  std::vector<uint32_t> Feeder;
  /// Per issuer: IssuerConfig::StartAfter.
  std::vector<std::vector<std::pair<unsigned, uint32_t>>> StartAfter;
  std::vector<BarrierInfo> Barriers;
  std::vector<ItemInfo> Items;
  unsigned NumSlots = 0;

  bool isIssuer(unsigned A) const { return A < NumIssuers; }
  /// The agent that performs the action of trace step St.
  unsigned performerOf(uint32_t St) const {
    const Step &S = Source->Trace[St];
    return S.Agent == 0 ? S.Issuer : NumIssuers + S.Agent - 1;
  }
  /// Whether issuer A only enqueues trace step St.
  bool isEnqueue(unsigned A, uint32_t St) const {
    return isIssuer(A) && Source->Trace[St].Agent != 0;
  }
  /// The number of steps agent A runs in total.
  uint32_t length(unsigned A) const { return uint32_t(Seqs[A].size()); }
};

/// Validates P and fills Out. On malformed input returns false with a
/// message naming the offending step or declaration.
bool compileProgram(const Program &P, CompiledProgram &Out, std::string &Err);

} // namespace detail
} // namespace protocol
} // namespace tileas

#endif // TILEAS_LIB_PROTOCOL_COMPILE_H

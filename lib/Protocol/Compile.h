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

struct CompiledProgram {
  const Program *Source = nullptr;
  unsigned NumAgents = 1;
  /// Per trace index.
  std::vector<CompiledAction> Actions;
  /// Queues[u]: the trace indices enqueued to unit u, in order (Queues[0] is
  /// empty: the issuer runs the whole trace).
  std::vector<std::vector<uint32_t>> Queues;
  std::vector<BarrierInfo> Barriers;
  std::vector<ItemInfo> Items;
  unsigned NumSlots = 0;

  unsigned agentOf(uint32_t Step) const { return Source->Trace[Step].Agent; }
  /// The number of steps agent A runs in total.
  uint32_t length(unsigned A) const {
    return A == 0 ? uint32_t(Actions.size()) : uint32_t(Queues[A].size());
  }
};

/// Validates P and fills Out. On malformed input returns false with a
/// message naming the offending step or declaration.
bool compileProgram(const Program &P, CompiledProgram &Out, std::string &Err);

} // namespace detail
} // namespace protocol
} // namespace tileas

#endif // TILEAS_LIB_PROTOCOL_COMPILE_H

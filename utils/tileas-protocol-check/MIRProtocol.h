//===- MIRProtocol.h - Coordination program of MIR --------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Runs a materialized TileAS function for concrete live-in values (the trip
// count among them) and records, in issue order, what the protocol checker
// needs: every PIPE_ and MUTEX_ operation with the iteration it names, and
// every data access to a piped buffer.
//
// The run is the MIR executor's (MIRExecutor.h: it follows the control flow,
// computes the scalar values and the iteration each pipe operation names);
// this is its visitor. A buffered value (TILE or TMEM) is tagged with (pipe,
// iteration) by the instruction that follows a PIPE_PRODUCER_ACQUIRE of that
// pipe, which the executor names: that instruction is the pipe's writer. Tags
// travel through copies and PHIs, so every later instruction that reads a
// tagged register reads that pipe's slot. Who performs an action follows the
// machine: an asynchronous instruction (TMA, tensor core, async copy) is
// enqueued to its unit; commits and releases are performed by the agents
// PIPE_CREATE declares; waits, acquires and locks block the issuer. A mutex is
// a one-slot pipe whose FULL barrier counts the turns: a lock waits for its
// side's parity and enters a turn (side s's c-th lock is turn 2c + s, an item
// written then), its unlock ends that turn (a release, by the agent the unlock
// names) and arrives; two sides inside at once overwrite a live turn. When the
// function returns, and when a PIPE_CREATE initializes a barrier that an
// earlier ring uses, that ring's buffers end (see RetireMarker); but a one-slot
// ring that names the full or empty barrier id of a one-slot ring created
// before it in the same block shares it (a handoff on its lender's barrier,
// docs/warp-specialization.md): its waits and acquires are the lender's, the
// lender's release also ends its iteration, and the instruction after its wait,
// with every rewrite in place of that instruction's results, reads its
// iteration. A register named in MIRProtocolOptions::Overrides takes the given
// value where it is defined, whatever its instruction computes (a PHI's too).
//
// Warp specialization. The code before WARP_IDX runs once, as issuer 0. At
// WARP_IDX the run forks (the executor pauses, and each agent runs a copy): the
// warps of each agent k of the machine model (model::agents()) run on from
// there as issuer k, with the values computed before and their own warp index
// (the first warp of agent k: the warps of the agents before it), follow the
// dispatch to an AGENT_SWITCH, which must be agent k's, and on to their RET.
// Each agent's asynchronous units are its own. Agents start once issuer 0 has
// finished; an exit issuer, started once every agent has returned, ends every
// ring's buffers. PIPE_TILE and PIPE_TMEM tag their value with the pipe and the
// iteration (see FillMarker for pipes without slots). A pipe operation issued
// by another agent than the side's agent in PIPE_CREATE is listed in
// MIRProtocolProgram::WrongAgents.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_UTILS_PROTOCOLCHECK_MIRPROTOCOL_H
#define TILEAS_UTILS_PROTOCOLCHECK_MIRPROTOCOL_H

#include "tileas/MIRExec/RegisterOverride.h"
#include "tileas/Protocol/ProtocolChecker.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/CodeGen/Register.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class MachineBasicBlock;
class MachineFunction;
} // namespace llvm

namespace tileas {

struct MIRProtocolOptions {
  /// Values of physical registers on entry (unset ones are 0).
  llvm::ArrayRef<std::pair<llvm::MCRegister, int64_t>> LiveIns;
  /// Virtual registers set where they are defined (see TripCountPlan.h).
  llvm::ArrayRef<RegisterOverride> Overrides;
  /// Instructions executed before giving up on a function that does not
  /// return.
  uint64_t MaxSteps = 1000000;
};

/// Marks, in Step::Where, the writes that stand for the end of a ring's
/// buffers: when the function returns, or when another pipe initializes one
/// of its barriers again. Each writes every slot with a new iteration, so
/// that a slot an asynchronous unit has not released yet is an overwrite of
/// an unreleased slot. They are not iterations of the loop.
constexpr llvm::StringLiteral RetireMarker = "[retired]";

/// Marks the write that a commit of a pipe without slots of its own (a
/// drain, a consumer-only pipe) stands for: its value is final then. A reader
/// that took it with PIPE_TILE or PIPE_TMEM reads that item, so a read before
/// the commit is a read of an unfilled slot. Not an iteration of the loop.
constexpr llvm::StringLiteral FillMarker = "[fills]";

/// A pipe's PIPE_CREATE may run more than once: its loop is nested in
/// another (a persistent kernel's loop over tiles) and is entered again.
/// Each run initializes the pipe's barriers anew and begins an entry whose
/// iterations count from 0; in the protocol program, entry e of pipe p is the
/// pipe p + e * PipeEntryStride (pipe 1 of the third entry is pipe 2001).
constexpr unsigned PipeEntryStride = 1000;

inline unsigned protocolPipeId(unsigned Pipe, unsigned Entry) {
  return Pipe + Entry * PipeEntryStride;
}

/// What the run saw of one entry of a pipe.
struct PipeEntryInfo {
  unsigned Pipe = 0;
  unsigned Entry = 0;
  /// The block of its PIPE_CREATE, and of the first instruction that wrote
  /// one of its slots (whose loop's trip count its iterations run), if any.
  const llvm::MachineBasicBlock *CreatedIn = nullptr;
  const llvm::MachineBasicBlock *Loop = nullptr;
  /// Some iteration was written twice in this entry.
  bool PhaseReset = false;
};

struct MIRProtocolProgram {
  protocol::Program Program;
  /// By protocol pipe id (protocolPipeId).
  std::map<unsigned, PipeEntryInfo> Entries;
  /// Each pipe entry that wrote an iteration twice, said in full: its
  /// iterations restarted without its barriers being initialized again (a
  /// ring phase reset at a loop boundary).
  std::vector<std::string> PhaseResets;
  /// Warp-specialized: pipe operations that an agent issues although the
  /// pipe's PIPE_CREATE names another agent for that side ("file: issued by
  /// agent 2 (load), but ... names agent 3 (mma) as the consumer").
  std::vector<std::string> WrongAgents;
};

/// The coordination program of MF run with the given live-ins.
llvm::Expected<MIRProtocolProgram>
buildProtocolProgram(const llvm::MachineFunction &MF,
                     const MIRProtocolOptions &Opts);

} // namespace tileas

#endif // TILEAS_UTILS_PROTOCOLCHECK_MIRPROTOCOL_H

//===- MIRExecutor.h - One walker for materialized TileAS MIR ---*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Runs a materialized TileAS MachineFunction for concrete live-in values, the
// one interpreter of MIR that the tools share (tileas-protocol-check builds
// its coordination program with it, tileas-sim its agents' instruction
// streams). The executor does what every run of the MIR does alike:
//
//  * it follows the control flow: the blocks in execution order, PHIs read
//    together on entry (BlockWalk.h), branches on their predicate, the
//    layout successor after an untaken one, up to RET;
//  * it computes the scalar values (ScalarSemantics.h), copies (which carry
//    a buffered value's slot along, as PHIs do), and sets the registers of a
//    trip count plan where they are defined (RegisterOverride.h);
//  * it decodes the coordination instructions by their td operand names
//    (CoordinationOperands.h) into events: a pipe's creation, an acquire,
//    commit, wait or release of iteration k = (iv - first) / step (its slot
//    k mod depth and phase (k / depth) & 1), a slot handle of iteration k, a
//    mutex lock or unlock; and it names the instruction that an acquire
//    guards (the next one of its block that is neither scalar, a copy, a
//    branch nor coordination) as the writer of the acquired slot.
//
// What a tool makes of it is its visitor's (MIRVisitor): the checker turns
// events into protocol actions and explores their interleavings, the
// simulator turns them and every other instruction into timed operations.
// Who runs the code is the tool's too: a warp-specialized function is run
// by one executor per agent (tileas-sim, each from the entry), or by one
// executor up to the WARP_IDX dispatch, copied for each agent from there
// (tileas-protocol-check; pauseBeforeReader).
//
// A static check walks a path of blocks it chooses instead of following the
// branches (tileas-materialize-schedule's self-check: the preheader,
// prologue, kernel as often as the trip count needs, epilogue, exit):
// runPathBlock runs one block of it, values only, and reports each of its
// instructions up to the terminators to the visitor, which reads the
// coordination itself.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MIREXEC_MIREXECUTOR_H
#define TILEAS_MIREXEC_MIREXECUTOR_H

#include "tileas/MIRExec/CoordinationOperands.h"
#include "tileas/MIRExec/RegisterOverride.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/Register.h"
#include "llvm/MC/MCRegister.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace llvm {
class MachineFunction;
class MachineInstr;
class MachineOperand;
} // namespace llvm

namespace tileas {

/// Iteration Iteration of pipe Pipe: a slot's content.
struct SlotRef {
  unsigned Pipe = 0;
  int64_t Iteration = 0;
};

/// A register's content in a run: an integer, or a buffered value that lives
/// in a pipe's slot (tagged by its visitor).
struct RunValue {
  int64_t Int = 0;
  std::optional<SlotRef> Slot;
};

enum class CoordinationKind {
  Create,
  Acquire,
  Commit,
  Wait,
  Release,
  Lock,
  Unlock,
  /// PIPE_TILE, PIPE_TMEM: the buffer of a slot.
  SlotHandle,
};

struct CoordinationEvent {
  CoordinationKind Kind = CoordinationKind::Create;
  /// The pipe (all but Lock and Unlock), as its PIPE_CREATE set it up.
  const PipeDecl *Pipe = nullptr;
  /// Pipe operations and slot handles: the iteration, its slot and phase.
  int64_t Iteration = 0;
  unsigned Slot = 0;
  unsigned Phase = 0;
  /// Commit, Release, Unlock: who performs the arrival, as declared (0: the
  /// issuer, 1 + an event pipe: that unit).
  unsigned Performer = 0;
  /// Lock and Unlock: the mutex's barrier; Lock: the side (0: producer).
  int64_t Barrier = 0;
  int64_t Side = 0;
};

enum class InstrKind {
  /// COPY and the register moves: the value (and its slot) moves.
  Copy,
  ImplicitDef,
  /// An integer result the executor computed.
  Scalar,
  Branch,
  Return,
  /// Everything else (memory, tiles, tensor core, WARP_IDX, AGENT_SWITCH).
  Other,
};

struct InstrEvent {
  InstrKind Kind = InstrKind::Other;
  /// Branch: whether it is taken.
  bool Taken = false;
  /// Other: the slot this instruction writes, when an acquire guards it.
  std::optional<SlotRef> Fills;
};

/// A PHI's move on entry to a block.
struct PhiMove {
  const llvm::MachineInstr *Phi = nullptr;
  llvm::Register Dst, Src;
};

/// What a tool does with a run. Each hook runs after the executor has done
/// its part of the instruction; an error stops the run.
class MIRVisitor {
public:
  virtual ~MIRVisitor();
  /// The run entered MBB from Pred (null: it starts there); its PHIs have
  /// read their inputs.
  virtual llvm::Error enterBlock(const llvm::MachineBasicBlock &MBB,
                                 const llvm::MachineBasicBlock *Pred,
                                 llvm::ArrayRef<PhiMove> Phis);
  /// The tool's own checks of coordination instruction MI, before the
  /// executor decodes it.
  virtual llvm::Error checkCoordination(const llvm::MachineInstr &MI);
  virtual llvm::Error coordination(const llvm::MachineInstr &MI,
                                   const CoordinationEvent &E) = 0;
  virtual llvm::Error instruction(const llvm::MachineInstr &MI,
                                  const InstrEvent &E) = 0;
};

struct MIRExecOptions {
  /// Values of physical registers on entry (unset ones are 0).
  llvm::ArrayRef<std::pair<llvm::MCRegister, int64_t>> LiveIns;
  /// Registers set where they are defined (TripCountPlan.h).
  llvm::ArrayRef<RegisterOverride> Overrides;
  /// Instructions executed before giving up on a run that does not return.
  uint64_t MaxSteps = 1000000;
};

class MIRExecutor {
public:
  enum class Status { Running, Paused, Returned };

  /// A run of MF from its entry block. Opts must outlive the executor.
  MIRExecutor(const llvm::MachineFunction &MF, const MIRExecOptions &Opts);

  void setVisitor(MIRVisitor &V) { Visitor = &V; }
  /// Starts the run over at the beginning of MBB (its PHIs have no edge to
  /// read).
  void startAt(const llvm::MachineBasicBlock &MBB);
  /// Pauses the run before the first instruction that reads R, or when it
  /// leaves the current block, whichever comes first.
  void pauseBeforeReader(llvm::Register R) {
    PauseReg = R;
    PauseOnLeave = true;
  }

  /// Executes the next instruction (or enters the next block).
  llvm::Expected<Status> step();
  /// Steps until the run returns or pauses.
  llvm::Expected<Status> run();

  /// Runs MBB as the next block of a path its caller chooses: its PHIs read
  /// the values of the edge from the block run before (one without a value
  /// for that edge keeps its own), then each instruction up to its
  /// terminators computes its value (copies and scalar instructions) and is
  /// reported as an instruction, coordination too, undecoded.
  llvm::Error runPathBlock(const llvm::MachineBasicBlock &MBB);

  RunValue value(llvm::Register R) const { return Regs.lookup(R); }
  void set(llvm::Register R, RunValue V) { Regs[R] = V; }
  void setInt(llvm::Register R, int64_t V) { Regs[R] = RunValue{V, {}}; }
  /// The integer of an immediate or a register (an unset one reads 0); an
  /// error for a buffered value.
  llvm::Expected<int64_t> intOf(const llvm::MachineOperand &MO) const;
  /// The pipe Id as its latest PIPE_CREATE set it up, or null.
  const PipeDecl *pipe(unsigned Id) const;
  const std::map<unsigned, PipeDecl> &pipes() const { return Pipes; }
  /// Sets the registers of the plan that MI defines (or that are set after
  /// it).
  llvm::Error applyOverrides(const llvm::MachineInstr &MI);

  /// Instructions executed so far (PHIs and debug instructions not counted).
  uint64_t steps() const { return Steps; }
  void setSteps(uint64_t N) { Steps = N; }
  bool returned() const { return Returned; }

private:
  llvm::Error enter();
  llvm::Error execute(const llvm::MachineInstr &MI);
  /// Computes what a copy, IMPLICIT_DEF or scalar instruction MI writes and
  /// says which it is in E; false for any other instruction.
  llvm::Expected<bool> computeValue(const llvm::MachineInstr &MI,
                                    InstrEvent &E);
  llvm::Error coordinate(const llvm::MachineInstr &MI, CoordinationKind Kind);
  llvm::Expected<int64_t> iteration(const llvm::MachineInstr &MI,
                                    const PipeDecl &P) const;

  const llvm::MachineFunction *MF;
  const MIRExecOptions *Opts;
  MIRVisitor *Visitor = nullptr;
  llvm::DenseMap<llvm::Register, RunValue> Regs;
  /// How many times each override of Opts->Overrides was set (a
  /// --trip-count list takes the next value each time).
  std::vector<unsigned> OverrideUses;
  std::map<unsigned, PipeDecl> Pipes;
  const llvm::MachineBasicBlock *Block = nullptr;
  const llvm::MachineBasicBlock *Pred = nullptr;
  /// The block runPathBlock ran last.
  const llvm::MachineBasicBlock *PathPred = nullptr;
  llvm::MachineBasicBlock::const_iterator At;
  /// The block to go to once the current one is left.
  const llvm::MachineBasicBlock *Next = nullptr;
  bool Entering = true;
  bool Returned = false;
  /// Set by an acquire: the slot the next guarded instruction writes.
  std::optional<SlotRef> PendingFill;
  llvm::Register PauseReg;
  bool PauseOnLeave = false;
  uint64_t Steps = 0;
};

} // namespace tileas

#endif // TILEAS_MIREXEC_MIREXECUTOR_H

//===- TileASPTXKernel.h - What a PTX kernel needs beyond its MIR -*- C++ -*-=//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The printer writes each MachineInstr as a fixed PTX sequence. What those
// sequences share is decided once per kernel, before the first one is
// printed, from the allocated MIR: the rings of the PIPE_CREATEs, the
// mbarrier of each mutex, which ring slot each tile producer fills (the
// producers between a PIPE_PRODUCER_ACQUIRE and its commit, in order), the
// buffers of tiles no ring holds, the tensor-memory allocations, and the
// shared arena that places all of them (tileas/PTX/SharedArena.h).
//
// One thread model for now (docs/ptx.md): the kernel is one instruction
// stream run by one warpgroup (128 threads); what one thread issues (TMA,
// tcgen05.mma and commit, mbarrier arrivals for the group) runs in the
// elected lane of warp 0. Warp-specialized kernels are refused.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PTX_TILEASPTXKERNEL_H
#define TILEAS_PTX_TILEASPTXKERNEL_H

#include "tileas/Model/MachineModel.h"
#include "tileas/PTX/SharedArena.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/CodeGen/Register.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace llvm {
class MachineBasicBlock;
class MachineFunction;
class MachineInstr;
} // namespace llvm

namespace tileas {
namespace ptx {

/// Threads of the one warpgroup that runs an unspecialized kernel.
constexpr unsigned KernelThreads = 128;

/// An agent of a warp-specialized kernel, as its AGENT_SWITCH says.
struct AgentInfo {
  unsigned Id = 0;
  unsigned Warps = 0;
  unsigned FirstWarp = 0;
  unsigned Registers = 0;
  bool Increase = false;
};

/// Who arrives on a barrier when a pipe side commits or releases.
enum class Arriver : uint8_t {
  /// The threads of the stream, after a CTA barrier, as one arrival.
  Threads,
  /// The tensor core: tcgen05.commit by the MMA issuer.
  TensorCore,
  /// A copy engine (TMA, bulk copy): the issuer's arrive.expect_tx and the
  /// copies' complete_tx.
  CopyEngine,
};

/// The named barrier an agent's warps synchronize on: its id (bar.sync 0 is
/// the CTA's; a kernel's own bar.sync may not take an agent's).
inline unsigned agentBarrier(unsigned Agent) { return Agent; }

/// Who performs an arrival declared as Performer: 0 for the issuing threads,
/// 1 + an event pipe for that unit.
Arriver arriverOf(const tileas::model::Machine &M, int64_t Performer);

struct RingInfo {
  unsigned Id = 0;
  unsigned Depth = 1;
  uint64_t Bytes = 0;
  int64_t Step = 1;
  bool HasEmpty = false;
  Arriver Commit = Arriver::Threads, Release = Arriver::Threads;
  /// The index of the ring in the arena request.
  unsigned ArenaRing = 0;
  /// Its PIPE_CREATE is in a loop (a ring per tile of a persistent kernel):
  /// the prologue initializes its barriers once, and each PIPE_CREATE
  /// invalidates and initializes them again, once every thread is done with
  /// the previous run's phases.
  bool Recreated = false;
};

/// The slot a tile producer fills: ring Pipe at the iteration held in
/// register Iter, at byte Offset of the slot.
struct SlotFill {
  unsigned Pipe = 0;
  llvm::Register Iter;
  uint64_t Offset = 0;
};

class KernelPlan {
public:
  /// The plan of MF, or an error naming the instruction the PTX printer
  /// cannot lower.
  static llvm::Expected<KernelPlan> build(const llvm::MachineFunction &MF);

  /// Whether materialization coordinated the kernel (it has pipes or
  /// mutexes); otherwise every asynchronous operation is made synchronous.
  bool Coordinated = false;
  std::map<unsigned, RingInfo> Rings;
  /// The arena buffer of each mutex's mbarrier, by the mutex's barrier id.
  std::map<int64_t, unsigned> MutexBarriers;
  /// Tile producers: the slot they fill, or the buffer of their own.
  llvm::DenseMap<const llvm::MachineInstr *, SlotFill> Fills;
  llvm::DenseMap<const llvm::MachineInstr *, unsigned> OwnBuffers;
  /// Producers that wait for their own completion: the arena buffer of the
  /// mbarrier and the phase register.
  llvm::DenseMap<const llvm::MachineInstr *, std::pair<unsigned, unsigned>>
      SyncBarriers;
  /// Own buffers filled again and again in a loop of a coordinated kernel
  /// (Q in a loop over query tiles, read by the pipelined loop inside it):
  /// a ring of one slot counted in the outer loop's iterations. Before each
  /// refill the printer waits until the buffer's readers are done: the
  /// threads (a barrier of the group) and, in a kernel that issues MMAs,
  /// the tensor core (a tcgen05.commit of every MMA issued so far, waited
  /// for); the fill's own mbarrier is its full barrier.
  llvm::SmallPtrSet<const llvm::MachineInstr *, 4> Refilled;
  /// The mbarrier that the tensor core's commit signals when an MMA must
  /// complete before the next instruction (uncoordinated kernels, and the
  /// end of every kernel that issues MMAs), and its phase register.
  int MmaBarrier = -1;
  unsigned MmaPhase = 0;
  /// tcgen05.alloc: the arena buffer of the address word and the columns.
  llvm::DenseMap<const llvm::MachineInstr *, std::pair<unsigned, unsigned>>
      TmemAllocs;
  const llvm::MachineInstr *LastTmemAlloc = nullptr;
  unsigned PhaseRegisters = 0;
  unsigned LargestPipe = 0;
  bool HasMma = false;
  bool HasTmaStore = false;

  /// Warp specialization: the agents by id, the threads of the CTA, and the
  /// registers every thread gets at launch (.maxnreg). setmaxnreg moves
  /// registers between whole warpgroups only; when the agents' budgets are
  /// not warpgroup-aligned, every thread keeps the largest budget instead
  /// (WhyNoSetmaxnreg says why).
  std::map<unsigned, AgentInfo> Agents;
  /// The CTA's threads, and those that run an agent (the others, in a
  /// warpgroup an agent does not fill, leave after setmaxnreg).
  unsigned Threads = KernelThreads;
  unsigned ActiveThreads = KernelThreads;
  std::vector<unsigned> WarpgroupRegisters;
  std::vector<unsigned> IdleWarps;
  /// Where every warp is still together before the dispatch to the agents
  /// (the first terminator of the block that dominates every
  /// AGENT_SWITCH): each warpgroup sets its registers there.
  const llvm::MachineInstr *DispatchPoint = nullptr;
  unsigned MaxRegisters = 0;
  bool UseSetmaxnreg = false;
  std::string WhyNoSetmaxnreg;
  /// With setmaxnreg: how the budgets differ from the model's, if they do.
  std::string BudgetNote;
  /// The agent whose warps run each block (absent: every warp, before the
  /// dispatch or without agents).
  llvm::DenseMap<const llvm::MachineBasicBlock *, unsigned> BlockAgent;
  /// Rings of tensor-memory buffers that another agent reads (PIPE_TMEM):
  /// the arena buffer of the word per slot where the producer leaves the
  /// buffer's address.
  std::map<unsigned, unsigned> HandleTables;
  /// The byte offset of each member of a ring's slot, by pipe and member.
  std::map<unsigned, std::vector<uint64_t>> MemberOffsets;

  ArenaLayout Arena;

  /// TileAS's own allocation: the 32-bit registers its allocated registers
  /// take (a GPR64 two, a fragment four) and the predicates, before the
  /// sequences' own registers; ptxas allocates again.
  unsigned AllocatedRegisters = 0;
  unsigned AllocatedPredicates = 0;
  /// "12 GPR32, 2 GPR64, 3 FRAG": the same by register class.
  std::string AllocatedByClass;

  /// Every mbarrier the prologue initializes (mutexes and own barriers).
  std::vector<unsigned> PrologueBarriers;
};

} // namespace ptx
} // namespace tileas

#endif // TILEAS_PTX_TILEASPTXKERNEL_H

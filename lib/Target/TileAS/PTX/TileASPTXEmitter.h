//===- TileASPTXEmitter.h - MachineInstrs as PTX sequences ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Writes a kernel of allocated MIR as PTX (docs/ptx.md): the `.entry` with
// its parameters, register declarations and the prologue that every
// sequence relies on, then each MachineInstr as a fixed sequence, in the
// order of the MIR. Nothing is reordered: the materialized schedule is the
// order of the PTX.
//
// Registers: an allocated register keeps its name (%r3, %rd1, %p0, %tile2,
// %tmem0); fragment fN is the four 32-bit registers %f(4N) .. %f(4N+3).
// The sequences' own registers are %x (32-bit), %xd (64-bit) and %q
// (predicates) and live within one sequence, except the prologue's: %x0 the
// thread index, %x1 the warp index, %x2 the arena's address, %x3 the warp's
// tensor-memory lane offset, %q0 the first thread of the threads that run
// on together (the CTA; an agent's warps after its AGENT_SWITCH), %q1 warp
// 0, %q2 the elected lane of their first warp, %q5 true; %pf<id> holds ring
// id's first induction value and %ph<n> the phase bits of the barriers a
// sequence waits on itself.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PTX_TILEASPTXEMITTER_H
#define TILEAS_PTX_TILEASPTXEMITTER_H

#include "PTX/TileASPTXKernel.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace llvm {
class MachineFunction;
class MachineInstr;
class TargetRegisterInfo;
} // namespace llvm

namespace tileas {
namespace ptx {

/// The largest tile one rank-2 TMA box with 128-byte swizzle holds: 256
/// rows (a box dimension's limit) of 128 bytes (the swizzle span). A larger
/// TMA tile is K-atoms, loaded through a rank-3 tensor map (docs/ptx.md).
constexpr uint64_t MaxSwizzledBoxBytes = 256 * 128;

/// The PTX version and target line of a CPU name (sm_100a: 8.7).
std::string moduleHeader(llvm::StringRef CPU);

class KernelEmitter {
public:
  KernelEmitter(const llvm::MachineFunction &MF, const KernelPlan &Plan);

  /// The arena listing, `.visible .entry` through the prologue.
  void emitEntry(llvm::raw_ostream &OS);
  /// MI's sequence, or an error naming it.
  llvm::Error emitInstruction(const llvm::MachineInstr &MI,
                              llvm::raw_ostream &OS);
  void emitEnd(llvm::raw_ostream &OS) { OS << "}\n"; }

private:
  std::string reg(llvm::Register R) const;
  std::string frag(llvm::Register R, unsigned Lane) const;
  std::string fragVector(llvm::Register R) const;
  std::string label();
  uint64_t bufferOffset(unsigned Buffer) const {
    return Plan.Arena.bufferOffset(Buffer);
  }

  // Pieces of sequences.
  void fragmentOp(llvm::raw_ostream &OS, llvm::StringRef Op,
                  const llvm::MachineInstr &MI, unsigned Sources);
  void pairedOp(llvm::raw_ostream &OS, llvm::StringRef Op,
                const llvm::MachineInstr &MI, unsigned Sources);
  /// %x4 = k of ring R at the iteration in Iter; %x5 = its slot; %x6 = the
  /// full barrier's parity for that use.
  void ringPosition(llvm::raw_ostream &OS, const RingInfo &R,
                    llvm::Register Iter);
  /// Dst = the address of slot %x5's barrier (full or empty) of ring R.
  void ringBarrier(llvm::raw_ostream &OS, const RingInfo &R, bool Full,
                   llvm::StringRef Dst);
  void spinWait(llvm::raw_ostream &OS, llvm::StringRef Barrier,
                llvm::StringRef Parity);
  /// Waits for the own barrier Buffer's next phase (phase register Phase).
  void waitOwn(llvm::raw_ostream &OS, unsigned Buffer, unsigned Phase);
  void arrive(llvm::raw_ostream &OS, Arriver Who, llvm::StringRef Barrier,
              uint64_t ExpectBytes);
  void tileAddress(llvm::raw_ostream &OS, const llvm::MachineInstr &MI,
                   llvm::Register Tile);
  /// Dst = the address of byte Offset of slot %x5 of ring R.
  void slotAddress(llvm::raw_ostream &OS, const RingInfo &R, uint64_t Offset,
                   llvm::StringRef Dst);
  /// Dst = the sm_100 descriptor of k-block KBlock of the K-major, 128-byte
  /// swizzled tile in Tile, whose atoms have Rows rows (TileASPTXMma.cpp).
  /// An error of MI's k-block KBlock, naming the kernel, block and
  /// instruction.
  llvm::Error kBlockError(const llvm::MachineInstr &MI, unsigned KBlock,
                          llvm::Error E) const;
  llvm::Error smemDescriptor(llvm::raw_ostream &OS,
                             const llvm::MachineInstr &MI, llvm::Register Tile,
                             unsigned KBlock, unsigned Rows,
                             llvm::StringRef Operand, llvm::StringRef Dst);
  /// Dst = the sm_100 descriptor of k-block KBlock (KRows rows of K) of the
  /// MN-major, 128-byte swizzled tile in Tile whose M or N extent is MnBytes
  /// (tileas/PTX/OperandLayout.h; TileASPTXMma.cpp).
  llvm::Error mnMajorSmemDescriptor(llvm::raw_ostream &OS,
                                    const llvm::MachineInstr &MI,
                                    llvm::Register Tile, unsigned KBlock,
                                    unsigned KRows, unsigned MnBytes,
                                    llvm::StringRef Operand,
                                    llvm::StringRef Dst);
  /// STS_ROW_X2 / STS_ROW_MN: the thread's row of 128 bf16 into a tile of
  /// two 128-byte swizzle atoms, K-major or MN-major, or a quarter of it
  /// (the _PART and _INTO forms; TileASPTXWideRows.cpp).
  llvm::Error emitWideRowStore(const llvm::MachineInstr &MI,
                               llvm::raw_ostream &OS);
  void syncMma(llvm::raw_ostream &OS);
  void readersDone(llvm::raw_ostream &OS, const llvm::MachineInstr &MI);

  // wgmma (sm_90a, TileASPTXWgmma.cpp): a warpgroup's asynchronous MMAs into
  // its register fragments.
  llvm::Error emitWgmma(const llvm::MachineInstr &MI, llvm::raw_ostream &OS);
  /// Before every instruction (sm_90a): at a block's start, the wgmmas in
  /// flight are unknown and the next wgmma needs a fence; before any other
  /// instruction, retires the wgmmas in flight when MI touches their
  /// fragments or leaves the kernel, and asks for a wgmma.fence before the
  /// next wgmma when MI writes fragments.
  void wgmmaBoundary(const llvm::MachineInstr &MI, llvm::raw_ostream &OS);
  /// wgmma.commit_group for the wgmmas not yet committed, then
  /// wgmma.wait_group 0: every wgmma of this thread has completed.
  void retireWgmma(llvm::raw_ostream &OS);
  /// wgmma.commit_group for the wgmmas not yet committed, if any.
  void commitWgmma(llvm::raw_ostream &OS);
  /// PIPE_CONSUMER_WAIT of ring R: commits the wgmmas issued before it (a
  /// group per run up to a wait) and notes how many groups there were.
  void wgmmaWaitMark(const llvm::MachineInstr &Wait, llvm::raw_ostream &OS);
  /// The release of a slot of ring R that wgmmas read: waits for the
  /// groups that read it. A loop-carried release (its iteration the wait's
  /// of the same ring in this block minus the step: every reader of the
  /// released slot issued before that wait) leaves the groups committed
  /// since the wait in flight, `wgmma.wait_group N`; any other waits for
  /// every group. Returns whether the release is loop-carried.
  bool wgmmaRelease(const llvm::MachineInstr &Release, const RingInfo &R,
                    llvm::raw_ostream &OS);
  /// Dst = the sm_90 descriptor of the K-major, 128-byte swizzled matrix at
  /// byte Offset of the tile in Tile.
  void sm90Descriptor(llvm::raw_ostream &OS, llvm::Register Tile,
                      uint32_t Offset, llvm::StringRef Dst,
                      llvm::StringRef Note);

  // A row's maximum or sum (FRMAX, FRADD) of a thread's own row (sm_100a)
  // and of a quad's (a wgmma accumulator on sm_90a), and the P-row store
  // on the quad layout (TileASPTXRows.cpp).
  llvm::Error emitThreadRowReduce(const llvm::MachineInstr &MI,
                                  llvm::raw_ostream &OS);
  llvm::Error emitQuadRowReduce(const llvm::MachineInstr &MI,
                                llvm::raw_ostream &OS);
  llvm::Error emitQuadRowStore(const llvm::MachineInstr &MI,
                               llvm::raw_ostream &OS);
  /// WARP_SUM: the sum of the fragment's lanes over the warp's 32 threads,
  /// by butterfly shuffles, in every lane of every thread.
  void emitWarpSum(const llvm::MachineInstr &MI, llvm::raw_ostream &OS);
  /// ACC_ROW on the quad layout: the thread's first wgmma row.
  void emitQuadAccRow(const llvm::MachineInstr &MI, llvm::raw_ostream &OS);
  /// STG_F of a fragment of an accumulator store (`store <L x float>`,
  /// L >= 8) on the quad layout: its two register pairs at their (row,
  /// column) of the row-major matrix of 2L columns whose row the address
  /// is. False (nothing printed) for any other fragment store.
  bool emitQuadFragmentStore(const llvm::MachineInstr &MI,
                             llvm::raw_ostream &OS);
  /// Whether the row instructions are printed for a wgmma accumulator's
  /// quad layout: on sm_90a, in a function with wgmmas (selection refused
  /// any row builtin there of a value that is not a wgmma accumulator's).
  bool quadRows();

  llvm::Error emitPipe(const llvm::MachineInstr &MI, llvm::raw_ostream &OS);
  llvm::Error emitMutex(const llvm::MachineInstr &MI, llvm::raw_ostream &OS);
  llvm::Error emitTile(const llvm::MachineInstr &MI, llvm::raw_ostream &OS);
  /// tcgen05.ld / st of the thread's lane, then its wait: TMEM_LD, TMEM_ST
  /// and the N-column forms.
  void emitTmemMove(const llvm::MachineInstr &MI, llvm::raw_ostream &OS);
  /// One instruction per mbarrier of ring R (full and empty of each slot),
  /// by the first thread: `@%q0 Op [barrier]Operands;`.
  void ringBarriers(llvm::raw_ostream &OS, const RingInfo &R,
                    llvm::StringRef Op, llvm::StringRef Operands);
  llvm::Error emitMma(const llvm::MachineInstr &MI, llvm::raw_ostream &OS);
  void emitReturn(llvm::raw_ostream &OS);
  void emitAgentSwitch(const llvm::MachineInstr &MI, llvm::raw_ostream &OS);
  llvm::Error emitSlotTile(const llvm::MachineInstr &MI, llvm::raw_ostream &OS);
  llvm::Error emitSlotTmem(const llvm::MachineInstr &MI, llvm::raw_ostream &OS);
  llvm::Error publishHandle(const llvm::MachineInstr &Commit,
                            llvm::raw_ostream &OS);

  const llvm::MachineFunction &MF;
  const KernelPlan &Plan;
  std::string groupBarrier() const;
  std::string ctaBarrier() const;
  void emitWarpgroupRegisters(llvm::raw_ostream &OS);

  const llvm::TargetRegisterInfo &TRI;
  /// The target has tensor memory (tcgen05 and its fences) or wgmma.
  bool TensorMemory = false;
  bool Wgmma = false;
  /// wgmma state along the printed order: the fragments (FRAG encodings)
  /// that issued wgmmas write; whether those may be unknown ones (at a
  /// block's start: its predecessors' wgmmas); whether some are not yet
  /// committed to a group; whether the next wgmma needs a wgmma.fence.
  llvm::BitVector WgmmaFragments;
  bool WgmmaUnknown = false;
  bool WgmmaUncommitted = false;
  bool WgmmaFenceNeeded = true;
  /// The groups committed so far, and for each PIPE_CONSUMER_WAIT printed
  /// in the current block how many had been when it was.
  unsigned WgmmaGroups = 0;
  llvm::DenseMap<const llvm::MachineInstr *, unsigned> WgmmaGroupsAtWait;
  /// quadRows(), once computed.
  std::optional<bool> QuadRows;
  /// The labels printed when the last wgmma.fence was.
  unsigned WgmmaFenceLabels = 0;
  unsigned Labels = 0;
  /// The instruction being printed.
  const llvm::MachineInstr *Current = nullptr;
};

} // namespace ptx
} // namespace tileas

#endif // TILEAS_PTX_TILEASPTXEMITTER_H

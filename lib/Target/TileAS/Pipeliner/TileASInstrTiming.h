//===- TileASInstrTiming.h - A timing description's view of MIR -*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// What a measured timing description (tileas/Timing/Timing.h) says of one
// TileAS machine instruction: the MIR side decodes what the description is
// keyed on, the instruction's td name and, for an MMA, its shape (MMA_TMEM:
// M128 N128 K16; MMA_TMEM_F16 / MMA_TMEM_F8F6F4: the instruction
// descriptor's M and N, K 16 / 32; WGMMA: m64n128k16; WGMMA_X<L>: m64n<2L>k16)
// or, for a far-memory load, its bytes (the last immediate operand).
// tileas-sim times MIR with it, and the scheduler plans with it under
// -tileas-timing (applyTimingToOperation, the one hook in the loop-problem
// builder).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PIPELINER_TILEASINSTRTIMING_H
#define TILEAS_PIPELINER_TILEASINSTRTIMING_H

#include "tileas/Timing/Timing.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace tileas {
struct Operation;
class Problem;
} // namespace tileas

namespace llvm {

class MachineInstr;

/// MI on T: nullopt if T does not list MI's instruction (it keeps the slot
/// model's numbers); an error naming the function, block and instruction if
/// T times the instruction but not MI's shape, or MI's shape cannot be
/// decoded.
Expected<std::optional<tileas::timing::InstrTiming>>
instrTiming(const tileas::timing::Timing &T, const MachineInstr &MI);

/// -tileas-timing: with a description other than the model, gives Op (MI's
/// operation, its resources filled from the slot model) the description's
/// result latency, plus its mbarrier arrive-to-wait latency for what the
/// tensor core or the TMA makes (its readers wait on a pipe or mutex
/// barrier), and for an MMA holds its slots for the description's
/// occupancy (rounded up to whole cycles; the machine's slots and pools are
/// unchanged). A far-memory load holds the copy engine's slot (`tma`) for
/// its transfer occupancy: the bytes at the description's bandwidth share.
/// Returns why MI cannot be timed, if so.
std::optional<std::string> applyTimingToOperation(const MachineInstr &MI,
                                                  tileas::Operation &Op);

/// -tileas-timing: for an instruction the description times on the tensor
/// core, the cycles after its start at which an MMA that accumulates into
/// its result (reads it through the operand tied to its def) may start. The
/// unit forwards the accumulator from one MMA to the next, so a chain
/// advances at the occupancy, not at the result latency (tileas-sim times
/// it so: OpClass::ForwardsOnUnit). nullopt with the slot model's numbers
/// and for instructions off the tensor core.
std::optional<int> accumulatorForwarding(const MachineInstr &MI);

/// -tileas-timing: the SM's far-memory share serves loads in the order they
/// are issued (tileas-sim queues them on it), so an iteration's first
/// transfer starts when its first load in program order issues, whichever
/// load's address is ready first. Orders the far-memory loads of the loop
/// (Instrs[I] is P's op I) by the earliest cycle each can issue in its
/// iteration (the longest path to it over P's distance-0 dependences): a
/// zero-latency order edge from each load to those of the next earliest
/// cycle, where it closes no cycle. Nothing with the slot model's numbers.
void orderFarMemoryLoads(ArrayRef<MachineInstr *> Instrs, tileas::Problem &P);

/// -tileas-timing: the loop's control (its exit tests and the induction
/// update they read) issues once the iteration's far-memory loads have,
/// not at the end of the kernel. With an II of thousands of cycles and only
/// the next iteration's reads after it, the scheduler would seat the
/// induction update, and the test behind it, as late as the kernel allows
/// (an op with only successors seated goes as late as its window allows):
/// tileas-sim issues in program order, so the last iteration would leave
/// the loop an add and a compare after its work. A zero-latency order edge
/// from each far-memory load (Instrs[I] is P's op I) to each control op
/// that reads a carried value, where it closes no cycle in the iteration,
/// gives that op predecessors to be seated after, as early as it can: in
/// program order the loop's control then comes before the iteration waits
/// for its tiles. Nothing with the slot model's numbers.
void orderLoopControlEarly(ArrayRef<MachineInstr *> Instrs,
                           ArrayRef<unsigned> ExitTests, tileas::Problem &P);

} // namespace llvm

#endif // TILEAS_PIPELINER_TILEASINSTRTIMING_H

//===- TileASMachineScheduler.h - Pre-RA scheduling rules -------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// What LLVM's machine scheduler must know about TileAS beyond latencies and
// its register pressure sets.
//
// A wide load (a tcgen05.ld of 32 columns defines 32 32-bit registers of one
// thread) is not a latency to hide in the PTX: the printer waits for every
// tensor-memory load right after it (tcgen05.wait::ld), and ptxas schedules
// the PTX again. What the order decides is how many such chunks are live at
// once. GenericScheduler, which sees FRAG's 64 registers but not that the
// PTX register file is 255 32-bit registers wide, groups the loads of a row
// ahead of their readers (the fp8 block-scaled GEMM's four 32-column chunks
// of its partial: 128 registers live besides its 128-register accumulator),
// and ptxas spills. The wide-load chain keeps each wide load after the
// readers of the previous one from the same address register (the chunks of
// one row) that precede it in the order the block arrives in (the IR's, or
// the one tileas-event-schedule chose), so the scheduler may still move
// everything else, and never reorders two chunks' work where the order
// interleaved them.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASMACHINESCHEDULER_H
#define TILEAS_TILEASMACHINESCHEDULER_H

#include <memory>

namespace llvm {

class MachineInstr;
class ScheduleDAGMutation;

/// Whether MI loads into registers at least \p MinUnits 32-bit registers
/// wide (TileASRegisterUnits.h) in its definitions.
bool isWideRegisterLoad(const MachineInstr &MI, unsigned MinUnits);

/// Artificial edges from each reader of a wide load that precedes the next
/// wide load from the same address register in the region's current order
/// to that next load; null with -tileas-misched-wide-load-chain=false.
std::unique_ptr<ScheduleDAGMutation> createTileASWideLoadChainMutation();

} // namespace llvm

#endif // TILEAS_TILEASMACHINESCHEDULER_H

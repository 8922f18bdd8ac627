//===- TileAS.h - Passes and entry points of the TileAS target --*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEAS_H
#define TILEAS_TILEAS_H

#include <memory>

namespace llvm {
class FunctionPass;
class MachineFunction;
class PassRegistry;
class ScheduleDAGMutation;
class TileASTargetMachine;
enum class CodeGenOptLevel;

/// Refuses, with an error naming the function and the instruction, IR that
/// instruction selection cannot select.
FunctionPass *createTileASIRCheckPass();
void initializeTileASIRCheckPass(PassRegistry &);

/// SelectionDAG instruction selection from LLVM IR (td/TileASISelPatterns.td).
FunctionPass *createTileASISelDag(TileASTargetMachine &TM, CodeGenOptLevel OL);
void initializeTileASDAGToDAGISelLegacyPass(PassRegistry &);

/// Right after selection: an error naming the function, block, instruction
/// and machine for each instruction the subtarget's machine lacks (td
/// TileASMachineModel.Unsupported).
FunctionPass *createTileASMachineCheckPass();
void initializeTileASMachineCheckPass(PassRegistry &);

/// Leaves MF as one block holding a `ret`: what a check hands on after an
/// error, so that no later pass meets the function it refused.
void leaveOnlyReturn(MachineFunction &MF);

/// MIR input, as the parser loads it (TileASSubtarget::mirFileLoaded): the
/// machine verifier without aborting; a function it rejects is an error
/// naming the function, block and instruction and is left as a lone `ret`.
/// True when MF verifies.
bool checkTileASMIRInput(MachineFunction &MF);

/// First in tileas-machine-check: an error for what MIR input can break of
/// what selection guarantees (SSA form, dominance, moves within a register
/// file, setp condition codes, wgmma accumulators in place); the function
/// is then left as a lone `ret`. True when it refused MF.
bool refuseMalformedInput(MachineFunction &MF);

/// Modulo-schedules single-block loops into TileASScheduleAnalysis; changes
/// no instruction.
FunctionPass *createTileASGenerateSchedulePass();
void initializeTileASGenerateSchedulePass(PassRegistry &);

/// Expands scheduled loops and inserts their PIPE_/MUTEX_ coordination; reads
/// only TileASScheduleAnalysis.
FunctionPass *createTileASMaterializeSchedulePass();
void initializeTileASMaterializeSchedulePass(PassRegistry &);

/// Reorders straight-line code so that live cross-pipe events stay within
/// the machine's budget.
FunctionPass *createTileASEventSchedulePass();
void initializeTileASEventSchedulePass(PassRegistry &);
/// Artificial edges that keep the machine scheduler from taking a pipe pair
/// above max(its event budget, its peak in the order it starts from), so that
/// it cannot undo tileas-event-schedule; null with
/// -tileas-event-misched-guard=false.
std::unique_ptr<ScheduleDAGMutation> createTileASEventBudgetMutation();

/// After register allocation, reports each warp-specialized agent's
/// registers and an error when they exceed its setmaxnreg budget.
FunctionPass *createTileASAgentRegisterCheckPass();
void initializeTileASAgentRegisterCheckPass(PassRegistry &);

/// Registers the target, its MC layer, its asm printer and its passes. Called
/// by the plugin's static constructor, and by tools and tests that link the
/// target statically.
void initializeTileASTarget();
} // namespace llvm

#endif // TILEAS_TILEAS_H

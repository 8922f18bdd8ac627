//===- TileASCoordinationInput.h - A loop's coordination problem -*- C++ -*-=//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Describes a single-block loop to tileas::pipes::solvePipes: each scheduled
// instruction's unit, asynchrony and latency, its buffered values (TILE and
// TMEM registers) with who defines, rewrites in place and reads them (through
// the loop's PHIs, with the iteration distance), and the barrier ids and
// budgets the loop may use. Both passes describe a loop here, so that the
// scheduler charges a schedule exactly the coordination that materialization
// will insert for it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASCOORDINATIONINPUT_H
#define TILEAS_TILEASCOORDINATIONINPUT_H

#include "TileASOptions.h"
#include "tileas/Model/MachineModel.h"
#include "tileas/Pipes/PipeSolve.h"
#include "tileas/Sched/Schedule.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/Register.h"

#include <optional>
#include <string>

namespace llvm {

/// What coordination barriers cost on this target: the td CoordinationModel's
/// prices and the budget pool that pays for mbarriers, for
/// tileas::pipes::barrierUse and pipeMbarriers (the PTX printer asks them
/// what a loop's PIPE_ and MUTEX_ need).
tileas::pipes::BarrierCostModel
tileasBarrierCost(const tileas::model::Machine &M);

class MachineBasicBlock;
class MachineInstr;
class MachineRegisterInfo;

struct TileASCoordinationInput {
  /// The solve's input, without a schedule (see placeSchedule).
  tileas::pipes::SolveInput In;
  /// Per value: its defining instruction when it is defined before the
  /// loop, else null.
  SmallVector<MachineInstr *, 4> OutsideDefs;

  /// Describes Loop, whose scheduled instructions are Instrs (block order),
  /// with Opts' barrier reservation (negative: the td's) and strategy.
  static TileASCoordinationInput build(MachineBasicBlock &Loop,
                                       ArrayRef<MachineInstr *> Instrs,
                                       const TileASPipelinerOptions &Opts);
};

/// A loop's coordination solved for one form, before materialization fixes
/// its pipe ids: the placed solve input (pipes numbered from 0), the values
/// defined before the loop, and what tileas::pipes::solvePipes returned.
/// It describes the function as it was solved: materialization uses it only
/// while the loop is described the same (isCoordinationCurrent).
struct TileASCoordinationSolve {
  tileas::pipes::SolveInput In;
  SmallVector<MachineInstr *, 4> OutsideDefs;
  /// The result, or why the input was refused (malformed input).
  std::optional<tileas::pipes::SolveResult> Result;
  std::string Error;
};

/// A virtual register holding a tile (shared memory) or a tensor-memory
/// buffer: the values pipes and mutexes coordinate.
bool isBufferedRegister(const MachineRegisterInfo &MRI, Register R);

/// The event pipe an instruction runs on and whether it is asynchronous;
/// target-independent instructions run on the issuing thread (the pipe
/// after the last event pipe).
std::pair<unsigned, bool> coordinationUnitOf(const MachineInstr &MI);

/// The agent (td Agent, 1-based) whose warps issue MI under warp
/// specialization: the agent of its asynchronous unit, else the default
/// agent; the default agent too for an op whose results are register
/// fragments (a WGMMA's accumulator stays in the warps that read it).
unsigned homeAgentOf(const MachineInstr &MI);

} // namespace llvm

#endif // TILEAS_TILEASCOORDINATIONINPUT_H

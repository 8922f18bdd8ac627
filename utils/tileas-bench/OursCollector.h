//===- OursCollector.h - What our pass chose --------------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// tileas-generate-schedule records each loop's schedule (per instruction:
// stage, order, start cycle) in TileASScheduleAnalysis and changes no
// instruction. A pass placed right after it hands that analysis to the
// benchmark, which turns the record into a schedule over the loop's problem.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_OURSCOLLECTOR_H
#define TILEAS_BENCH_OURSCOLLECTOR_H

#include "tileas/Sched/Schedule.h"

#include "llvm/Support/Error.h"

#include <functional>

namespace llvm {
class MachineFunction;
class MachineFunctionPass;
class TileASScheduleAnalysis;
struct TileASLoopProblem;
struct TileASLoopSchedule;
} // namespace llvm

namespace tileas {
namespace bench {

using OursFn = std::function<void(llvm::MachineFunction &,
                                  const llvm::TileASScheduleAnalysis &)>;

/// A pass that calls Fn on every function with its schedule analysis.
llvm::MachineFunctionPass *createOursCollector(OursFn Fn);

/// The recorded schedule of LP's loop as a schedule over LP's problem; an
/// error if the record does not cover exactly the problem's instructions.
llvm::Expected<Schedule> scheduleFromRecord(const llvm::TileASLoopProblem &LP,
                                            const llvm::TileASLoopSchedule &S);

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_OURSCOLLECTOR_H

//===- InspectPass.h - Look at machine functions in a pipeline --*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Machine functions, their blocks and the symbols the pipeliner attaches to
// instructions live only while the pass manager runs: the machine module
// info that owns them is finalized at its end. Everything the benchmark
// reads from a function (its loops' scheduling problems, a scheduler's
// placements) is therefore read by a pass placed in the pipeline, which
// hands each function to a callback and changes nothing.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_INSPECTPASS_H
#define TILEAS_BENCH_INSPECTPASS_H

#include <functional>

namespace llvm {
class MachineFunction;
class MachineFunctionPass;
} // namespace llvm

namespace tileas {
namespace bench {

using InspectFn = std::function<void(llvm::MachineFunction &)>;

/// A pass that calls Fn on every machine function and preserves everything.
llvm::MachineFunctionPass *createInspectPass(InspectFn Fn);

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_INSPECTPASS_H

//===- OptionSetter.h - Set registered cl::opts in-process ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The peers are configured through their own command-line options
// (-pipeliner-max-stages, -window-sched, ...). Between runs in one process
// the benchmark sets them by name, exactly as the command line would, after
// resetting each to its default, so that one configuration never leaks into
// the next. Every configuration is a complete list of (option, value) pairs,
// which is also what the report prints.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_OPTIONSETTER_H
#define TILEAS_BENCH_OPTIONSETTER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace tileas {
namespace bench {

using OptionList = std::vector<std::pair<std::string, std::string>>;

/// Resets each named option to its default and then gives it the value, as
/// "-Name=Value" on the command line would. An unknown option or a value the
/// option rejects is an error.
llvm::Error applyOptions(const OptionList &Options);

/// "-a=1 -b=x" for reports.
std::string describeOptions(const OptionList &Options);

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_OPTIONSETTER_H

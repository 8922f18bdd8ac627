//===- HostInfo.h - The machine a benchmark ran on --------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A description of the machine and the build, for the report: processor,
// cores, memory, operating system, load when the run started (the machine
// may be shared), compiler, build type, LLVM version, whether the exact
// solver is built in, and the date. Missing facts read "unknown".
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_HOSTINFO_H
#define TILEAS_BENCH_HOSTINFO_H

#include <string>
#include <utility>
#include <vector>

namespace tileas {
namespace bench {

/// (key, value) pairs in a fixed order.
using HostInfo = std::vector<std::pair<std::string, std::string>>;

HostInfo describeHost();

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_HOSTINFO_H

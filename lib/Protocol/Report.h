//===- Report.h - Messages, agent reports and witnesses ---------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Turns the state an Explorer stopped in into a CheckResult: the message
// (naming iterations, slots, barriers, parities, counts and Where strings),
// the per-agent lines of a deadlock, and the witness.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_PROTOCOL_REPORT_H
#define TILEAS_LIB_PROTOCOL_REPORT_H

#include "Explorer.h"

namespace tileas {
namespace protocol {
namespace detail {

CheckResult buildReport(const Explorer &E, CheckResult::Status S,
                        const CheckOptions &Opts);

} // namespace detail
} // namespace protocol
} // namespace tileas

#endif // TILEAS_LIB_PROTOCOL_REPORT_H

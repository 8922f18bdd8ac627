//===- ScheduledII.h - The II materialization reports -----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The initiation interval a materialized loop was scheduled for is not in
// its MIR: tileas-materialize-schedule reports it in its "Materialized"
// remark (II, stage count), which llc writes with
// -pass-remarks-output=file.yaml. This reads those remarks, per function,
// in the order the pass emitted them.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_UTILS_SIM_SCHEDULEDII_H
#define TILEAS_UTILS_SIM_SCHEDULEDII_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace tileas {

struct MaterializedLoop {
  unsigned II = 0;
  unsigned Stages = 0;
};

/// Function name -> its materialized loops, from the YAML remarks in Path.
/// Other remarks are skipped; a file that is not YAML remarks, or a
/// Materialized remark without a numeric II, is an error naming the file.
llvm::Expected<std::map<std::string, std::vector<MaterializedLoop>>>
readMaterializedLoops(llvm::StringRef Path);

} // namespace tileas

#endif // TILEAS_UTILS_SIM_SCHEDULEDII_H

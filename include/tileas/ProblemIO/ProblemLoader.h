//===- ProblemLoader.h - Open a problem file of any supported format ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Picks the reader by extension (or as told): .graphml is a HatScheT graph
// whose resource model is the sibling <name>_RM.xml or <name>RM.xml (the
// first if both exist; findHatScheTResourceFile) unless one is given;
// .tsp and .txt are the tileas-sched text format. TileAS MIR loops (.mir)
// need the LLVM target to read, which this IR-independent library does not
// link: tileas-sched reads them itself (utils/tileas-sched/MIRInput.h).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PROBLEMIO_PROBLEMLOADER_H
#define TILEAS_PROBLEMIO_PROBLEMLOADER_H

#include "tileas/Sched/Problem.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace tileas {

enum class InputFormat { Auto, HatScheT, Text };

struct LoadOptions {
  InputFormat Format = InputFormat::Auto;
  /// HatScheT resource model; empty selects <graph stem>_RM.xml, or else
  /// <graph stem>RM.xml.
  std::string ResourceFile;
};

llvm::Expected<Problem> loadProblemFile(llvm::StringRef Path,
                                        const LoadOptions &Opts);

} // namespace tileas

#endif // TILEAS_PROBLEMIO_PROBLEMLOADER_H

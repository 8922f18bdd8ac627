//===- HatScheTFormat.h - The two files of a HatScheT problem -------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// What the GraphML and resource-model readers extract, before HatScheT.cpp
// maps it onto a tileas::Problem. Lines are kept so that the mapping can still
// point into the right file (an unknown resource is the graph's fault).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_PROBLEMIO_HATSCHETFORMAT_H
#define TILEAS_LIB_PROBLEMIO_HATSCHETFORMAT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tileas {

struct HatScheTNode {
  std::string Id;
  std::string Name;
  std::string Resource;
  unsigned Line = 0;
  unsigned ResourceLine = 0; ///< Line of the uses_resource data.
};

struct HatScheTEdge {
  std::string Id;      ///< May be empty (the attribute is optional).
  unsigned Source = 0; ///< Index into HatScheTGraph::Nodes.
  unsigned Target = 0;
  int64_t Delay = 0;
  int64_t Distance = 0;
  bool IsData = true; ///< deptype Data; false for Precedence.
  unsigned Line = 0;
};

struct HatScheTGraph {
  std::vector<HatScheTNode> Nodes;
  std::vector<HatScheTEdge> Edges;
};

struct HatScheTResource {
  std::string Name;
  int64_t Latency = 0;
  int64_t BlockingTime = 0;
  int64_t Limit = -1; ///< -1 = unlimited.
  unsigned Line = 0;
};

/// Reads a HatScheT GraphML dependence graph.
llvm::Expected<HatScheTGraph> readGraphML(llvm::StringRef Buffer,
                                          llvm::StringRef File);

/// Reads a HatScheT resource model (<ModelInformation>).
llvm::Expected<std::vector<HatScheTResource>>
readHatScheTResources(llvm::StringRef Buffer, llvm::StringRef File);

} // namespace tileas

#endif // TILEAS_LIB_PROBLEMIO_HATSCHETFORMAT_H

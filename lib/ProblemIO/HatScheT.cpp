//===- HatScheT.cpp - Map a HatScheT problem onto a tileas::Problem -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/ProblemIO/HatScheT.h"
#include "HatScheTFormat.h"
#include "InputFile.h"

#include "tileas/ProblemIO/ParseError.h"
#include "tileas/Sched/ProblemSize.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace tileas {

Expected<Problem> readHatScheTBuffers(StringRef GraphText, StringRef GraphName,
                                      StringRef ResourceText,
                                      StringRef ResourceName) {
  Expected<std::vector<HatScheTResource>> Resources =
      readHatScheTResources(ResourceText, ResourceName);
  if (!Resources)
    return Resources.takeError();
  Expected<HatScheTGraph> Graph = readGraphML(GraphText, GraphName);
  if (!Graph)
    return Graph.takeError();

  Problem P;
  P.Name = GraphName.str();
  // Resource index -> pool index (or -1 when unlimited), in file order.
  StringMap<unsigned> ResourceIndex;
  std::vector<int> PoolOf;
  for (const HatScheTResource &R : *Resources) {
    ResourceIndex[R.Name] = PoolOf.size();
    PoolOf.push_back(R.Limit >= 1 ? int(P.model().addPool(R.Name, R.Limit))
                                  : -1);
  }

  std::vector<unsigned> ResourceOfNode;
  for (const HatScheTNode &N : Graph->Nodes) {
    auto It = ResourceIndex.find(N.Resource);
    if (It == ResourceIndex.end())
      return makeParseError(GraphName, N.ResourceLine,
                            "node '" + N.Id + "' uses resource '" + N.Resource +
                                "', which " + ResourceName +
                                " does not define");
    const HatScheTResource &R = (*Resources)[It->second];
    ResourceOfNode.push_back(It->second);
    Operation Op;
    Op.Name = N.Name;
    Op.Latency = R.Latency;
    if (PoolOf[It->second] >= 0) {
      PoolUse U;
      U.Pool = PoolOf[It->second];
      U.Units = 1;
      // A unit with blocking time 0 still takes its issue cycle.
      U.Duration = std::max<int64_t>(1, R.BlockingTime);
      Op.Pools.push_back(U);
    }
    P.addOperation(std::move(Op));
  }

  for (const HatScheTEdge &E : Graph->Edges) {
    Dependence D;
    D.From = E.Source;
    D.To = E.Target;
    D.Latency = (*Resources)[ResourceOfNode[E.Source]].Latency + E.Delay;
    D.Distance = E.Distance;
    D.Kind = E.IsData ? DepKind::Data : DepKind::Order;
    P.addDependence(D);
  }

  // The size caps before anything allocates for the problem, at the node
  // where the nodes read so far first exceed one.
  if (std::optional<SizeExcess> Excess = findSizeExcess(P)) {
    const HatScheTNode &N = Graph->Nodes[Excess->Op];
    return makeParseError(GraphName, N.Line,
                          "node '" + N.Id + "': " + Excess->Message);
  }
  if (Error E = P.validate())
    return makeParseError(GraphName, 0, toString(std::move(E)));
  return std::move(P);
}

Expected<Problem> readHatScheT(StringRef GraphFile, StringRef ResourceFile) {
  Expected<std::unique_ptr<MemoryBuffer>> Graph = readInputFile(GraphFile);
  if (!Graph)
    return Graph.takeError();
  Expected<std::unique_ptr<MemoryBuffer>> Resources =
      readInputFile(ResourceFile);
  if (!Resources)
    return Resources.takeError();
  return readHatScheTBuffers((*Graph)->getBuffer(), GraphFile,
                             (*Resources)->getBuffer(), ResourceFile);
}

Expected<Problem> readHatScheT(StringRef GraphFile) {
  Expected<std::unique_ptr<MemoryBuffer>> Graph = readInputFile(GraphFile);
  if (!Graph)
    return Graph.takeError();
  Expected<std::string> ResourceFile = findHatScheTResourceFile(GraphFile);
  if (!ResourceFile)
    return ResourceFile.takeError();
  Expected<std::unique_ptr<MemoryBuffer>> Resources =
      readInputFile(*ResourceFile);
  if (!Resources)
    return Resources.takeError();
  return readHatScheTBuffers((*Graph)->getBuffer(), GraphFile,
                             (*Resources)->getBuffer(), *ResourceFile);
}

std::array<std::string, 2> hatScheTResourceFileNames(StringRef GraphFile) {
  SmallString<256> Stem(GraphFile);
  sys::path::replace_extension(Stem, "");
  return {(Stem + "_RM.xml").str(), (Stem + "RM.xml").str()};
}

Expected<std::string> findHatScheTResourceFile(StringRef GraphFile) {
  std::array<std::string, 2> Names = hatScheTResourceFileNames(GraphFile);
  for (const std::string &Name : Names)
    if (sys::fs::exists(Name))
      return Name;
  return makeParseError(GraphFile, 0,
                        "no resource model beside the graph: neither " +
                            Names[0] + " nor " + Names[1] + " exists");
}

} // namespace tileas

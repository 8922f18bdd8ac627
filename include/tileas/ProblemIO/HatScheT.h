//===- HatScheT.h - Read HatScheT modulo-scheduling problems --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A HatScheT problem is a GraphML dependence graph plus a resource model
// (graphN.graphml and graphN_RM.xml, or graphNRM.xml as HatScheT's origami
// set names it). It maps onto a tileas::Problem so that
// the core's legality rule is exactly the benchmark set's own:
//
//  * a resource with limit >= 1 becomes a counting pool of that capacity;
//    limit -1 means unlimited and makes no pool;
//  * an op charges its resource's pool 1 unit for max(1, blockingTime)
//    cycles; its Latency is the resource's latency;
//  * an edge i -> j becomes a dependence with latency
//    latency(resource of i) + delay(e) and distance distance(e), of kind Data
//    for deptype "Data" and Order for "Precedence"; as in HatScheT's reader,
//    a missing delay or distance is 0 and a missing deptype is Data.
//
// Op names come from the nodes' "name" data (a node without a name of its
// own is named by its id); ops and dependences keep file order. The
// problem's Name is the graph file. Every file that HatScheT's reader gives a
// meaning to reads with that meaning (GraphMLReader.cpp lists the details);
// malformed input of any kind yields a ParseError naming the file and line.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PROBLEMIO_HATSCHET_H
#define TILEAS_PROBLEMIO_HATSCHET_H

#include "tileas/Sched/Problem.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>

#include <string>

namespace tileas {

/// Reads a graph file and its resource model from disk.
llvm::Expected<Problem> readHatScheT(llvm::StringRef GraphFile,
                                     llvm::StringRef ResourceFile);

/// Reads a graph file and the resource model beside it
/// (findHatScheTResourceFile); a graph that cannot be read is reported as
/// such first.
llvm::Expected<Problem> readHatScheT(llvm::StringRef GraphFile);

/// Reads from memory; the names are used in diagnostics and as the Name.
llvm::Expected<Problem> readHatScheTBuffers(llvm::StringRef GraphText,
                                            llvm::StringRef GraphName,
                                            llvm::StringRef ResourceText,
                                            llvm::StringRef ResourceName);

/// The names a graph file's resource model may have, in order of preference:
/// dir/graph7.graphml -> dir/graph7_RM.xml (the MachSuite set's naming),
/// dir/graph7RM.xml (the origami set's).
std::array<std::string, 2> hatScheTResourceFileNames(llvm::StringRef GraphFile);

/// The resource model beside a graph file: the first of
/// hatScheTResourceFileNames that exists (so graph7_RM.xml wins when both
/// do), or a ParseError on the graph naming both when neither exists.
llvm::Expected<std::string> findHatScheTResourceFile(llvm::StringRef GraphFile);

} // namespace tileas

#endif // TILEAS_PROBLEMIO_HATSCHET_H

//===- DAGBuilderTest.cpp - Edges derived from read/write sets ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "EventSchedTestUtil.h"

#include "gtest/gtest.h"

#include <string>
#include <tuple>
#include <vector>

using namespace llvm;
using namespace tileas;
using namespace tileas::evtest;

namespace {

using EdgeTuple = std::tuple<unsigned, unsigned, std::string>;

std::vector<EdgeTuple> edgeList(const EventDAG &G) {
  std::vector<EdgeTuple> Result;
  for (const EventEdge &E : G.edges())
    Result.emplace_back(E.From, E.To, toString(E.Kind).str());
  return Result;
}

// Location ids used below.
enum : unsigned { R0 = 100, R1, R2, M0 = 200, M1 };

TEST(EventDAGBuilder, RAWChainLinksLastWriterToReader) {
  Block B;
  B.op(TMA, "w", {}, {R0});
  B.op(MMA, "rw", {R0}, {R1});
  B.op(ALU, "r", {R1}, {});
  B.op(ALU, "r0again", {R0}, {});
  EventDAG G = B.build();
  EXPECT_EQ(edgeList(G), (std::vector<EdgeTuple>{
                             {0, 1, "RAW"}, {0, 3, "RAW"}, {1, 2, "RAW"}}));
}

TEST(EventDAGBuilder, WAREdgesFromEveryReaderSinceTheLastWrite) {
  Block B;
  B.op(TMA, "w0", {}, {M0});
  B.op(ALU, "r1", {M0}, {});
  B.op(MMA, "r2", {M0}, {});
  B.op(TMA, "w3", {}, {M0});
  B.op(TMA, "w4", {}, {M0});
  EventDAG G = B.build();
  // Readers 1 and 2 precede writer 3; writer 4 follows 3 only (WAW), since
  // the write of 3 reset the reader list.
  EXPECT_EQ(edgeList(G), (std::vector<EdgeTuple>{{0, 1, "RAW"},
                                                 {0, 2, "RAW"},
                                                 {0, 3, "WAW"},
                                                 {1, 3, "WAR"},
                                                 {2, 3, "WAR"},
                                                 {3, 4, "WAW"}}));
}

TEST(EventDAGBuilder, WAWChainLinksConsecutiveWritersOnly) {
  Block B;
  B.op(TMA, "w0", {}, {M0});
  B.op(ALU, "w1", {}, {M0});
  B.op(LSU, "w2", {}, {M0});
  EventDAG G = B.build();
  EXPECT_EQ(edgeList(G),
            (std::vector<EdgeTuple>{{0, 1, "WAW"}, {1, 2, "WAW"}}));
}

TEST(EventDAGBuilder, ReadModifyWriteMergesToOneRAWEdge) {
  Block B;
  B.op(MMA, "init", {}, {R0});
  B.op(MMA, "acc", {R0, R0}, {R0});
  B.op(ALU, "use", {R0}, {});
  EventDAG G = B.build();
  // init -> acc is both RAW and WAW; the merged edge is RAW.
  EXPECT_EQ(edgeList(G),
            (std::vector<EdgeTuple>{{0, 1, "RAW"}, {1, 2, "RAW"}}));
}

TEST(EventDAGBuilder, UnknownSideEffectsIsAFullBarrier) {
  Block B;
  B.op(TMA, "a", {}, {});
  B.op(ALU, "b", {}, {});
  B.unknownEffects(ALU, "u1");
  B.op(TMA, "c", {}, {});
  B.op(LSU, "d", {}, {});
  B.unknownEffects(XU, "u2");
  B.unknownEffects(XU, "u3");
  B.op(ALU, "e", {}, {});
  EventDAG G = B.build();
  EXPECT_EQ(edgeList(G), (std::vector<EdgeTuple>{{0, 2, "order"},
                                                 {1, 2, "order"},
                                                 {2, 3, "order"},
                                                 {2, 4, "order"},
                                                 {3, 5, "order"},
                                                 {4, 5, "order"},
                                                 {5, 6, "order"},
                                                 {6, 7, "order"}}));
}

TEST(EventDAGBuilder, BarrierKeepsLocationHistory) {
  Block B;
  B.op(TMA, "w", {}, {M0});
  B.unknownEffects(ALU, "u");
  B.op(ALU, "r", {M0}, {});
  EventDAG G = B.build();
  EXPECT_EQ(edgeList(G), (std::vector<EdgeTuple>{
                             {0, 1, "order"}, {0, 2, "RAW"}, {1, 2, "order"}}));
}

TEST(EventDAGBuilder, BlackBoxesKeepTheirRelativeOrder) {
  Block B;
  B.blackBox(XU, "call1", {}, {});
  B.op(ALU, "x", {}, {});
  B.blackBox(XU, "call2", {}, {});
  B.blackBox(LSU, "asm3", {M1}, {});
  B.op(TMA, "y", {}, {M1});
  EventDAG G = B.build();
  // Only the black boxes are chained; their summaries still give data edges.
  EXPECT_EQ(edgeList(G), (std::vector<EdgeTuple>{
                             {0, 2, "order"}, {2, 3, "order"}, {3, 4, "WAR"}}));
}

TEST(EventDAG, DuplicateEdgesMergeAndDataKindsWin) {
  EventDAG G(2);
  G.addNode(0, "p");
  G.addNode(1, "c");
  G.addNode(1, "d");
  G.addEdge(0, 1, EventEdgeKind::Order);
  G.addEdge(0, 1, EventEdgeKind::WAR);
  G.addEdge(0, 2, EventEdgeKind::Order);
  G.addEdge(0, 2, EventEdgeKind::Order);
  G.addEdge(1, 2, EventEdgeKind::WAR);
  G.addEdge(1, 2, EventEdgeKind::RAW);
  ASSERT_FALSE(bool(G.finalize()));
  EXPECT_EQ(edgeList(G), (std::vector<EdgeTuple>{
                             {0, 1, "WAR"}, {0, 2, "order"}, {1, 2, "RAW"}}));
  ASSERT_EQ(G.inEdges(2).size(), 2u);
  EXPECT_EQ(G.inEdges(2)[0].From, 0u);
  EXPECT_EQ(G.inEdges(2)[1].From, 1u);
  ASSERT_NE(G.findEdge(1, 2), nullptr);
  EXPECT_EQ(G.findEdge(1, 2)->Kind, EventEdgeKind::RAW);
  EXPECT_EQ(G.findEdge(2, 1), nullptr);
}

TEST(EventDAG, FinalizeRejectsMalformedInput) {
  {
    EventDAG G(2);
    G.addNode(0);
    G.addNode(1);
    G.addEdge(1, 0, EventEdgeKind::RAW);
    Error E = G.finalize();
    ASSERT_TRUE(bool(E));
    EXPECT_NE(toString(std::move(E)).find("does not point forward"),
              std::string::npos);
  }
  {
    EventDAG G(2);
    G.addNode(2, "bad");
    Error E = G.finalize();
    ASSERT_TRUE(bool(E));
    EXPECT_NE(toString(std::move(E)).find("pipe 2"), std::string::npos);
  }
  {
    EventDAG G(1);
    G.addNode(0);
    G.addEdge(0, 5, EventEdgeKind::RAW);
    Error E = G.finalize();
    ASSERT_TRUE(bool(E));
    EXPECT_NE(toString(std::move(E)).find("does not exist"), std::string::npos);
  }
}

TEST(PipeTable, NamesAreDenseAndUnique) {
  PipeTable P = machinePipes();
  EXPECT_EQ(P.size(), unsigned(NumPipes));
  EXPECT_EQ(P.name(ALU), "alu");
  EXPECT_EQ(P.lookup("lsu"), std::optional<unsigned>(LSU));
  EXPECT_EQ(P.add("tma"), unsigned(TMA));
  EXPECT_EQ(P.size(), unsigned(NumPipes));
  EXPECT_FALSE(P.lookup("nope").has_value());
}

} // namespace

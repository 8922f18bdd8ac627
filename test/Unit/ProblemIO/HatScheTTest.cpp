//===- HatScheTTest.cpp - HatScheT GraphML and resource-model readers -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "ProblemIOTestUtil.h"

#include "tileas/ProblemIO/HatScheT.h"
#include "tileas/ProblemIO/ProblemLoader.h"
#include "tileas/ProblemIO/TextFormat.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <array>
#include <string>

using namespace llvm;
using namespace tileas;
using namespace tileas::iotest;

namespace {

const char *const RM =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?><ModelInformation "
    "Version=\"1.0\">\n"
    "  <Resources>\n"
    "    <Resource blockingTime=\"0\" latency=\"0\" limit=\"-1\" "
    "name=\"virt\" physicalDelay=\"0.0\">\n"
    "      <Cost demand=\"0\" name=\"LUT\"/>\n"
    "    </Resource>\n"
    "    <Resource blockingTime=\"1\" latency=\"2\" limit=\"2\" "
    "name=\"load\"/>\n"
    "    <Resource blockingTime=\"0\" latency=\"3\" limit=\"1\" "
    "name=\"mul\"/>\n"
    "  </Resources>\n"
    "</ModelInformation>\n";

std::string node(const char *Id, const char *Name, const char *Res) {
  return std::string("    <node id=\"") + Id +
         "\">\n      <data key=\"name\">" + Name +
         "</data>\n      <data key=\"uses_resource\">" + Res +
         "</data>\n    </node>\n";
}

std::string edge(const char *Src, const char *Dst, int Delay, int Dist,
                 const char *Type) {
  return std::string("    <edge id=\"") + Src + "_" + Dst + "\" source=\"" +
         Src + "\" target=\"" + Dst + "\">\n      <data key=\"delay\">" +
         std::to_string(Delay) + "</data>\n      <data key=\"distance\">" +
         std::to_string(Dist) + "</data>\n      <data key=\"deptype\">" + Type +
         "</data>\n    </edge>\n";
}

std::string graph(const std::string &Body) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><graphml "
         "xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n  <graph>\n" +
         Body + "  </graph>\n</graphml>\n";
}

TEST(HatScheT, MapsResourcesOpsAndEdges) {
  std::string G =
      graph(node("1", "ld", "load") + node("2", "m", "mul") +
            node("3", "v", "virt") + edge("1", "2", 0, 0, "Data") +
            edge("2", "3", 1, 0, "Precedence") + edge("2", "2", 0, 1, "Data"));
  Expected<Problem> P = readHatScheTBuffers(G, "g.graphml", RM, "g_RM.xml");
  ASSERT_TRUE(bool(P)) << toString(P.takeError());
  EXPECT_EQ(P->Name, "g.graphml");
  // Limited resources become pools in file order; unlimited ones do not.
  ASSERT_EQ(P->model().pools().size(), 2u);
  EXPECT_EQ(P->model().pools()[0].Name, "load");
  EXPECT_EQ(P->model().pools()[0].Capacity, 2u);
  EXPECT_EQ(P->model().pools()[1].Name, "mul");
  EXPECT_EQ(P->model().pools()[1].Capacity, 1u);
  EXPECT_TRUE(P->model().slots().empty());

  ASSERT_EQ(P->size(), 3u);
  const Operation &Ld = P->operations()[0];
  EXPECT_EQ(Ld.Name, "ld");
  EXPECT_EQ(Ld.Latency, 2u);
  ASSERT_EQ(Ld.Pools.size(), 1u);
  EXPECT_EQ(Ld.Pools[0].Pool, 0u);
  EXPECT_EQ(Ld.Pools[0].Units, 1u);
  EXPECT_EQ(Ld.Pools[0].Duration, 1u);
  // blockingTime 0 still holds the unit for its issue cycle.
  const Operation &M = P->operations()[1];
  ASSERT_EQ(M.Pools.size(), 1u);
  EXPECT_EQ(M.Pools[0].Pool, 1u);
  EXPECT_EQ(M.Pools[0].Duration, 1u);
  EXPECT_TRUE(P->operations()[2].Pools.empty());

  ASSERT_EQ(P->dependences().size(), 3u);
  const Dependence &D0 = P->dependences()[0];
  EXPECT_EQ(D0.From, 0u);
  EXPECT_EQ(D0.To, 1u);
  EXPECT_EQ(D0.Latency, 2); // latency(load) + delay 0
  EXPECT_EQ(D0.Distance, 0u);
  EXPECT_EQ(D0.Kind, DepKind::Data);
  const Dependence &D1 = P->dependences()[1];
  EXPECT_EQ(D1.Latency, 4); // latency(mul) + delay 1
  EXPECT_EQ(D1.Kind, DepKind::Order);
  const Dependence &D2 = P->dependences()[2];
  EXPECT_EQ(D2.From, 1u);
  EXPECT_EQ(D2.To, 1u);
  EXPECT_EQ(D2.Latency, 3);
  EXPECT_EQ(D2.Distance, 1u);
}

TEST(HatScheT, EdgesMayPrecedeTheirNodesAndKeysAreAccepted) {
  std::string G = "<graphml><key id=\"d0\" for=\"node\" attr.name=\"name\" "
                  "attr.type=\"string\"><default>x</default></key>"
                  "<graph id=\"G\" edgedefault=\"directed\">" +
                  edge("1", "2", 0, 0, "Data") + node("1", "a", "load") +
                  node("2", "b", "load") + "</graph></graphml>";
  Expected<Problem> P = readHatScheTBuffers(G, "g.graphml", RM, "g_RM.xml");
  ASSERT_TRUE(bool(P)) << toString(P.takeError());
  EXPECT_EQ(P->size(), 2u);
  EXPECT_EQ(P->dependences().size(), 1u);
}

// What HatScheT's GraphMLGraphWriter and XMLResourceWriter write: no
// namespace, a standalone declaration, no deptype, distance before delay,
// edge ids that parallel edges share, an empty name, whole and fractional
// costs and physicalDelay with six decimals.
TEST(HatScheT, ReadsWhatHatScheTWrites) {
  const char *Graph =
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\" ?>\n"
      "<graphml>\n\n  <graph edgedefault=\"directed\" id=\"\">\n\n"
      "    <node id=\"0\">\n      <data key=\"name\">ld</data>\n"
      "      <data key=\"uses_resource\">load</data>\n    </node>\n\n"
      "    <node id=\"1\">\n      <data key=\"name\"/>\n"
      "      <data key=\"uses_resource\">mul</data>\n    </node>\n\n"
      "    <edge id=\"0_1\" source=\"0\" target=\"1\">\n"
      "      <data key=\"distance\">0</data>\n"
      "      <data key=\"delay\">1</data>\n    </edge>\n\n"
      "    <edge id=\"0_1\" source=\"0\" target=\"1\">\n"
      "      <data key=\"distance\">2</data>\n"
      "      <data key=\"delay\">0</data>\n    </edge>\n\n"
      "  </graph>\n\n</graphml>\n";
  const char *Resources =
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\" ?>\n"
      "<ModelInformation>\n\n  <Resources>\n\n"
      "    <Resource blockingTime=\"1\" latency=\"2\" limit=\"2\" "
      "name=\"load\" physicalDelay=\"0.000000\">\n"
      "      <Cost demand=\"1\" name=\"MEM\"/>\n"
      "      <Cost demand=\"0.500000\" name=\"LUT\"/>\n"
      "    </Resource>\n\n"
      "    <Resource blockingTime=\"0\" latency=\"3\" limit=\"-1\" "
      "name=\"mul\" physicalDelay=\"3.100000\"/>\n\n"
      "  </Resources>\n\n</ModelInformation>\n";
  Expected<Problem> P =
      readHatScheTBuffers(Graph, "g.graphml", Resources, "g_RM.xml");
  ASSERT_TRUE(bool(P)) << toString(P.takeError());
  ASSERT_EQ(P->size(), 2u);
  EXPECT_EQ(P->operations()[0].Name, "ld");
  EXPECT_EQ(P->operations()[1].Name, "1"); // Unnamed: named by its id.
  ASSERT_EQ(P->dependences().size(), 2u);
  const Dependence &D0 = P->dependences()[0];
  EXPECT_EQ(D0.Latency, 3); // latency(load) + delay 1
  EXPECT_EQ(D0.Distance, 0u);
  EXPECT_EQ(D0.Kind, DepKind::Data);
  const Dependence &D1 = P->dependences()[1];
  EXPECT_EQ(D1.Latency, 2);
  EXPECT_EQ(D1.Distance, 2u);
  EXPECT_EQ(D1.Kind, DepKind::Data);
}

// The data HatScheT's reader treats as optional or reads under two names,
// and the names it rewrites, map as it maps them.
TEST(HatScheT, OptionalDataAndNamesAsHatScheTReadsThem) {
  std::string G = graph(
      node("1", "load a", "lo ad") + node("2", "a", "load") +
      node("3", "a", "load") +
      "    <node id=\"4\">\n      <data key=\"uses_resource\">load</data>\n"
      "    </node>\n"
      "    <node id=\"modsched_info\">\n      <data key=\"II\">3</data>\n"
      "    </node>\n"
      "    <edge source=\"1\" target=\"2\"/>\n"
      "    <edge source=\"2\" target=\"3\">\n"
      "      <data key=\"latency\">4</data>\n    </edge>\n");
  Expected<Problem> P = readHatScheTBuffers(G, "g.graphml", RM, "g_RM.xml");
  ASSERT_TRUE(bool(P)) << toString(P.takeError());
  // Blanks dropped; a name taken by an earlier node and a missing name give
  // way to the node id; the schedule-info node is no op.
  ASSERT_EQ(P->size(), 4u);
  EXPECT_EQ(P->operations()[0].Name, "loada");
  EXPECT_EQ(P->operations()[1].Name, "a");
  EXPECT_EQ(P->operations()[2].Name, "3");
  EXPECT_EQ(P->operations()[3].Name, "4");
  ASSERT_EQ(P->dependences().size(), 2u);
  // No data at all: delay 0, distance 0, a data dependence.
  const Dependence &D0 = P->dependences()[0];
  EXPECT_EQ(D0.Latency, 2); // latency(load) + 0
  EXPECT_EQ(D0.Distance, 0u);
  EXPECT_EQ(D0.Kind, DepKind::Data);
  // "latency" is HatScheT's other name for the delay.
  EXPECT_EQ(P->dependences()[1].Latency, 6);
}

// Data keys declared by <key> elements belong to other tools and are
// ignored; limit "inf" is unlimited, as -1 is.
TEST(HatScheT, DeclaredDataAndInfiniteLimits) {
  std::string G = "<graphml><key id=\"colour\" for=\"node\"/><graph>"
                  "<node id=\"1\"><data key=\"colour\">red</data>"
                  "<data key=\"uses_resource\">wide</data></node>"
                  "</graph></graphml>";
  const char *Resources =
      "<ModelInformation><Resources><Resource name=\"wide\" latency=\"1\" "
      "blockingTime=\"1\" limit=\"inf\"/></Resources></ModelInformation>";
  Expected<Problem> P =
      readHatScheTBuffers(G, "g.graphml", Resources, "g_RM.xml");
  ASSERT_TRUE(bool(P)) << toString(P.takeError());
  ASSERT_EQ(P->size(), 1u);
  EXPECT_EQ(P->operations()[0].Name, "1");
  EXPECT_TRUE(P->model().pools().empty());
  EXPECT_TRUE(P->operations()[0].Pools.empty());
}

TEST(HatScheT, ResourceFileNaming) {
  std::array<std::string, 2> Names =
      hatScheTResourceFileNames("a/b/graph7.graphml");
  EXPECT_EQ(Names[0], sys::path::convert_to_slash("a/b/graph7_RM.xml"));
  EXPECT_EQ(Names[1], sys::path::convert_to_slash("a/b/graph7RM.xml"));
  Names = hatScheTResourceFileNames("graph1.graphml");
  EXPECT_EQ(Names[0], "graph1_RM.xml");
  EXPECT_EQ(Names[1], "graph1RM.xml");
}

/// A scratch folder holding g.graphml, removed with the test.
class ResourceFileSearch : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(sys::fs::createUniqueDirectory("tileas-rm", Dir));
    Graph = path("g.graphml");
    write(Graph, graph(node("1", "ld", "load") + node("2", "m", "mul") +
                       edge("1", "2", 0, 0, "Data")));
  }
  void TearDown() override { sys::fs::remove_directories(Dir); }

  std::string path(StringRef Name) const {
    SmallString<256> P(Dir);
    sys::path::append(P, Name);
    return std::string(P);
  }
  static void write(const std::string &File, StringRef Text) {
    std::error_code EC;
    raw_fd_ostream OS(File, EC);
    ASSERT_FALSE(EC) << File;
    OS << Text;
  }

  SmallString<256> Dir;
  std::string Graph;
};

TEST_F(ResourceFileSearch, UnderscoreName) {
  write(path("g_RM.xml"), RM);
  Expected<std::string> Found = findHatScheTResourceFile(Graph);
  ASSERT_TRUE(bool(Found)) << toString(Found.takeError());
  EXPECT_EQ(*Found, path("g_RM.xml"));
}

// HatScheT's origami set names the model graphRM.xml.
TEST_F(ResourceFileSearch, OrigamiName) {
  write(path("gRM.xml"), RM);
  Expected<std::string> Found = findHatScheTResourceFile(Graph);
  ASSERT_TRUE(bool(Found)) << toString(Found.takeError());
  EXPECT_EQ(*Found, path("gRM.xml"));
  Expected<Problem> P = loadProblemFile(Graph, LoadOptions());
  ASSERT_TRUE(bool(P)) << toString(P.takeError());
  EXPECT_EQ(P->size(), 2u);
}

TEST_F(ResourceFileSearch, UnderscoreNameWinsOverOrigamiName) {
  write(path("g_RM.xml"), RM);
  write(path("gRM.xml"), "not a resource model");
  Expected<std::string> Found = findHatScheTResourceFile(Graph);
  ASSERT_TRUE(bool(Found)) << toString(Found.takeError());
  EXPECT_EQ(*Found, path("g_RM.xml"));
  Expected<Problem> P = loadProblemFile(Graph, LoadOptions());
  ASSERT_TRUE(bool(P)) << toString(P.takeError());
}

TEST_F(ResourceFileSearch, NeitherNameIsAnErrorNamingBoth) {
  Diag D = diagOf(findHatScheTResourceFile(Graph).takeError());
  EXPECT_EQ(D.File, Graph);
  EXPECT_EQ(D.Line, 0u);
  EXPECT_EQ(D.Message, "no resource model beside the graph: neither " +
                           path("g_RM.xml") + " nor " + path("gRM.xml") +
                           " exists");
  D = diagOf(loadProblemFile(Graph, LoadOptions()).takeError());
  EXPECT_EQ(D.File, Graph);
  EXPECT_NE(D.Message.find("no resource model"), std::string::npos);
}

TEST(HatScheT, AMissingGraphIsReportedBeforeItsResourceModel) {
  Diag D = diagOf(readHatScheT("/nonexistent/g.graphml").takeError());
  EXPECT_EQ(D.File, "/nonexistent/g.graphml");
  EXPECT_NE(D.Message.find("cannot read the file"), std::string::npos);
}

TEST(HatScheT, MissingFilesAreReported) {
  Diag D =
      diagOf(readHatScheT("/nonexistent/g.graphml", "/nonexistent/g_RM.xml")
                 .takeError());
  EXPECT_EQ(D.File, "/nonexistent/g.graphml");
  EXPECT_EQ(D.Line, 0u);
  EXPECT_NE(D.Message.find("cannot read the file"), std::string::npos);
}

struct GraphCase {
  const char *What;
  std::string Graph;
  unsigned Line;
  const char *Message;
};

void PrintTo(const GraphCase &C, std::ostream *OS) { *OS << C.What; }

class GraphErrors : public ::testing::TestWithParam<GraphCase> {};

TEST_P(GraphErrors, NameFileLineAndElement) {
  const GraphCase &C = GetParam();
  Diag D = diagOf(
      readHatScheTBuffers(C.Graph, "g.graphml", RM, "g_RM.xml").takeError());
  EXPECT_EQ(D.File, "g.graphml");
  EXPECT_EQ(D.Line, C.Line) << D.Message;
  EXPECT_NE(D.Message.find(C.Message), std::string::npos) << D.Message;
}

// Line numbers: the graph() wrapper puts <graphml> on 1, <graph> on 2, and
// the body from line 3; node() spans 4 lines, edge() 5.
const GraphCase GraphCases[] = {
    {"wrong root", "<graph/>", 1, "the root element is '<graph>'"},
    {"no graph", "<graphml>\n</graphml>", 1, "holds no '<graph>'"},
    {"two graphs", "<graphml><graph/>\n<graph/></graphml>", 2,
     "second '<graph>'"},
    {"unknown root attribute", "<graphml\n foo=\"1\"><graph/></graphml>", 2,
     "unknown attribute 'foo' on '<graphml>'"},
    {"undirected", "<graphml><graph edgedefault=\"undirected\"/></graphml>", 1,
     "dependence graphs are directed"},
    {"unknown element", graph("    <hyperedge/>\n"), 3,
     "unexpected element '<hyperedge>' inside '<graph>'"},
    {"text in graph", graph("    stray\n"), 3, "unexpected text inside"},
    {"node without id", graph("    <node>\n    </node>\n"), 3,
     "lacks the required attribute 'id'"},
    {"unknown data key",
     graph("    <node id=\"1\">\n      <data key=\"colour\">red</data>\n"
           "    </node>\n"),
     4,
     "unknown data key 'colour' in node '1' (known: name, uses_resource; "
     "a '<key>' element declares others)"},
    {"misspelt optional key",
     graph(node("1", "a", "load") +
           "    <edge source=\"1\" target=\"1\">\n"
           "      <data key=\"distnace\">1</data>\n    </edge>\n"),
     8,
     "unknown data key 'distnace' in edge '1' -> '1' (known: delay or "
     "latency, distance, deptype;"},
    {"delay given as delay and latency",
     graph(node("1", "a", "load") +
           "    <edge source=\"1\" target=\"1\">\n"
           "      <data key=\"delay\">1</data>\n"
           "      <data key=\"latency\">2</data>\n    </edge>\n"),
     9,
     "data key 'latency' is given twice in edge '1' -> '1' (first at line "
     "8, as 'delay')"},
    {"node id taken as a name",
     graph(node("1", "2", "load") + node("2", "", "load")), 7,
     "node '2' is named by its id, which another node has as its name"},
    {"empty uses_resource",
     graph("    <node id=\"1\">\n      <data key=\"uses_resource\"> "
           "</data>\n    </node>\n"),
     4, "node '1' has an empty uses_resource"},
    {"edge to the schedule-info node",
     graph(node("1", "a", "load") + "    <node id=\"modsched_info\"/>\n" +
           edge("1", "modsched_info", 0, 0, "Data")),
     8, "target 'modsched_info' is not a node of the graph"},
    {"duplicate data key",
     graph("    <node id=\"1\">\n      <data key=\"name\">a</data>\n"
           "      <data key=\"name\">b</data>\n    </node>\n"),
     5, "data key 'name' is given twice"},
    {"missing uses_resource",
     graph("    <node id=\"1\">\n      <data key=\"name\">a</data>\n"
           "    </node>\n"),
     3, "node '1' lacks '<data key=\"uses_resource\">'"},
    {"data without key",
     graph("    <node id=\"1\">\n      <data/>\n"
           "    </node>\n"),
     4, "'<data>' lacks the required attribute 'key'"},
    {"duplicate node id",
     graph(node("1", "a", "load") + node("1", "b", "load")), 7,
     "duplicate node id '1'"},
    {"unknown resource", graph(node("1", "a", "load") + node("2", "b", "alu")),
     9, "node '2' uses resource 'alu', which g_RM.xml does not define"},
    {"edge to unknown node",
     graph(node("1", "a", "load") + edge("1", "9", 0, 0, "Data")), 7,
     "edge '1_9': target '9' is not a node of the graph"},
    {"edge from unknown node",
     graph(node("1", "a", "load") + edge("9", "1", 0, 0, "Data")), 7,
     "source '9' is not a node"},
    {"negative distance",
     graph(node("1", "a", "load") + edge("1", "1", 0, -1, "Data")), 9,
     "distances cannot be negative"},
    {"non-numeric delay",
     graph(node("1", "a", "load") +
           "    <edge source=\"1\" target=\"1\">\n"
           "      <data key=\"delay\">soon</data>\n"
           "      <data key=\"distance\">0</data>\n"
           "      <data key=\"deptype\">Data</data>\n    </edge>\n"),
     8, "the delay of edge '1' -> '1' is 'soon', not an integer"},
    {"huge distance",
     graph(node("1", "a", "load") + edge("1", "1", 0, 99999999, "Data")), 9,
     "outside 0..1048576"},
    {"unknown deptype",
     graph(node("1", "a", "load") + edge("1", "1", 0, 1, "Anti")), 10,
     "deptype of edge '1_1' is 'Anti'"},
    {"edge without target",
     graph(node("1", "a", "load") + "    <edge source=\"1\"/>\n"), 7,
     "lacks the required attribute 'target'"},
    {"unknown edge attribute",
     graph(node("1", "a", "load") +
           "    <edge source=\"1\" target=\"1\" weight=\"2\"/>\n"),
     7, "unknown attribute 'weight' on '<edge>'"},
    {"truncated", "<graphml>\n  <graph>\n    <node id=\"1\">\n", 4,
     "element '<node>' opened at line 3 is not closed"},
};

INSTANTIATE_TEST_SUITE_P(Malformed, GraphErrors,
                         ::testing::ValuesIn(GraphCases));

struct RMCase {
  const char *What;
  const char *RM;
  unsigned Line;
  const char *Message;
};

void PrintTo(const RMCase &C, std::ostream *OS) { *OS << C.What; }

class ResourceErrors : public ::testing::TestWithParam<RMCase> {};

TEST_P(ResourceErrors, NameFileLineAndAttribute) {
  const RMCase &C = GetParam();
  std::string G = graph(node("1", "a", "load"));
  Diag D =
      diagOf(readHatScheTBuffers(G, "g.graphml", C.RM, "g_RM.xml").takeError());
  EXPECT_EQ(D.File, "g_RM.xml");
  EXPECT_EQ(D.Line, C.Line) << D.Message;
  EXPECT_NE(D.Message.find(C.Message), std::string::npos) << D.Message;
}

const RMCase RMCases[] = {
    {"wrong root", "<Model/>", 1, "expected '<ModelInformation>'"},
    {"no resources", "<ModelInformation>\n</ModelInformation>", 1,
     "holds no '<Resources>'"},
    {"missing limit",
     "<ModelInformation><Resources>\n<Resource name=\"load\" latency=\"1\" "
     "blockingTime=\"1\"/></Resources></ModelInformation>",
     2, "lacks the required attribute 'limit'"},
    {"unknown attribute",
     "<ModelInformation><Resources>\n<Resource name=\"load\" latency=\"1\" "
     "blockingTime=\"1\" limit=\"1\" colour=\"red\"/></Resources>"
     "</ModelInformation>",
     2, "unknown attribute 'colour' on '<Resource>'"},
    {"non-numeric latency",
     "<ModelInformation><Resources>\n<Resource name=\"load\" latency=\"fast\" "
     "blockingTime=\"1\" limit=\"1\"/></Resources></ModelInformation>",
     2, "the latency of resource 'load' is 'fast', not an integer"},
    {"negative latency",
     "<ModelInformation><Resources>\n<Resource name=\"load\" latency=\"-1\" "
     "blockingTime=\"1\" limit=\"1\"/></Resources></ModelInformation>",
     2, "outside 0.."},
    {"limit zero",
     "<ModelInformation><Resources>\n<Resource name=\"load\" latency=\"1\" "
     "blockingTime=\"1\" limit=\"0\"/></Resources></ModelInformation>",
     2, "the limit of resource 'load' is 0"},
    {"limit below -1",
     "<ModelInformation><Resources>\n<Resource name=\"load\" latency=\"1\" "
     "blockingTime=\"1\" limit=\"-2\"/></Resources></ModelInformation>",
     2, "outside -1.."},
    {"bad physicalDelay",
     "<ModelInformation><Resources>\n<Resource name=\"load\" latency=\"1\" "
     "blockingTime=\"1\" limit=\"1\" physicalDelay=\"1e\"/></Resources>"
     "</ModelInformation>",
     2, "physicalDelay of resource 'load' is '1e'"},
    {"duplicate resource",
     "<ModelInformation><Resources>\n<Resource name=\"load\" latency=\"1\" "
     "blockingTime=\"1\" limit=\"1\"/>\n<Resource name=\"load\" latency=\"1\" "
     "blockingTime=\"1\" limit=\"1\"/></Resources></ModelInformation>",
     3, "duplicate resource 'load' (first at line 2)"},
    {"unknown child",
     "<ModelInformation><Resources>\n<Resource name=\"load\" latency=\"1\" "
     "blockingTime=\"1\" limit=\"1\">\n<Area/></Resource></Resources>"
     "</ModelInformation>",
     3, "unexpected element '<Area>' in resource 'load'"},
    {"non-numeric demand",
     "<ModelInformation><Resources>\n<Resource name=\"load\" latency=\"1\" "
     "blockingTime=\"1\" limit=\"1\">\n<Cost name=\"LUT\" demand=\"a lot\"/>"
     "</Resource></Resources></ModelInformation>",
     3, "the demand of cost 'LUT' of resource 'load' is 'a lot', not a number"},
    {"limit neither a count nor inf",
     "<ModelInformation><Resources>\n<Resource name=\"load\" latency=\"1\" "
     "blockingTime=\"1\" limit=\"many\"/></Resources></ModelInformation>",
     2, "the limit of resource 'load' is 'many', not an integer"},
    {"cost without demand",
     "<ModelInformation><Resources>\n<Resource name=\"load\" latency=\"1\" "
     "blockingTime=\"1\" limit=\"1\">\n<Cost name=\"LUT\"/></Resource>"
     "</Resources></ModelInformation>",
     3, "'<Cost>' lacks the required attribute 'demand'"},
    {"truncated", "<ModelInformation><Resources>\n<Resource name=\"lo", 2,
     "unexpected end of file in the value of attribute 'name'"},
};

INSTANTIATE_TEST_SUITE_P(Malformed, ResourceErrors,
                         ::testing::ValuesIn(RMCases));

// The whole corpus reads, and a sample file maps as counted by hand (grep
// over aes2/graph1.graphml: 33 nodes, 53 edges, 19 Precedence).
TEST(HatScheTCorpus, EveryGraphReads) {
  MachSuiteCorpus Corpus = machSuiteCorpus();
  if (Corpus.Dir.empty())
    GTEST_SKIP() << "neither TILEAS_SHARED_DIR nor TILEAS_SRC_ROOT is set";
  const std::string &Dir = Corpus.Dir;
  std::error_code EC;
  unsigned Graphs = 0;
  for (sys::fs::recursive_directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    if (sys::path::extension(It->path()) != ".graphml")
      continue;
    ++Graphs;
    Expected<std::string> RM = findHatScheTResourceFile(It->path());
    ASSERT_TRUE(bool(RM)) << toString(RM.takeError());
    Expected<Problem> P = readHatScheT(It->path(), *RM);
    ASSERT_TRUE(bool(P)) << toString(P.takeError());
    EXPECT_GT(P->size(), 0u) << It->path();
    // And survives the text round trip unchanged.
    Expected<Problem> Back = readProblemText(textOf(*P), "rt.tsp");
    ASSERT_TRUE(bool(Back)) << toString(Back.takeError());
    EXPECT_TRUE(sameProblem(*P, *Back)) << It->path();
  }
  EXPECT_EQ(Graphs, Corpus.Graphs) << Dir;

  Expected<Problem> P =
      readHatScheT(Dir + "/aes2/graph1.graphml", Dir + "/aes2/graph1_RM.xml");
  ASSERT_TRUE(bool(P)) << toString(P.takeError());
  EXPECT_EQ(P->size(), 33u);
  EXPECT_EQ(P->dependences().size(), 53u);
  unsigned Order = 0, Carried = 0;
  for (const Dependence &D : P->dependences()) {
    Order += D.Kind == DepKind::Order;
    Carried += D.Distance > 0;
  }
  EXPECT_EQ(Order, 19u);
  EXPECT_EQ(Carried, 2u);
  // mem_read (limit 2) and mem_write (limit 1) are the limited resources.
  ASSERT_EQ(P->model().pools().size(), 2u);
  EXPECT_EQ(P->model().pools()[0].Name, "mem_read");
  EXPECT_EQ(P->model().pools()[0].Capacity, 2u);
  EXPECT_EQ(P->model().pools()[1].Name, "mem_write");
  EXPECT_EQ(P->model().pools()[1].Capacity, 1u);
}

} // namespace

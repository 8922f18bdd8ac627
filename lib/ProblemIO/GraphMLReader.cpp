//===- GraphMLReader.cpp - HatScheT dependence graphs in GraphML ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Accepted shape (anything else is an error):
//   <graphml [xmlns...]> <key .../>* <graph [id] [edgedefault="directed"]>
//     <node id="N"> [<data key="name">..</data>]
//                   <data key="uses_resource">..</data> </node>
//     <edge [id] source="N" target="M"> [<data key="delay">..</data>]
//           [<data key="distance">..</data>] [<data key="deptype">..</data>]
//     </edge>
//   </graph> </graphml>
// Nodes and edges may interleave; edges are resolved once all nodes are known.
//
// Every file HatScheT's own reader (GraphMLGraphReader) gives a meaning to
// reads here with that meaning, including the files HatScheT's writer makes:
//  * an edge's delay (also spelt "latency"), distance and deptype are
//    optional: 0, 0 and Data;
//  * edge ids need not be unique (the writer names an edge
//    "<source>_<target>", so parallel edges share one);
//  * blanks inside a name or a uses_resource are dropped, and a node whose
//    name is missing, empty or taken by an earlier node is named by its id;
//  * the node "modsched_info" holds a schedule, not an operation: skipped.
// Rejected with file and line, as HatScheT does or where its reading would
// depend on the element before (it carries a missing value over from there):
// an edge to an unknown node, a node without uses_resource, a duplicate node
// id; and beyond it: a data key given twice, a number that is not a plain
// integer, a negative distance, an undirected graph, unknown elements, and
// data keys that are neither HatScheT's nor declared by a <key> element (a
// misspelt optional key would otherwise silently take its default).
//
//===----------------------------------------------------------------------===//

#include "HatScheTFormat.h"
#include "XMLSchema.h"

#include "tileas/ProblemIO/Limits.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace llvm;

namespace tileas {

namespace {

/// One <data key="..."> child that a node or an edge may have.
struct DataField {
  StringRef Key;
  bool Required = false;
  /// Another key HatScheT reads as the same value, or "".
  StringRef Alias = "";
  const xml::Element *Elem = nullptr;
};

/// The id of the node in which HatScheT's tools keep schedule information.
constexpr StringLiteral ScheduleInfoNode = "modsched_info";

/// HatScheT drops every blank from a name it reads.
std::string withoutBlanks(StringRef S) {
  std::string Out;
  for (char C : trimXMLSpace(S))
    if (C != ' ')
      Out += C;
  return Out;
}

class GraphMLReader {
public:
  GraphMLReader(StringRef File) : S(File) {}
  Expected<HatScheTGraph> read(StringRef Buffer);

private:
  Error readKey(const xml::Element &Key);
  Error readNode(const xml::Element &Node);
  Error readEdge(const xml::Element &Edge);
  Error collectData(const xml::Element &Owner, const Twine &OwnerDesc,
                    MutableArrayRef<DataField> Fields);
  Expected<unsigned> resolve(const xml::Element &Edge, StringRef Attr,
                             const Twine &EdgeDesc);

  XMLSchema S;
  HatScheTGraph G;
  StringMap<unsigned> NodeIndex;
  StringSet<> Names;
  /// Data keys declared by <key> elements: data for other tools, ignored.
  StringSet<> DeclaredKeys;
};

} // namespace

Expected<HatScheTGraph> GraphMLReader::read(StringRef Buffer) {
  Expected<xml::Element> RootOrErr = xml::parseXMLDocument(Buffer, S.file());
  if (!RootOrErr)
    return RootOrErr.takeError();
  const xml::Element &Root = *RootOrErr;
  if (Error E = S.checkRoot(Root, "graphml"))
    return std::move(E);
  if (Error E = S.checkAttributes(Root, {"xmlns", "xmlns:", "xsi:"}, {}))
    return std::move(E);
  if (Error E = S.checkNoText(Root))
    return std::move(E);

  const xml::Element *Graph = nullptr;
  for (const xml::Element &Child : Root.Children) {
    if (Child.Name == "key") {
      if (Error E = readKey(Child))
        return std::move(E);
    } else if (Child.Name == "graph") {
      if (Graph)
        return S.error(Child.Line, "second '<graph>' element; a file holds "
                                   "one loop graph");
      Graph = &Child;
    } else {
      return S.error(Child.Line, "unexpected element '<" + Child.Name +
                                     ">' inside '<graphml>'");
    }
  }
  if (!Graph)
    return S.error(Root.Line, "'<graphml>' holds no '<graph>' element");
  if (Error E = S.checkAttributes(*Graph, {"id", "edgedefault"}, {}))
    return std::move(E);
  if (const xml::Attribute *A = Graph->attribute("edgedefault"))
    if (A->Value != "directed")
      return S.error(A->Line, "edgedefault is '" + A->Value +
                                  "'; dependence graphs are directed");
  if (Error E = S.checkNoText(*Graph))
    return std::move(E);

  for (const xml::Element &Child : Graph->Children) {
    if (Child.Name == "node") {
      if (Error E = readNode(Child))
        return std::move(E);
    } else if (Child.Name != "edge") {
      return S.error(Child.Line, "unexpected element '<" + Child.Name +
                                     ">' inside '<graph>'");
    }
  }
  for (const xml::Element &Child : Graph->Children)
    if (Child.Name == "edge")
      if (Error E = readEdge(Child))
        return std::move(E);
  return std::move(G);
}

// Key declarations describe data types for generic GraphML tools; the keys
// this reader knows are fixed, so declarations are checked for shape only.
Error GraphMLReader::readKey(const xml::Element &Key) {
  if (Error E = S.checkAttributes(Key, {"id", "for", "attr.name", "attr.type"},
                                  {"id"}))
    return E;
  DeclaredKeys.insert(Key.attribute("id")->Value);
  for (const xml::Element &Child : Key.Children)
    if (Child.Name != "default" && Child.Name != "desc")
      return S.error(Child.Line, "unexpected element '<" + Child.Name +
                                     ">' inside '<key>'");
  return Error::success();
}

Error GraphMLReader::collectData(const xml::Element &Owner,
                                 const Twine &OwnerDesc,
                                 MutableArrayRef<DataField> Fields) {
  if (Error E = S.checkNoText(Owner))
    return E;
  for (const xml::Element &Child : Owner.Children) {
    if (Child.Name != "data")
      return S.error(Child.Line, "unexpected element '<" + Child.Name +
                                     ">' in " + OwnerDesc);
    if (Error E = S.checkAttributes(Child, {"key"}, {"key"}))
      return E;
    if (Error E = S.checkNoChildren(Child))
      return E;
    StringRef Key = Child.attribute("key")->Value;
    DataField *F = find_if(Fields, [&](const DataField &F) {
      return F.Key == Key || (!F.Alias.empty() && F.Alias == Key);
    });
    if (F == Fields.end()) {
      if (DeclaredKeys.contains(Key))
        continue;
      std::string Known;
      for (const DataField &K : Fields)
        Known += (Known.empty() ? "" : ", ") + K.Key.str() +
                 (K.Alias.empty() ? "" : " or " + K.Alias.str());
      return S.error(Child.Line, "unknown data key '" + Key + "' in " +
                                     OwnerDesc + " (known: " + Known +
                                     "; a '<key>' element declares others)");
    }
    if (F->Elem) {
      StringRef First = F->Elem->attribute("key")->Value;
      return S.error(Child.Line,
                     "data key '" + Key + "' is given twice in " + OwnerDesc +
                         " (first at line " + Twine(F->Elem->Line) +
                         (First == Key ? "" : ", as '" + First + "'") + ")");
    }
    F->Elem = &Child;
  }
  for (const DataField &F : Fields)
    if (F.Required && !F.Elem)
      return S.error(Owner.Line,
                     OwnerDesc + " lacks '<data key=\"" + F.Key + "\">'");
  return Error::success();
}

Error GraphMLReader::readNode(const xml::Element &Node) {
  if (Error E = S.checkAttributes(Node, {"id"}, {"id"}))
    return E;
  const xml::Attribute &Id = *Node.attribute("id");
  if (Id.Value == ScheduleInfoNode)
    return Error::success();
  std::string Desc = "node '" + Id.Value + "'";
  if (Id.Value.empty())
    return S.error(Id.Line, "a node has an empty id");
  DataField Fields[] = {{"name"}, {"uses_resource", /*Required=*/true}};
  if (Error E = collectData(Node, Desc, Fields))
    return E;

  HatScheTNode N;
  N.Id = Id.Value;
  N.Line = Node.Line;
  N.Resource = withoutBlanks(Fields[1].Elem->Text);
  N.ResourceLine = Fields[1].Elem->Line;
  if (N.Resource.empty())
    return S.error(N.ResourceLine, Desc + " has an empty uses_resource");

  auto [It, New] = NodeIndex.try_emplace(N.Id, G.Nodes.size());
  if (!New)
    return S.error(Id.Line, "duplicate node id '" + N.Id + "' (first at line " +
                                Twine(G.Nodes[It->second].Line) + ")");
  // Names identify ops in schedules and in the text format, so they must be
  // unique; HatScheT's are labels only, and its writer may leave them empty.
  if (Fields[0].Elem)
    N.Name = withoutBlanks(Fields[0].Elem->Text);
  if (N.Name.empty() || Names.contains(N.Name))
    N.Name = N.Id;
  if (!Names.insert(N.Name).second)
    return S.error(Id.Line, Desc + " is named by its id, which another node "
                                   "has as its name; op names must be unique");
  G.Nodes.push_back(std::move(N));
  return Error::success();
}

Expected<unsigned> GraphMLReader::resolve(const xml::Element &Edge,
                                          StringRef Attr,
                                          const Twine &EdgeDesc) {
  const xml::Attribute &A = *Edge.attribute(Attr);
  auto It = NodeIndex.find(A.Value);
  if (It == NodeIndex.end())
    return S.error(A.Line, EdgeDesc + ": " + Attr + " '" + A.Value +
                               "' is not a node of the graph");
  return It->second;
}

Error GraphMLReader::readEdge(const xml::Element &Edge) {
  if (Error E = S.checkAttributes(Edge, {"id", "source", "target"},
                                  {"source", "target"}))
    return E;
  HatScheTEdge Out;
  Out.Line = Edge.Line;
  std::string Desc;
  if (const xml::Attribute *Id = Edge.attribute("id")) {
    Out.Id = Id->Value;
    Desc = "edge '" + Id->Value + "'";
  } else {
    Desc = "edge '" + Edge.attribute("source")->Value + "' -> '" +
           Edge.attribute("target")->Value + "'";
  }

  Expected<unsigned> Source = resolve(Edge, "source", Desc);
  if (!Source)
    return Source.takeError();
  Expected<unsigned> Target = resolve(Edge, "target", Desc);
  if (!Target)
    return Target.takeError();
  Out.Source = *Source;
  Out.Target = *Target;

  DataField Fields[] = {{"delay", /*Required=*/false, /*Alias=*/"latency"},
                        {"distance"},
                        {"deptype"}};
  if (Error E = collectData(Edge, Desc, Fields))
    return E;

  if (const xml::Element *Delay = Fields[0].Elem) {
    Expected<int64_t> D = S.integer(Delay->Line, "the delay of " + Desc,
                                    trimXMLSpace(Delay->Text),
                                    -limits::MaxLatency, limits::MaxLatency);
    if (!D)
      return D.takeError();
    Out.Delay = *D;
  }

  if (const xml::Element *Distance = Fields[1].Elem) {
    StringRef DistText = trimXMLSpace(Distance->Text);
    if (DistText.starts_with("-"))
      return S.error(Distance->Line, "the distance of " + Desc + " is " +
                                         DistText +
                                         "; distances cannot be negative");
    Expected<int64_t> Dist =
        S.integer(Distance->Line, "the distance of " + Desc, DistText, 0,
                  limits::MaxDistance);
    if (!Dist)
      return Dist.takeError();
    Out.Distance = *Dist;
  }

  if (const xml::Element *DepType = Fields[2].Elem) {
    StringRef Type = trimXMLSpace(DepType->Text);
    if (Type == "Data")
      Out.IsData = true;
    else if (Type == "Precedence")
      Out.IsData = false;
    else
      return S.error(DepType->Line, "the deptype of " + Desc + " is '" + Type +
                                        "'; expected Data or Precedence");
  }
  G.Edges.push_back(std::move(Out));
  return Error::success();
}

Expected<HatScheTGraph> readGraphML(StringRef Buffer, StringRef File) {
  return GraphMLReader(File).read(Buffer);
}

} // namespace tileas

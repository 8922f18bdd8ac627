//===- GraphMLReader.cpp - HatScheT dependence graphs in GraphML ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Accepted shape (anything else is an error):
//   <graphml [xmlns...]> <key .../>* <graph [id] [edgedefault="directed"]>
//     <node id="N"> <data key="name">..</data>
//                   <data key="uses_resource">..</data> </node>
//     <edge [id] source="N" target="M"> <data key="delay">..</data>
//           <data key="distance">..</data> <data key="deptype">..</data>
//     </edge>
//   </graph> </graphml>
// Nodes and edges may interleave; edges are resolved once all nodes are known.
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

/// One expected <data key="..."> child of a node or an edge.
struct DataField {
  StringRef Key;
  const xml::Element *Elem = nullptr;
};

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
  StringSet<> EdgeIds;
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
    DataField *F =
        find_if(Fields, [&](const DataField &F) { return F.Key == Key; });
    if (F == Fields.end()) {
      std::string Known;
      for (const DataField &K : Fields)
        Known += (Known.empty() ? "" : ", ") + K.Key.str();
      return S.error(Child.Line, "unknown data key '" + Key + "' in " +
                                     OwnerDesc + " (known: " + Known + ")");
    }
    if (F->Elem)
      return S.error(Child.Line, "data key '" + Key + "' is given twice in " +
                                     OwnerDesc + " (first at line " +
                                     Twine(F->Elem->Line) + ")");
    F->Elem = &Child;
  }
  for (const DataField &F : Fields)
    if (!F.Elem)
      return S.error(Owner.Line,
                     OwnerDesc + " lacks '<data key=\"" + F.Key + "\">'");
  return Error::success();
}

Error GraphMLReader::readNode(const xml::Element &Node) {
  if (Error E = S.checkAttributes(Node, {"id"}, {"id"}))
    return E;
  const xml::Attribute &Id = *Node.attribute("id");
  std::string Desc = "node '" + Id.Value + "'";
  if (Id.Value.empty())
    return S.error(Id.Line, "a node has an empty id");
  DataField Fields[] = {{"name"}, {"uses_resource"}};
  if (Error E = collectData(Node, Desc, Fields))
    return E;

  HatScheTNode N;
  N.Id = Id.Value;
  N.Line = Node.Line;
  N.Name = trimXMLSpace(Fields[0].Elem->Text).str();
  N.Resource = trimXMLSpace(Fields[1].Elem->Text).str();
  N.ResourceLine = Fields[1].Elem->Line;
  if (N.Name.empty())
    return S.error(Fields[0].Elem->Line, Desc + " has an empty name");
  if (N.Resource.empty())
    return S.error(N.ResourceLine, Desc + " has an empty uses_resource");

  auto [It, New] = NodeIndex.try_emplace(N.Id, G.Nodes.size());
  if (!New)
    return S.error(Id.Line, "duplicate node id '" + N.Id + "' (first at line " +
                                Twine(G.Nodes[It->second].Line) + ")");
  // Names identify ops in schedules and in the text format.
  if (!Names.insert(N.Name).second)
    return S.error(Fields[0].Elem->Line,
                   Desc + " reuses the name '" + N.Name +
                       "' of another node; op names must be unique");
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
  const xml::Attribute *Id = Edge.attribute("id");
  std::string Desc;
  if (Id) {
    Out.Id = Id->Value;
    Desc = "edge '" + Id->Value + "'";
    if (!EdgeIds.insert(Id->Value).second)
      return S.error(Id->Line, "duplicate edge id '" + Id->Value + "'");
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

  DataField Fields[] = {{"delay"}, {"distance"}, {"deptype"}};
  if (Error E = collectData(Edge, Desc, Fields))
    return E;
  const xml::Element &Delay = *Fields[0].Elem;
  const xml::Element &Distance = *Fields[1].Elem;
  const xml::Element &DepType = *Fields[2].Elem;

  Expected<int64_t> D =
      S.integer(Delay.Line, "the delay of " + Desc, trimXMLSpace(Delay.Text),
                -limits::MaxLatency, limits::MaxLatency);
  if (!D)
    return D.takeError();
  Out.Delay = *D;

  StringRef DistText = trimXMLSpace(Distance.Text);
  if (DistText.starts_with("-"))
    return S.error(Distance.Line, "the distance of " + Desc + " is " +
                                      DistText +
                                      "; distances cannot be negative");
  Expected<int64_t> Dist = S.integer(Distance.Line, "the distance of " + Desc,
                                     DistText, 0, limits::MaxDistance);
  if (!Dist)
    return Dist.takeError();
  Out.Distance = *Dist;

  StringRef Type = trimXMLSpace(DepType.Text);
  if (Type == "Data")
    Out.IsData = true;
  else if (Type == "Precedence")
    Out.IsData = false;
  else
    return S.error(DepType.Line, "the deptype of " + Desc + " is '" + Type +
                                     "'; expected Data or Precedence");
  G.Edges.push_back(std::move(Out));
  return Error::success();
}

Expected<HatScheTGraph> readGraphML(StringRef Buffer, StringRef File) {
  return GraphMLReader(File).read(Buffer);
}

} // namespace tileas

//===- ResourceModelReader.cpp - HatScheT resource models -----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Accepted shape:
//   <ModelInformation [Version]> <Resources>
//     <Resource name latency blockingTime limit [physicalDelay]>
//       <Cost name demand/>*
//     </Resource>*
//   </Resources> </ModelInformation>
// As in HatScheT's XMLResourceReader, limit is a count, -1 or "inf" (both
// unlimited), and a cost's demand may have a fraction (HatScheT's writer
// prints one when it is not whole). Costs (area of an FPGA operator) and
// physicalDelay do not affect scheduling; they are checked for shape and
// otherwise ignored.
//
//===----------------------------------------------------------------------===//

#include "HatScheTFormat.h"
#include "Numbers.h"
#include "XMLSchema.h"

#include "tileas/ProblemIO/Limits.h"

#include "llvm/ADT/StringMap.h"

using namespace llvm;

namespace tileas {

namespace {

class ResourceModelReader {
public:
  ResourceModelReader(StringRef File) : S(File) {}
  Expected<std::vector<HatScheTResource>> read(StringRef Buffer);

private:
  Error readResource(const xml::Element &R);
  Error readCost(const xml::Element &Cost, const Twine &Desc);

  XMLSchema S;
  std::vector<HatScheTResource> Resources;
  StringMap<unsigned> ByName;
};

} // namespace

Expected<std::vector<HatScheTResource>>
ResourceModelReader::read(StringRef Buffer) {
  Expected<xml::Element> RootOrErr = xml::parseXMLDocument(Buffer, S.file());
  if (!RootOrErr)
    return RootOrErr.takeError();
  const xml::Element &Root = *RootOrErr;
  if (Error E = S.checkRoot(Root, "ModelInformation"))
    return std::move(E);
  if (Error E = S.checkAttributes(Root, {"Version"}, {}))
    return std::move(E);
  if (Error E = S.checkNoText(Root))
    return std::move(E);

  const xml::Element *List = nullptr;
  for (const xml::Element &Child : Root.Children) {
    if (Child.Name != "Resources")
      return S.error(Child.Line, "unexpected element '<" + Child.Name +
                                     ">' inside '<ModelInformation>'");
    if (List)
      return S.error(Child.Line, "second '<Resources>' element");
    List = &Child;
  }
  if (!List)
    return S.error(Root.Line, "'<ModelInformation>' holds no '<Resources>'");
  if (Error E = S.checkAttributes(*List, {}, {}))
    return std::move(E);
  if (Error E = S.checkNoText(*List))
    return std::move(E);
  for (const xml::Element &Child : List->Children) {
    if (Child.Name != "Resource")
      return S.error(Child.Line, "unexpected element '<" + Child.Name +
                                     ">' inside '<Resources>'");
    if (Error E = readResource(Child))
      return std::move(E);
  }
  return std::move(Resources);
}

Error ResourceModelReader::readResource(const xml::Element &R) {
  if (Error E = S.checkAttributes(
          R, {"name", "latency", "blockingTime", "limit", "physicalDelay"},
          {"name", "latency", "blockingTime", "limit"}))
    return E;
  if (Error E = S.checkNoText(R))
    return E;
  HatScheTResource Out;
  Out.Line = R.Line;
  Out.Name = R.attribute("name")->Value;
  if (Out.Name.empty())
    return S.error(R.attribute("name")->Line, "a resource has an empty name");
  std::string Desc = "resource '" + Out.Name + "'";

  auto Number = [&](StringRef Attr, int64_t Min,
                    int64_t Max) -> Expected<int64_t> {
    const xml::Attribute &A = *R.attribute(Attr);
    return S.integer(A.Line, "the " + Attr + " of " + Desc, A.Value, Min, Max);
  };
  Expected<int64_t> Latency = Number("latency", 0, limits::MaxLatency);
  if (!Latency)
    return Latency.takeError();
  Expected<int64_t> Blocking = Number("blockingTime", 0, limits::MaxDuration);
  if (!Blocking)
    return Blocking.takeError();
  // HatScheT spells an unlimited resource -1 or "inf".
  Expected<int64_t> Limit = R.attribute("limit")->Value == "inf"
                                ? -1
                                : Number("limit", -1, limits::MaxPoolCapacity);
  if (!Limit)
    return Limit.takeError();
  if (*Limit == 0)
    return S.error(R.attribute("limit")->Line,
                   "the limit of " + Desc +
                       " is 0; use -1 for unlimited or at least 1");
  Out.Latency = *Latency;
  Out.BlockingTime = *Blocking;
  Out.Limit = *Limit;
  if (const xml::Attribute *A = R.attribute("physicalDelay"))
    if (!isPlainDecimalFraction(A->Value))
      return S.error(A->Line, "the physicalDelay of " + Desc + " is '" +
                                  A->Value + "', not a number");

  for (const xml::Element &Child : R.Children) {
    if (Child.Name != "Cost")
      return S.error(Child.Line,
                     "unexpected element '<" + Child.Name + ">' in " + Desc);
    if (Error E = readCost(Child, Desc))
      return E;
  }

  auto [It, New] = ByName.try_emplace(Out.Name, Resources.size());
  if (!New)
    return S.error(R.Line, "duplicate " + Desc + " (first at line " +
                               Twine(Resources[It->second].Line) + ")");
  Resources.push_back(std::move(Out));
  return Error::success();
}

Error ResourceModelReader::readCost(const xml::Element &Cost,
                                    const Twine &Desc) {
  if (Error E = S.checkAttributes(Cost, {"name", "demand"}, {"name", "demand"}))
    return E;
  if (Error E = S.checkNoChildren(Cost))
    return E;
  if (Error E = S.checkNoText(Cost))
    return E;
  const xml::Attribute &Demand = *Cost.attribute("demand");
  if (!isPlainDecimalFraction(Demand.Value))
    return S.error(Demand.Line, "the demand of cost '" +
                                    Cost.attribute("name")->Value + "' of " +
                                    Desc + " is '" + Demand.Value +
                                    "', not a number");
  return Error::success();
}

Expected<std::vector<HatScheTResource>> readHatScheTResources(StringRef Buffer,
                                                              StringRef File) {
  return ResourceModelReader(File).read(Buffer);
}

} // namespace tileas

//===- XMLSchema.cpp - Strict checks shared by the XML problem readers ----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "XMLSchema.h"
#include "Numbers.h"

#include "tileas/ProblemIO/ParseError.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace tileas {

StringRef trimXMLSpace(StringRef S) { return S.trim(" \t\r\n"); }

Error XMLSchema::error(unsigned Line, const Twine &Msg) const {
  return makeParseError(File, Line, Msg);
}

Error XMLSchema::checkAttributes(const xml::Element &E,
                                 ArrayRef<StringRef> Allowed,
                                 ArrayRef<StringRef> Required) const {
  for (const xml::Attribute &A : E.Attributes) {
    bool Known = any_of(Allowed, [&](StringRef Name) {
      return Name.ends_with(":") ? StringRef(A.Name).starts_with(Name)
                                 : A.Name == Name;
    });
    if (!Known)
      return error(A.Line,
                   "unknown attribute '" + A.Name + "' on '<" + E.Name + ">'");
  }
  for (StringRef Name : Required)
    if (!E.attribute(Name))
      return error(E.Line, "'<" + E.Name + ">' lacks the required attribute '" +
                               Name + "'");
  return Error::success();
}

Error XMLSchema::checkNoText(const xml::Element &E) const {
  if (E.TextLine)
    return error(E.TextLine, "unexpected text inside '<" + E.Name + ">'");
  return Error::success();
}

Error XMLSchema::checkNoChildren(const xml::Element &E) const {
  if (!E.Children.empty())
    return error(E.Children.front().Line, "unexpected element '<" +
                                              E.Children.front().Name +
                                              ">' inside '<" + E.Name + ">'");
  return Error::success();
}

Error XMLSchema::checkRoot(const xml::Element &E, StringRef Name) const {
  if (E.Name != Name)
    return error(E.Line, "the root element is '<" + E.Name + ">', expected '<" +
                             Name + ">'");
  return Error::success();
}

Expected<int64_t> XMLSchema::integer(unsigned Line, const Twine &What,
                                     StringRef Text, int64_t Min,
                                     int64_t Max) const {
  std::optional<int64_t> V = parseDecimal(Text);
  if (!V)
    return error(Line, What + " is '" + Text + "', not an integer");
  if (*V < Min || *V > Max)
    return error(Line, What + " is " + Twine(*V) + ", outside " + Twine(Min) +
                           ".." + Twine(Max));
  return *V;
}

} // namespace tileas

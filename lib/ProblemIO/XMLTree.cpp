//===- XMLTree.cpp - Element tree over the XML tokenizer ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/ProblemIO/ParseError.h"
#include "tileas/ProblemIO/XML.h"

#include <optional>

using namespace llvm;

namespace tileas {
namespace xml {

const Attribute *Element::attribute(StringRef AttrName) const {
  for (const Attribute &A : Attributes)
    if (A.Name == AttrName)
      return &A;
  return nullptr;
}

static bool isBlank(StringRef S) {
  return all_of(S, [](char C) { return isXMLSpace(C); });
}

Expected<Element> parseXMLDocument(StringRef Buffer, StringRef FileName) {
  Tokenizer Lexer(Buffer, FileName);
  // Open elements, innermost last; an element moves into its parent when it
  // closes, so no pointer into a growing vector is ever kept.
  std::vector<Element> Open;
  std::optional<Element> Root;

  auto Close = [&](Element E) {
    if (Open.empty())
      Root = std::move(E);
    else
      Open.back().Children.push_back(std::move(E));
  };

  for (;;) {
    Token T;
    if (Error E = Lexer.next(T))
      return std::move(E);
    switch (T.Kind) {
    case Token::EndOfFile:
      if (!Open.empty())
        return makeParseError(FileName, T.Line,
                              "unexpected end of file: element '<" +
                                  Open.back().Name + ">' opened at line " +
                                  Twine(Open.back().Line) + " is not closed");
      if (!Root)
        return makeParseError(FileName, T.Line, "the file has no root element");
      return std::move(*Root);

    case Token::CharData: {
      if (isBlank(T.Text)) {
        if (!Open.empty())
          Open.back().Text += T.Text;
        break;
      }
      // Point at the first non-blank character, not at the blanks before it.
      size_t Lead = StringRef(T.Text).find_first_not_of(" \t\r\n");
      unsigned Line = T.Line + StringRef(T.Text).take_front(Lead).count('\n');
      if (Open.empty())
        return makeParseError(FileName, Line, "text outside the root element");
      if (!Open.back().TextLine)
        Open.back().TextLine = Line;
      Open.back().Text += T.Text;
      break;
    }

    case Token::StartTag: {
      if (Open.empty() && Root)
        return makeParseError(FileName, T.Line,
                              "second root element '<" + T.Name +
                                  ">'; a document has exactly one");
      if (Open.size() >= MaxDepth)
        return makeParseError(FileName, T.Line,
                              "elements are nested deeper than " +
                                  Twine(MaxDepth) + " levels");
      Element E;
      E.Name = std::move(T.Name);
      E.Line = T.Line;
      E.Attributes = std::move(T.Attributes);
      if (T.SelfClosing)
        Close(std::move(E));
      else
        Open.push_back(std::move(E));
      break;
    }

    case Token::EndTag: {
      if (Open.empty())
        return makeParseError(FileName, T.Line,
                              "end tag '</" + T.Name +
                                  ">' without an open element");
      if (Open.back().Name != T.Name)
        return makeParseError(FileName, T.Line,
                              "end tag '</" + T.Name + ">' does not match '<" +
                                  Open.back().Name + ">' opened at line " +
                                  Twine(Open.back().Line));
      Element E = std::move(Open.back());
      Open.pop_back();
      Close(std::move(E));
      break;
    }
    }
  }
}

} // namespace xml
} // namespace tileas

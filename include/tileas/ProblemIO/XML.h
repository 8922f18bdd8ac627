//===- XML.h - A small strict XML reader for problem files ----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Enough XML for GraphML and HatScheT resource models, and no more: elements,
// attributes, character data, the five predefined entities and numeric
// character references, CDATA sections, comments and processing instructions
// (skipped), and an XML declaration at the very start. DOCTYPE and other
// '<!' declarations are refused, as is anything that is not well-formed or
// not UTF-8. Every token carries its line so readers can point at it.
//
// The tokenizer is a pull lexer; parseXMLDocument builds an element tree on
// top of it without recursion (nesting is capped, so destruction is shallow).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PROBLEMIO_XML_H
#define TILEAS_PROBLEMIO_XML_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace tileas {
namespace xml {

/// Deepest element nesting a document may have.
constexpr unsigned MaxDepth = 128;

struct Attribute {
  std::string Name;
  std::string Value; ///< Entity references already replaced.
  unsigned Line = 0;
};

struct Token {
  enum KindTy { StartTag, EndTag, CharData, EndOfFile } Kind = EndOfFile;
  unsigned Line = 0;
  std::string Name;                  ///< StartTag, EndTag.
  std::vector<Attribute> Attributes; ///< StartTag.
  bool SelfClosing = false;          ///< StartTag written as <a/>.
  std::string Text;                  ///< CharData (decoded; CDATA verbatim).
};

class Tokenizer {
public:
  Tokenizer(llvm::StringRef Buffer, llvm::StringRef FileName);

  /// Produces the next token; comments, processing instructions and the XML
  /// declaration are consumed silently.
  llvm::Error next(Token &T);

private:
  llvm::Error error(size_t At, const llvm::Twine &Msg);
  unsigned lineAt(size_t At);
  bool startsWith(llvm::StringRef S) const;
  void skipSpace();
  llvm::Error checkEncoding();
  llvm::Error lexText(Token &T);
  llvm::Error lexCData(Token &T);
  llvm::Error lexStartTag(Token &T);
  llvm::Error lexEndTag(Token &T);
  llvm::Error lexName(std::string &Name, llvm::StringRef What);
  llvm::Error lexAttributeValue(std::string &Value, llvm::StringRef Attr);
  llvm::Error lexReference(std::string &Out);
  llvm::Error skipComment();
  llvm::Error skipProcessingInstruction();
  llvm::Error lexXMLDeclaration();

  llvm::StringRef Buf;
  std::string File;
  size_t Pos = 0;
  // lineAt() counts newlines incrementally; positions only move forward.
  size_t CountedTo = 0;
  unsigned CountedLine = 1;
  bool Checked = false;
};

struct Element {
  std::string Name;
  unsigned Line = 0;
  std::vector<Attribute> Attributes;
  std::vector<Element> Children;
  /// All character data directly inside the element, concatenated.
  std::string Text;
  /// Line of the first non-blank character of Text (0 if Text is blank).
  unsigned TextLine = 0;

  const Attribute *attribute(llvm::StringRef AttrName) const;
};

/// Parses a whole document and returns its root element.
llvm::Expected<Element> parseXMLDocument(llvm::StringRef Buffer,
                                         llvm::StringRef FileName);

/// True for the four XML blanks: space, tab, CR, LF.
inline bool isXMLSpace(char C) {
  return C == ' ' || C == '\t' || C == '\r' || C == '\n';
}

} // namespace xml
} // namespace tileas

#endif // TILEAS_PROBLEMIO_XML_H

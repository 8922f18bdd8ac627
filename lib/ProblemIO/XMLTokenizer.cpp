//===- XMLTokenizer.cpp - A small strict XML pull lexer -------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/ProblemIO/ParseError.h"
#include "tileas/ProblemIO/XML.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace llvm;

namespace tileas {
namespace xml {

static bool isNameStart(char C) { return isAlpha(C) || C == '_' || C == ':'; }
static bool isNameChar(char C) {
  return isNameStart(C) || isDigit(C) || C == '-' || C == '.';
}
/// Control characters other than tab, CR and LF are not XML characters.
static bool isForbiddenControl(char C) {
  unsigned char U = C;
  return (U < 0x20 && !isXMLSpace(C)) || U == 0x7f;
}

Tokenizer::Tokenizer(StringRef Buffer, StringRef FileName)
    : Buf(Buffer), File(FileName.str()) {}

unsigned Tokenizer::lineAt(size_t At) {
  At = std::min(At, Buf.size());
  if (At < CountedTo) // Errors may point back into the current token.
    return CountedLine - Buf.slice(At, CountedTo).count('\n');
  CountedLine += Buf.slice(CountedTo, At).count('\n');
  CountedTo = At;
  return CountedLine;
}

Error Tokenizer::error(size_t At, const Twine &Msg) {
  return makeParseError(File, lineAt(At), Msg);
}

bool Tokenizer::startsWith(StringRef S) const {
  return Buf.substr(Pos).starts_with(S);
}

void Tokenizer::skipSpace() {
  while (Pos < Buf.size() && isXMLSpace(Buf[Pos]))
    ++Pos;
}

Error Tokenizer::checkEncoding() {
  if (Buf.starts_with("\xEF\xBB\xBF"))
    Pos = 3;
  size_t Bad = 0;
  if (!json::isUTF8(Buf, &Bad))
    return error(Bad, "the file is not valid UTF-8");
  for (size_t I = Pos, E = Buf.size(); I != E; ++I)
    if (isForbiddenControl(Buf[I]))
      return error(I, formatv("control character 0x{0:x-2} is not allowed "
                              "in XML",
                              unsigned((unsigned char)Buf[I])));
  // The declaration may only come first.
  if (startsWith("<?xml") && Pos + 5 < Buf.size() &&
      (isXMLSpace(Buf[Pos + 5]) || Buf[Pos + 5] == '?'))
    return lexXMLDeclaration();
  return Error::success();
}

Error Tokenizer::next(Token &T) {
  if (!Checked) {
    Checked = true;
    if (Error E = checkEncoding())
      return E;
  }
  T = Token();
  for (;;) {
    T.Line = lineAt(Pos);
    if (Pos >= Buf.size()) {
      T.Kind = Token::EndOfFile;
      return Error::success();
    }
    if (Buf[Pos] != '<')
      return lexText(T);
    if (startsWith("<!--")) {
      if (Error E = skipComment())
        return E;
      continue;
    }
    if (startsWith("<![CDATA["))
      return lexCData(T);
    if (startsWith("<!"))
      return error(Pos, "'<!' declarations (DOCTYPE, ENTITY, ...) are not "
                        "supported");
    if (startsWith("<?")) {
      if (Error E = skipProcessingInstruction())
        return E;
      continue;
    }
    if (startsWith("</"))
      return lexEndTag(T);
    return lexStartTag(T);
  }
}

Error Tokenizer::lexXMLDeclaration() {
  size_t Start = Pos;
  Pos += 5;
  for (;;) {
    skipSpace();
    if (Pos >= Buf.size())
      return error(Start, "unexpected end of file in the XML declaration");
    if (startsWith("?>")) {
      Pos += 2;
      return Error::success();
    }
    std::string Name, Value;
    if (Error E = lexName(Name, "XML declaration attribute"))
      return E;
    skipSpace();
    if (Pos >= Buf.size() || Buf[Pos] != '=')
      return error(Pos,
                   "expected '=' after '" + Name + "' in the XML declaration");
    ++Pos;
    skipSpace();
    if (Error E = lexAttributeValue(Value, Name))
      return E;
    if (Name == "version") {
      if (Value != "1.0" && Value != "1.1")
        return error(Pos, "unsupported XML version '" + Value + "'");
    } else if (Name == "encoding") {
      if (!StringRef(Value).equals_insensitive("utf-8"))
        return error(Pos, "unsupported encoding '" + Value +
                              "'; only UTF-8 is read");
    } else if (Name != "standalone") {
      return error(Pos,
                   "unknown attribute '" + Name + "' in the XML declaration");
    }
  }
}

Error Tokenizer::skipComment() {
  size_t Start = Pos;
  size_t End = Buf.find("--", Pos + 4);
  if (End == StringRef::npos)
    return error(Start, "unexpected end of file in a comment");
  if (!Buf.substr(End).starts_with("-->"))
    return error(End, "'--' is not allowed inside a comment");
  Pos = End + 3;
  return Error::success();
}

Error Tokenizer::skipProcessingInstruction() {
  size_t Start = Pos;
  Pos += 2;
  std::string Target;
  if (Error E = lexName(Target, "processing instruction target"))
    return E;
  if (StringRef(Target).equals_insensitive("xml"))
    return error(Start, "the XML declaration is only allowed at the start of "
                        "the file");
  size_t End = Buf.find("?>", Pos);
  if (End == StringRef::npos)
    return error(Start, "unexpected end of file in processing instruction '" +
                            Target + "'");
  Pos = End + 2;
  return Error::success();
}

Error Tokenizer::lexName(std::string &Name, StringRef What) {
  if (Pos >= Buf.size())
    return error(Pos, "unexpected end of file: expected " + What);
  if (!isNameStart(Buf[Pos]))
    return error(Pos,
                 "expected " + What + ", found '" + Buf.substr(Pos, 1) + "'");
  size_t Start = Pos;
  while (Pos < Buf.size() && isNameChar(Buf[Pos]))
    ++Pos;
  Name = Buf.slice(Start, Pos).str();
  return Error::success();
}

Error Tokenizer::lexReference(std::string &Out) {
  size_t Start = Pos;
  size_t Semi = Buf.find(';', Pos);
  // Entity names and character references are short; a missing ';' nearby
  // means a raw '&'.
  if (Semi == StringRef::npos || Semi - Pos > 12)
    return error(Start, "'&' must start an entity reference such as &amp;");
  StringRef Ref = Buf.slice(Pos + 1, Semi);
  Pos = Semi + 1;
  if (Ref == "lt")
    Out += '<';
  else if (Ref == "gt")
    Out += '>';
  else if (Ref == "amp")
    Out += '&';
  else if (Ref == "quot")
    Out += '"';
  else if (Ref == "apos")
    Out += '\'';
  else if (Ref.consume_front("#")) {
    unsigned Radix = Ref.consume_front("x") ? 16 : 10;
    unsigned CodePoint = 0;
    bool Valid = !Ref.empty() && Ref.size() <= 7 && all_of(Ref, [&](char C) {
      return Radix == 16 ? isHexDigit(C) : isDigit(C);
    }) && !Ref.getAsInteger(Radix, CodePoint);
    bool Legal = Valid && CodePoint <= 0x10FFFF &&
                 !(CodePoint >= 0xD800 && CodePoint <= 0xDFFF) &&
                 (CodePoint >= 0x20 || CodePoint == 0x9 || CodePoint == 0xA ||
                  CodePoint == 0xD);
    if (!Legal)
      return error(Start, "invalid character reference '&#" +
                              Twine(Radix == 16 ? "x" : "") + Ref + ";'");
    char Encoded[4];
    char *End = Encoded;
    ConvertCodePointToUTF8(CodePoint, End);
    Out.append(Encoded, End);
  } else {
    return error(Start, "unknown entity '&" + Ref + ";'");
  }
  return Error::success();
}

Error Tokenizer::lexText(Token &T) {
  T.Kind = Token::CharData;
  while (Pos < Buf.size() && Buf[Pos] != '<') {
    char C = Buf[Pos];
    if (C == '&') {
      if (Error E = lexReference(T.Text))
        return E;
      continue;
    }
    if (C == ']' && startsWith("]]>"))
      return error(Pos, "']]>' is not allowed in character data");
    T.Text += C;
    ++Pos;
  }
  return Error::success();
}

Error Tokenizer::lexCData(Token &T) {
  T.Kind = Token::CharData;
  size_t Start = Pos;
  size_t End = Buf.find("]]>", Pos + 9);
  if (End == StringRef::npos)
    return error(Start, "unexpected end of file in a CDATA section");
  T.Text = Buf.slice(Pos + 9, End).str();
  Pos = End + 3;
  return Error::success();
}

Error Tokenizer::lexAttributeValue(std::string &Value, StringRef Attr) {
  if (Pos >= Buf.size())
    return error(Pos, "unexpected end of file: expected the value of '" + Attr +
                          "'");
  char Quote = Buf[Pos];
  if (Quote != '"' && Quote != '\'')
    return error(Pos, "the value of attribute '" + Attr + "' must be quoted");
  size_t Start = Pos++;
  for (;;) {
    if (Pos >= Buf.size())
      return error(Start, "unexpected end of file in the value of attribute '" +
                              Attr + "'");
    char C = Buf[Pos];
    if (C == Quote) {
      ++Pos;
      return Error::success();
    }
    if (C == '<')
      return error(Pos, "'<' is not allowed in the value of attribute '" +
                            Attr + "'");
    if (C == '&') {
      if (Error E = lexReference(Value))
        return E;
      continue;
    }
    Value += C;
    ++Pos;
  }
}

Error Tokenizer::lexStartTag(Token &T) {
  T.Kind = Token::StartTag;
  size_t Start = Pos++;
  if (Error E = lexName(T.Name, "an element name after '<'"))
    return E;
  StringSet<> Seen;
  for (;;) {
    bool HadSpace = Pos < Buf.size() && isXMLSpace(Buf[Pos]);
    skipSpace();
    if (Pos >= Buf.size())
      return error(Start,
                   "unexpected end of file in start tag '<" + T.Name + "'");
    if (startsWith("/>")) {
      Pos += 2;
      T.SelfClosing = true;
      return Error::success();
    }
    if (Buf[Pos] == '>') {
      ++Pos;
      return Error::success();
    }
    if (!HadSpace)
      return error(Pos, "expected a blank before the next attribute of '<" +
                            T.Name + ">'");
    Attribute A;
    A.Line = lineAt(Pos);
    if (Error E = lexName(A.Name, "an attribute name in '<" + T.Name + ">'"))
      return E;
    skipSpace();
    if (Pos >= Buf.size() || Buf[Pos] != '=')
      return error(Pos, "expected '=' after attribute '" + A.Name + "' of '<" +
                            T.Name + ">'");
    ++Pos;
    skipSpace();
    if (Error E = lexAttributeValue(A.Value, A.Name))
      return E;
    // A set keeps a hostile tag with very many attributes linear.
    if (!Seen.insert(A.Name).second)
      return makeParseError(File, A.Line,
                            "attribute '" + A.Name + "' of '<" + T.Name +
                                ">' is given twice");
    T.Attributes.push_back(std::move(A));
  }
}

Error Tokenizer::lexEndTag(Token &T) {
  T.Kind = Token::EndTag;
  size_t Start = Pos;
  Pos += 2;
  if (Error E = lexName(T.Name, "an element name after '</'"))
    return E;
  skipSpace();
  if (Pos >= Buf.size())
    return error(Start, "unexpected end of file in end tag '</" + T.Name + "'");
  if (Buf[Pos] != '>')
    return error(Pos, "expected '>' to close end tag '</" + T.Name + "'");
  ++Pos;
  return Error::success();
}

} // namespace xml
} // namespace tileas

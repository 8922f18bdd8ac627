//===- LineLexer.cpp - Tokens and directives of the line-based formats ----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "LineLexer.h"
#include "Numbers.h"

#include "tileas/ProblemIO/ParseError.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {

static bool isControl(char C) {
  unsigned char U = C;
  return U < 0x20 || U == 0x7f;
}

static bool isPunct(char C) {
  return C == '"' || C == '#' || C == '=' || C == ',' || C == ':';
}

const KeyValue *Directive::key(StringRef Name) const {
  for (const KeyValue &KV : Keys)
    if (KV.Key == Name)
      return &KV;
  return nullptr;
}

Error DirectiveReader::error(const Twine &Msg) const {
  return makeParseError(File, LineNo, Msg);
}

Error DirectiveReader::error(unsigned Line, const Twine &Msg) const {
  return makeParseError(File, Line, Msg);
}

Expected<bool> DirectiveReader::nextLine(SmallVectorImpl<LineToken> &Toks) {
  while (!Rest.empty()) {
    auto [Text, Tail] = Rest.split('\n');
    Rest = Tail;
    ++LineNo;
    Text.consume_back("\r");
    Toks.clear();
    if (Error E = lex(Text, Toks))
      return std::move(E);
    if (!Toks.empty())
      return true;
  }
  return false;
}

Error DirectiveReader::lex(StringRef Text, SmallVectorImpl<LineToken> &Toks) {
  size_t I = 0, E = Text.size();
  auto ControlError = [&](char C) {
    return error(formatv("control character 0x{0:x-2} in the line",
                         unsigned((unsigned char)C)));
  };
  while (I < E) {
    char C = Text[I];
    if (C == ' ' || C == '\t') {
      ++I;
      continue;
    }
    if (C == '#')
      break;
    if (C == '=' || C == ',' || C == ':') {
      LineToken T;
      T.Kind = C == '='   ? LineToken::Equal
               : C == ',' ? LineToken::Comma
                          : LineToken::Colon;
      Toks.push_back(T);
      ++I;
      continue;
    }
    if (isControl(C))
      return ControlError(C);
    LineToken T;
    if (C != '"') {
      size_t Start = I;
      while (I < E && Text[I] != ' ' && Text[I] != '\t' && !isPunct(Text[I]) &&
             !isControl(Text[I]))
        ++I;
      T.Kind = LineToken::Word;
      T.Text = Text.slice(Start, I).str();
      Toks.push_back(std::move(T));
      continue;
    }
    // A quoted string.
    T.Kind = LineToken::String;
    ++I;
    for (;;) {
      if (I >= E)
        return error("unterminated string (a '\"' is missing)");
      char D = Text[I++];
      if (D == '"')
        break;
      if (isControl(D))
        return ControlError(D);
      if (D != '\\') {
        T.Text += D;
        continue;
      }
      if (I >= E)
        return error("unterminated string (a '\"' is missing)");
      char Esc = Text[I++];
      switch (Esc) {
      case '\\':
      case '"':
        T.Text += Esc;
        break;
      case 'n':
        T.Text += '\n';
        break;
      case 't':
        T.Text += '\t';
        break;
      case 'r':
        T.Text += '\r';
        break;
      case 'x':
        if (I + 2 > E || !isHexDigit(Text[I]) || !isHexDigit(Text[I + 1]))
          return error("'\\x' in a string needs two hex digits");
        T.Text +=
            char(hexDigitValue(Text[I]) << 4 | hexDigitValue(Text[I + 1]));
        I += 2;
        break;
      default:
        return error(Twine("unknown escape '\\") + Twine(Esc) +
                     "' in a string");
      }
    }
    Toks.push_back(std::move(T));
  }
  return Error::success();
}

static std::string describe(const LineToken &T) {
  switch (T.Kind) {
  case LineToken::Equal:
    return "'='";
  case LineToken::Comma:
    return "','";
  case LineToken::Colon:
    return "':'";
  case LineToken::String:
    return "\"" + T.Text + "\"";
  case LineToken::Word:
    break;
  }
  return "'" + T.Text + "'";
}

Error DirectiveReader::parse(ArrayRef<LineToken> Toks, unsigned NumPositional,
                             ArrayRef<StringRef> Allowed,
                             ArrayRef<StringRef> Flags, Directive &D) {
  D = Directive();
  D.Line = LineNo;
  if (Toks.empty() || Toks[0].Kind != LineToken::Word)
    return error("expected a directive keyword at the start of the line");
  D.Keyword = Toks[0].Text;
  size_t I = 1, E = Toks.size();
  for (unsigned K = 0; K < NumPositional; ++K, ++I) {
    bool IsKey = I + 1 < E && Toks[I + 1].Kind == LineToken::Equal;
    if (I >= E || !Toks[I].isValue() || IsKey)
      return error("'" + D.Keyword + "' expects " + Twine(NumPositional) +
                   " value" + (NumPositional == 1 ? "" : "s") +
                   " before its keys, found " + Twine(K));
    D.Positional.push_back(Toks[I]);
  }
  while (I < E) {
    const LineToken &T = Toks[I++];
    if (T.Kind != LineToken::Word)
      return error("expected a key after the values of '" + D.Keyword +
                   "', found " + describe(T));
    if (!is_contained(Allowed, StringRef(T.Text)))
      return error("unknown key or flag '" + T.Text + "' for '" + D.Keyword +
                   "'");
    if (D.key(T.Text))
      return error("key '" + T.Text + "' is given twice");
    KeyValue KV;
    KV.Key = T.Text;
    bool IsFlag = is_contained(Flags, StringRef(T.Text));
    if (I < E && Toks[I].Kind == LineToken::Equal) {
      if (IsFlag)
        return error("'" + KV.Key + "' is a flag and takes no value");
      ++I;
      KV.HasValue = true;
      for (;;) {
        auto &Item = KV.Items.emplace_back();
        for (;;) {
          if (I >= E || !Toks[I].isValue())
            return error("expected a value in '" + KV.Key + "='" +
                         (I < E ? ", found " + describe(Toks[I]) : ""));
          Item.push_back(Toks[I++]);
          if (I < E && Toks[I].Kind == LineToken::Colon) {
            ++I;
            continue;
          }
          break;
        }
        if (I < E && Toks[I].Kind == LineToken::Comma) {
          ++I;
          continue;
        }
        break;
      }
    } else if (!IsFlag) {
      return error("'" + KV.Key + "' needs a value ('" + KV.Key + "=...')");
    }
    D.Keys.push_back(std::move(KV));
  }
  return Error::success();
}

Expected<int64_t> DirectiveReader::number(const LineToken &T, const Twine &What,
                                          int64_t Min, int64_t Max) const {
  std::optional<int64_t> V;
  if (T.Kind == LineToken::Word)
    V = parseDecimal(T.Text);
  if (!V)
    return error(What + " is " + describe(T) + ", not an integer");
  if (*V < Min || *V > Max)
    return error(What + " is " + Twine(*V) + ", outside " + Twine(Min) + ".." +
                 Twine(Max));
  return *V;
}

Expected<const LineToken *> DirectiveReader::single(const KeyValue &KV) const {
  if (KV.Items.size() != 1 || KV.Items[0].size() != 1)
    return error("'" + KV.Key + "' takes a single value");
  return &KV.Items[0][0];
}

Error DirectiveReader::checkItems(const KeyValue &KV, unsigned MinFields,
                                  unsigned MaxFields, StringRef Shape) const {
  for (const auto &Item : KV.Items)
    if (Item.size() < MinFields || Item.size() > MaxFields)
      return error("each item of '" + KV.Key + "' must be " + Shape +
                   ", found one with " + Twine(Item.size()) + " field" +
                   (Item.size() == 1 ? "" : "s"));
  return Error::success();
}

static bool isPlainNameChar(char C) {
  return isAlnum(C) || StringRef("_.-$@%/+[]<>()").contains(C);
}

void writeName(raw_ostream &OS, StringRef Name) {
  bool Plain = !Name.empty() && all_of(Name, isPlainNameChar) &&
               !all_of(Name, [](char C) { return isDigit(C); });
  if (Plain) {
    OS << Name;
    return;
  }
  OS << '"';
  for (char C : Name) {
    switch (C) {
    case '\\':
      OS << "\\\\";
      break;
    case '"':
      OS << "\\\"";
      break;
    case '\n':
      OS << "\\n";
      break;
    case '\t':
      OS << "\\t";
      break;
    case '\r':
      OS << "\\r";
      break;
    default:
      if (isControl(C))
        OS << "\\x" << format_hex_no_prefix((unsigned char)C, 2);
      else
        OS << C;
    }
  }
  OS << '"';
}

} // namespace tileas

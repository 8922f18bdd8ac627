//===- LineLexer.h - Tokens and directives of the line-based formats ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The problem and schedule text formats share one lexical layer. A line is a
// directive: a keyword, a fixed number of positional values, then keys, each
// either a bare flag (`async`) or `key=value`, where a value is a list of
// items separated by ',' and an item a list of fields separated by ':'
// (`slots=12:8,16:8`). A field is a bare word or a "quoted string" with
// C-style escapes; '#' outside quotes starts a comment. Blanks around '=',
// ',' and ':' do not matter.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_PROBLEMIO_LINELEXER_H
#define TILEAS_LIB_PROBLEMIO_LINELEXER_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

namespace tileas {

struct LineToken {
  enum KindTy { Word, String, Equal, Comma, Colon } Kind = Word;
  std::string Text; ///< Word or String contents (escapes resolved).
  bool isValue() const { return Kind == Word || Kind == String; }
};

struct KeyValue {
  std::string Key;
  bool HasValue = false;
  /// Items separated by ','; each item's fields were separated by ':'.
  llvm::SmallVector<llvm::SmallVector<LineToken, 3>, 2> Items;
};

struct Directive {
  unsigned Line = 0;
  std::string Keyword;
  llvm::SmallVector<LineToken, 3> Positional;
  llvm::SmallVector<KeyValue, 4> Keys;

  const KeyValue *key(llvm::StringRef Name) const;
};

/// Reads directives one line at a time, with checked numbers and names.
class DirectiveReader {
public:
  DirectiveReader(llvm::StringRef Buffer, llvm::StringRef File)
      : Rest(Buffer), File(File) {}

  /// Tokenizes the next non-blank line into Toks; false at the end.
  llvm::Expected<bool> nextLine(llvm::SmallVectorImpl<LineToken> &Toks);
  unsigned line() const { return LineNo; }
  llvm::StringRef file() const { return File; }

  /// Splits Toks into keyword, NumPositional values and keys. Every key must
  /// be in Allowed; a key listed in Flags takes no value, any other needs one.
  llvm::Error parse(llvm::ArrayRef<LineToken> Toks, unsigned NumPositional,
                    llvm::ArrayRef<llvm::StringRef> Allowed,
                    llvm::ArrayRef<llvm::StringRef> Flags, Directive &D);

  llvm::Error error(const llvm::Twine &Msg) const;
  llvm::Error error(unsigned Line, const llvm::Twine &Msg) const;

  /// A bare decimal in [Min, Max]. What names it in messages.
  llvm::Expected<int64_t> number(const LineToken &T, const llvm::Twine &What,
                                 int64_t Min, int64_t Max) const;
  /// The single field of a key's value (`lat=16`).
  llvm::Expected<const LineToken *> single(const KeyValue &KV) const;
  /// Checks that every item of KV has between MinFields and MaxFields fields.
  llvm::Error checkItems(const KeyValue &KV, unsigned MinFields,
                         unsigned MaxFields, llvm::StringRef Shape) const;

private:
  llvm::Error lex(llvm::StringRef Text, llvm::SmallVectorImpl<LineToken> &Toks);

  llvm::StringRef Rest;
  llvm::StringRef File;
  unsigned LineNo = 0;
};

/// Writes a name so that the lexer reads it back as one value: bare when it
/// is plain and not all digits (a bare number is an index), quoted otherwise.
void writeName(llvm::raw_ostream &OS, llvm::StringRef Name);

} // namespace tileas

#endif // TILEAS_LIB_PROBLEMIO_LINELEXER_H

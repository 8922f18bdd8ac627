//===- ParseError.h - Diagnostics of the problem readers ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Every reader of ProblemIO reports malformed input as a ParseError: the file,
// the one-based line (0 when the error concerns the file as a whole) and a
// message that names the element, directive or key. It prints as
//   <file>:<line>: error: <message>
// so that a tool only has to prefix its own name.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PROBLEMIO_PARSEERROR_H
#define TILEAS_PROBLEMIO_PARSEERROR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace tileas {

class ParseError : public llvm::ErrorInfo<ParseError> {
public:
  static char ID;

  ParseError(llvm::StringRef File, unsigned Line, const llvm::Twine &Message)
      : File(File.str()), Line(Line), Message(Message.str()) {}

  llvm::StringRef file() const { return File; }
  /// One-based; 0 when no single line is to blame.
  unsigned line() const { return Line; }
  llvm::StringRef text() const { return Message; }

  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;

private:
  std::string File;
  unsigned Line;
  std::string Message;
};

/// Creates a ParseError wrapped in an llvm::Error.
inline llvm::Error makeParseError(llvm::StringRef File, unsigned Line,
                                  const llvm::Twine &Message) {
  return llvm::make_error<ParseError>(File, Line, Message);
}

} // namespace tileas

#endif // TILEAS_PROBLEMIO_PARSEERROR_H

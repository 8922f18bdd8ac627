//===- ParseError.cpp - Diagnostics of the problem readers ----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/ProblemIO/ParseError.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace tileas {

char ParseError::ID = 0;

void ParseError::log(raw_ostream &OS) const {
  OS << File;
  if (Line)
    OS << ':' << Line;
  OS << ": error: " << Message;
}

std::error_code ParseError::convertToErrorCode() const {
  return std::make_error_code(std::errc::invalid_argument);
}

} // namespace tileas

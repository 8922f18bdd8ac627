//===- InputFile.cpp - Reading problem files from disk --------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "InputFile.h"

#include "tileas/ProblemIO/ParseError.h"

using namespace llvm;

namespace tileas {

Expected<std::unique_ptr<MemoryBuffer>> readInputFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  if (!Buf)
    return makeParseError(Path, 0,
                          "cannot read the file: " + Buf.getError().message());
  return std::move(*Buf);
}

} // namespace tileas

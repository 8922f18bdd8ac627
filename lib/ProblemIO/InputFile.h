//===- InputFile.h - Reading problem files from disk ----------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_PROBLEMIO_INPUTFILE_H
#define TILEAS_LIB_PROBLEMIO_INPUTFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>

namespace tileas {

/// Reads a whole file ("-" is standard input); a failure is a ParseError
/// naming the file.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readInputFile(llvm::StringRef Path);

} // namespace tileas

#endif // TILEAS_LIB_PROBLEMIO_INPUTFILE_H

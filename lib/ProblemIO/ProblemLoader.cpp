//===- ProblemLoader.cpp - Open a problem file of any supported format ----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/ProblemIO/ProblemLoader.h"
#include "tileas/ProblemIO/HatScheT.h"
#include "tileas/ProblemIO/ParseError.h"
#include "tileas/ProblemIO/TextFormat.h"

#include "llvm/Support/Path.h"

using namespace llvm;

namespace tileas {

Expected<Problem> loadProblemFile(StringRef Path, const LoadOptions &Opts) {
  InputFormat Format = Opts.Format;
  if (Format == InputFormat::Auto) {
    StringRef Ext = sys::path::extension(Path);
    if (Ext == ".graphml")
      Format = InputFormat::HatScheT;
    else if (Ext == ".tsp" || Ext == ".txt")
      Format = InputFormat::Text;
    else if (Ext == ".mir")
      return makeParseError(Path, 0,
                            "TileAS MIR loops need the TileAS target to read "
                            "(tileas-sched reads them); this reader takes "
                            ".graphml and .tsp problems");
    else
      return makeParseError(Path, 0,
                            "cannot tell the format from the extension '" +
                                Ext +
                                "'; use --format=hatschet or --format=text");
  }
  if (Format == InputFormat::Text)
    return readProblemTextFile(Path);
  if (!Opts.ResourceFile.empty())
    return readHatScheT(Path, Opts.ResourceFile);
  return readHatScheT(Path);
}

} // namespace tileas

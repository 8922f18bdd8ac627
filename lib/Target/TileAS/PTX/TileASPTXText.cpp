//===- TileASPTXText.cpp - Small pieces of PTX text -----------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PTX/TileASPTXText.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {
namespace ptx {

std::string imm32(int64_t V) { return std::to_string(int32_t(V)); }

std::string address(StringRef Base, int64_t Offset) {
  if (Offset == 0)
    return ("[" + Base + "]").str();
  return formatv("[{0}+{1}]", Base, Offset).str();
}

} // namespace ptx
} // namespace tileas

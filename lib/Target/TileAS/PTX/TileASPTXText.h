//===- TileASPTXText.h - Small pieces of PTX text ---------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Operand spellings the sequences share.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PTX_TILEASPTXTEXT_H
#define TILEAS_PTX_TILEASPTXTEXT_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace tileas {
namespace ptx {

/// A 32-bit immediate as PTX reads it (signed decimal).
std::string imm32(int64_t V);
/// "[%rd0+16]": a register plus a byte offset ("[%rd0]" for none).
std::string address(llvm::StringRef Base, int64_t Offset);

} // namespace ptx
} // namespace tileas

#endif // TILEAS_PTX_TILEASPTXTEXT_H

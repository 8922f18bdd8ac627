//===- TileASMCAsmInfo.h - TileAS assembly syntax ---------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MCTARGETDESC_TILEASMCASMINFO_H
#define TILEAS_MCTARGETDESC_TILEASMCASMINFO_H

#include "llvm/MC/MCAsmInfoELF.h"

namespace llvm {
class Triple;

class TileASMCAsmInfo : public MCAsmInfoELF {
public:
  explicit TileASMCAsmInfo(const Triple &TT);
};

} // namespace llvm

#endif // TILEAS_MCTARGETDESC_TILEASMCASMINFO_H

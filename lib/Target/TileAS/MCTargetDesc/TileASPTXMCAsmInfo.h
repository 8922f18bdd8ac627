//===- TileASPTXMCAsmInfo.h - Assembly syntax of PTX modules ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The MC layer's directives for a PTX module (-mcpu=sm_100a and relatives):
// ptxas knows no sections, .type, .size or one-argument .file, so none is
// printed; the AsmPrinter writes the module header and each .entry itself.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MCTARGETDESC_TILEASPTXMCASMINFO_H
#define TILEAS_MCTARGETDESC_TILEASPTXMCASMINFO_H

#include "llvm/MC/MCAsmInfo.h"

namespace llvm {
class Triple;

class TileASPTXMCAsmInfo : public MCAsmInfo {
public:
  explicit TileASPTXMCAsmInfo(const Triple &TT);

  void printSwitchToSection(const MCSection &, uint32_t Subsection,
                            const Triple &, raw_ostream &) const override {}
  bool shouldOmitSectionDirective(StringRef) const override { return true; }
};

} // namespace llvm

#endif // TILEAS_MCTARGETDESC_TILEASPTXMCASMINFO_H

//===- tileas-tblgen.cpp - TableGen driver for the TileAS slot tables -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The backends register themselves with TableGen::Emitter::Opt; the default
// action is -gen-tileas-slot-tables.
//
//===----------------------------------------------------------------------===//

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/TableGen/Main.h"

using namespace llvm;

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(cl::getGeneralCategory());
  cl::ParseCommandLineOptions(argc, argv, "TileAS table generator\n");
  return TableGenMain(argv[0], TableGenMainFn(nullptr));
}

//===- TileASOptions.cpp - Options shared by TileAS passes ----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASOptions.h"

#include "llvm/Support/CommandLine.h"

using namespace llvm;

static cl::opt<int> ReservedBarriers(
    "tileas-reserved-barriers",
    cl::desc("Named barriers reserved for other uses (default: the machine "
             "description's, 1 for __syncthreads)"),
    cl::init(-1));

static cl::opt<bool> VerifySchedules(
    "tileas-verify-schedule",
    cl::desc("Check every schedule with the independent verifier"),
    cl::init(false));

int llvm::tileasReservedBarriers() { return ReservedBarriers; }
bool llvm::tileasVerifySchedules() { return VerifySchedules; }

//===- tileas-loopgen.cpp - Generate random TileAS MIR loops --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Writes a MIR function with one single-block counted loop of exactly --ops
// instructions (PHIs and branches not counted), for benchmarks and stress
// tests of the schedulers. The output depends only on the options: the same
// seed gives the same bytes on every platform.
//
// Exit codes: 0 written; 1 bad options or an unwritable output file.
//
//===----------------------------------------------------------------------===//

#include "LoopGenerator.h"
#include "MIRPrinter.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tileas::loopgen;

namespace {

cl::OptionCategory Category("tileas-loopgen options");

cl::opt<unsigned> Ops("ops",
                      cl::desc("Instructions in the loop body, not counting "
                               "PHIs and branches (10 to 100000)"),
                      cl::value_desc("N"), cl::Required, cl::cat(Category));

cl::opt<uint64_t> Seed("seed", cl::desc("Seed of the random stream"),
                       cl::value_desc("S"), cl::init(1), cl::cat(Category));

cl::opt<unsigned> Recurrences(
    "recurrences",
    cl::desc("Loop-carried recurrences, each a chain of 1 to 3 PHIs "
             "(default: ops / 20, between 1 and 64)"),
    cl::value_desc("R"), cl::init(0), cl::cat(Category));

cl::opt<std::string> MachineName(
    "machine",
    cl::desc("The machine (td TileASMachineModel, or a processor of it) "
             "whose budgets the loop fits; it must have tensor memory "
             "(default: blackwell)"),
    cl::value_desc("name"), cl::init("blackwell"), cl::cat(Category));

cl::opt<std::string> OutputFile("o", cl::desc("Output file (default: stdout)"),
                                cl::value_desc("file"), cl::init("-"),
                                cl::cat(Category));

int fail(const Twine &Message) {
  WithColor::error(errs(), "tileas-loopgen") << Message << '\n';
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(argc, argv,
                              "Random single-block TileAS MIR loops\n");

  if (Ops < MinOps || Ops > MaxOps)
    return fail("--ops must be between " + Twine(MinOps) + " and " +
                Twine(MaxOps) + ", not " + Twine(Ops));
  LoopGenOptions Opts;
  Opts.Machine = tileas::model::lookupMachineOrCPU(MachineName);
  if (!Opts.Machine)
    return fail("--machine=" + MachineName + " is neither a machine nor a " +
                "TileAS processor (" + tileas::model::machineCPUList() + ")");
  // The loops it writes multiply into tensor memory (tcgen05).
  if (!Opts.Machine->lookupOpcode("MMA_TMEM"))
    return fail("machine " + Opts.Machine->name() +
                " has no tensor memory; the generated loops use it (MMA_TMEM)");
  Opts.Ops = Ops;
  Opts.Seed = Seed;
  Opts.Recurrences = Recurrences.getNumOccurrences() ? unsigned(Recurrences)
                                                     : defaultRecurrences(Ops);
  if (Opts.Recurrences > maxRecurrences(Ops))
    return fail("--recurrences=" + Twine(Opts.Recurrences) +
                " does not fit a loop of " + Twine(Ops) +
                " instructions (at most " + Twine(maxRecurrences(Ops)) + ")");

  std::error_code EC;
  ToolOutputFile Out(OutputFile, EC, sys::fs::OF_None);
  if (EC)
    return fail("cannot open '" + OutputFile + "': " + EC.message());
  printMIR(Out.os(), generateLoop(Opts), Opts);
  Out.keep();
  return 0;
}

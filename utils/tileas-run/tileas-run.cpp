//===- tileas-run.cpp - Run a compiled kernel on a GPU and check it -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Takes the PTX llc printed for a GEMM kernel and a description of its
// problem (docs/tileas-run.md), launches it on GPU 0 through the CUDA
// driver (loaded at run time), compares C with a CPU reference and reports
// the median time of the timed runs and the TFLOP/s:
//
//   tileas-run gemm.ptx --problem=examples/gemm-mainloop.run.json [--k=4096]
//   tileas-run gemm.ptx --problem=... --dry-run   (the launch, no GPU)
//   tileas-run --probe                            (is there a GPU?)
//
// Exit status: ExitCodes.h (77 where there is no GPU).
//
//===----------------------------------------------------------------------===//

#include "CudaDriver.h"
#include "ExitCodes.h"
#include "GpuRun.h"
#include "LaunchPlan.h"
#include "PTXKernel.h"
#include "Problem.h"
#include "Reference.h"
#include "Report.h"
#include "Watchdog.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::run;

namespace {

cl::OptionCategory Category("tileas-run options");

cl::opt<std::string> PTXFile(cl::Positional, cl::desc("<kernel.ptx>"),
                             cl::cat(Category));
cl::opt<std::string> ProblemFile("problem",
                                 cl::desc("The problem description (JSON, "
                                          "docs/tileas-run.md)"),
                                 cl::value_desc("file"), cl::cat(Category));
cl::opt<uint64_t> OverrideM("m", cl::desc("Replace the description's M"),
                            cl::init(0), cl::cat(Category));
cl::opt<uint64_t> OverrideN("n", cl::desc("Replace the description's N"),
                            cl::init(0), cl::cat(Category));
cl::opt<uint64_t> OverrideK("k", cl::desc("Replace the description's K"),
                            cl::init(0), cl::cat(Category));
cl::opt<int> OverrideRuns("runs", cl::desc("Replace the number of timed runs"),
                          cl::init(-1), cl::cat(Category));
cl::opt<int64_t> OverrideSeed("seed", cl::desc("Replace the inputs' seed"),
                              cl::init(-1), cl::cat(Category));
cl::opt<double> OverrideTolerance(
    "tolerance",
    cl::desc("Replace the tolerance (largest error per unit of K)"),
    cl::init(0), cl::cat(Category));
cl::opt<bool> DryRun("dry-run",
                     cl::desc("Print the launch (tensor maps, scalars, grid, "
                              "block, shared memory) and stop: no GPU needed"),
                     cl::cat(Category));
cl::opt<bool> Probe("probe",
                    cl::desc("Say whether a GPU can run kernels here: its "
                             "name and architecture (exit 0), or why not "
                             "(exit 77)"),
                    cl::cat(Category));
cl::opt<unsigned> TimeoutSeconds(
    "timeout",
    cl::desc("End the run (exit 4) if the GPU work takes longer, in seconds: "
             "a deadlocked kernel never returns (0: no limit)"),
    cl::init(120), cl::cat(Category));
cl::opt<bool> JSONOutput("json", cl::desc("Print the report as JSON"),
                         cl::cat(Category));

int fail(int Code, Error E) {
  WithColor::error(errs(), "tileas-run") << toString(std::move(E)) << "\n";
  return Code;
}

/// The description with the command line's replacements.
Expected<Problem> readProblem() {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text =
      MemoryBuffer::getFile(ProblemFile);
  if (!Text)
    return createStringError(ProblemFile + ": " + Text.getError().message());
  Expected<Problem> P = parseProblem((*Text)->getBuffer());
  if (!P)
    return createStringError(ProblemFile + ": " + toString(P.takeError()));
  if (OverrideM)
    P->Shape.M = OverrideM;
  if (OverrideN)
    P->Shape.N = OverrideN;
  if (OverrideK)
    P->Shape.K = OverrideK;
  if (OverrideRuns >= 0)
    P->Runs = unsigned(OverrideRuns);
  if (OverrideSeed >= 0)
    P->Seed = uint64_t(OverrideSeed);
  if (OverrideTolerance > 0)
    P->Tolerance = OverrideTolerance;
  return P;
}

int probe() {
  Expected<std::unique_ptr<CudaDriver>> D = CudaDriver::open();
  if (!D)
    return fail(NoGPU, createStringError("no GPU: " + toString(D.takeError())));
  const DeviceInfo &Dev = (*D)->device();
  outs() << formatv("{0} {1} ({2} SMs, driver {3}.{4})\n", Dev.Name,
                    archName(Dev.Capability), Dev.SMs, Dev.DriverVersion / 1000,
                    Dev.DriverVersion % 1000 / 10);
  return Success;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "tileas-run: run a compiled GEMM kernel on a GPU, check its result "
      "against a CPU reference and time it (docs/tileas-run.md)\n");
  if (Probe)
    return probe();
  if (PTXFile.empty() || ProblemFile.empty())
    return fail(BadInput, createStringError("expected a .ptx file and "
                                            "--problem=<description.json>"));

  Expected<Problem> P = readProblem();
  if (!P)
    return fail(BadInput, P.takeError());
  ErrorOr<std::unique_ptr<MemoryBuffer>> PTX = MemoryBuffer::getFile(PTXFile);
  if (!PTX)
    return fail(BadInput,
                createStringError(PTXFile + ": " + PTX.getError().message()));
  Expected<PTXKernel> K = readPTXKernel((*PTX)->getBuffer(), P->Kernel);
  if (!K)
    return fail(BadInput,
                createStringError(PTXFile + ": " + toString(K.takeError())));
  std::optional<TargetArch> Arch = parseTarget(K->Target);
  if (!Arch)
    return fail(BadInput,
                createStringError(PTXFile + ": unknown .target " + K->Target));
  Expected<LaunchPlan> L = planLaunch(*P, *K);
  if (!L)
    return fail(BadInput, L.takeError());
  if (DryRun) {
    printLaunchPlan(outs(), *P, *K, *L);
    return Success;
  }

  Expected<std::unique_ptr<CudaDriver>> D = CudaDriver::open();
  if (!D)
    return fail(NoGPU, createStringError("no GPU: " + toString(D.takeError()) +
                                         "; nothing was run"));
  const DeviceInfo &Dev = (*D)->device();
  if (!Arch->runsOn(Dev.Capability))
    return fail(WrongArch,
                createStringError(formatv(
                    "{0} is compiled for {1}, which cannot run on the {2} "
                    "({3}); compile it with llc -mcpu for this GPU",
                    PTXFile, K->Target, Dev.Name, archName(Dev.Capability))));
  if (L->SharedBytes > uint64_t(Dev.MaxSharedOptin))
    return fail(WrongArch,
                createStringError(formatv(
                    "{0}: {1} bytes of dynamic shared memory, more than the "
                    "{2} a CTA may use on the {3}",
                    P->Kernel, L->SharedBytes, Dev.MaxSharedOptin, Dev.Name)));

  SplitMix64 Random(P->Seed);
  HostMatrix A = randomMatrix(P->AType, P->Shape.M, P->Shape.K, Random);
  HostMatrix B = randomMatrix(P->BType, P->Shape.N, P->Shape.K, Random);
  Expected<GpuResult> R = [&] {
    Watchdog Guard(TimeoutSeconds,
                   formatv("tileas-run: error: {0} did not finish within {1} "
                           "s (--timeout): a kernel that never returns?",
                           P->Kernel, unsigned(TimeoutSeconds))
                       .str(),
                   TimedOut);
    return runOnGpu(**D, (*PTX)->getBuffer(), *P, *L, A, B);
  }();
  if (!R)
    return fail(CudaFailure, R.takeError());

  RunReport Report;
  Report.Device = Dev.Name;
  Report.Capability = Dev.Capability;
  Report.SMs = Dev.SMs;
  Report.DriverVersion = Dev.DriverVersion;
  Report.Tolerance = P->Tolerance ? *P->Tolerance : defaultTolerance(*P);
  Report.TimesMs = std::move(R->TimesMs);
  if (P->Check)
    Report.Check = compareResults(R->C, referenceGemm(A, B), P->Shape.N,
                                  Report.Tolerance * double(P->Shape.K));
  if (JSONOutput)
    printReportJSON(outs(), Report, *P, *K, *L);
  else
    printReport(outs(), Report, *P, *K, *L);
  return Report.Check && !Report.Check->Pass ? WrongResult : Success;
}

//===- LaunchPlan.cpp - A problem matched to its PTX kernel ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "LaunchPlan.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::run;

static StringRef kindName(KernelParam::Kind K) {
  switch (K) {
  case KernelParam::TensorMap:
    return "a tensor map (.param .align 128 .b8 p[128])";
  case KernelParam::Pointer:
    return "a pointer (.param .u64)";
  case KernelParam::ScalarU32:
    return "a u32 (.param .u32)";
  case KernelParam::ScalarU64:
    return "a u64 (.param .u64)";
  }
  llvm_unreachable("param kind");
}

static bool matches(KernelParam::Kind K, const PTXParam &P) {
  switch (K) {
  case KernelParam::TensorMap:
    return P.TheKind == PTXParam::Bytes && P.Size == 128 && P.Align >= 64;
  case KernelParam::Pointer:
  case KernelParam::ScalarU64:
    return P.TheKind == PTXParam::U64;
  case KernelParam::ScalarU32:
    return P.TheKind == PTXParam::U32;
  }
  return false;
}

Expected<LaunchPlan> run::planLaunch(const Problem &P, const PTXKernel &K) {
  if (Error E = validateProblem(P))
    return E;
  if (P.Params.size() != K.Params.size())
    return createStringError(
        formatv("{0}: the description lists {1} parameters, the kernel has {2}",
                K.Name, P.Params.size(), K.Params.size()));
  LaunchPlan L;
  for (size_t I = 0; I < P.Params.size(); ++I) {
    const KernelParam &KP = P.Params[I];
    std::string Where = formatv("params[{0}]", I).str();
    if (!matches(KP.TheKind, K.Params[I]))
      return createStringError(
          formatv("{0}: the description says {1}, the kernel declares '{2}'",
                  Where, kindName(KP.TheKind), K.Params[I].Text));
    PlannedParam PP;
    PP.TheKind = KP.TheKind;
    PP.Of = KP.Of;
    if (KP.TheKind == KernelParam::TensorMap) {
      Expected<TensorMapArgs> Map = planTensorMap(P, KP, Where);
      if (!Map)
        return Map.takeError();
      PP.Map = *Map;
    } else if (KP.TheKind != KernelParam::Pointer) {
      Expected<uint64_t> X = evaluate(KP.Value, P.Shape, Where);
      if (!X)
        return X.takeError();
      PP.Scalar = *X;
    }
    L.Params.push_back(PP);
  }
  for (unsigned I = 0; I < 3; ++I)
    L.Grid[I] = cantFail(evaluate(P.Grid[I], P.Shape, "grid"));
  if (P.Block)
    L.Block = *P.Block;
  else if (K.ReqNTid)
    L.Block = *K.ReqNTid;
  else
    return createStringError(formatv(
        "{0}: no block size: the kernel has no .reqntid and the description "
        "no \"block\"",
        K.Name));
  if (K.ReqNTid && *K.ReqNTid != L.Block)
    return createStringError(formatv(
        "block: [{0}, {1}, {2}] differs from the kernel's .reqntid {3}, {4}, "
        "{5}",
        L.Block[0], L.Block[1], L.Block[2], (*K.ReqNTid)[0], (*K.ReqNTid)[1],
        (*K.ReqNTid)[2]));
  if (P.SharedBytes)
    L.SharedBytes = *P.SharedBytes;
  else if (K.ArenaBytes)
    L.SharedBytes = *K.ArenaBytes + 1024;
  L.Flops = 2.0 * double(P.Shape.M) * double(P.Shape.N) * double(P.Shape.K);
  return L;
}

void run::printLaunchPlan(raw_ostream &OS, const Problem &P, const PTXKernel &K,
                          const LaunchPlan &L) {
  OS << formatv("kernel {0} ({1}): C {2}x{3} f32 = A {2}x{4} {5} * B^T "
                "(B {3}x{4} {6})\n",
                K.Name, K.Target, P.Shape.M, P.Shape.N, P.Shape.K,
                elementName(P.AType), elementName(P.BType));
  OS << formatv("grid {0} {1} {2}, block {3} {4} {5}, dynamic shared memory "
                "{6} bytes{7}\n",
                L.Grid[0], L.Grid[1], L.Grid[2], L.Block[0], L.Block[1],
                L.Block[2], L.SharedBytes,
                P.SharedBytes ? ""
                : K.ArenaBytes
                    ? formatv(" (arena {0} + 1024)", *K.ArenaBytes).str()
                    : " (no arena)");
  for (size_t I = 0; I < L.Params.size(); ++I) {
    const PlannedParam &PP = L.Params[I];
    OS << "param " << I << " (" << K.Params[I].Name << "): ";
    switch (PP.TheKind) {
    case KernelParam::TensorMap:
      OS << "tensor map of " << operandName(PP.Of) << ": ";
      printTensorMapArgs(OS, PP.Map);
      break;
    case KernelParam::Pointer:
      OS << "pointer to " << operandName(PP.Of);
      break;
    case KernelParam::ScalarU32:
    case KernelParam::ScalarU64:
      OS << (PP.TheKind == KernelParam::ScalarU32 ? "u32 " : "u64 ")
         << PP.Scalar << " (" << P.Params[I].Value.Text << ")";
      break;
    }
    OS << "\n";
  }
}

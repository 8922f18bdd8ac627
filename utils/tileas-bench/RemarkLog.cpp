//===- RemarkLog.cpp - Collect optimization remarks in-process ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "RemarkLog.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tileas::bench;

std::optional<std::string> RemarkRecord::arg(StringRef Key) const {
  for (const auto &[K, V] : Args)
    if (K == Key)
      return V;
  return std::nullopt;
}

std::optional<unsigned> RemarkRecord::unsignedArg(StringRef Key) const {
  std::optional<std::string> V = arg(Key);
  unsigned N;
  if (!V || StringRef(*V).trim().getAsInteger(10, N))
    return std::nullopt;
  return N;
}

static RemarkRecord::KindTy remarkKind(const DiagnosticInfo &DI) {
  switch (DI.getKind()) {
  case DK_OptimizationRemark:
  case DK_MachineOptimizationRemark:
    return RemarkRecord::Passed;
  case DK_OptimizationRemarkMissed:
  case DK_MachineOptimizationRemarkMissed:
    return RemarkRecord::Missed;
  case DK_OptimizationRemarkAnalysis:
  case DK_MachineOptimizationRemarkAnalysis:
    return RemarkRecord::Analysis;
  default:
    break;
  }
  if (DI.getSeverity() == DS_Error)
    return RemarkRecord::Error;
  if (DI.getSeverity() == DS_Warning)
    return RemarkRecord::Warning;
  return RemarkRecord::Other;
}

bool RemarkLog::handleDiagnostics(const DiagnosticInfo &DI) {
  RemarkRecord R;
  R.Kind = remarkKind(DI);
  if (const auto *O = dyn_cast<DiagnosticInfoOptimizationBase>(&DI)) {
    R.Pass = O->getPassName().str();
    R.Name = O->getRemarkName().str();
    R.Message = O->getMsg();
    for (const DiagnosticInfoOptimizationBase::Argument &A : O->getArgs())
      R.Args.push_back({A.Key, A.Val});
    R.Function = O->getFunction().getName().str();
    if (const auto *MR = dyn_cast<DiagnosticInfoMIROptimization>(O))
      if (const MachineBasicBlock *MBB = MR->getBlock())
        R.Block = MBB->getNumber();
  } else {
    raw_string_ostream OS(R.Message);
    DiagnosticPrinterRawOStream DP(OS);
    DI.print(DP);
  }
  Records.push_back(std::move(R));
  return true;
}

std::vector<const RemarkRecord *> RemarkLog::ofPass(StringRef Pass) const {
  std::vector<const RemarkRecord *> Out;
  for (const RemarkRecord &R : Records)
    if (R.Pass == Pass)
      Out.push_back(&R);
  return Out;
}

std::string RemarkLog::firstError() const {
  for (const RemarkRecord &R : Records)
    if (R.Kind == RemarkRecord::Error)
      return R.Message;
  return "";
}

const RemarkRecord *RemarkLog::last(StringRef Pass, StringRef Function,
                                    int Block, StringRef Name) const {
  for (const RemarkRecord &R : llvm::reverse(Records))
    if (R.Pass == Pass && R.Function == Function && R.Block == Block &&
        (Name.empty() || R.Name == Name))
      return &R;
  return nullptr;
}

//===- MIRSession.cpp - One parse of a MIR file, one pass pipeline --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "MIRSession.h"
#include "tileas/MIRExec/MIRFile.h"

#include "llvm/CodeGen/MIRParser/MIRParser.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineModuleInfo.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/Function.h"
#include "llvm/Pass.h"
#include "llvm/PassInfo.h"
#include "llvm/PassRegistry.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;
using namespace tileas::bench;

/// The parser reports through the context's diagnostic handler: its first
/// error (which names the file and line) says more than the fallback.
static Error parseError(const RemarkLog &Log, const Twine &Fallback) {
  std::string First = Log.firstError();
  return createStringError(inconvertibleErrorCode(),
                           First.empty() ? Fallback.str() : First);
}

Expected<std::unique_ptr<MIRSession>> MIRSession::open(StringRef Path,
                                                       TargetMachine &TM) {
  std::unique_ptr<MIRSession> S(new MIRSession());
  S->Ctx = std::make_unique<LLVMContext>();
  auto Log = std::make_unique<RemarkLog>();
  S->Log = Log.get();
  S->Ctx->setDiagnosticHandler(std::move(Log));

  SMDiagnostic Diag;
  std::unique_ptr<MIRParser> Parser =
      createMIRParserFromFile(Path, Diag, *S->Ctx);
  if (!Parser) {
    std::string Msg;
    raw_string_ostream OS(Msg);
    Diag.print("tileas-bench", OS);
    return createStringError(inconvertibleErrorCode(), Msg);
  }
  // The pass manager owns the machine functions the parser makes.
  S->PM = std::make_unique<legacy::PassManager>();
  S->MMIWP = new MachineModuleInfoWrapperPass(&TM);
  S->TPC = TM.createPassConfig(*S->PM);
  S->PM->add(S->TPC);
  S->PM->add(S->MMIWP);
  Expected<std::unique_ptr<Module>> M = tileas::parseMIRModule(
      *Parser, TM, S->MMIWP->getMMI(), [&](tileas::MIRReadStep Step) {
        return parseError(*S->Log, (Step == tileas::MIRReadStep::IRModule
                                        ? "cannot read the IR part of "
                                        : "cannot parse the machine "
                                          "functions of ") +
                                       Path);
      });
  if (!M)
    return M.takeError();
  S->M = std::move(*M);

  for (Function &F : *S->M) {
    MachineFunction *MF = S->MMIWP->getMMI().getMachineFunction(F);
    if (!MF)
      continue;
    for (MachineBasicBlock &MBB : *MF)
      if (MBB.isSuccessor(&MBB))
        S->Loops.push_back({MF, &MBB});
  }
  return std::move(S);
}

MIRSession::~MIRSession() {
  if (!Crashed)
    return;
  // Whatever the crashed pass left half-done must not be destroyed.
  (void)PM.release();
  (void)M.release();
  (void)Ctx.release();
}

void MIRSession::addPass(Pass *P) { PM->add(P); }

Error MIRSession::addPassByName(StringRef Name) {
  const PassInfo *PI = PassRegistry::getPassRegistry()->getPassInfo(Name);
  if (!PI || !PI->getNormalCtor())
    return createStringError(inconvertibleErrorCode(),
                             "no registered pass named " + Name);
  PM->add(PI->getNormalCtor()());
  return Error::success();
}

bool MIRSession::run() {
  TPC->setInitialized();
  CrashRecoveryContext CRC;
  Crashed = !CRC.RunSafely([&] { PM->run(*M); });
  return !Crashed;
}

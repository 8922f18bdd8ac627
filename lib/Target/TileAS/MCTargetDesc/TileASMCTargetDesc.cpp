//===- TileASMCTargetDesc.cpp - TileAS MC descriptions --------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "MCTargetDesc/TileASInstPrinter.h"
#include "MCTargetDesc/TileASMCAsmInfo.h"
#include "TargetInfo/TileASTargetInfo.h"

#include "llvm/MC/MCInstrDesc.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

#define GET_INSTRINFO_MC_DESC
#define ENABLE_INSTR_PREDICATE_VERIFIER
#define GET_INSTRINFO_NAMED_OPS
#include "TileASGenInstrInfo.inc"

#define GET_SUBTARGETINFO_MC_DESC
#include "TileASGenSubtargetInfo.inc"

#define GET_REGINFO_MC_DESC
#include "TileASGenRegisterInfo.inc"

namespace llvm {
namespace TileAS {

bool isCoordination(const MCInstrDesc &Desc) {
  return Desc.TSFlags & TSF_Coordination;
}

bool isPipeOp(unsigned Opcode) {
  return Opcode == PIPE_PRODUCER_ACQUIRE || Opcode == PIPE_PRODUCER_COMMIT ||
         Opcode == PIPE_CONSUMER_WAIT || Opcode == PIPE_CONSUMER_RELEASE;
}

CondCode inverseCondCode(CondCode CC) {
  switch (CC) {
  case EQ:
    return NE;
  case NE:
    return EQ;
  case LT:
    return GE;
  case LE:
    return GT;
  case GT:
    return LE;
  case GE:
    return LT;
  case NumCondCodes:
    break;
  }
  llvm_unreachable("not a condition code");
}

CondCode mirrorCondCode(CondCode CC) {
  switch (CC) {
  case LT:
    return GT;
  case LE:
    return GE;
  case GT:
    return LT;
  case GE:
    return LE;
  default:
    return CC;
  }
}

bool condCodeHolds(CondCode CC, int64_t A, int64_t B) {
  switch (CC) {
  case EQ:
    return A == B;
  case NE:
    return A != B;
  case LT:
    return A < B;
  case LE:
    return A <= B;
  case GT:
    return A > B;
  case GE:
    return A >= B;
  case NumCondCodes:
    break;
  }
  return false;
}

const char *condCodeName(CondCode CC) {
  static const char *const Names[] = {"eq", "ne", "lt", "le", "gt", "ge"};
  return CC < NumCondCodes ? Names[CC] : "??";
}

std::string resolveCPU(StringRef CPU) {
  // "help" has been answered by the MC layer already.
  if (CPU.empty() || CPU == "help")
    return "sm_100";
  for (const SubtargetSubTypeKV &KV : TileASSubTypeKV)
    if (CPU == KV.Key)
      return CPU.str();
  // LLVM's own subtarget code would only warn and then use a CPU without a
  // scheduling model, on which stock MachinePipeliner crashes. Fall back to
  // the default model instead, and say so once.
  static bool Warned = false;
  if (!Warned) {
    errs() << "warning: '" << CPU
           << "' is not a TileAS processor; using sm_100 (see -mcpu=help)\n";
    Warned = true;
  }
  return "sm_100";
}

} // namespace TileAS
} // namespace llvm

static MCInstrInfo *createTileASMCInstrInfo() {
  auto *X = new MCInstrInfo();
  InitTileASMCInstrInfo(X);
  return X;
}

static MCRegisterInfo *createTileASMCRegisterInfo(const Triple &TT) {
  auto *X = new MCRegisterInfo();
  InitTileASMCRegisterInfo(X, /*RA=*/0);
  return X;
}

static MCSubtargetInfo *
createTileASMCSubtargetInfo(const Triple &TT, StringRef CPU, StringRef FS) {
  // "help" must reach the generated code so that -mcpu=help lists the CPUs.
  std::string Resolved = CPU == "help" ? CPU.str() : TileAS::resolveCPU(CPU);
  return createTileASMCSubtargetInfoImpl(TT, Resolved, Resolved, FS);
}

static MCAsmInfo *createTileASMCAsmInfo(const MCRegisterInfo &MRI,
                                        const Triple &TT,
                                        const MCTargetOptions &Options) {
  return new TileASMCAsmInfo(TT);
}

static MCInstPrinter *createTileASMCInstPrinter(const Triple &T,
                                                unsigned SyntaxVariant,
                                                const MCAsmInfo &MAI,
                                                const MCInstrInfo &MII,
                                                const MCRegisterInfo &MRI) {
  return new TileASInstPrinter(MAI, MII, MRI);
}

extern "C" void LLVMInitializeTileASTargetMC() {
  Target &T = getTheTileASTarget();
  TargetRegistry::RegisterMCAsmInfo(T, createTileASMCAsmInfo);
  TargetRegistry::RegisterMCInstrInfo(T, createTileASMCInstrInfo);
  TargetRegistry::RegisterMCRegInfo(T, createTileASMCRegisterInfo);
  TargetRegistry::RegisterMCSubtargetInfo(T, createTileASMCSubtargetInfo);
  TargetRegistry::RegisterMCInstPrinter(T, createTileASMCInstPrinter);
}

//===- MIRFile.cpp - Reading TileAS MIR for the tools that run it ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/MIRExec/MIRFile.h"
#include "TileAS.h"
#include "TileASSubtarget.h"

#include "llvm/CodeGen/MIRParser/MIRParser.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineModuleInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdlib>

using namespace llvm;

namespace tileas {

static Error readError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

Expected<std::unique_ptr<TargetMachine>>
createTileASTargetMachine(StringRef CPU) {
  initializeTileASTarget();
  std::string Err;
  Triple TT("tileas");
  const Target *T = TargetRegistry::lookupTarget(TT, Err);
  if (!T)
    return readError("cannot find the TileAS target: " + Err);
  std::unique_ptr<TargetMachine> TM(
      T->createTargetMachine(TT, CPU, "", TargetOptions(), std::nullopt));
  if (!TM)
    return readError("cannot create the TileAS target machine");
  return std::move(TM);
}

Expected<std::unique_ptr<Module>>
parseMIRModule(MIRParser &Parser, TargetMachine &TM, MachineModuleInfo &MMI,
               function_ref<Error(MIRReadStep)> Failed) {
  std::unique_ptr<Module> M = Parser.parseIRModule([&](StringRef, StringRef) {
    return TM.createDataLayout().getStringRepresentation();
  });
  if (!M)
    return Failed(MIRReadStep::IRModule);
  M->setTargetTriple(TM.getTargetTriple());
  M->setDataLayout(TM.createDataLayout());
  if (Parser.parseMachineFunctions(*M, MMI))
    return Failed(MIRReadStep::MachineFunctions);
  return std::move(M);
}

const model::Machine &machineOf(const MachineFunction &MF) {
  return MF.getSubtarget<TileASSubtarget>().machine();
}

MIRFile::MIRFile() = default;
MIRFile::MIRFile(MIRFile &&) = default;
MIRFile &MIRFile::operator=(MIRFile &&) = default;
MIRFile::~MIRFile() = default;

MachineFunction *MIRFile::function(StringRef Name) const {
  Function *F = M->getFunction(Name);
  return F ? MMI->getMachineFunction(*F) : nullptr;
}

std::vector<MachineFunction *>
MIRFile::functions(ArrayRef<std::string> Names) const {
  std::vector<MachineFunction *> Functions;
  for (Function &F : *M) {
    if (!Names.empty() && !is_contained(Names, F.getName()))
      continue;
    if (MachineFunction *MF = MMI->getMachineFunction(F))
      Functions.push_back(MF);
  }
  return Functions;
}

static Expected<MIRFile> parse(std::unique_ptr<MIRParser> Parser,
                               StringRef Name, TargetMachine &TM) {
  MIRFile F;
  F.MMI = std::make_unique<MachineModuleInfo>(&TM);
  Expected<std::unique_ptr<Module>> M =
      parseMIRModule(*Parser, TM, *F.MMI, [&](MIRReadStep Step) {
        return readError((Step == MIRReadStep::IRModule
                              ? "cannot read the IR part of "
                              : "cannot read the machine functions of ") +
                         Name);
      });
  if (!M)
    return M.takeError();
  F.M = std::move(*M);
  return F;
}

/// MIR is YAML: its machine functions are documents opened by "---". LLVM
/// IR (a .ll file) has none, and the YAML parser's message about its first
/// line would not say what the file is.
static bool looksLikeMIR(StringRef Text) {
  if (Text.starts_with("---"))
    return true;
  return Text.contains("\n---");
}

Expected<MIRFile> readMIRFile(StringRef Path, LLVMContext &Context,
                              TargetMachine &TM) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/true);
  if (!Buffer)
    return readError(Path + ": cannot read it: " + Buffer.getError().message());
  if (!looksLikeMIR((*Buffer)->getBuffer()))
    return readError(
        Path +
        ": not MIR (no '---' document); LLVM IR is materialized by "
        "llc first: llc --load=libTileAS.so -march=tileas "
        "-stop-after=tileas-materialize-schedule " +
        Path + " -o out.mir");
  return readMIR(std::move(*Buffer), Context, TM);
}

Expected<MIRFile> readMIR(std::unique_ptr<MemoryBuffer> Buffer,
                          LLVMContext &Context, TargetMachine &TM) {
  std::string Name = Buffer->getBufferIdentifier().str();
  // The parser reports its own errors through Context's handler.
  return parse(createMIRParser(std::move(Buffer), Context), Name, TM);
}

namespace {
struct FatalErrorContext {
  std::string Tool;
  std::string Path;
};
} // namespace

static void exitOnFatal(void *Data, const char *Reason, bool) {
  auto *C = static_cast<FatalErrorContext *>(Data);
  WithColor::error(errs(), C->Tool) << C->Path << ": " << Reason << "\n";
  std::exit(1);
}

void exitOnFatalMIRError(StringRef Tool, StringRef Path) {
  static FatalErrorContext Context;
  Context = {Tool.str(), Path.str()};
  install_fatal_error_handler(exitOnFatal, &Context);
}

std::optional<MCRegister> findRegister(const TargetRegisterInfo &TRI,
                                       StringRef Name) {
  Name.consume_front("$");
  for (unsigned R = 1, E = TRI.getNumRegs(); R != E; ++R)
    if (Name.equals_insensitive(TRI.getName(R)))
      return MCRegister(R);
  return std::nullopt;
}

Expected<std::vector<std::pair<MCRegister, int64_t>>>
parseLiveIns(const TargetRegisterInfo &TRI, ArrayRef<std::string> Specs) {
  std::vector<std::pair<MCRegister, int64_t>> LiveIns;
  for (StringRef Spec : Specs) {
    auto [Name, Val] = Spec.split('=');
    int64_t V;
    std::optional<MCRegister> R = findRegister(TRI, Name);
    if (!R || Val.getAsInteger(0, V))
      return readError("bad --live-in '" + Spec + "': expected reg=value");
    LiveIns.push_back({*R, V});
  }
  return LiveIns;
}

} // namespace tileas

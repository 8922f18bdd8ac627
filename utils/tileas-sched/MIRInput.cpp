//===- MIRInput.cpp - TileAS MIR loops as scheduling problems -------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "MIRInput.h"

#include "Pipeliner/TileASLoopProblem.h"
#include "TileAS.h"
#include "TileASOptions.h"
#include "tileas/MIRExec/MIRFile.h"
#include "tileas/ProblemIO/ParseError.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/MIRParser/MIRParser.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineModuleInfo.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <cstdlib>

using namespace llvm;

namespace tileas {

namespace {

/// Keeps the first error the MIR parser reports (with its location and the
/// offending line) instead of letting the context print it and exit.
/// Warnings are printed as they come.
class MIRDiagnostics : public DiagnosticHandler {
public:
  explicit MIRDiagnostics(StringRef Path) : Path(Path.str()) {}

  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    std::string Text;
    raw_string_ostream OS(Text);
    if (const auto *D = dyn_cast<DiagnosticInfoMIRParser>(&DI)) {
      print(D->getDiagnostic(), OS);
    } else if (const auto *D = dyn_cast<DiagnosticInfoSrcMgr>(&DI)) {
      print(D->getSMDiag(), OS);
    } else {
      if (DI.getSeverity() != DS_Error && DI.getSeverity() != DS_Warning)
        return true; // Remarks and notes: not ours to show.
      OS << Path << ": "
         << (DI.getSeverity() == DS_Error ? "error: " : "warning: ");
      DiagnosticPrinterRawOStream DP(OS);
      DI.print(DP);
    }
    StringRef Message = StringRef(Text).rtrim();
    if (DI.getSeverity() == DS_Error) {
      if (FirstError.empty())
        FirstError = Message.str();
    } else if (DI.getSeverity() == DS_Warning) {
      errs() << "tileas-sched: " << Message << '\n';
    }
    return true;
  }

  std::string FirstError;

private:
  /// Prints Diag as "<file>:<line>:<col>: error: ..." and the offending
  /// line. The YAML layer calls the buffer "YAML" (its lines are the file's
  /// lines all the same): that gets the file's name.
  void print(const SMDiagnostic &Diag, raw_ostream &OS) const {
    if (Diag.getFilename() != "YAML") {
      Diag.print(nullptr, OS, /*ShowColors=*/false);
      return;
    }
    SourceMgr None;
    SMDiagnostic Renamed(
        Diag.getSourceMgr() ? *Diag.getSourceMgr() : None, Diag.getLoc(), Path,
        Diag.getLineNo(), Diag.getColumnNo(), Diag.getKind(), Diag.getMessage(),
        Diag.getLineContents(), Diag.getRanges(), Diag.getFixIts());
    Renamed.print(nullptr, OS, /*ShowColors=*/false);
  }

  std::string Path;
};

/// The MIR parser runs the machine verifier on every function it reads and
/// makes a failure fatal, as in llc. After the verifier's report, name the
/// file and exit 1 rather than abort.
void fatalParseError(void *PathPtr, const char *Reason, bool) {
  StringRef Why(Reason);
  raw_ostream &OS = errs();
  OS << "tileas-sched: " << *static_cast<const std::string *>(PathPtr)
     << ": error: ";
  if (Why.starts_with("Found ") && Why.ends_with(" machine code errors."))
    OS << "the machine verifier rejects the file (" << Why.drop_back().lower()
       << "; its report is above)\n";
  else
    OS << Why << '\n';
  OS.flush();
  std::exit(1);
}

/// An error without a line: "<file>: error: <message>".
Error fileError(StringRef Path, const Twine &Message) {
  return makeParseError(Path, 0, Message);
}

/// The parser's first error, or Fallback when it reported none.
Error parserError(StringRef Path, const MIRDiagnostics &Diags,
                  const Twine &Fallback) {
  if (Diags.FirstError.empty())
    return fileError(Path, Fallback);
  return createStringError(inconvertibleErrorCode(), Diags.FirstError);
}

/// The blocks tileas-generate-schedule pipelines, in block order: a block
/// that is its own successor and the only block of its natural loop.
SmallVector<MachineBasicBlock *, 4> singleBlockLoops(MachineFunction &MF) {
  SmallVector<MachineBasicBlock *, 4> Loops;
  if (MF.empty())
    return Loops;
  MachineDominatorTree MDT(MF);
  MachineLoopInfo MLI(MDT);
  for (MachineBasicBlock &MBB : MF) {
    const MachineLoop *L = MLI.getLoopFor(&MBB);
    if (L && L->getNumBlocks() == 1 && L->getHeader() == &MBB &&
        MBB.isSuccessor(&MBB))
      Loops.push_back(&MBB);
  }
  return Loops;
}

/// Why bb.<Block> of MF is not one of its single-block loops.
std::string notALoop(MachineFunction &MF, unsigned Block) {
  if (Block >= MF.getNumBlockIDs() || !MF.getBlockNumbered(Block))
    return formatv("function '{0}' has no bb.{1}", MF.getName(), Block).str();
  if (MF.getBlockNumbered(Block)->isSuccessor(MF.getBlockNumbered(Block)))
    return formatv("bb.{0} of function '{1}' branches back to itself but "
                   "belongs to a larger loop, which is not pipelined",
                   Block, MF.getName())
        .str();
  return formatv("bb.{0} of function '{1}' is not a single-block loop", Block,
                 MF.getName())
      .str();
}

} // namespace

Expected<std::vector<Problem>> loadMIRLoops(StringRef Path,
                                            const MIRLoopSelection &Selection) {
  Expected<std::unique_ptr<TargetMachine>> TM =
      createTileASTargetMachine(Selection.CPU);
  if (!TM)
    return TM.takeError();

  // Declaration order is destruction order reversed: the machine functions
  // (owned by MMI) go before the module, the module before its context.
  LLVMContext Ctx;
  auto Handler = std::make_unique<MIRDiagnostics>(Path);
  MIRDiagnostics &Diags = *Handler;
  Ctx.setDiagnosticHandler(std::move(Handler));

  SMDiagnostic Diag;
  std::unique_ptr<MIRParser> Parser = createMIRParserFromFile(Path, Diag, Ctx);
  if (!Parser) {
    // Only a file that cannot be read gets here.
    StringRef Why = Diag.getMessage();
    Why.consume_front("Could not open input file: ");
    return fileError(Path, "cannot read the file: " + Why);
  }
  std::unique_ptr<Module> M;
  MachineModuleInfo MMI(TM->get());
  {
    std::string FatalPath = Path.str();
    ScopedFatalErrorHandler OnFatal(fatalParseError, &FatalPath);
    Expected<std::unique_ptr<Module>> Parsed =
        parseMIRModule(*Parser, **TM, MMI, [&](MIRReadStep Step) {
          return parserError(Path, Diags,
                             Step == MIRReadStep::IRModule
                                 ? "cannot read the IR part of the file"
                                 : "cannot parse the machine functions");
        });
    if (!Parsed)
      return Parsed.takeError();
    M = std::move(*Parsed);
    // The parser may go on after reporting an error.
    if (!Diags.FirstError.empty())
      return parserError(Path, Diags, "cannot parse the machine functions");
  }

  bool FunctionFound = Selection.Function.empty();
  std::vector<Problem> Problems;
  for (Function &F : *M) {
    MachineFunction *MF = MMI.getMachineFunction(F);
    if (!MF)
      continue;
    if (!Selection.Function.empty() && MF->getName() != Selection.Function)
      continue;
    FunctionFound = true;

    SmallVector<MachineBasicBlock *, 4> Loops = singleBlockLoops(*MF);
    if (Selection.Block) {
      llvm::erase_if(Loops, [&](const MachineBasicBlock *MBB) {
        return MBB->getNumber() != int(*Selection.Block);
      });
      // Naming the function and a block that is no loop is a mistake.
      if (Loops.empty() && !Selection.Function.empty())
        return fileError(Path, notALoop(*MF, *Selection.Block));
    }
    if (Loops.empty())
      continue;

    // The parser has run the machine verifier on MF: the loop builder can
    // trust its operands.
    for (MachineBasicBlock *MBB : Loops) {
      std::string Loop =
          formatv("loop bb.{0} in {1}", MBB->getNumber(), MF->getName()).str();
      Expected<TileASLoopProblem> LP =
          TileASLoopProblem::build(*MBB, tileasReservedBarriers());
      if (!LP)
        return fileError(Path, Loop + ": " + toString(LP.takeError()));
      if (!LP->Unsupported.empty())
        return fileError(Path,
                         Loop + " cannot be scheduled: " + LP->Unsupported);
      LP->Problem.Name = (Path + ": " + Loop).str();
      Problems.push_back(std::move(LP->Problem));
    }
  }

  if (!FunctionFound)
    return fileError(Path,
                     "no machine function named '" + Selection.Function + "'");
  if (Problems.empty()) {
    std::string Where;
    if (Selection.Block)
      Where += formatv(" at bb.{0}", *Selection.Block).str();
    if (!Selection.Function.empty())
      Where += " in function '" + Selection.Function + "'";
    return fileError(Path, "no single-block loop" + Where +
                               " to schedule (a loop whose one block "
                               "branches back to itself)");
  }
  return Problems;
}

} // namespace tileas

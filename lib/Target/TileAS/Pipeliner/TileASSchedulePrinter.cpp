//===- TileASSchedulePrinter.cpp - Print a loop schedule for people -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Pipeliner/TileASSchedulePrinter.h"
#include "Pipeliner/TileASScheduleAnalysis.h"
#include "TileASSubtarget.h"
#include "tileas/Model/MachineModel.h"
#include "tileas/ProblemIO/TextFormat.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

using namespace llvm;
using namespace tileas;

void llvm::printLoopSchedule(raw_ostream &OS, const TileASLoopSchedule &S) {
  const MIIBounds &B = S.Bounds;
  OS << formatv("tileas schedule of {0} bb.{1}: II={2}",
                S.Loop->getParent()->getName(), S.Loop->getNumber(), S.II);
  if (!S.Annotated) {
    OS << formatv(" MII={0} (res {1}, rec {2}, fine {3}, dep {4}", B.mii(),
                  B.Resource, B.Recurrence, B.FineDensity, B.Dependency);
    if (B.RecurrenceResource > B.Recurrence)
      OS << ", rec+res " << B.RecurrenceResource;
    if (B.Budget)
      OS << ", budget " << B.Budget;
    OS << ')';
  }
  OS << formatv(", stages {0}{1}\n", S.StageCount,
                S.Flags & SF_Serial ? " (serial)" : "");
  if (!S.II)
    return;

  // Cells of the kernel table: (row, slot id) -> "op/stage".
  const model::Machine &M = tileasMachine(*S.Loop->getParent());
  ResourceModel RM = M.buildResourceModel();
  std::map<unsigned, std::vector<std::string>> Columns; // Slot id -> rows.
  for (unsigned Op = 0; Op < S.Instrs.size(); ++Op) {
    const model::OpcodeRecord *Rec = M.lookupOpcode(S.Instrs[Op]->getOpcode());
    if (!Rec)
      continue;
    for (const model::SlotTripleRecord &T : M.triples(M.resourceVector(*Rec))) {
      std::vector<std::string> &Rows = Columns[T.Slot];
      Rows.resize(S.II);
      for (unsigned K = 0; K < T.Duration; ++K) {
        std::string &Cell = Rows[(S.Placement[Op].Start + K) % S.II];
        if (!Cell.empty())
          Cell += ",";
        Cell += formatv("{0}/{1}", Op, S.Placement[Op].Stage).str();
      }
    }
  }

  OS << "  kernel: rows are cycles mod II, cells are op/stage\n";
  OS << "  cycle";
  std::vector<size_t> Widths;
  for (auto &[Slot, Rows] : Columns) {
    const SlotDesc *D = RM.findSlot(Slot);
    std::string Name = D ? D->Name : formatv("slot{0}", Slot).str();
    size_t W = Name.size();
    for (const std::string &Cell : Rows)
      W = std::max(W, Cell.size());
    Widths.push_back(W);
    OS << "  " << left_justify(Name, W);
  }
  OS << "\n";
  auto RowIsEmpty = [&](unsigned Row) {
    for (auto &[Slot, Rows] : Columns) {
      (void)Slot;
      if (!Rows[Row].empty())
        return false;
    }
    return true;
  };
  for (unsigned Row = 0; Row < S.II; ++Row) {
    // Runs of three or more empty rows are shown as one line.
    unsigned End = Row;
    while (End + 1 < S.II && RowIsEmpty(Row) && RowIsEmpty(End + 1))
      ++End;
    if (End >= Row + 2) {
      OS << formatv("  {0,5}  (empty through cycle {1})\n", Row, End);
      Row = End;
      continue;
    }
    OS << formatv("  {0,5}", Row);
    unsigned C = 0;
    for (auto &[Slot, Rows] : Columns) {
      (void)Slot;
      OS << "  "
         << left_justify(Rows[Row].empty() ? "." : Rows[Row], Widths[C++]);
    }
    OS << "\n";
  }

  OS << "  op  stage  order  cycle  instruction\n";
  for (unsigned Op = 0; Op < S.Instrs.size(); ++Op) {
    const OpPlacement &P = S.Placement[Op];
    OS << formatv("  {0,2}  {1,5}  {2,5}  {3,5}  ", Op, P.Stage, P.Order,
                  P.Start);
    S.Instrs[Op]->print(OS, /*IsStandalone=*/true, /*SkipOpers=*/false,
                        /*SkipDebugLoc=*/true, /*AddNewLine=*/false);
    OS << "\n";
  }
}

void llvm::printOrderingDependences(raw_ostream &OS, const Problem &P) {
  OS << "  memory and ordering dependences:\n";
  bool Any = false;
  for (const Dependence &D : P.dependences()) {
    if (D.Kind != DepKind::Memory && D.Kind != DepKind::Token &&
        D.Kind != DepKind::Order)
      continue;
    OS << "    ";
    writeDependenceText(OS, P, D);
    Any = true;
  }
  if (!Any)
    OS << "    none\n";
}

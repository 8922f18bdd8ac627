//===- ProblemTextWriter.cpp - Write the tileas-sched problem text format -===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The canonical form: declarations first (slots, pools, budgets, groups,
// serial), then ops in problem order, then deps in problem order. Op keys
// appear in one fixed order and are left out when they hold their default;
// deps always spell out lat, dist and kind.
//
//===----------------------------------------------------------------------===//

#include "LineLexer.h"

#include "tileas/ProblemIO/TextFormat.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

using namespace llvm;

namespace tileas {

static StringRef slotKindName(SlotKind K) {
  switch (K) {
  case SlotKind::Coarse:
    return "coarse";
  case SlotKind::Fine:
    return "fine";
  case SlotKind::Test:
    return "test";
  }
  return "fine";
}

static StringRef depKindName(DepKind K) {
  switch (K) {
  case DepKind::Data:
    return "data";
  case DepKind::Accumulate:
    return "accumulate";
  case DepKind::Memory:
    return "memory";
  case DepKind::Token:
    return "token";
  case DepKind::Order:
    return "order";
  }
  return "data";
}

static void writeOp(raw_ostream &OS, const Problem &P, unsigned Index) {
  const Operation &Op = P.operations()[Index];
  const ResourceModel &M = P.model();
  OS << "op ";
  writeName(OS, Op.Name);
  ListSeparator SlotSep(",");
  if (!Op.Slots.empty())
    OS << " slots=";
  for (const SlotUse &U : Op.Slots) {
    OS << SlotSep << U.Slot << ':' << U.Duration;
    if (U.Occupancy != 1)
      OS << ':' << U.Occupancy;
  }
  ListSeparator PoolSep(",");
  if (!Op.Pools.empty())
    OS << " pools=";
  for (const PoolUse &U : Op.Pools) {
    OS << PoolSep;
    // An index the model does not have is written as a number, so that
    // the reader reports it instead of the writer crashing.
    if (U.Pool < M.pools().size())
      writeName(OS, M.pools()[U.Pool].Name);
    else
      OS << U.Pool;
    OS << ':' << U.Units;
    if (U.Duration != 1)
      OS << ':' << U.Duration;
  }
  ListSeparator BudgetSep(",");
  if (!Op.Budgets.empty())
    OS << " budget=";
  for (const BudgetUse &U : Op.Budgets) {
    OS << BudgetSep;
    if (U.Budget < M.budgets().size())
      writeName(OS, M.budgets()[U.Budget].Name);
    else
      OS << U.Budget;
    OS << ':' << U.Amount << ':'
       << (U.Scaling == BudgetScaling::PerStage ? "stage" : "pipe");
  }
  ListSeparator RowSep(",");
  if (!Op.FootprintRows.empty())
    OS << " rows=";
  for (uint64_t Row : Op.FootprintRows)
    OS << RowSep << format_hex(Row, 0);
  if (Op.Latency)
    OS << " lat=" << Op.Latency;
  if (Op.Async)
    OS << " async";
  if (Op.FarMemory)
    OS << " farmem";
  if (Op.Group >= 0)
    OS << " group=" << Op.Group;
  if (Op.MaxDepth)
    OS << " maxdepth=" << Op.MaxDepth;
  if (P.LoopBranch == Index)
    OS << " branch";
  OS << '\n';
}

void writeProblemText(raw_ostream &OS, const Problem &P) {
  const ResourceModel &M = P.model();
  OS << "# TileAS scheduling problem (docs/problem-format.md)\n";
  for (const SlotDesc &S : M.slots()) {
    OS << "slot " << S.Id << ' ';
    writeName(OS, S.Name);
    OS << ' ' << slotKindName(S.Kind) << '\n';
  }
  for (const PoolDesc &Pool : M.pools()) {
    OS << "pool ";
    writeName(OS, Pool.Name);
    OS << ' ' << Pool.Capacity << '\n';
  }
  for (const BudgetDesc &B : M.budgets()) {
    OS << "budget ";
    writeName(OS, B.Name);
    OS << ' ' << B.Capacity << '\n';
  }
  for (const GroupDesc &G : P.groups()) {
    OS << "group " << G.Id;
    if (G.Leader >= 0)
      OS << " leader=" << G.Leader;
    if (G.MaxDepth)
      OS << " maxdepth=" << G.MaxDepth;
    OS << '\n';
  }
  if (P.ForceSerial)
    OS << "serial\n";
  for (unsigned I = 0; I < P.size(); ++I)
    writeOp(OS, P, I);
  for (const Dependence &D : P.dependences())
    writeDependenceText(OS, P, D);
}

void writeDependenceText(raw_ostream &OS, const Problem &P,
                         const Dependence &D) {
  OS << "dep ";
  if (D.From < P.size())
    writeName(OS, P.operations()[D.From].Name);
  else
    OS << D.From;
  OS << ' ';
  if (D.To < P.size())
    writeName(OS, P.operations()[D.To].Name);
  else
    OS << D.To;
  OS << " lat=" << D.Latency << " dist=" << D.Distance
     << " kind=" << depKindName(D.Kind) << '\n';
}

} // namespace tileas

//===- ModelNamesEmitter.cpp - List the names of the machine's records ----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// -gen-tileas-model-names writes one line per record that describes the
// machines' resources (every machine's, one after the other): what it is (slot,
// pool, budget or pipe), its td record name, the name the tables give it, and
// its capacity (slots 1, pipes 0):
//
//   slot SlotTMA tma 1
//   budget BudgetSmemBytes smem_bytes 232448
//
// test/TableGen/one-machine-description.test reads it to check that no other
// source file spells these names or capacities out.
//
//===----------------------------------------------------------------------===//

#include "SlotModelReader.h"

#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

using namespace llvm;
using namespace tileas::tblgen;

namespace {

void emitMachineNames(const SlotModel &Model, raw_ostream &OS);

void emitModelNames(const RecordKeeper &Records, raw_ostream &OS) {
  std::vector<SlotModel> Models;
  if (!readSlotModels(Records, Models))
    return; // Errors were printed; TableGenMain fails the run.
  for (const SlotModel &Model : Models)
    emitMachineNames(Model, OS);
}

void emitMachineNames(const SlotModel &Model, raw_ostream &OS) {
  for (const Slot &S : Model.Slots)
    OS << "slot " << S.Def->getName() << ' ' << S.Name << " 1\n";
  for (const Pool &P : Model.Pools)
    OS << "pool " << P.Def->getName() << ' ' << P.Name << ' ' << P.Capacity
       << '\n';
  for (const Budget &B : Model.Budgets)
    OS << "budget " << B.Def->getName() << ' ' << B.Name << ' ' << B.Capacity
       << '\n';
  for (unsigned I = 0, E = Model.Pipes.size(); I != E; ++I)
    OS << "pipe " << Model.PipeDefs[I]->getName() << ' ' << Model.Pipes[I]
       << " 0\n";
}

TableGen::Emitter::Opt X("gen-tileas-model-names", emitModelNames,
                         "List the records that describe the TileAS machine");

} // namespace

//===- TileASISelDAGToDAG.cpp - Select TileAS instructions ----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The SelectionDAG instruction selector: the patterns of
// td/TileASISelPatterns.td select every node; nothing is selected by hand.
// (Call lowering builds the N-column tensor-memory moves as machine nodes:
// TableGen fixes the number of a node's results.)
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileAS.h"
#include "TileASSelectionDAGInfo.h"
#include "TileASSubtarget.h"
#include "TileASTargetMachine.h"

#include "llvm/CodeGen/SelectionDAGISel.h"

using namespace llvm;

#define DEBUG_TYPE "tileas-isel"
#define PASS_NAME "TileAS DAG->DAG instruction selection"

namespace {

class TileASDAGToDAGISel : public SelectionDAGISel {
public:
  explicit TileASDAGToDAGISel(TileASTargetMachine &TM, CodeGenOptLevel OL)
      : SelectionDAGISel(TM, OL) {}

  /// Marks the function selected, so that the MIR printer says so and llc
  /// reading that MIR back (a materialized loop written with
  /// -stop-after=tileas-materialize-schedule from IR, compiled at -O0) does
  /// not select the IR body a second time into the same function.
  bool runOnMachineFunction(MachineFunction &MF) override {
    Subtarget = &MF.getSubtarget<TileASSubtarget>();
    bool Changed = SelectionDAGISel::runOnMachineFunction(MF);
    MF.getProperties().setSelected();
    return Changed;
  }

  void Select(SDNode *N) override {
    if (N->isMachineOpcode()) {
      N->setNodeId(-1);
      return;
    }
    SelectCode(N);
  }

private:
  /// The pattern predicates' subtarget (HasF32x2).
  const TileASSubtarget *Subtarget = nullptr;

#include "TileASGenDAGISel.inc"
};

class TileASDAGToDAGISelLegacy : public SelectionDAGISelLegacy {
public:
  static char ID;
  TileASDAGToDAGISelLegacy(TileASTargetMachine &TM, CodeGenOptLevel OL)
      : SelectionDAGISelLegacy(ID,
                               std::make_unique<TileASDAGToDAGISel>(TM, OL)) {}
};

} // namespace

char TileASDAGToDAGISelLegacy::ID = 0;

INITIALIZE_PASS(TileASDAGToDAGISelLegacy, DEBUG_TYPE, PASS_NAME, false, false)

FunctionPass *llvm::createTileASISelDag(TileASTargetMachine &TM,
                                        CodeGenOptLevel OL) {
  return new TileASDAGToDAGISelLegacy(TM, OL);
}

//===- TileASMachineScheduler.cpp - Pre-RA scheduling rules ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASMachineScheduler.h"
#include "TileASRegisterUnits.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/ScheduleDAGInstrs.h"
#include "llvm/CodeGen/ScheduleDAGMutation.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

static cl::opt<bool> WideLoadChain(
    "tileas-misched-wide-load-chain",
    cl::desc("Keep the machine scheduler from moving a wide load (at least "
             "-tileas-misched-wide-load-registers 32-bit registers) above the "
             "readers of the previous one that precede it"),
    cl::init(true));
static cl::opt<unsigned> WideLoadRegisters(
    "tileas-misched-wide-load-registers",
    cl::desc("32-bit registers from which a load is wide for "
             "-tileas-misched-wide-load-chain (16: a tcgen05.ld of 16 "
             "columns)"),
    cl::init(16));

bool llvm::isWideRegisterLoad(const MachineInstr &MI, unsigned MinUnits) {
  if (!MI.mayLoad())
    return false;
  const MachineFunction &MF = *MI.getMF();
  const MachineRegisterInfo &MRI = MF.getRegInfo();
  const TargetRegisterInfo &TRI = *MF.getSubtarget().getRegisterInfo();
  unsigned Units = 0;
  for (const MachineOperand &MO : MI.all_defs())
    if (MO.getReg().isVirtual())
      Units += registerUnits(*MRI.getRegClass(MO.getReg()), TRI);
  return Units >= MinUnits;
}

namespace {

/// Chains the wide loads of a region to the readers that the current order
/// puts between them: the reader R of load A that comes before the next wide
/// load B gets the artificial edge R -> B. Every edge points forward in the
/// current order, as all of the DAG's do, so no cycle can form. A chunk
/// that the current order finished reading before the next load stays
/// finished before it; a reader of A placed after B stays free, as it was.
class WideLoadChainMutation : public ScheduleDAGMutation {
public:
  void apply(ScheduleDAGInstrs *DAG) override {
    SUnit *Previous = nullptr;
    // SUnits are numbered in the region's current order.
    for (SUnit &SU : DAG->SUnits) {
      if (!isWideRegisterLoad(*SU.getInstr(), WideLoadRegisters))
        continue;
      if (Previous)
        for (const SDep &Out : Previous->Succs) {
          SUnit *Reader = Out.getSUnit();
          if (Out.getKind() == SDep::Data && !Reader->isBoundaryNode() &&
              Reader->NodeNum < SU.NodeNum)
            DAG->addEdge(&SU, SDep(Reader, SDep::Artificial));
        }
      Previous = &SU;
    }
  }
};

} // namespace

std::unique_ptr<ScheduleDAGMutation> llvm::createTileASWideLoadChainMutation() {
  if (!WideLoadChain)
    return nullptr;
  return std::make_unique<WideLoadChainMutation>();
}

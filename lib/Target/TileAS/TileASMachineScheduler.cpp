//===- TileASMachineScheduler.cpp - Pre-RA scheduling rules ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASMachineScheduler.h"
#include "TileASRegisterUnits.h"

#include "llvm/ADT/DenseMap.h"
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
             "readers of the previous one from its address that precede it"),
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

/// The register a load reads its address from (a tensor-memory handle, a
/// global pointer): its first register use.
Register addressOf(const MachineInstr &MI) {
  for (const MachineOperand &MO : MI.explicit_uses())
    if (MO.isReg() && MO.getReg())
      return MO.getReg();
  return Register();
}

/// Chains the wide loads of a region that read one address register (the
/// chunks of one row) to the readers that the current order puts between
/// them: the reader R of load A that comes before the next wide load B from
/// A's register gets the artificial edge R -> B. Every edge points forward
/// in the current order, as all of the DAG's do, so no cycle can form. A
/// chunk that the current order finished reading before the next chunk's
/// load stays finished before it; a reader of A placed after B stays free,
/// as it was, and so do loads of other rows.
class WideLoadChainMutation : public ScheduleDAGMutation {
public:
  void apply(ScheduleDAGInstrs *DAG) override {
    // Per address register, its last wide load so far.
    DenseMap<Register, SUnit *> Previous;
    // SUnits are numbered in the region's current order.
    for (SUnit &SU : DAG->SUnits) {
      const MachineInstr &MI = *SU.getInstr();
      if (!isWideRegisterLoad(MI, WideLoadRegisters))
        continue;
      Register Address = addressOf(MI);
      if (!Address)
        continue;
      SUnit *&Last = Previous[Address];
      if (Last)
        for (const SDep &Out : Last->Succs) {
          SUnit *Reader = Out.getSUnit();
          if (Out.getKind() == SDep::Data && !Reader->isBoundaryNode() &&
              Reader->NodeNum < SU.NodeNum)
            DAG->addEdge(&SU, SDep(Reader, SDep::Artificial));
        }
      Last = &SU;
    }
  }
};

} // namespace

std::unique_ptr<ScheduleDAGMutation> llvm::createTileASWideLoadChainMutation() {
  if (!WideLoadChain)
    return nullptr;
  return std::make_unique<WideLoadChainMutation>();
}

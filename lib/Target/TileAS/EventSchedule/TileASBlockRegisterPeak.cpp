//===- TileASBlockRegisterPeak.cpp - Registers an order keeps live --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "EventSchedule/TileASBlockRegisterPeak.h"
#include "TileASRegisterUnits.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"

#include <vector>

using namespace llvm;

unsigned llvm::peakLiveRegisterUnits(const MachineBasicBlock &MBB,
                                     ArrayRef<const MachineInstr *> Order) {
  const MachineFunction &MF = *MBB.getParent();
  const MachineRegisterInfo &MRI = MF.getRegInfo();
  const TargetRegisterInfo &TRI = *MF.getSubtarget().getRegisterInfo();
  // Positions: 0 the block's start (PHIs), 1.. the order, End its
  // terminators and what leaves the block.
  unsigned End = Order.size() + 1;
  struct Range {
    unsigned Start, Stop;
  };
  // In order of first appearance: deterministic.
  MapVector<Register, Range> Live;
  auto Touch = [&](Register R, unsigned Pos, bool Def) {
    if (!R.isVirtual())
      return;
    auto [It, New] = Live.try_emplace(R, Range{Def ? Pos : 0, Pos});
    if (!New)
      It->second.Stop = std::max(It->second.Stop, Pos);
  };
  auto Visit = [&](const MachineInstr &MI, unsigned Pos) {
    for (const MachineOperand &MO : MI.operands())
      if (MO.isReg() && MO.getReg())
        Touch(MO.getReg(), Pos, MO.isDef());
  };
  // A PHI's inputs are live at the ends of the predecessors, not here.
  for (const MachineInstr &MI : MBB.phis())
    Touch(MI.getOperand(0).getReg(), 0, /*Def=*/true);
  for (auto [I, MI] : enumerate(Order))
    Visit(*MI, I + 1);
  for (const MachineInstr &MI : MBB.terminators())
    Visit(MI, End);
  // Values read after the block stay live to its end.
  for (auto &[R, Span] : Live)
    for (const MachineInstr &User : MRI.use_nodbg_instructions(R))
      if (User.getParent() != &MBB || User.isPHI())
        Span.Stop = End;
  std::vector<int> Delta(End + 2, 0);
  for (const auto &[R, Span] : Live) {
    int Units = int(registerUnits(*MRI.getRegClass(R), TRI));
    Delta[Span.Start] += Units;
    Delta[Span.Stop + 1] -= Units;
  }
  int Now = 0, Peak = 0;
  for (int D : Delta) {
    Now += D;
    Peak = std::max(Peak, Now);
  }
  return unsigned(Peak);
}

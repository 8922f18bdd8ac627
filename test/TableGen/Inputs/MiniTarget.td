// The smallest machine the slot-model vocabulary needs; the error tests add
// one mistake each on top of it.
include "llvm/Target/Target.td"
include "TileASSlotModel.td"

def MiniModel : SchedMachineModel;
def PipeA : EventPipe<"a">;
let SchedModel = MiniModel in {
def SlotOne : TileASSlot<1, "one", "coarse">;
def PoolWide : CountingPool<"wide", 2>;
}

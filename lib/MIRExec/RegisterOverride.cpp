//===- RegisterOverride.cpp - Registers a run sets instead of computing ---===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/MIRExec/RegisterOverride.h"
#include "tileas/MIRExec/Where.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {

Error applyOverrides(const MachineInstr &MI,
                     ArrayRef<RegisterOverride> Overrides,
                     function_ref<std::optional<int64_t>(Register)> Lookup,
                     function_ref<void(Register, int64_t)> Set,
                     MutableArrayRef<unsigned> Uses) {
  auto Apply = [&](const RegisterOverride &O) -> Error {
    int64_t V = O.Value;
    if (!O.Series.empty() && !Uses.empty()) {
      unsigned &N = Uses[&O - Overrides.data()];
      if (N >= O.Series.size())
        return failAt(
            MI, formatv("loop '{0}' is entered more often than its "
                        "--trip-count list has trip counts ({1}): {2} is set "
                        "here for entry {3}",
                        O.Loop, O.Series.size(),
                        printReg(O.Reg, /*TRI=*/nullptr, 0,
                                 &MI.getMF()->getRegInfo()),
                        N + 1));
      V = O.Series[N++];
    }
    if (O.Base) {
      std::optional<int64_t> Base = Lookup(O.Base);
      if (!Base)
        return failAt(
            MI, formatv("the trip count is set here from the loop's start "
                        "{0}, which is not computed yet",
                        printReg(O.Base, /*TRI=*/nullptr, 0,
                                 &MI.getMF()->getRegInfo())));
      V = int64_t(uint64_t(V) + uint64_t(*Base));
    }
    Set(O.Reg, V);
    return Error::success();
  };
  for (const MachineOperand &Def : MI.all_defs())
    for (const RegisterOverride &O : Overrides)
      if (O.Reg == Def.getReg() && !O.At)
        if (Error E = Apply(O))
          return E;
  // Those set after a later instruction, where their base is known.
  for (const RegisterOverride &O : Overrides)
    if (O.At == &MI)
      if (Error E = Apply(O))
        return E;
  return Error::success();
}

} // namespace tileas

//===- TileASRegisterUnits.h - Registers as setmaxnreg counts -*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// setmaxnreg budgets a thread in 32-bit registers. Our register classes are
// separate files of different widths, so a register counts the 32-bit units
// it would take in the hardware's one file: a GPR32 one, a GPR64 (an address,
// a descriptor) two, a FRAG (four floats) four. A TILE or TMEM handle is an
// address in shared or tensor memory, which the hardware holds in one 32-bit
// register (the data layout's 32-bit index for those spaces): one.
// Predicates live in the predicate file, which setmaxnreg does not budget:
// zero. The count is of distinct registers, as if the final assignment packed
// them densely from register 0; the budget is met when it fits.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASREGISTERUNITS_H
#define TILEAS_TILEASREGISTERUNITS_H

namespace llvm {

class TargetRegisterClass;
class TargetRegisterInfo;

/// The 32-bit registers one register of RC takes against a setmaxnreg budget.
unsigned registerUnits(const TargetRegisterClass &RC,
                       const TargetRegisterInfo &TRI);

} // namespace llvm

#endif // TILEAS_TILEASREGISTERUNITS_H

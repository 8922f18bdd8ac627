//===- MemOperands.cpp - Memory operands of generated instructions --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "MemOperands.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"

using namespace llvm;

namespace tileas {
namespace loopgen {

std::string withMemOperand(StringRef Line) {
  // The opcode follows "<def> = ", or starts the line of a store.
  StringRef Rest = Line;
  size_t Eq = Rest.find(" = ");
  if (Eq != StringRef::npos)
    Rest = Rest.substr(Eq + 3);
  StringRef Opcode = Rest.take_until([](char C) { return C == ' '; });
  StringRef Access =
      StringSwitch<StringRef>(Opcode)
          .Cases("TMA_LOAD", "CP_ASYNC", "load (s128), addrspace 1")
          .Case("LDG", "load (s32), addrspace 1")
          .Case("LDG_F", "load (s128), addrspace 1")
          .Case("LDS", "load (s128), addrspace 3")
          .Case("TMEM_LD", "load (s128), addrspace 6")
          .Case("TMA_STORE", "store (s128), addrspace 1")
          .Case("STG", "store (s32), addrspace 1")
          .Case("STG_F", "store (s128), addrspace 1")
          .Case("STS", "store (s128), addrspace 3")
          .Case("TMEM_ST", "store (s128), addrspace 6")
          .Default("");
  if (Access.empty())
    return Line.str();
  return (Twine(Line) + " :: (" + Access + ")").str();
}

} // namespace loopgen
} // namespace tileas

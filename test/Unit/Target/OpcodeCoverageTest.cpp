//===- OpcodeCoverageTest.cpp - Every opcode has a round-trip test --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// test/CodeGen/TileAS/roundtrip-all-instructions.mir must use every opcode of
// the model: adding an instruction to td/ without adding it there fails here.
//
//===----------------------------------------------------------------------===//

#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <set>

using namespace llvm;

/// The unit tests use the Blackwell machine explicitly.
static const tileas::model::Machine &blackwellModel() {
  return tileas::model::machine("blackwell");
}

TEST(OpcodeCoverage, RoundTripTestUsesEveryOpcode) {
  std::string Path = std::string(TILEAS_SOURCE_DIR) +
                     "/test/CodeGen/TileAS/roundtrip-all-instructions.mir";
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  ASSERT_TRUE(bool(Buf)) << Path;

  // The words of the test's MIR body (before its CHECK lines).
  StringRef Text = (*Buf)->getBuffer();
  Text = Text.substr(0, Text.find("\n# MIR:"));
  std::set<std::string> Words;
  SmallVector<StringRef> Tokens;
  SplitString(Text, Tokens, " \t\n,=%()");
  for (StringRef T : Tokens)
    Words.insert(T.str());

  unsigned Opcodes = 0;
  for (unsigned Opc = 0; Opc < 4096; ++Opc)
    if (const tileas::model::OpcodeRecord *Op =
            blackwellModel().lookupOpcode(Opc)) {
      ++Opcodes;
      EXPECT_TRUE(Words.count(Op->Name))
          << Op->Name << " is not exercised by " << Path;
    }
  EXPECT_GT(Opcodes, 80u);
}

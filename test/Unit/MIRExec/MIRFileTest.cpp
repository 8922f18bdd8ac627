//===- MIRFileTest.cpp - Reading MIR for the tools ------------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "MIRExecTestUtil.h"

#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

class MIRFileTest : public MIRTest {};

const char *TwoFunctions = R"(---
name: first
body: |
  bb.0:
    RET
---
name: second
body: |
  bb.0:
    RET
...
)";

TEST_F(MIRFileTest, FunctionsInModuleOrderAndByName) {
  MachineFunction *MF = parse(TwoFunctions, "second");
  ASSERT_NE(MF, nullptr);
  const MIRFile &File = Files.back();
  std::vector<MachineFunction *> All = File.functions();
  ASSERT_EQ(All.size(), 2u);
  EXPECT_EQ(All[0]->getName(), "first");
  EXPECT_EQ(All[1]->getName(), "second");
  std::vector<MachineFunction *> Chosen = File.functions({"second", "none"});
  ASSERT_EQ(Chosen.size(), 1u);
  EXPECT_EQ(Chosen[0], MF);
  EXPECT_EQ(File.function("none"), nullptr);
}

TEST_F(MIRFileTest, RegistersByNameWithOrWithoutDollar) {
  MachineFunction *MF = parse(oneBlock(""), "f");
  ASSERT_NE(MF, nullptr);
  const TargetRegisterInfo &TRI = *MF->getSubtarget().getRegisterInfo();
  std::optional<MCRegister> R0 = findRegister(TRI, "r0");
  ASSERT_TRUE(R0.has_value());
  EXPECT_EQ(StringRef(TRI.getName(*R0)).lower(), "r0");
  EXPECT_EQ(findRegister(TRI, "$R0"), R0);
  EXPECT_NE(findRegister(TRI, "r1"), R0);
  EXPECT_FALSE(findRegister(TRI, "r99999").has_value());
}

TEST_F(MIRFileTest, LiveInValues) {
  MachineFunction *MF = parse(oneBlock(""), "f");
  ASSERT_NE(MF, nullptr);
  const TargetRegisterInfo &TRI = *MF->getSubtarget().getRegisterInfo();
  Expected<std::vector<std::pair<MCRegister, int64_t>>> LiveIns =
      parseLiveIns(TRI, {"r0=16", "$r1=-3", "r2=0x10"});
  ASSERT_TRUE(bool(LiveIns)) << toString(LiveIns.takeError());
  ASSERT_EQ(LiveIns->size(), 3u);
  EXPECT_EQ((*LiveIns)[0],
            std::make_pair(*findRegister(TRI, "r0"), int64_t(16)));
  EXPECT_EQ((*LiveIns)[1].second, -3);
  EXPECT_EQ((*LiveIns)[2].second, 16);
}

TEST_F(MIRFileTest, BadLiveInNamesTheSpec) {
  MachineFunction *MF = parse(oneBlock(""), "f");
  ASSERT_NE(MF, nullptr);
  const TargetRegisterInfo &TRI = *MF->getSubtarget().getRegisterInfo();
  for (const char *Bad : {"r0", "r0=x", "nosuch=1", "=4"}) {
    Expected<std::vector<std::pair<MCRegister, int64_t>>> LiveIns =
        parseLiveIns(TRI, {"r1=2", Bad});
    ASSERT_FALSE(bool(LiveIns)) << Bad;
    EXPECT_EQ(toString(LiveIns.takeError()),
              "bad --live-in '" + std::string(Bad) + "': expected reg=value");
  }
}

} // namespace

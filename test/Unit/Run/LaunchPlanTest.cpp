//===- LaunchPlanTest.cpp - The PTX's facts and the launch ----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "LaunchPlan.h"
#include "PTXKernel.h"
#include "RunTestUtil.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas::run;
using namespace tileas::run::test;

namespace {

/// The head of what llc -mcpu=sm_100a prints for examples/gemm-mainloop.ll,
/// after another kernel.
const char *GemmPTX = R"(.version 8.7
.target sm_100a
.address_size 64

.extern .shared .align 1024 .b8 tileas_smem[];
// shared arena: 4096 of 232448 bytes, .align 1024
.visible .entry other(
	.param .u64 other_param_0
)
{
	ret;
}
// shared arena: 164056 of 232448 bytes, .align 1024
//   0x00000  ring pipe0: 5 slots x 16384 B, stride 16384 (81920 B)
.visible .entry gemm_mainloop(
	.param .align 128 .b8 gemm_mainloop_param_0[128],
	.param .align 128 .b8 gemm_mainloop_param_1[128],
	.param .u64 gemm_mainloop_param_2,
	.param .u32 gemm_mainloop_param_3
)
.reqntid 128, 1, 1
.minnctapersm 1
{
	ret;
}
)";

PTXKernel kernel(StringRef PTX, StringRef Name) {
  Expected<PTXKernel> K = readPTXKernel(PTX, Name);
  EXPECT_TRUE(bool(K)) << (K ? "" : toString(K.takeError()));
  return K ? *K : PTXKernel();
}

std::string replaced(StringRef From, StringRef To) {
  std::string S = GemmPTX;
  size_t At = S.find(From.str());
  EXPECT_NE(At, std::string::npos);
  S.replace(At, From.size(), To.str());
  return S;
}

TEST(LaunchPlanTest, ReadsTheKernel) {
  PTXKernel K = kernel(GemmPTX, "gemm_mainloop");
  EXPECT_EQ(K.Target, "sm_100a");
  ASSERT_EQ(K.Params.size(), 4u);
  EXPECT_EQ(K.Params[0].TheKind, PTXParam::Bytes);
  EXPECT_EQ(K.Params[0].Align, 128u);
  EXPECT_EQ(K.Params[0].Size, 128u);
  EXPECT_EQ(K.Params[0].Name, "gemm_mainloop_param_0");
  EXPECT_EQ(K.Params[2].TheKind, PTXParam::U64);
  EXPECT_EQ(K.Params[3].TheKind, PTXParam::U32);
  ASSERT_TRUE(K.ReqNTid);
  EXPECT_EQ((*K.ReqNTid)[0], 128u);
  EXPECT_EQ((*K.ReqNTid)[1], 1u);
  ASSERT_TRUE(K.ArenaBytes); // Its own arena, not the previous kernel's.
  EXPECT_EQ(*K.ArenaBytes, 164056u);

  PTXKernel O = kernel(GemmPTX, "other");
  EXPECT_EQ(O.ArenaBytes, 4096u);
  EXPECT_FALSE(O.ReqNTid);

  EXPECT_EQ(errorOf(readPTXKernel(GemmPTX, "gemm")),
            "the PTX has no .entry gemm (its entries: other, gemm_mainloop)");
  EXPECT_EQ(errorOf(readPTXKernel(".target sm_100a\n", "gemm")),
            "the PTX has no .entry");
}

TEST(LaunchPlanTest, Targets) {
  std::optional<TargetArch> B = parseTarget("sm_100a");
  ASSERT_TRUE(B);
  EXPECT_EQ(B->Capability, 100u);
  EXPECT_TRUE(B->runsOn(100));
  EXPECT_FALSE(B->runsOn(90));
  EXPECT_FALSE(B->runsOn(103));
  std::optional<TargetArch> H = parseTarget("sm_90a");
  ASSERT_TRUE(H);
  EXPECT_TRUE(H->runsOn(90));
  EXPECT_FALSE(H->runsOn(100));
  std::optional<TargetArch> F = parseTarget("sm_100f");
  ASSERT_TRUE(F);
  EXPECT_TRUE(F->runsOn(103));
  EXPECT_FALSE(F->runsOn(120));
  std::optional<TargetArch> P = parseTarget("sm_80");
  ASSERT_TRUE(P);
  EXPECT_TRUE(P->runsOn(90));
  EXPECT_FALSE(P->runsOn(75));
  EXPECT_FALSE(parseTarget("compute_90"));
  EXPECT_FALSE(parseTarget("sm_x"));
}

TEST(LaunchPlanTest, TheBundledGemm) {
  Problem P = parsed(gemmMainloopJSON());
  PTXKernel K = kernel(GemmPTX, "gemm_mainloop");
  Expected<LaunchPlan> L = planLaunch(P, K);
  ASSERT_TRUE(bool(L)) << toString(L.takeError());
  EXPECT_EQ(L->SharedBytes, 164056u + 1024);
  EXPECT_EQ(L->Block[0], 128u);
  EXPECT_EQ(L->Grid[0], 1u);
  ASSERT_EQ(L->Params.size(), 4u);
  EXPECT_EQ(L->Params[0].Map.GlobalDim[0], 1024u);
  EXPECT_EQ(L->Params[3].Scalar, 16u); // k/64
  EXPECT_DOUBLE_EQ(L->Flops, 2.0 * 128 * 128 * 1024);

  std::string S;
  raw_string_ostream OS(S);
  printLaunchPlan(OS, P, K, *L);
  EXPECT_EQ(S, "kernel gemm_mainloop (sm_100a): C 128x128 f32 = A 128x1024 "
               "bf16 * B^T (B 128x1024 bf16)\n"
               "grid 1 1 1, block 128 1 1, dynamic shared memory 165080 "
               "bytes (arena 164056 + 1024)\n"
               "param 0 (gemm_mainloop_param_0): tensor map of A: rank 2 bf16 "
               "dims {1024, 128} strides {2048} box {64, 128} elementStrides "
               "{1, 1} swizzle 128B (16384 bytes a box)\n"
               "param 1 (gemm_mainloop_param_1): tensor map of B: rank 2 bf16 "
               "dims {1024, 128} strides {2048} box {64, 128} elementStrides "
               "{1, 1} swizzle 128B (16384 bytes a box)\n"
               "param 2 (gemm_mainloop_param_2): pointer to C\n"
               "param 3 (gemm_mainloop_param_3): u32 16 (k/64)\n");

  // The description's own block and shared memory win.
  P.SharedBytes = 2048;
  EXPECT_EQ(cantFail(planLaunch(P, K)).SharedBytes, 2048u);
}

TEST(LaunchPlanTest, Mismatches) {
  Problem P = parsed(gemmMainloopJSON());
  PTXKernel K = kernel(GemmPTX, "gemm_mainloop");

  Problem Fewer = P;
  Fewer.Params.pop_back();
  EXPECT_EQ(errorOf(planLaunch(Fewer, K)),
            "gemm_mainloop: the description lists 3 parameters, the kernel "
            "has 4");

  Problem Swapped = P;
  std::swap(Swapped.Params[2], Swapped.Params[3]);
  EXPECT_EQ(errorOf(planLaunch(Swapped, K)),
            "params[2]: the description says a u32 (.param .u32), the kernel "
            "declares '.param .u64 gemm_mainloop_param_2'");

  // A tensor map passed by address (.u64) is not the by-value ABI.
  PTXKernel ByAddress =
      kernel(replaced(".param .align 128 .b8 gemm_mainloop_param_0[128]",
                      ".param .u64 gemm_mainloop_param_0"),
             "gemm_mainloop");
  EXPECT_EQ(errorOf(planLaunch(P, ByAddress)),
            "params[0]: the description says a tensor map (.param .align 128 "
            ".b8 p[128]), the kernel declares '.param .u64 "
            "gemm_mainloop_param_0'");

  Problem Block = P;
  Block.Block = std::array<uint64_t, 3>{256, 1, 1};
  EXPECT_EQ(errorOf(planLaunch(Block, K)),
            "block: [256, 1, 1] differs from the kernel's .reqntid 128, 1, 1");

  PTXKernel NoBlock =
      kernel(replaced(".reqntid 128, 1, 1", ""), "gemm_mainloop");
  EXPECT_EQ(errorOf(planLaunch(P, NoBlock)),
            "gemm_mainloop: no block size: the kernel has no .reqntid and the "
            "description no \"block\"");

  Problem BadK = P;
  BadK.Shape.K = 100;
  EXPECT_EQ(errorOf(planLaunch(BadK, K)),
            "params[0].box: K = 100 is not a multiple of the box's K extent "
            "64");
}

} // namespace

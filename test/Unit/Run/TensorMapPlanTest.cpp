//===- TensorMapPlanTest.cpp - cuTensorMapEncodeTiled's arguments ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TensorMapPlan.h"
#include "RunTestUtil.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas::run;
using namespace tileas::run::test;

namespace {

TensorMapArgs plan(const Problem &P, unsigned Param) {
  Expected<TensorMapArgs> A = planTensorMap(P, P.Params[Param], "params[0]");
  EXPECT_TRUE(bool(A)) << (A ? "" : toString(A.takeError()));
  return A ? *A : TensorMapArgs();
}

std::string printed(const TensorMapArgs &A) {
  std::string S;
  raw_string_ostream OS(S);
  printTensorMapArgs(OS, A);
  return S;
}

/// The values the driver's rules are checked on: a valid rank-2 map.
TensorMapArgs validMap() {
  TensorMapArgs A;
  A.DataType = TMADataType::BFloat16;
  A.ElementBytes = 2;
  A.Rank = 2;
  A.GlobalDim = {1024, 128};
  A.GlobalStrides = {2048};
  A.BoxDim = {64, 128};
  A.ElementStrides = {1, 1};
  A.Swizzle = TMASwizzle::B128;
  return A;
}

TEST(TensorMapPlanTest, BundledGemmIsRank2) {
  // examples/gemm-mainloop.ll: A 128 x 1024 bf16, K-major, box 64 x 128
  // (128 bytes of K: one swizzle row), coordinates {k, row}.
  Problem P = parsed(gemmMainloopJSON());
  TensorMapArgs A = plan(P, 0);
  EXPECT_EQ(A.DataType, TMADataType::BFloat16);
  EXPECT_EQ(A.Rank, 2u);
  EXPECT_EQ(A.GlobalDim[0], 1024u); // Innermost first: K.
  EXPECT_EQ(A.GlobalDim[1], 128u);
  EXPECT_EQ(A.GlobalStrides[0], 2048u); // Bytes.
  EXPECT_EQ(A.BoxDim[0], 64u);
  EXPECT_EQ(A.BoxDim[1], 128u);
  EXPECT_EQ(A.ElementStrides[0], 1u);
  EXPECT_EQ(A.ElementStrides[1], 1u);
  EXPECT_EQ(A.Swizzle, TMASwizzle::B128);
  EXPECT_EQ(A.Interleave, TMAInterleave::None);
  EXPECT_EQ(A.boxBytes(), 16384u); // The kernel's expect_tx per tile.
  EXPECT_EQ(printed(A), "rank 2 bf16 dims {1024, 128} strides {2048} box "
                        "{64, 128} elementStrides {1, 1} swizzle 128B (16384 "
                        "bytes a box)");
  // B: N x K, the same form.
  P.Shape.N = 256;
  TensorMapArgs B = plan(P, 1);
  EXPECT_EQ(B.GlobalDim[1], 256u);
  EXPECT_EQ(B.GlobalStrides[0], 2048u);
}

TEST(TensorMapPlanTest, WideFp8TileIsKAtoms) {
  // gemm-fp8-smem-bound's A: 128 rows x 512 e4m3 per k-tile, four atoms of
  // 128 bytes: rank 3 {128, rows, K / 128}, strides {K, 128}, box
  // {128, 128, 4} (docs/ptx.md).
  Problem P = parsed(gemmMainloopJSON());
  P.AType = P.BType = ElementType::E4M3;
  P.Shape.K = 2048;
  P.Params[0].Box = {512, 128};
  TensorMapArgs A = plan(P, 0);
  EXPECT_EQ(A.DataType, TMADataType::UInt8);
  EXPECT_EQ(A.Rank, 3u);
  EXPECT_EQ(A.GlobalDim[0], 128u);
  EXPECT_EQ(A.GlobalDim[1], 128u);
  EXPECT_EQ(A.GlobalDim[2], 16u);
  EXPECT_EQ(A.GlobalStrides[0], 2048u);
  EXPECT_EQ(A.GlobalStrides[1], 128u);
  EXPECT_EQ(A.BoxDim[0], 128u);
  EXPECT_EQ(A.BoxDim[1], 128u);
  EXPECT_EQ(A.BoxDim[2], 4u);
  EXPECT_EQ(A.boxBytes(), 65536u);
  // B: 256 rows x 256 e4m3, two atoms.
  P.Shape.N = 256;
  P.Params[1].Box = {256, 256};
  TensorMapArgs B = plan(P, 1);
  EXPECT_EQ(B.Rank, 3u);
  EXPECT_EQ(B.BoxDim[1], 256u);
  EXPECT_EQ(B.BoxDim[2], 2u);
  EXPECT_EQ(B.boxBytes(), 65536u);
  // A bf16 tile 128 deep (256 bytes) is two atoms of 64 elements.
  Problem Q = parsed(gemmMainloopJSON());
  Q.Params[0].Box = {128, 128};
  TensorMapArgs C = plan(Q, 0);
  EXPECT_EQ(C.Rank, 3u);
  EXPECT_EQ(C.GlobalDim[0], 64u);
  EXPECT_EQ(C.GlobalDim[2], 16u);
  EXPECT_EQ(C.BoxDim[0], 64u);
  EXPECT_EQ(C.BoxDim[2], 2u);
}

TEST(TensorMapPlanTest, PlanningRefusals) {
  Problem P = parsed(gemmMainloopJSON());
  P.Params[0].Swizzle = 64;
  EXPECT_EQ(errorOf(planTensorMap(P, P.Params[0], "params[0]")),
            "params[0].box: 128 bytes of K exceed the 64-byte swizzle span; "
            "only the 128-byte swizzle splits a tile into K-atoms");
  P.Params[0].Swizzle = 128;
  P.Params[0].Box = {96, 128};
  EXPECT_EQ(errorOf(planTensorMap(P, P.Params[0], "params[0]")),
            "params[0].box: a tile split into 128-byte K-atoms needs the "
            "box's K (192 bytes) and the row (2048 bytes) to be multiples of "
            "128");
  P.Params[0].Box = {64, 512};
  P.Shape.M = 512;
  EXPECT_EQ(errorOf(planTensorMap(P, P.Params[0], "params[0]")),
            "params[0]: tensor map: box dim 1 is 512, not in [1, 256]");
  // No swizzle: the inner box may be wider than 128 bytes, in one row.
  P.Params[0].Box = {256, 128};
  P.Params[0].Swizzle = 0;
  TensorMapArgs A = plan(P, 0);
  EXPECT_EQ(A.Rank, 2u);
  EXPECT_EQ(A.Swizzle, TMASwizzle::None);
  EXPECT_EQ(A.BoxDim[0], 256u);
}

TEST(TensorMapPlanTest, DriverRules) {
  EXPECT_EQ(errorOf(checkTensorMapArgs(validMap(), "p")), "");

  TensorMapArgs A = validMap();
  A.Rank = 0;
  EXPECT_EQ(errorOf(checkTensorMapArgs(A, "p")),
            "p: tensor map: rank 0 is not in [1, 5]");
  A = validMap();
  A.Rank = 6;
  EXPECT_EQ(errorOf(checkTensorMapArgs(A, "p")),
            "p: tensor map: rank 6 is not in [1, 5]");

  A = validMap();
  A.GlobalDim[1] = 0;
  EXPECT_EQ(errorOf(checkTensorMapArgs(A, "p")),
            "p: tensor map: dim 1 is 0, not in [1, 2^32]");
  A.GlobalDim[1] = (uint64_t(1) << 32) + 1;
  EXPECT_EQ(errorOf(checkTensorMapArgs(A, "p")),
            "p: tensor map: dim 1 is 4294967297, not in [1, 2^32]");

  // Strides: bytes, multiples of 16, below 2^40, stride 0 covering dim 0.
  A = validMap();
  A.GlobalStrides[0] = 2056;
  EXPECT_EQ(errorOf(checkTensorMapArgs(A, "p")),
            "p: tensor map: stride 0 is 2056 bytes, not a multiple of 16");
  A.GlobalStrides[0] = uint64_t(1) << 40;
  EXPECT_EQ(errorOf(checkTensorMapArgs(A, "p")),
            "p: tensor map: stride 0 is 1099511627776 bytes, not below 2^40");
  A.GlobalStrides[0] = 1024; // Elements, not bytes: rows would overlap.
  EXPECT_EQ(errorOf(checkTensorMapArgs(A, "p")),
            "p: tensor map: stride 0 is 1024 bytes, less than dim 0's 2048");

  // Box dims in [1, 256] and within the tensor.
  A = validMap();
  A.BoxDim[1] = 257;
  A.GlobalDim[1] = 512;
  EXPECT_EQ(errorOf(checkTensorMapArgs(A, "p")),
            "p: tensor map: box dim 1 is 257, not in [1, 256]");
  A = validMap();
  A.BoxDim[1] = 0;
  EXPECT_EQ(errorOf(checkTensorMapArgs(A, "p")),
            "p: tensor map: box dim 1 is 0, not in [1, 256]");
  A = validMap();
  A.GlobalDim[1] = 64;
  EXPECT_EQ(errorOf(checkTensorMapArgs(A, "p")),
            "p: tensor map: box dim 1 is 128, larger than the tensor's 64");

  // The inner box: a multiple of 16 bytes, within the swizzle span.
  A = validMap();
  A.BoxDim[0] = 36;
  EXPECT_EQ(errorOf(checkTensorMapArgs(A, "p")),
            "p: tensor map: the inner box is 72 bytes, not a multiple of 16");
  A.BoxDim[0] = 128;
  EXPECT_EQ(errorOf(checkTensorMapArgs(A, "p")),
            "p: tensor map: the inner box is 256 bytes, more than the "
            "128-byte swizzle span");
  A.Swizzle = TMASwizzle::B32;
  A.BoxDim[0] = 32;
  EXPECT_EQ(errorOf(checkTensorMapArgs(A, "p")),
            "p: tensor map: the inner box is 64 bytes, more than the 32-byte "
            "swizzle span");
  A.BoxDim[0] = 16;
  EXPECT_EQ(errorOf(checkTensorMapArgs(A, "p")), "");
  A.Swizzle = TMASwizzle::None;
  A.BoxDim[0] = 256;
  EXPECT_EQ(errorOf(checkTensorMapArgs(A, "p")), "");

  // Element strides in [1, 8].
  A = validMap();
  A.ElementStrides[1] = 0;
  EXPECT_EQ(errorOf(checkTensorMapArgs(A, "p")),
            "p: tensor map: element stride 1 is 0, not in [1, 8]");
  A.ElementStrides[1] = 9;
  EXPECT_EQ(errorOf(checkTensorMapArgs(A, "p")),
            "p: tensor map: element stride 1 is 9, not in [1, 8]");
  A.ElementStrides[1] = 8;
  EXPECT_EQ(errorOf(checkTensorMapArgs(A, "p")), "");
}

} // namespace

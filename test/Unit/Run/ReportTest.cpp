//===- ReportTest.cpp - What tileas-run says about a run ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Report.h"
#include "LaunchPlan.h"
#include "RunTestUtil.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace llvm;
using namespace tileas::run;
using namespace tileas::run::test;

namespace {

struct ReportTest : testing::Test {
  Problem P = parsed(gemmMainloopJSON());
  PTXKernel K;
  LaunchPlan L;
  RunReport R;

  void SetUp() override {
    K.Name = "gemm_mainloop";
    K.Target = "sm_100a";
    L.Block = {128, 1, 1};
    L.SharedBytes = 165080;
    L.Flops = 2.0 * 128 * 128 * 1024;
    R.Device = "NVIDIA B200";
    R.Capability = 100;
    R.SMs = 148;
    R.DriverVersion = 13000;
    R.Tolerance = 1e-5;
    R.TimesMs = {0.004, 0.002, 0.003, 0.010};
    Comparison C;
    C.MaxError = 1.5e-5;
    C.Row = 3;
    C.Col = 7;
    C.Got = 2.5f;
    C.Want = 2.5f;
    C.Bound = 1e-5 * 1024;
    C.Pass = true;
    R.Check = C;
  }
};

TEST_F(ReportTest, MedianOfTheTimedRuns) {
  EXPECT_DOUBLE_EQ(R.medianMs(), 0.0035); // Even count: the middle two.
  EXPECT_DOUBLE_EQ(R.minMs(), 0.002);
  EXPECT_DOUBLE_EQ(R.maxMs(), 0.010);
  R.TimesMs.pop_back();
  EXPECT_DOUBLE_EQ(R.medianMs(), 0.003);
  R.TimesMs.clear();
  EXPECT_EQ(R.medianMs(), 0.0);
  EXPECT_EQ(archName(90), "sm_90");
}

TEST_F(ReportTest, Text) {
  std::string S;
  raw_string_ostream OS(S);
  printReport(OS, R, P, K, L);
  // 2 x 128 x 128 x 1024 flops in 3.5 us: 9.59 TFLOP/s.
  EXPECT_EQ(S, "device: NVIDIA B200 (sm_100, 148 SMs, driver 13.0)\n"
               "kernel: gemm_mainloop (sm_100a), M 128 N 128 K 1024 bf16, "
               "grid 1 1 1, block 128, 165080 bytes of shared memory\n"
               "result: correct: max |error| 1.500000e-05 at C[3][7] (2.50 vs "
               "2.50), 0 not finite; bound 1.000000e-05 x K = 1.024000e-02\n"
               "time: median 3.500 us of 4 runs (min 2.000, max 10.000)\n"
               "throughput: 9.59 TFLOP/s\n");
  R.Check.reset();
  S.clear();
  printReport(OS, R, P, K, L);
  EXPECT_NE(S.find("result: not checked (\"check\": false)\n"),
            std::string::npos);
}

TEST_F(ReportTest, JSON) {
  R.Check->MaxError = INFINITY; // A NaN in C.
  R.Check->NonFinite = 2;
  R.Check->Pass = false;
  std::string S;
  raw_string_ostream OS(S);
  printReportJSON(OS, R, P, K, L);
  Expected<json::Value> V = json::parse(S);
  ASSERT_TRUE(bool(V)) << toString(V.takeError());
  const json::Object &O = *V->getAsObject();
  EXPECT_EQ(O.getString("kernel"), "gemm_mainloop");
  EXPECT_EQ(O.getString("device_arch"), "sm_100");
  EXPECT_EQ(O.getInteger("k"), 1024);
  EXPECT_EQ(O.getBoolean("checked"), true);
  EXPECT_EQ(O.getBoolean("correct"), false);
  EXPECT_TRUE(O.get("max_error")->getAsNull()); // JSON has no infinity.
  EXPECT_EQ(O.getInteger("non_finite"), 2);
  EXPECT_EQ(O.getInteger("runs"), 4);
  EXPECT_DOUBLE_EQ(*O.getNumber("median_ms"), 0.0035);
  EXPECT_NEAR(*O.getNumber("tflops"), 9.586, 1e-3);
}

} // namespace

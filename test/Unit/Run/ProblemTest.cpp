//===- ProblemTest.cpp - tileas-run's problem description -----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "RunTestUtil.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <string>

using namespace llvm;
using namespace tileas::run;
using namespace tileas::run::test;

namespace {

/// The bundled GEMM's description with one substring replaced.
std::string edited(StringRef From, StringRef To) {
  std::string S = gemmMainloopJSON();
  size_t At = S.find(From.str());
  EXPECT_NE(At, std::string::npos) << From.str();
  if (At != std::string::npos)
    S.replace(At, From.size(), To.str());
  return S;
}

std::string parseError(StringRef JSON) { return errorOf(parseProblem(JSON)); }

TEST(ProblemTest, TheBundledGemm) {
  Problem P = parsed(gemmMainloopJSON());
  EXPECT_EQ(P.Kernel, "gemm_mainloop");
  EXPECT_EQ(P.Shape.M, 128u);
  EXPECT_EQ(P.Shape.N, 128u);
  EXPECT_EQ(P.Shape.K, 1024u);
  EXPECT_EQ(P.AType, ElementType::BF16);
  EXPECT_EQ(P.CType, ElementType::F32);
  ASSERT_EQ(P.Params.size(), 4u);
  EXPECT_EQ(P.Params[0].TheKind, KernelParam::TensorMap);
  EXPECT_EQ(P.Params[0].Of, Operand::A);
  EXPECT_EQ(P.Params[0].Box[0], 64u);
  EXPECT_EQ(P.Params[0].Box[1], 128u);
  EXPECT_EQ(P.Params[0].Swizzle, 128u);
  EXPECT_EQ(P.Params[1].Of, Operand::B);
  EXPECT_EQ(P.Params[2].TheKind, KernelParam::Pointer);
  EXPECT_EQ(P.Params[2].Of, Operand::C);
  EXPECT_EQ(P.Params[3].TheKind, KernelParam::ScalarU32);
  EXPECT_EQ(cantFail(evaluate(P.Params[3].Value, P.Shape, "k")), 16u);
  EXPECT_EQ(P.Runs, 5u);
  EXPECT_EQ(P.Warmup, 2u);
  EXPECT_EQ(P.Seed, 3u);
  EXPECT_FALSE(P.Block);       // From .reqntid.
  EXPECT_FALSE(P.SharedBytes); // From the arena.
  EXPECT_FALSE(P.Tolerance);
  EXPECT_DOUBLE_EQ(defaultTolerance(P), 1e-5);
  EXPECT_TRUE(P.Check);
  EXPECT_EQ(errorOf(validateProblem(P)), "");
}

TEST(ProblemTest, TheExampleFileParses) {
  // examples/gemm-mainloop.run.json is the description the docs show.
  auto Buf = MemoryBuffer::getFile(TILEAS_SOURCE_DIR
                                   "/examples/gemm-mainloop.run.json");
  ASSERT_TRUE(bool(Buf));
  Problem P = parsed((*Buf)->getBuffer());
  EXPECT_EQ(P.Kernel, "gemm_mainloop");
  EXPECT_EQ(errorOf(validateProblem(P)), "");
}

TEST(ProblemTest, ShapeValues) {
  Problem P =
      parsed(edited(R"("grid": [1, 1, 1])", R"("grid": ["n/64", "m/128", 2])"));
  EXPECT_EQ(cantFail(evaluate(P.Grid[0], P.Shape, "g")), 2u);
  EXPECT_EQ(cantFail(evaluate(P.Grid[1], P.Shape, "g")), 1u);
  EXPECT_EQ(cantFail(evaluate(P.Grid[2], P.Shape, "g")), 2u);
  // Division must be exact.
  ShapeValue V;
  V.Of = ShapeValue::K;
  V.Divisor = 48;
  V.Text = "k/48";
  EXPECT_EQ(errorOf(evaluate(V, P.Shape, "params[3]")),
            "params[3]: \"k/48\" is 1024 / 48, which is not a whole number");
}

TEST(ProblemTest, Fp8AndOptionalFields) {
  Problem P = parsed(edited(R"("a": "bf16", "b": "bf16")",
                            R"("a": "e4m3", "b": "e4m3", "block": [128],
                               "shared_bytes": 4096, "tolerance": 0.5,
                               "check": false, "warmup": 0)"));
  EXPECT_EQ(P.AType, ElementType::E4M3);
  EXPECT_EQ(P.BType, ElementType::E4M3);
  ASSERT_TRUE(P.Block);
  EXPECT_EQ((*P.Block)[0], 128u);
  EXPECT_EQ((*P.Block)[1], 1u);
  EXPECT_EQ(P.SharedBytes, 4096u);
  EXPECT_EQ(P.Tolerance, 0.5);
  EXPECT_FALSE(P.Check);
  EXPECT_EQ(P.Warmup, 0u);
  P.Tolerance.reset();
  EXPECT_DOUBLE_EQ(defaultTolerance(P), 1e-4);
}

TEST(ProblemTest, BadInputsNameTheirField) {
  EXPECT_EQ(parseError("[1, 2]"), "expected a JSON object");
  EXPECT_EQ(parseError("{"), "not JSON: [1:1, byte=1]: Expected object key");
  EXPECT_EQ(parseError(edited(R"("kernel": "gemm_mainloop", )", "")),
            "kernel: expected the kernel's name (its .entry)");
  EXPECT_EQ(parseError(edited(R"("k": 1024)", R"("k": -4)")),
            "k: expected a positive integer, got -4");
  EXPECT_EQ(parseError(edited(R"("m": 128, )", "")),
            "m: missing (the GEMM's M, N and K)");
  EXPECT_EQ(parseError(edited(R"("a": "bf16")", R"("a": "fp16")")),
            "a: expected \"bf16\", \"e4m3\" or \"f32\"");
  EXPECT_EQ(parseError(edited(R"("a": "bf16")", R"("a": "e4m3")")),
            "b: A is e4m3 and B bf16: mixed inputs are not supported");
  EXPECT_EQ(parseError(edited(R"("c": "f32")", R"("c": "bf16")")),
            "c: the output is \"f32\"");
  EXPECT_EQ(parseError(edited(R"("runs": 5)", R"("runz": 5)")),
            "runz: unknown field");
  EXPECT_EQ(parseError(edited(R"("box": [64, 128], "swizzle": 128},
      {"tensor_map": "B")",
                              R"("box": [64], "swizzle": 128},
      {"tensor_map": "B")")),
            "params[0].box: expected [K elements, rows], innermost first");
  EXPECT_EQ(parseError(edited(R"([64, 128], "swizzle": 128},
      {"pointer")",
                              R"([64, 0], "swizzle": 128},
      {"pointer")")),
            "params[1].box[1]: expected a positive integer, got 0");
  EXPECT_EQ(parseError(edited(R"("swizzle": 128},
      {"tensor_map": "B")",
                              R"("swizzle": 96},
      {"tensor_map": "B")")),
            "params[0].swizzle: expected 0, 32, 64 or 128 (bytes)");
  EXPECT_EQ(parseError(edited(R"({"pointer": "C"})", R"({"pointer": "D"})")),
            "params[2].pointer: expected \"A\", \"B\" or \"C\"");
  EXPECT_EQ(parseError(
                edited(R"({"pointer": "C"})", R"({"pointer": "C", "u32": 1})")),
            "params[2]: expected exactly one of \"tensor_map\", \"pointer\", "
            "\"u32\", \"u64\"");
  EXPECT_EQ(parseError(edited(R"({"pointer": "C"})",
                              R"({"tensor_map": "C", "box": [1, 1]})")),
            "params[2].tensor_map: C is the kernel's output, stored through "
            "a pointer");
  EXPECT_EQ(parseError(edited(R"({"u32": "k/64"})", R"({"u32": "q/64"})")),
            "params[3].u32: \"q/64\": expected \"m\", \"n\" or \"k\", "
            "optionally divided (\"k/64\")");
  EXPECT_EQ(parseError(edited(R"({"u32": "k/64"})", R"({"u32": "k/0"})")),
            "params[3].u32: \"k/0\": the divisor must be a positive integer");
  EXPECT_EQ(parseError(edited(R"({"pointer": "C"})",
                              R"({"pointer": "C", "box": [1, 1], "to": 1})")),
            "params[2]: unknown field \"to\"");
  EXPECT_EQ(
      parseError(edited(R"("grid": [1, 1, 1])", R"("grid": [1, 1, 1, 1])")),
      "grid: expected [x], [x, y] or [x, y, z]");
  EXPECT_EQ(parseError(edited(R"("runs": 5)", R"("runs": "many")")),
            "runs: expected a count from 0 to 100000");
  EXPECT_EQ(parseError(edited(R"("runs": 5)", R"("tolerance": 0)")),
            "tolerance: expected a positive number (the largest error "
            "accepted, per unit of K)");
}

TEST(ProblemTest, ValidationAgainstTheShape) {
  Problem P = parsed(gemmMainloopJSON());
  P.Shape.K = 1000;
  EXPECT_EQ(errorOf(validateProblem(P)),
            "params[0].box: K = 1000 is not a multiple of the box's K "
            "extent 64");
  P.Shape.K = 1024;
  P.Shape.N = 192;
  EXPECT_EQ(errorOf(validateProblem(P)),
            "params[1].box: B has 192 rows, not a multiple of the box's 128");
  P.Shape.N = 128;
  P.Params[2].Of = Operand::A;
  EXPECT_EQ(errorOf(validateProblem(P)),
            "params: expected one {\"pointer\": \"C\"} (the output), found 0");
  P.Params[2].Of = Operand::C;
  P.Params[3].Value.Divisor = 0x100000;
  P.Shape.K = uint64_t(1) << 53;
  P.Params[0].Box[0] = P.Params[1].Box[0] = 1;
  EXPECT_EQ(errorOf(validateProblem(P)),
            "params[3]: 8589934592 does not fit a u32");
}

} // namespace

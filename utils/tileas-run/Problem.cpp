//===- Problem.cpp - What tileas-run launches and checks ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Problem.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::run;

unsigned run::elementBytes(ElementType T) {
  switch (T) {
  case ElementType::BF16:
    return 2;
  case ElementType::E4M3:
    return 1;
  case ElementType::F32:
    return 4;
  }
  llvm_unreachable("element type");
}

StringRef run::elementName(ElementType T) {
  switch (T) {
  case ElementType::BF16:
    return "bf16";
  case ElementType::E4M3:
    return "e4m3";
  case ElementType::F32:
    return "f32";
  }
  llvm_unreachable("element type");
}

std::optional<ElementType> run::parseElementType(StringRef Name) {
  return StringSwitch<std::optional<ElementType>>(Name)
      .Case("bf16", ElementType::BF16)
      .Case("e4m3", ElementType::E4M3)
      .Case("f32", ElementType::F32)
      .Default(std::nullopt);
}

StringRef run::operandName(Operand O) {
  switch (O) {
  case Operand::A:
    return "A";
  case Operand::B:
    return "B";
  case Operand::C:
    return "C";
  }
  llvm_unreachable("operand");
}

Expected<uint64_t> run::evaluate(const ShapeValue &V, const GemmShape &Shape,
                                 StringRef Name) {
  uint64_t X = V.Literal;
  switch (V.Of) {
  case ShapeValue::Constant:
    break;
  case ShapeValue::M:
    X = Shape.M;
    break;
  case ShapeValue::N:
    X = Shape.N;
    break;
  case ShapeValue::K:
    X = Shape.K;
    break;
  }
  if (X % V.Divisor != 0)
    return createStringError(
        formatv("{0}: \"{1}\" is {2} / {3}, which is not a whole number", Name,
                V.Text, X, V.Divisor));
  return X / V.Divisor;
}

double run::defaultTolerance(const Problem &P) {
  if (P.AType == ElementType::E4M3 || P.BType == ElementType::E4M3)
    return 1e-4;
  return 1e-5;
}

namespace {

/// Reads one description, remembering the path of the field being read so
/// that every error names it.
class Reader {
public:
  Error fail(const Twine &Where, const Twine &Msg) {
    return createStringError(Where + ": " + Msg);
  }

  Expected<uint64_t> positive(const json::Value &V, const Twine &Where) {
    std::optional<int64_t> I = V.getAsInteger();
    if (!I)
      return fail(Where, "expected an integer");
    if (*I <= 0)
      return fail(Where, formatv("expected a positive integer, got {0}", *I));
    return uint64_t(*I);
  }

  /// `12`, `"k"`, `"k/64"`.
  Expected<ShapeValue> shapeValue(const json::Value &V, const Twine &Where) {
    ShapeValue S;
    if (std::optional<int64_t> I = V.getAsInteger()) {
      if (*I < 0)
        return fail(Where, formatv("expected a value >= 0, got {0}", *I));
      S.Literal = uint64_t(*I);
      S.Text = std::to_string(*I);
      return S;
    }
    std::optional<StringRef> Str = V.getAsString();
    if (!Str)
      return fail(Where, "expected an integer or \"m\", \"n\", \"k\" "
                         "optionally divided (\"k/64\")");
    S.Text = Str->str();
    auto [DimText, DivText] = Str->split('/');
    DimText = DimText.trim();
    S.Of = StringSwitch<ShapeValue::Dim>(DimText)
               .Case("m", ShapeValue::M)
               .Case("n", ShapeValue::N)
               .Case("k", ShapeValue::K)
               .Default(ShapeValue::Constant);
    if (S.Of == ShapeValue::Constant)
      return fail(Where, formatv("\"{0}\": expected \"m\", \"n\" or \"k\", "
                                 "optionally divided (\"k/64\")",
                                 *Str));
    if (Str->contains('/')) {
      uint64_t D;
      if (DivText.trim().getAsInteger(10, D) || D == 0)
        return fail(Where, formatv("\"{0}\": the divisor must be a positive "
                                   "integer",
                                   *Str));
      S.Divisor = D;
    }
    return S;
  }

  Expected<KernelParam> param(const json::Value &V, const Twine &Where) {
    const json::Object *O = V.getAsObject();
    if (!O)
      return fail(Where, "expected an object");
    KernelParam P;
    unsigned Kinds = 0;
    for (StringRef Key : {"tensor_map", "pointer", "u32", "u64"})
      Kinds += O->get(Key) != nullptr;
    if (Kinds != 1)
      return fail(Where, "expected exactly one of \"tensor_map\", "
                         "\"pointer\", \"u32\", \"u64\"");
    auto operand = [&](StringRef Key) -> Expected<Operand> {
      std::optional<StringRef> S = O->getString(Key);
      if (S && *S == "A")
        return Operand::A;
      if (S && *S == "B")
        return Operand::B;
      if (S && *S == "C")
        return Operand::C;
      return fail(Where + "." + Key, "expected \"A\", \"B\" or \"C\"");
    };
    if (O->get("tensor_map")) {
      P.TheKind = KernelParam::TensorMap;
      Expected<Operand> Op = operand("tensor_map");
      if (!Op)
        return Op.takeError();
      if (*Op == Operand::C)
        return fail(Where + ".tensor_map",
                    "C is the kernel's output, stored through a pointer");
      P.Of = *Op;
      const json::Array *Box = O->getArray("box");
      if (!Box || Box->size() != 2)
        return fail(Where + ".box",
                    "expected [K elements, rows], innermost first");
      for (unsigned I = 0; I < 2; ++I) {
        Expected<uint64_t> B =
            positive((*Box)[I], Where + ".box[" + Twine(I) + "]");
        if (!B)
          return B.takeError();
        P.Box[I] = *B;
      }
      if (const json::Value *Sw = O->get("swizzle")) {
        std::optional<int64_t> S = Sw->getAsInteger();
        if (!S || (*S != 0 && *S != 32 && *S != 64 && *S != 128))
          return fail(Where + ".swizzle", "expected 0, 32, 64 or 128 (bytes)");
        P.Swizzle = unsigned(*S);
      }
    } else if (O->get("pointer")) {
      P.TheKind = KernelParam::Pointer;
      Expected<Operand> Op = operand("pointer");
      if (!Op)
        return Op.takeError();
      P.Of = *Op;
    } else {
      bool Is32 = O->get("u32") != nullptr;
      P.TheKind = Is32 ? KernelParam::ScalarU32 : KernelParam::ScalarU64;
      Expected<ShapeValue> S = shapeValue(*O->get(Is32 ? "u32" : "u64"),
                                          Where + (Is32 ? ".u32" : ".u64"));
      if (!S)
        return S.takeError();
      P.Value = std::move(*S);
    }
    for (const auto &[Key, Unused] : *O)
      if (!is_contained(
              {"tensor_map", "pointer", "u32", "u64", "box", "swizzle"},
              StringRef(Key)))
        return fail(Where, formatv("unknown field \"{0}\"", Key.str()));
    return P;
  }

  Expected<Problem> problem(const json::Object &O) {
    Problem P;
    static constexpr StringLiteral Known[] = {"kernel",
                                              "m",
                                              "n",
                                              "k",
                                              "a",
                                              "b",
                                              "c",
                                              "params",
                                              "grid",
                                              "block",
                                              "shared_bytes",
                                              "runs",
                                              "warmup",
                                              "seed",
                                              "tolerance",
                                              "check",
                                              "comment"};
    for (const auto &[Key, Unused] : O)
      if (!is_contained(Known, StringRef(Key)))
        return fail(Key.str(), "unknown field");

    std::optional<StringRef> Kernel = O.getString("kernel");
    if (!Kernel || Kernel->empty())
      return fail("kernel", "expected the kernel's name (its .entry)");
    P.Kernel = Kernel->str();

    for (auto [Key, Field] : {std::pair<StringRef, uint64_t *>{"m", &P.Shape.M},
                              {"n", &P.Shape.N},
                              {"k", &P.Shape.K}}) {
      const json::Value *V = O.get(Key);
      if (!V)
        return fail(Key, "missing (the GEMM's M, N and K)");
      Expected<uint64_t> X = positive(*V, Key);
      if (!X)
        return X.takeError();
      *Field = *X;
    }

    for (auto [Key, Field] :
         {std::pair<StringRef, ElementType *>{"a", &P.AType},
          {"b", &P.BType},
          {"c", &P.CType}}) {
      const json::Value *V = O.get(Key);
      if (!V)
        continue;
      std::optional<StringRef> S = V->getAsString();
      std::optional<ElementType> T = S ? parseElementType(*S) : std::nullopt;
      if (!T)
        return fail(Key, "expected \"bf16\", \"e4m3\" or \"f32\"");
      *Field = *T;
    }
    if (P.AType == ElementType::F32 || P.BType == ElementType::F32)
      return fail(P.AType == ElementType::F32 ? "a" : "b",
                  "inputs are \"bf16\" or \"e4m3\"");
    if (P.AType != P.BType)
      return fail("b", formatv("A is {0} and B {1}: mixed inputs are not "
                               "supported",
                               elementName(P.AType), elementName(P.BType)));
    if (P.CType != ElementType::F32)
      return fail("c", "the output is \"f32\"");

    const json::Array *Params = O.getArray("params");
    if (!Params)
      return fail("params", "expected the kernel's parameters in order");
    for (size_t I = 0; I < Params->size(); ++I) {
      Expected<KernelParam> KP =
          param((*Params)[I], "params[" + Twine(I) + "]");
      if (!KP)
        return KP.takeError();
      P.Params.push_back(std::move(*KP));
    }

    for (ShapeValue &G : P.Grid)
      G.Text = "1";
    if (const json::Value *G = O.get("grid")) {
      const json::Array *A = G->getAsArray();
      if (!A || A->empty() || A->size() > 3)
        return fail("grid", "expected [x], [x, y] or [x, y, z]");
      for (size_t I = 0; I < A->size(); ++I) {
        Expected<ShapeValue> S = shapeValue((*A)[I], "grid[" + Twine(I) + "]");
        if (!S)
          return S.takeError();
        P.Grid[I] = std::move(*S);
      }
    }
    if (const json::Value *B = O.get("block")) {
      const json::Array *A = B->getAsArray();
      if (!A || A->empty() || A->size() > 3)
        return fail("block", "expected [x], [x, y] or [x, y, z]");
      std::array<uint64_t, 3> Block = {1, 1, 1};
      for (size_t I = 0; I < A->size(); ++I) {
        Expected<uint64_t> X = positive((*A)[I], "block[" + Twine(I) + "]");
        if (!X)
          return X.takeError();
        Block[I] = *X;
      }
      P.Block = Block;
    }
    if (const json::Value *S = O.get("shared_bytes")) {
      std::optional<int64_t> I = S->getAsInteger();
      if (!I || *I < 0)
        return fail("shared_bytes", "expected the dynamic shared memory in "
                                    "bytes (omit it to read the PTX's arena)");
      P.SharedBytes = uint64_t(*I);
    }
    for (auto [Key, Field] : {std::pair<StringRef, unsigned *>{"runs", &P.Runs},
                              {"warmup", &P.Warmup}}) {
      if (const json::Value *V = O.get(Key)) {
        std::optional<int64_t> I = V->getAsInteger();
        if (!I || *I < 0 || *I > 100000)
          return fail(Key, "expected a count from 0 to 100000");
        *Field = unsigned(*I);
      }
    }
    if (const json::Value *V = O.get("seed")) {
      std::optional<int64_t> I = V->getAsInteger();
      if (!I || *I < 0)
        return fail("seed", "expected an integer >= 0");
      P.Seed = uint64_t(*I);
    }
    if (const json::Value *V = O.get("tolerance")) {
      std::optional<double> D = V->getAsNumber();
      if (!D || !(*D > 0))
        return fail("tolerance", "expected a positive number (the largest "
                                 "error accepted, per unit of K)");
      P.Tolerance = *D;
    }
    if (const json::Value *V = O.get("check")) {
      std::optional<bool> B = V->getAsBoolean();
      if (!B)
        return fail("check", "expected true or false");
      P.Check = *B;
    }
    return P;
  }
};

} // namespace

Expected<Problem> run::parseProblem(StringRef JSONText) {
  Expected<json::Value> V = json::parse(JSONText);
  if (!V)
    return createStringError("not JSON: " + toString(V.takeError()));
  const json::Object *O = V->getAsObject();
  if (!O)
    return createStringError("expected a JSON object");
  return Reader().problem(*O);
}

Error run::validateProblem(const Problem &P) {
  unsigned Outputs = 0;
  for (size_t I = 0; I < P.Params.size(); ++I) {
    const KernelParam &KP = P.Params[I];
    std::string Where = formatv("params[{0}]", I).str();
    switch (KP.TheKind) {
    case KernelParam::TensorMap: {
      uint64_t Rows = KP.Of == Operand::A ? P.Shape.M : P.Shape.N;
      if (P.Shape.K % KP.Box[0] != 0)
        return createStringError(formatv(
            "{0}.box: K = {1} is not a multiple of the box's K extent {2}",
            Where, P.Shape.K, KP.Box[0]));
      if (Rows % KP.Box[1] != 0)
        return createStringError(formatv(
            "{0}.box: {1} has {2} rows, not a multiple of the box's {3}", Where,
            operandName(KP.Of), Rows, KP.Box[1]));
      break;
    }
    case KernelParam::Pointer:
      Outputs += KP.Of == Operand::C;
      break;
    case KernelParam::ScalarU32:
    case KernelParam::ScalarU64: {
      Expected<uint64_t> X = evaluate(KP.Value, P.Shape, Where);
      if (!X)
        return X.takeError();
      if (KP.TheKind == KernelParam::ScalarU32 && *X > UINT32_MAX)
        return createStringError(
            formatv("{0}: {1} does not fit a u32", Where, *X));
      break;
    }
    }
  }
  if (Outputs != 1)
    return createStringError(formatv(
        "params: expected one {{\"pointer\": \"C\"} (the output), found {0}",
        Outputs));
  for (unsigned I = 0; I < 3; ++I) {
    Expected<uint64_t> G =
        evaluate(P.Grid[I], P.Shape, formatv("grid[{0}]", I).str());
    if (!G)
      return G.takeError();
    if (*G == 0)
      return createStringError(formatv("grid[{0}]: is 0", I));
  }
  return Error::success();
}

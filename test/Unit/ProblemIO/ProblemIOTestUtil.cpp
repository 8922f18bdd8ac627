//===- ProblemIOTestUtil.cpp - Helpers for the ProblemIO unit tests -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "ProblemIOTestUtil.h"

#include "tileas/ProblemIO/ParseError.h"
#include "tileas/ProblemIO/TextFormat.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;

namespace tileas {
namespace iotest {

Diag diagOf(Error E) {
  Diag D;
  if (!E) {
    ADD_FAILURE() << "expected an error, got success";
    return D;
  }
  handleAllErrors(
      std::move(E),
      [&](const ParseError &PE) {
        D.File = PE.file().str();
        D.Line = PE.line();
        D.Message = PE.text().str();
      },
      [&](const ErrorInfoBase &Other) {
        ADD_FAILURE() << "expected a ParseError, got: " << Other.message();
      });
  return D;
}

std::string textOf(const Problem &P) {
  std::string S;
  raw_string_ostream OS(S);
  writeProblemText(OS, P);
  return S;
}

#define SAME(X, Y, What)                                                       \
  if (!((X) == (Y)))                                                           \
    return ::testing::AssertionFailure() << What;

::testing::AssertionResult sameProblem(const Problem &A, const Problem &B) {
  const ResourceModel &MA = A.model(), &MB = B.model();
  SAME(MA.slots().size(), MB.slots().size(), "slot count");
  for (size_t I = 0; I < MA.slots().size(); ++I) {
    SAME(MA.slots()[I].Id, MB.slots()[I].Id, "slot id " << I);
    SAME(MA.slots()[I].Name, MB.slots()[I].Name, "slot name " << I);
    SAME(MA.slots()[I].Kind, MB.slots()[I].Kind, "slot kind " << I);
  }
  SAME(MA.pools().size(), MB.pools().size(), "pool count");
  for (size_t I = 0; I < MA.pools().size(); ++I) {
    SAME(MA.pools()[I].Name, MB.pools()[I].Name, "pool name " << I);
    SAME(MA.pools()[I].Capacity, MB.pools()[I].Capacity, "pool cap " << I);
  }
  SAME(MA.budgets().size(), MB.budgets().size(), "budget count");
  for (size_t I = 0; I < MA.budgets().size(); ++I) {
    SAME(MA.budgets()[I].Name, MB.budgets()[I].Name, "budget name " << I);
    SAME(MA.budgets()[I].Capacity, MB.budgets()[I].Capacity,
         "budget cap " << I);
  }
  SAME(A.groups().size(), B.groups().size(), "group count");
  for (size_t I = 0; I < A.groups().size(); ++I) {
    SAME(A.groups()[I].Id, B.groups()[I].Id, "group id " << I);
    SAME(A.groups()[I].Leader, B.groups()[I].Leader, "group leader " << I);
    SAME(A.groups()[I].MaxDepth, B.groups()[I].MaxDepth, "group depth " << I);
  }
  SAME(A.ForceSerial, B.ForceSerial, "serial flag");
  SAME(A.LoopBranch, B.LoopBranch, "loop branch");
  SAME(A.size(), B.size(), "op count");
  for (unsigned I = 0; I < A.size(); ++I) {
    const Operation &X = A.operations()[I], &Y = B.operations()[I];
    SAME(X.Name, Y.Name, "op name " << I);
    SAME(X.Slots.size(), Y.Slots.size(), "op slots " << I);
    for (size_t K = 0; K < X.Slots.size(); ++K) {
      SAME(X.Slots[K].Slot, Y.Slots[K].Slot, "op " << I << " slot " << K);
      SAME(X.Slots[K].Duration, Y.Slots[K].Duration,
           "op " << I << " slot dur " << K);
      SAME(X.Slots[K].Occupancy, Y.Slots[K].Occupancy,
           "op " << I << " slot occ " << K);
    }
    SAME(X.Pools.size(), Y.Pools.size(), "op pools " << I);
    for (size_t K = 0; K < X.Pools.size(); ++K) {
      SAME(X.Pools[K].Pool, Y.Pools[K].Pool, "op " << I << " pool " << K);
      SAME(X.Pools[K].Units, Y.Pools[K].Units, "op " << I << " units " << K);
      SAME(X.Pools[K].Duration, Y.Pools[K].Duration,
           "op " << I << " pool dur " << K);
    }
    SAME(X.Budgets.size(), Y.Budgets.size(), "op budgets " << I);
    for (size_t K = 0; K < X.Budgets.size(); ++K) {
      SAME(X.Budgets[K].Budget, Y.Budgets[K].Budget,
           "op " << I << " budget " << K);
      SAME(X.Budgets[K].Amount, Y.Budgets[K].Amount,
           "op " << I << " amount " << K);
      SAME(X.Budgets[K].Scaling, Y.Budgets[K].Scaling,
           "op " << I << " scaling " << K);
    }
    SAME(std::vector<uint64_t>(X.FootprintRows.begin(), X.FootprintRows.end()),
         std::vector<uint64_t>(Y.FootprintRows.begin(), Y.FootprintRows.end()),
         "op rows " << I);
    SAME(X.Latency, Y.Latency, "op latency " << I);
    SAME(X.Async, Y.Async, "op async " << I);
    SAME(X.Group, Y.Group, "op group " << I);
    SAME(X.MaxDepth, Y.MaxDepth, "op maxdepth " << I);
  }
  SAME(A.dependences().size(), B.dependences().size(), "dep count");
  for (size_t I = 0; I < A.dependences().size(); ++I) {
    const Dependence &X = A.dependences()[I], &Y = B.dependences()[I];
    SAME(X.From, Y.From, "dep from " << I);
    SAME(X.To, Y.To, "dep to " << I);
    SAME(X.Latency, Y.Latency, "dep latency " << I);
    SAME(X.Distance, Y.Distance, "dep distance " << I);
    SAME(X.Kind, Y.Kind, "dep kind " << I);
  }
  return ::testing::AssertionSuccess();
}

#undef SAME

MachSuiteCorpus machSuiteCorpus() {
  // 91 loops are published; the tools tests use 12 of them.
  if (const char *Shared = std::getenv("TILEAS_SHARED_DIR"))
    return {std::string(Shared) + "/corpora/hatschet-machsuite", 91};
  if (const char *Src = std::getenv("TILEAS_SRC_ROOT"))
    return {std::string(Src) + "/test/Inputs/machsuite", 12};
  return {};
}

} // namespace iotest
} // namespace tileas

//===- Z3Session.h - A small RAII layer over Z3's C API ---------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The C API, not z3++.h: the C++ API reports errors by throwing and this
// project builds without exceptions. A session owns one context and one
// solver; its error handler only records, and every answer after an error is
// Unknown.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_EXACT_Z3SESSION_H
#define TILEAS_LIB_EXACT_Z3SESSION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <z3.h>

#include <cstdint>
#include <string>

namespace tileas {

class Z3Session {
public:
  Z3Session();
  ~Z3Session();
  Z3Session(const Z3Session &) = delete;
  Z3Session &operator=(const Z3Session &) = delete;

  enum class Answer { Sat, Unsat, Unknown };

  Z3_ast intVar(llvm::StringRef Name);
  Z3_ast boolVar(llvm::StringRef Name);
  Z3_ast num(int64_t V);

  Z3_ast add(Z3_ast A, Z3_ast B);
  Z3_ast sub(Z3_ast A, Z3_ast B);
  Z3_ast sum(llvm::ArrayRef<Z3_ast> Terms);
  Z3_ast scale(int64_t K, Z3_ast A);
  Z3_ast ite(Z3_ast C, Z3_ast T, Z3_ast E);
  Z3_ast ge(Z3_ast A, Z3_ast B);
  Z3_ast le(Z3_ast A, Z3_ast B);
  Z3_ast gt(Z3_ast A, Z3_ast B);
  Z3_ast lt(Z3_ast A, Z3_ast B);
  Z3_ast eq(Z3_ast A, Z3_ast B);
  Z3_ast both(Z3_ast A, Z3_ast B);
  Z3_ast either(Z3_ast A, Z3_ast B);
  Z3_ast implies(Z3_ast A, Z3_ast B);
  /// Sum of Coeffs[i] * Lits[i] (Booleans counted as 0/1) <= K.
  Z3_ast atMost(llvm::ArrayRef<Z3_ast> Lits, llvm::ArrayRef<int> Coeffs, int K);
  /// Exactly one of the Booleans holds.
  Z3_ast exactlyOne(llvm::ArrayRef<Z3_ast> Lits);

  void require(Z3_ast A);
  /// Decides the asserted constraints within the time limit.
  Answer check(unsigned TimeoutMs);
  /// The value of an integer term in the model of the last Sat answer.
  int64_t value(Z3_ast A);

  bool failed() const { return !Error.empty(); }
  const std::string &error() const { return Error; }

private:
  void noteError();

  Z3_context Ctx = nullptr;
  Z3_solver Solver = nullptr;
  Z3_model Model = nullptr;
  Z3_sort IntSort = nullptr, BoolSort = nullptr;
  std::string Error;
};

} // namespace tileas

#endif // TILEAS_LIB_EXACT_Z3SESSION_H

//===- Z3Session.cpp - A small RAII layer over Z3's C API -----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Z3Session.h"

#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace tileas {

// Z3's default handler aborts the process; this one lets the session look at
// the error code instead.
static void recordOnly(Z3_context, Z3_error_code) {}

Z3Session::Z3Session() {
  Z3_config Cfg = Z3_mk_config();
  Z3_set_param_value(Cfg, "model", "true");
  Ctx = Z3_mk_context(Cfg);
  Z3_del_config(Cfg);
  Z3_set_error_handler(Ctx, recordOnly);
  Solver = Z3_mk_solver(Ctx);
  Z3_solver_inc_ref(Ctx, Solver);
  IntSort = Z3_mk_int_sort(Ctx);
  BoolSort = Z3_mk_bool_sort(Ctx);
}

Z3Session::~Z3Session() {
  if (Model)
    Z3_model_dec_ref(Ctx, Model);
  Z3_solver_dec_ref(Ctx, Solver);
  Z3_del_context(Ctx);
}

void Z3Session::noteError() {
  Z3_error_code Code = Z3_get_error_code(Ctx);
  if (Code != Z3_OK && Error.empty())
    Error = Z3_get_error_msg(Ctx, Code);
}

Z3_ast Z3Session::intVar(StringRef Name) {
  return Z3_mk_const(Ctx, Z3_mk_string_symbol(Ctx, Name.str().c_str()),
                     IntSort);
}

Z3_ast Z3Session::boolVar(StringRef Name) {
  return Z3_mk_const(Ctx, Z3_mk_string_symbol(Ctx, Name.str().c_str()),
                     BoolSort);
}

Z3_ast Z3Session::num(int64_t V) { return Z3_mk_int64(Ctx, V, IntSort); }

Z3_ast Z3Session::add(Z3_ast A, Z3_ast B) {
  Z3_ast Args[] = {A, B};
  return Z3_mk_add(Ctx, 2, Args);
}

Z3_ast Z3Session::sub(Z3_ast A, Z3_ast B) {
  Z3_ast Args[] = {A, B};
  return Z3_mk_sub(Ctx, 2, Args);
}

Z3_ast Z3Session::sum(ArrayRef<Z3_ast> Terms) {
  if (Terms.empty())
    return num(0);
  if (Terms.size() == 1)
    return Terms[0];
  return Z3_mk_add(Ctx, Terms.size(), Terms.data());
}

Z3_ast Z3Session::scale(int64_t K, Z3_ast A) {
  Z3_ast Args[] = {num(K), A};
  return Z3_mk_mul(Ctx, 2, Args);
}

Z3_ast Z3Session::ite(Z3_ast C, Z3_ast T, Z3_ast E) {
  return Z3_mk_ite(Ctx, C, T, E);
}

Z3_ast Z3Session::ge(Z3_ast A, Z3_ast B) { return Z3_mk_ge(Ctx, A, B); }
Z3_ast Z3Session::le(Z3_ast A, Z3_ast B) { return Z3_mk_le(Ctx, A, B); }
Z3_ast Z3Session::gt(Z3_ast A, Z3_ast B) { return Z3_mk_gt(Ctx, A, B); }
Z3_ast Z3Session::lt(Z3_ast A, Z3_ast B) { return Z3_mk_lt(Ctx, A, B); }
Z3_ast Z3Session::eq(Z3_ast A, Z3_ast B) { return Z3_mk_eq(Ctx, A, B); }

Z3_ast Z3Session::both(Z3_ast A, Z3_ast B) {
  Z3_ast Args[] = {A, B};
  return Z3_mk_and(Ctx, 2, Args);
}

Z3_ast Z3Session::either(Z3_ast A, Z3_ast B) {
  Z3_ast Args[] = {A, B};
  return Z3_mk_or(Ctx, 2, Args);
}

Z3_ast Z3Session::implies(Z3_ast A, Z3_ast B) {
  return Z3_mk_implies(Ctx, A, B);
}

Z3_ast Z3Session::atMost(ArrayRef<Z3_ast> Lits, ArrayRef<int> Coeffs, int K) {
  return Z3_mk_pble(Ctx, Lits.size(), Lits.data(), Coeffs.data(), K);
}

Z3_ast Z3Session::exactlyOne(ArrayRef<Z3_ast> Lits) {
  SmallVector<int, 32> Ones(Lits.size(), 1);
  return Z3_mk_pbeq(Ctx, Lits.size(), Lits.data(), Ones.data(), 1);
}

void Z3Session::require(Z3_ast A) {
  Z3_solver_assert(Ctx, Solver, A);
  noteError();
}

Z3Session::Answer Z3Session::check(unsigned TimeoutMs) {
  if (failed())
    return Answer::Unknown;
  Z3_params Params = Z3_mk_params(Ctx);
  Z3_params_inc_ref(Ctx, Params);
  Z3_params_set_uint(Ctx, Params, Z3_mk_string_symbol(Ctx, "timeout"),
                     TimeoutMs ? TimeoutMs : 1);
  // Z3's older arithmetic solver settles these row/stage encodings several
  // times faster than the default one (measured on the MachSuite loops).
  Z3_params_set_uint(Ctx, Params, Z3_mk_string_symbol(Ctx, "arith.solver"), 2);
  Z3_solver_set_params(Ctx, Solver, Params);
  Z3_params_dec_ref(Ctx, Params);
  Z3_lbool R = Z3_solver_check(Ctx, Solver);
  noteError();
  if (failed())
    return Answer::Unknown;
  if (R == Z3_L_FALSE)
    return Answer::Unsat;
  if (R == Z3_L_UNDEF)
    return Answer::Unknown;
  if (Model)
    Z3_model_dec_ref(Ctx, Model);
  Model = Z3_solver_get_model(Ctx, Solver);
  Z3_model_inc_ref(Ctx, Model);
  return Answer::Sat;
}

int64_t Z3Session::value(Z3_ast A) {
  Z3_ast Out = nullptr;
  int64_t V = 0;
  if (Model && Z3_model_eval(Ctx, Model, A, /*model_completion=*/true, &Out) &&
      Z3_get_numeral_int64(Ctx, Out, &V))
    return V;
  noteError();
  if (Error.empty())
    Error = "the model has no integer value for a variable";
  return 0;
}

} // namespace tileas

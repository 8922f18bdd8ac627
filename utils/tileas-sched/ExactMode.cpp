//===- ExactMode.cpp - tileas-sched --exact -------------------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// writeResultJSON writes a closed object with a fixed key order; the exact
// fields are appended by reopening its text, so that the result keeps the
// very form (and key order) the scheduling mode prints.
//
//===----------------------------------------------------------------------===//

#include "ExactMode.h"

#include "tileas/ProblemIO/JSONResult.h"
#include "tileas/ProblemIO/TextFormat.h"
#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#if TILEAS_SCHED_HAVE_EXACT
#include "tileas/Exact/ExactSolver.h"
#endif

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"

using namespace llvm;

namespace tileas {

bool exactSolverBuiltIn() { return TILEAS_SCHED_HAVE_EXACT; }

#if TILEAS_SCHED_HAVE_EXACT

static StringRef statusName(ExactResult::StatusTy S) {
  switch (S) {
  case ExactResult::Optimal:
    return "optimal";
  case ExactResult::Feasible:
    return "feasible";
  case ExactResult::Infeasible:
    return "infeasible";
  case ExactResult::Unknown:
    return "unknown";
  }
  return "unknown";
}

/// The JSON result of P under E, with the "exact" object appended.
static std::string renderResult(const Problem &P, const ExactResult &E,
                                ArrayRef<Violation> Violations,
                                const ExactRequest &Req) {
  ResultReport R;
  R.Bounds = computeBounds(P, SchedulerOptions());
  R.Sched = E.II ? &E.Sched : nullptr;
  R.Verified = E.II && Violations.empty();
  R.Violations = Violations;
  R.TimeUs = uint64_t(E.Seconds * 1e6);
  std::string Base;
  raw_string_ostream BaseOS(Base);
  {
    json::OStream J(BaseOS, 2);
    writeResultJSON(J, P, R);
  }
  std::string Extra;
  raw_string_ostream ExtraOS(Extra);
  {
    json::OStream J(ExtraOS, 2);
    J.object([&] {
      J.attributeObject("exact", [&] {
        J.attribute("status", statusName(E.Status));
        J.attribute("lower_bound", E.LowerBound == InfeasibleII
                                       ? json::Value(nullptr)
                                       : json::Value(E.LowerBound));
        J.attribute("time_limit_s", Req.TimeLimitSeconds);
        J.attribute("note",
                    json::isUTF8(E.Note) ? E.Note : json::fixUTF8(E.Note));
      });
    });
  }
  // Both texts are one object at the same indentation: drop the closing
  // brace of the first and the opening brace of the second.
  StringRef Head = StringRef(Base).rtrim().drop_back().rtrim();
  StringRef Tail = StringRef(Extra).trim().drop_front();
  return (Head + "," + Tail).str();
}

/// Prefixes every line of Text with two spaces (an element of an array).
static std::string indent(StringRef Text) {
  SmallVector<StringRef, 64> Lines;
  Text.split(Lines, '\n');
  std::string Out;
  ListSeparator Sep("\n");
  for (StringRef L : Lines)
    Out += (Twine(StringRef(Sep)) + "  " + L).str();
  return Out;
}

int runExactMode(ArrayRef<Problem> Problems, const ExactRequest &Req,
                 raw_ostream &OS) {
  int Exit = 0;
  std::vector<std::string> Texts;
  for (const Problem &P : Problems) {
    ExactOptions O;
    O.TimeLimitSeconds = Req.TimeLimitSeconds;
    O.MaxII = Req.MaxII;
    ExactResult E = solveExact(P, O);
    std::vector<Violation> Violations;
    if (E.II)
      Violations = verifySchedule(P, E.Sched);
    Texts.push_back(renderResult(P, E, Violations, Req));
    if (!E.II) {
      errs() << "tileas-sched: " << P.Name << ": exact solver: no schedule ("
             << statusName(E.Status) << (E.Note.empty() ? "" : ": " + E.Note)
             << ")\n";
      Exit = 2;
      continue;
    }
    if (!Violations.empty()) {
      for (const Violation &V : Violations)
        errs() << "tileas-sched: " << P.Name << ": verifier rejected the "
               << "exact schedule: " << violationKindName(V.Kind) << ": "
               << V.Message << '\n';
      Exit = 2;
      continue;
    }
    if (!Req.EmitSchedule.empty()) {
      std::error_code EC;
      raw_fd_ostream Out(Req.EmitSchedule, EC, sys::fs::OF_Text);
      if (EC) {
        errs() << "tileas-sched: error: cannot write '" << Req.EmitSchedule
               << "': " << EC.message() << '\n';
        return 1;
      }
      writeScheduleText(Out, P, E.Sched);
    }
  }
  if (Texts.size() == 1) {
    OS << Texts.front() << '\n';
    return Exit;
  }
  OS << "[\n";
  ListSeparator Sep(",\n");
  for (const std::string &T : Texts)
    OS << Sep << indent(T);
  OS << "\n]\n";
  return Exit;
}

#else

int runExactMode(ArrayRef<Problem>, const ExactRequest &, raw_ostream &) {
  errs() << "tileas-sched: error: --exact needs the exact solver, which this "
            "build does not include (it is built only when Z3 is found: "
            "install libz3-dev and reconfigure)\n";
  return 1;
}

#endif

} // namespace tileas

//===- JSONResult.cpp - The JSON form of a scheduling result --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Written with json::OStream rather than json::Object because an Object
// prints its keys sorted, and the key order here is part of the format.
//
//===----------------------------------------------------------------------===//

#include "tileas/ProblemIO/JSONResult.h"

#include "tileas/Sched/Scheduler.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace tileas {

/// json::Value requires UTF-8; names from text files need not be.
static std::string utf8(StringRef S) {
  return json::isUTF8(S) ? S.str() : json::fixUTF8(S);
}

StringRef violationKindName(Violation::KindTy K) {
  switch (K) {
  case Violation::Shape:
    return "shape";
  case Violation::Dependence:
    return "dependence";
  case Violation::Slot:
    return "slot";
  case Violation::Pool:
    return "pool";
  case Violation::Budget:
    return "budget";
  case Violation::Group:
    return "group";
  case Violation::Depth:
    return "depth";
  case Violation::StageOrder:
    return "stage_order";
  case Violation::Coordination:
    return "coordination";
  case Violation::LoopBranch:
    return "loop_branch";
  }
  return "unknown";
}

static void writeFailure(json::OStream &J, const Problem &P,
                         const ScheduleFailure &F) {
  // Indices come from the scheduler; one out of range prints as null rather
  // than reading past the problem.
  auto NameOr = [&](int Index, auto Names) -> json::Value {
    if (Index < 0 || size_t(Index) >= Names.size())
      return nullptr;
    return utf8(Names[Index].Name);
  };
  auto IntOr = [](int V) -> json::Value {
    return V < 0 ? json::Value(nullptr) : json::Value(V);
  };
  J.attributeObject("failure", [&] {
    J.attribute("reason", utf8(F.Reason));
    J.attribute("candidate_ii", F.CandidateII);
    J.attribute("op", NameOr(F.Op, P.operations()));
    J.attribute("slot_triple", IntOr(F.SlotTriple));
    J.attribute("pool", NameOr(F.Pool, P.model().pools()));
    J.attribute("budget", NameOr(F.Budget, P.model().budgets()));
    J.attribute("group", IntOr(F.Group));
    J.attribute("stage", F.Stage);
    J.attribute("earliest_start", F.EarliestStart);
    J.attribute("latest_start", F.LatestStart);
    J.attributeArray("conflict_rows", [&] {
      for (const std::pair<unsigned, uint64_t> &Conflict : F.ConflictRows)
        J.object([&] {
          J.attribute("row", Conflict.first);
          // A 64-bit mask does not survive a double; print it as hex.
          J.attribute("occupancy", "0x" + utohexstr(Conflict.second, true));
        });
    });
  });
}

/// A bound no II satisfies prints as null.
static json::Value bound(unsigned B) {
  return B == InfeasibleII ? json::Value(nullptr) : json::Value(B);
}

void writeResultJSON(json::OStream &J, const Problem &P,
                     const ResultReport &R) {
  J.object([&] {
    const Schedule *S = R.Sched;
    J.attribute("ii", S ? json::Value(S->II) : json::Value(nullptr));
    J.attribute("mii", bound(R.Bounds.mii()));
    J.attributeObject("bounds", [&] {
      J.attribute("resource", bound(R.Bounds.Resource));
      J.attribute("recurrence", bound(R.Bounds.Recurrence));
      J.attribute("fine_density", bound(R.Bounds.FineDensity));
      J.attribute("dependency", bound(R.Bounds.Dependency));
      J.attribute("recurrence_resource", bound(R.Bounds.RecurrenceResource));
      J.attribute("budget", bound(R.Bounds.Budget));
    });
    // The bound that sets the MII; a schedule at it is optimal, proved by it.
    J.attribute("binding_bound", R.Bounds.bindingName());
    J.attribute("proven_optimal", S && S->II == R.Bounds.mii());
    // The bounds are those of the problem as given; the problem the last
    // search solved may have had orderings and ring caps added.
    J.attribute("bounds_problem", "given");
    if (S && S->Refined.refined())
      J.attributeObject("refined_problem", [&] {
        J.attribute("mii", S->Refined.MII);
        J.attribute("orderings", S->Refined.Orderings);
        J.attribute("capped_rings", S->Refined.CappedRings);
      });
    J.attribute("stages",
                S ? json::Value(S->StageCount) : json::Value(nullptr));
    // Only under register limits (SchedulerOptions::RegisterLimits).
    if (S && S->Registers.Limit)
      J.attributeObject("registers", [&] {
        const RegisterFit &F = S->Registers;
        J.attribute("limit", F.Limit);
        J.attribute("estimate", F.Estimate);
        J.attribute("group", F.Group);
        J.attribute("resource_ii", F.ResourceII);
        J.attribute("resource_stages", F.ResourceStages);
        J.attribute("resource_estimate", F.ResourceEstimate);
        J.attribute("rescheduled", F.Rescheduled);
      });
    J.attribute("verified", R.Verified);
    if (!R.Generator.empty())
      J.attribute("generator", R.Generator);
    J.attribute("search_effort", R.SearchEffort);
    J.attribute("bound_effort", R.BoundEffort);
    J.attribute("time_us", R.TimeUs);
    J.attributeArray("ops", [&] {
      if (!S)
        return;
      for (size_t I = 0, E = std::min(P.size(), unsigned(S->Ops.size()));
           I != E; ++I)
        J.object([&] {
          J.attribute("name", utf8(P.operations()[I].Name));
          J.attribute("start", S->Ops[I].Start);
          J.attribute("stage", S->Ops[I].Stage);
          J.attribute("order", S->Ops[I].Order);
        });
    });
    if (!R.Violations.empty())
      J.attributeArray("violations", [&] {
        for (const Violation &V : R.Violations)
          J.object([&] {
            J.attribute("kind", violationKindName(V.Kind));
            J.attribute("message", utf8(V.Message));
          });
      });
    if (R.Failure)
      writeFailure(J, P, *R.Failure);
  });
}

void writeResultJSON(raw_ostream &OS, const Problem &P, const ResultReport &R,
                     unsigned Indent) {
  {
    json::OStream J(OS, Indent);
    writeResultJSON(J, P, R);
  }
  OS << '\n';
}

} // namespace tileas

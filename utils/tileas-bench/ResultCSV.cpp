//===- ResultCSV.cpp - results.csv and machsuite.csv ----------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Each file is a table of columns, each a header and a function of the
// record, so that a header can never drift from its values.
//
//===----------------------------------------------------------------------===//

#include "ResultWriter.h"

#include "tileas/Sched/Scheduler.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <functional>

using namespace llvm;
using namespace tileas;
using namespace tileas::bench;

namespace {

using Cell = std::function<std::string(const LoopRecord &)>;
using Column = std::pair<StringRef, Cell>;

std::string number(unsigned N) { return std::to_string(N); }

std::string boolean(bool B) { return B ? "true" : "false"; }

/// A bound, empty when no II satisfies it.
std::string bound(unsigned B) { return B == InfeasibleII ? "" : number(B); }

std::string mii(const LoopRecord &R) {
  if (!R.HasProblem)
    return "";
  const MIIBounds &B = R.Bounds;
  for (unsigned V : {B.Resource, B.Recurrence, B.FineDensity, B.Dependency,
                     B.RecurrenceResource})
    if (V == InfeasibleII)
      return "";
  return number(B.mii());
}

std::string millis(const TimingSample &T) {
  return T.Repeats ? formatv("{0:f3}", T.MedianMs).str() : "";
}

/// The columns of one scheduler's outcome: II, then legality as asked
/// (ours: verified; peers: legal), then the rest.
Cell ii(const Outcome LoopRecord::*O) {
  return [O](const LoopRecord &R) {
    return (R.*O).HasSchedule ? number((R.*O).II) : "";
  };
}
Cell verified(const Outcome LoopRecord::*O) {
  return [O](const LoopRecord &R) {
    return (R.*O).HasSchedule ? boolean((R.*O).Verified) : "";
  };
}
Cell legal(const Outcome LoopRecord::*O) {
  return [O](const LoopRecord &R) {
    return (R.*O).HasSchedule ? boolean((R.*O).legal()) : "";
  };
}
Cell stages(const Outcome LoopRecord::*O) {
  return [O](const LoopRecord &R) {
    return (R.*O).HasSchedule ? number((R.*O).Stages) : "";
  };
}
Cell maxLive(const Outcome LoopRecord::*O) {
  return [O](const LoopRecord &R) {
    return (R.*O).HasSchedule ? number((R.*O).MaxLive) : "";
  };
}
Cell status(const Outcome LoopRecord::*O) {
  return [O](const LoopRecord &R) { return (R.*O).Status; };
}
Cell time(const Outcome LoopRecord::*O) {
  return [O](const LoopRecord &R) { return millis((R.*O).Time); };
}
Cell verdict(const Outcome LoopRecord::*O) {
  return [O](const LoopRecord &R) { return (R.*O).verdict().str(); };
}

std::string exactII(const LoopRecord &R) {
  return R.Exact.HasSchedule ? number(R.Exact.II) : "";
}
std::string exactBound(const LoopRecord &R) {
  if (!R.Exact.Ran || R.Exact.LowerBound == 0)
    return "";
  return bound(R.Exact.LowerBound);
}
std::string exactSeconds(const LoopRecord &R) {
  return R.Exact.Ran ? formatv("{0:f3}", R.Exact.Seconds).str() : "";
}
std::string boundsColumn(const LoopRecord &R, unsigned MIIBounds::*B) {
  return R.HasProblem ? bound(R.Bounds.*B) : "";
}

const std::vector<Column> &boundColumns() {
  static const std::vector<Column> Columns = {
      {"res_mii",
       [](const LoopRecord &R) {
         return boundsColumn(R, &MIIBounds::Resource);
       }},
      {"rec_mii",
       [](const LoopRecord &R) {
         return boundsColumn(R, &MIIBounds::Recurrence);
       }},
      {"fine_mii",
       [](const LoopRecord &R) {
         return boundsColumn(R, &MIIBounds::FineDensity);
       }},
      {"dep_mii",
       [](const LoopRecord &R) {
         return boundsColumn(R, &MIIBounds::Dependency);
       }},
      {"recres_mii",
       [](const LoopRecord &R) {
         return boundsColumn(R, &MIIBounds::RecurrenceResource);
       }},
  };
  return Columns;
}

/// The budget bound, last in both tables so that the columns before it keep
/// their places.
Column budgetColumn() {
  return {"budget_mii", [](const LoopRecord &R) {
            return boundsColumn(R, &MIIBounds::Budget);
          }};
}

const std::vector<Column> &exactColumns() {
  static const std::vector<Column> Columns = {
      {"exact_status", [](const LoopRecord &R) { return R.Exact.Status; }},
      {"exact_lb", exactBound},
      {"exact_s", exactSeconds},
  };
  return Columns;
}

std::vector<Column> loopColumns() {
  const Outcome LoopRecord::*Ours = &LoopRecord::Ours;
  const Outcome LoopRecord::*SMS = &LoopRecord::SMS;
  const Outcome LoopRecord::*Window = &LoopRecord::Window;
  std::vector<Column> C = {
      {"loop", [](const LoopRecord &R) { return R.Name; }},
      {"ops", [](const LoopRecord &R) { return number(R.ops()); }},
      {"mii", mii},
      {"ours_ii", ii(Ours)},
      {"ours_verified", verified(Ours)},
      {"sms_ii", ii(SMS)},
      {"sms_legal", legal(SMS)},
      {"window_ii", ii(Window)},
      {"window_legal", legal(Window)},
      {"exact_ii", exactII},
      {"ours_ms", time(Ours)},
      {"sms_ms", time(SMS)},
      {"source", [](const LoopRecord &R) { return R.Source; }},
  };
  llvm::append_range(C, boundColumns());
  std::vector<Column> More = {
      {"ours_status", status(Ours)},
      {"ours_stages", stages(Ours)},
      {"ours_maxlive", maxLive(Ours)},
      {"ours_core_ms", [](const LoopRecord &R) { return millis(R.OursCore); }},
      {"sms_status", status(SMS)},
      {"sms_verified", verified(SMS)},
      {"sms_machine_verifier",
       [](const LoopRecord &R) { return R.SMS.MachineVerifier; }},
      {"sms_stages", stages(SMS)},
      {"sms_maxlive", maxLive(SMS)},
      {"sms_ii_search_range",
       [](const LoopRecord &R) {
         return R.SMSSearchRange ? number(R.SMSSearchRange) : std::string();
       }},
      {"window_status", status(Window)},
      {"window_verified", verified(Window)},
      {"window_stages", stages(Window)},
      {"window_maxlive", maxLive(Window)},
      {"window_ms", time(Window)},
  };
  llvm::append_range(C, More);
  llvm::append_range(C, exactColumns());
  C.push_back({"sms_verdict", verdict(SMS)});
  C.push_back({"window_verdict", verdict(Window)});
  C.push_back(budgetColumn());
  return C;
}

std::vector<Column> machSuiteColumns() {
  const Outcome LoopRecord::*Ours = &LoopRecord::Ours;
  std::vector<Column> C = {
      {"loop", [](const LoopRecord &R) { return R.Name; }},
      {"ops", [](const LoopRecord &R) { return number(R.ops()); }},
      {"mii", mii},
  };
  llvm::append_range(C, boundColumns());
  std::vector<Column> More = {
      {"ours_ii", ii(Ours)},         {"ours_verified", verified(Ours)},
      {"ours_stages", stages(Ours)}, {"ours_maxlive", maxLive(Ours)},
      {"ours_ms", time(Ours)},       {"exact_ii", exactII},
  };
  llvm::append_range(C, More);
  llvm::append_range(C, exactColumns());
  C.push_back(budgetColumn());
  return C;
}

/// A CSV field: quoted when it holds a comma, a quote or a line break.
std::string field(StringRef S) {
  if (S.find_first_of(",\"\n\r") == StringRef::npos)
    return S.str();
  std::string Q = "\"";
  for (char C : S) {
    if (C == '"')
      Q += '"';
    Q += C;
  }
  return Q + "\"";
}

void writeTable(raw_ostream &OS, const std::vector<Column> &Columns,
                ArrayRef<LoopRecord> Loops) {
  ListSeparator Sep(",");
  for (const Column &C : Columns)
    OS << Sep << C.first;
  OS << '\n';
  for (const LoopRecord &R : Loops) {
    ListSeparator RowSep(",");
    for (const Column &C : Columns)
      OS << RowSep << field(C.second(R));
    OS << '\n';
  }
}

} // namespace

void tileas::bench::writeLoopsCSV(raw_ostream &OS, ArrayRef<LoopRecord> Loops) {
  writeTable(OS, loopColumns(), Loops);
}

void tileas::bench::writeMachSuiteCSV(raw_ostream &OS,
                                      ArrayRef<LoopRecord> Loops) {
  writeTable(OS, machSuiteColumns(), Loops);
}

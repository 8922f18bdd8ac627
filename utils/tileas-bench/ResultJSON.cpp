//===- ResultJSON.cpp - bench.json ----------------------------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Written with json::OStream so that keys keep the order they are written
// in (a json::Object would sort them).
//
//===----------------------------------------------------------------------===//

#include "ResultWriter.h"

#include "tileas/Sched/Scheduler.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::bench;

namespace {

/// json::Value requires UTF-8; MIR names and messages need not be.
std::string utf8(StringRef S) {
  return json::isUTF8(S) ? S.str() : json::fixUTF8(S);
}

json::Value bound(unsigned B) {
  return B == InfeasibleII ? json::Value(nullptr) : json::Value(B);
}

void writeTime(json::OStream &J, StringRef Key, const TimingSample &T) {
  J.attributeObject(Key, [&] {
    J.attribute("median_ms", T.MedianMs);
    J.attribute("min_ms", T.MinMs);
    J.attribute("max_ms", T.MaxMs);
    J.attribute("repeats", T.Repeats);
  });
}

/// A peer's verdict and its violations by class and reason.
void writeVerdict(json::OStream &J, const Outcome &O) {
  J.attribute("verdict",
              O.HasSchedule ? json::Value(O.verdict()) : json::Value(nullptr));
  J.attributeArray("violation_classes", [&] {
    for (const ViolationGroup &G : groupViolations(O.Judged))
      J.object([&] {
        J.attribute("class", blameName(G.Class));
        J.attribute("reason", G.Reason);
        J.attribute("count", G.Count);
        J.attribute("first", utf8(G.First));
      });
  });
}

void writeOutcome(json::OStream &J, StringRef Key, const Outcome &O,
                  bool Peer = false) {
  J.attributeObject(Key, [&] {
    J.attribute("status", O.Status);
    J.attribute("note", utf8(O.Note));
    auto IfScheduled = [&](unsigned V) {
      return O.HasSchedule ? json::Value(V) : json::Value(nullptr);
    };
    J.attribute("ii", IfScheduled(O.II));
    J.attribute("stages", IfScheduled(O.Stages));
    J.attribute("maxlive", IfScheduled(O.MaxLive));
    J.attribute("verified",
                O.HasSchedule ? json::Value(O.Verified) : json::Value(nullptr));
    J.attribute("legal",
                O.HasSchedule ? json::Value(O.legal()) : json::Value(nullptr));
    J.attribute("violations", O.Violations);
    J.attribute("first_violation", utf8(O.Violation));
    J.attribute("machine_verifier", O.MachineVerifier);
    if (Peer)
      writeVerdict(J, O);
    writeTime(J, "time", O.Time);
  });
}

void writeExact(json::OStream &J, const LoopRecord &R) {
  J.attributeObject("exact", [&] {
    J.attribute("status", R.Exact.Status);
    J.attribute("ii", R.Exact.HasSchedule ? json::Value(R.Exact.II)
                                          : json::Value(nullptr));
    J.attribute("lower_bound", R.Exact.Ran && R.Exact.LowerBound
                                   ? bound(R.Exact.LowerBound)
                                   : json::Value(nullptr));
    J.attribute("seconds", R.Exact.Seconds);
    J.attribute("note", utf8(R.Exact.Note));
    J.attribute("verified", R.Exact.HasSchedule
                                ? json::Value(R.ExactCheck.Verified)
                                : json::Value(nullptr));
  });
}

/// Our kernel, for the reservation-table figure: the slots, and per
/// operation its start, stage and the slots it holds for how long.
void writeKernel(json::OStream &J, const LoopRecord &R) {
  const Schedule &S = R.Ours.Sched;
  J.attributeObject("kernel", [&] {
    J.attribute("ii", S.II);
    J.attribute("stages", S.StageCount);
    J.attributeArray("slots", [&] {
      for (const SlotDesc &D : R.Prob.model().slots())
        J.object([&] {
          J.attribute("id", D.Id);
          J.attribute("name", D.Name);
        });
    });
    J.attributeArray("ops", [&] {
      for (unsigned I = 0; I < R.Prob.size(); ++I) {
        const Operation &Op = R.Prob.operations()[I];
        J.object([&] {
          J.attribute("name", utf8(Op.Name));
          J.attribute("start", S.Ops[I].Start);
          J.attribute("stage", S.Ops[I].Stage);
          J.attributeArray("slots", [&] {
            for (const SlotUse &U : Op.Slots)
              J.array([&] {
                J.value(U.Slot);
                J.value(U.Duration);
              });
          });
        });
      }
    });
  });
}

void writeBounds(json::OStream &J, const LoopRecord &R) {
  J.attributeObject("bounds", [&] {
    J.attribute("resource", bound(R.Bounds.Resource));
    J.attribute("recurrence", bound(R.Bounds.Recurrence));
    J.attribute("fine_density", bound(R.Bounds.FineDensity));
    J.attribute("dependency", bound(R.Bounds.Dependency));
    J.attribute("recurrence_resource", bound(R.Bounds.RecurrenceResource));
  });
}

void writeLoop(json::OStream &J, const LoopRecord &R, bool Peers) {
  J.object([&] {
    J.attribute("name", utf8(R.Name));
    J.attribute("source", R.Source);
    J.attribute("path", utf8(R.Path));
    if (Peers) {
      J.attribute("function", utf8(R.Function));
      J.attribute("block", R.Block);
    }
    J.attribute("ops", R.ops());
    if (R.HasProblem)
      writeBounds(J, R);
    writeOutcome(J, "ours", R.Ours);
    writeTime(J, "ours_core", R.OursCore);
    if (Peers) {
      writeOutcome(J, "sms", R.SMS, /*Peer=*/true);
      if (R.SMSSearchRange)
        J.attribute("sms_ii_search_range", R.SMSSearchRange);
      writeOutcome(J, "window", R.Window, /*Peer=*/true);
    }
    writeExact(J, R);
    if (R.Source == "corpus" && R.Ours.HasSchedule)
      writeKernel(J, R);
  });
}

void writeSettings(json::OStream &J, const BenchSettings &S) {
  J.attributeObject("settings", [&] {
    J.attribute("repeats_max", S.Repeats.MaxRepeats);
    J.attribute("repeat_budget_ms", S.Repeats.BudgetMs);
    J.attribute("ours", "tileas-generate-schedule, " +
                            describeOursOptions(oursPassOptions(S)));
    J.attribute("ours_machsuite",
                "scheduleLoop with the modulo generator forced");
    J.attribute("sms_timed_options", describeOptions(smsOptions(S, true)));
    if (S.SMSRangeReachesOurs)
      J.attribute("sms_ii_search_range",
                  formatv("per file: at least {0}, widened to ours II - MII + "
                          "1 so that SMS may try every II up to ours",
                          S.SMSIISearchRange)
                      .str());
    J.attribute("sms_expansion_options", describeOptions(smsOptions(S, false)));
    J.attribute("window_options", describeOptions(windowOptions(S)));
    J.attribute("run_sms", S.RunSMS);
    J.attribute("run_window", S.RunWindow);
    J.attribute("run_exact", S.RunExact);
    J.attribute("exact_time_limit_s", S.ExactTimeLimit);
    J.attribute("exact_max_ops", S.ExactMaxOps);
    J.attribute("peer_max_ops", S.PeerMaxOps);
  });
}

} // namespace

void tileas::bench::writeDetailsJSON(raw_ostream &OS, const HostInfo &Host,
                                     const BenchSettings &S,
                                     ArrayRef<LoopRecord> Loops,
                                     ArrayRef<LoopRecord> MachSuite) {
  json::OStream J(OS, 1);
  J.object([&] {
    J.attributeObject("host", [&] {
      for (const auto &[Key, Value] : Host)
        J.attribute(Key, utf8(Value));
    });
    writeSettings(J, S);
    J.attributeArray("loops", [&] {
      for (const LoopRecord &R : Loops)
        writeLoop(J, R, /*Peers=*/true);
    });
    J.attributeArray("machsuite", [&] {
      for (const LoopRecord &R : MachSuite)
        writeLoop(J, R, /*Peers=*/false);
    });
  });
  OS << '\n';
}

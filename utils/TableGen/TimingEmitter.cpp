//===- TimingEmitter.cpp - Emit and check the TileAS timing tables --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// -gen-tileas-timing-tables writes TileASTimingTables.inc from the timing
// descriptions of td/TileASTiming.td: one table of descriptions, one of MMA
// shapes, one of shapeless instructions and one of TMA latency points, each
// sorted so that a lookup can bisect it (record types:
// include/tileas/Timing/TimingTypes.h).
//
// Checked, each an error at the offending record (and nothing is written
// when any is found): an instruction name that no Instruction record has;
// an MMA shape the compiler produces (MmaShapeUse) for an instruction that a
// description times without that shape; a latency below its occupancy; an
// occupancy or latency that is not positive; a bandwidth (FullLoadCyclesPerKiB,
// SmemBytesPerCycle) that is not positive; two entries for one
// (description, instruction, shape or bytes); and two descriptions of one
// name.
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

#include <map>
#include <set>
#include <tuple>

using namespace llvm;

namespace {

struct Desc {
  const Record *Def;
  std::string Name;
  int64_t ClockMHz, CyclesPerKiB, SmemBytesPerCycle, MbarrierLatency;
};

struct Mma {
  const Record *Def;
  unsigned Desc;
  std::string Instr;
  int64_t M, N, K, OccupancyX100, Latency;
};

struct Plain {
  const Record *Def;
  unsigned Desc;
  std::string Instr;
  int64_t OccupancyX100, Latency;
};

struct Point {
  const Record *Def;
  unsigned Desc;
  std::string Instr;
  int64_t Bytes, Latency;
};

class TimingReader {
public:
  explicit TimingReader(const RecordKeeper &Records) : Records(Records) {}
  bool read();

  std::vector<Desc> Descs; // Sorted by name.
  std::vector<Mma> Mmas;
  std::vector<Plain> Plains;
  std::vector<Point> Points;

private:
  void error(const Record *R, const Twine &Msg) {
    PrintError(R, Msg);
    Failed = true;
  }
  /// The index of R's description.
  unsigned descOf(const Record *R);
  /// Checks that R's Instr names an instruction.
  std::string instrOf(const Record *R);
  void checkTiming(const Record *R, int64_t OccupancyX100, int64_t Latency);
  void checkShapeUses();

  /// The records of a class in the order they were written, so that a
  /// second entry is the one an error names.
  std::vector<const Record *> inOrder(StringRef Class) const {
    std::vector<const Record *> Defs(Records.getAllDerivedDefinitions(Class));
    stable_sort(Defs, [](const Record *A, const Record *B) {
      return A->getID() < B->getID();
    });
    return Defs;
  }

  const RecordKeeper &Records;
  std::map<const Record *, unsigned> DescIndex;
  StringSet<> Instructions;
  bool Failed = false;
};

unsigned TimingReader::descOf(const Record *R) {
  return DescIndex.at(R->getValueAsDef("Desc"));
}

std::string TimingReader::instrOf(const Record *R) {
  std::string Name = R->getValueAsString("Instr").str();
  if (!Instructions.contains(Name))
    error(R, formatv("timing {0} names instruction '{1}', which no "
                     "Instruction record defines",
                     R->getName(), Name));
  return Name;
}

void TimingReader::checkTiming(const Record *R, int64_t OccupancyX100,
                               int64_t Latency) {
  if (OccupancyX100 <= 0)
    error(R, formatv("timing {0} has occupancy {1} (hundredths of a cycle): "
                     "it must be positive",
                     R->getName(), OccupancyX100));
  if (Latency <= 0)
    error(R, formatv("timing {0} has latency {1}: it must be positive",
                     R->getName(), Latency));
  else if (Latency * 100 < OccupancyX100)
    error(R, formatv("timing {0}: latency {1} is below its occupancy {2}.{3:2} "
                     "cycles (a result cannot be ready before its unit can "
                     "take the next)",
                     R->getName(), Latency, OccupancyX100 / 100,
                     OccupancyX100 % 100));
}

void TimingReader::checkShapeUses() {
  // The instructions each description times with shapes.
  std::set<std::pair<unsigned, std::string>> Timed;
  std::set<std::tuple<unsigned, std::string, int64_t, int64_t, int64_t>> Shapes;
  for (const Mma &X : Mmas) {
    Timed.insert({X.Desc, X.Instr});
    Shapes.insert({X.Desc, X.Instr, X.M, X.N, X.K});
  }
  for (const Record *U : inOrder("MmaShapeUse")) {
    std::string Instr = instrOf(U);
    int64_t M = U->getValueAsInt("M"), N = U->getValueAsInt("N"),
            K = U->getValueAsInt("K");
    for (unsigned D = 0, E = Descs.size(); D != E; ++D)
      if (Timed.count({D, Instr}) && !Shapes.count({D, Instr, M, N, K}))
        error(Descs[D].Def,
              formatv("timing {0} ({1}) times {2} but not its shape M{3} N{4} "
                      "K{5}, which the compiler produces ({6})",
                      Descs[D].Def->getName(), Descs[D].Name, Instr, M, N, K,
                      U->getName()));
  }
}

bool TimingReader::read() {
  for (const Record *I : Records.getAllDerivedDefinitions("Instruction"))
    Instructions.insert(I->getName());

  std::vector<const Record *> DescDefs = inOrder("TimingDesc");
  stable_sort(DescDefs, [](const Record *A, const Record *B) {
    return A->getValueAsString("TimingName") <
           B->getValueAsString("TimingName");
  });
  for (const Record *R : DescDefs) {
    Desc D{R,
           R->getValueAsString("TimingName").str(),
           R->getValueAsInt("ClockMHz"),
           R->getValueAsInt("FullLoadCyclesPerKiB"),
           R->getValueAsInt("SmemBytesPerCycle"),
           R->getValueAsInt("MbarrierLatency")};
    if (!Descs.empty() && Descs.back().Name == D.Name)
      error(R, formatv("timing description {0} is a second one named '{1}' "
                       "({2} is the first)",
                       R->getName(), D.Name, Descs.back().Def->getName()));
    if (D.Name.empty() || D.Name == "model")
      error(R, formatv("timing description {0} needs a name other than '{1}' "
                       "('model' is the slot model's)",
                       R->getName(), D.Name));
    if (D.CyclesPerKiB <= 0)
      error(R, formatv("timing description {0} has FullLoadCyclesPerKiB {1}: "
                       "a bandwidth must be positive",
                       R->getName(), D.CyclesPerKiB));
    if (D.SmemBytesPerCycle <= 0)
      error(R, formatv("timing description {0} has SmemBytesPerCycle {1}: a "
                       "bandwidth must be positive",
                       R->getName(), D.SmemBytesPerCycle));
    if (D.MbarrierLatency < 0 || D.ClockMHz < 0)
      error(R, formatv("timing description {0} has a negative "
                       "MbarrierLatency or ClockMHz",
                       R->getName()));
    DescIndex[R] = Descs.size();
    Descs.push_back(std::move(D));
  }

  std::set<std::tuple<unsigned, std::string, int64_t, int64_t, int64_t>> Seen;
  auto Twice = [&](const Record *R, unsigned D, StringRef Instr, int64_t A,
                   int64_t B, int64_t C, StringRef What) {
    if (!Seen.insert({D, Instr.str() + "/" + What.str(), A, B, C}).second)
      error(R, formatv("timing {0} is a second entry for {1} {2} in {3}",
                       R->getName(), Instr, What, Descs[D].Name));
  };
  for (const Record *R : inOrder("MmaTiming")) {
    Mma X{R,
          descOf(R),
          instrOf(R),
          R->getValueAsInt("M"),
          R->getValueAsInt("N"),
          R->getValueAsInt("K"),
          R->getValueAsInt("OccupancyX100"),
          R->getValueAsInt("Latency")};
    if (X.M <= 0 || X.N <= 0 || X.K <= 0)
      error(R, formatv("timing {0} has shape M{1} N{2} K{3}: each must be "
                       "positive",
                       R->getName(), X.M, X.N, X.K));
    checkTiming(R, X.OccupancyX100, X.Latency);
    Twice(R, X.Desc, X.Instr, X.M, X.N, X.K,
          formatv("M{0} N{1} K{2}", X.M, X.N, X.K).str());
    Mmas.push_back(std::move(X));
  }
  for (const Record *R : inOrder("InstrTiming")) {
    Plain X{R, descOf(R), instrOf(R), R->getValueAsInt("OccupancyX100"),
            R->getValueAsInt("Latency")};
    checkTiming(R, X.OccupancyX100, X.Latency);
    Twice(R, X.Desc, X.Instr, 0, 0, 0, "");
    Plains.push_back(std::move(X));
  }
  for (const Record *R : inOrder("TmaLatencyPoint")) {
    Point X{R, descOf(R), instrOf(R), R->getValueAsInt("Bytes"),
            R->getValueAsInt("Latency")};
    if (X.Bytes <= 0 || X.Latency <= 0)
      error(R, formatv("timing {0} has {1} bytes and latency {2}: both must "
                       "be positive",
                       R->getName(), X.Bytes, X.Latency));
    Twice(R, X.Desc, X.Instr, X.Bytes, 0, 0,
          formatv("{0} bytes", X.Bytes).str());
    Points.push_back(std::move(X));
  }
  // Two points of one load must not make its latency fall with its bytes.
  stable_sort(Points, [](const Point &A, const Point &B) {
    return std::tie(A.Desc, A.Instr, A.Bytes) <
           std::tie(B.Desc, B.Instr, B.Bytes);
  });
  for (unsigned I = 1; I < Points.size(); ++I) {
    const Point &P = Points[I - 1], &Q = Points[I];
    if (P.Desc == Q.Desc && P.Instr == Q.Instr && Q.Latency < P.Latency)
      error(Q.Def, formatv("timing {0}: {1} bytes take {2} cycles, fewer than "
                           "the {3} of {4} bytes ({5})",
                           Q.Def->getName(), Q.Bytes, Q.Latency, P.Latency,
                           P.Bytes, P.Def->getName()));
  }
  stable_sort(Mmas, [](const Mma &A, const Mma &B) {
    return std::tie(A.Desc, A.Instr, A.M, A.N, A.K) <
           std::tie(B.Desc, B.Instr, B.M, B.N, B.K);
  });
  stable_sort(Plains, [](const Plain &A, const Plain &B) {
    return std::tie(A.Desc, A.Instr) < std::tie(B.Desc, B.Instr);
  });
  checkShapeUses();
  return !Failed;
}

void emitTimingTables(const RecordKeeper &Records, raw_ostream &OS) {
  TimingReader Reader(Records);
  if (!Reader.read())
    return; // Errors were printed; TableGenMain fails the run.
  emitSourceFileHeader("TileAS timing tables", OS, Records);
  OS << "#ifdef GET_TILEAS_TIMING_TABLES\n#undef GET_TILEAS_TIMING_TABLES\n\n"
     << "namespace tileas {\nnamespace timing {\nnamespace gen {\n\n";

  OS << "static constexpr DescRecord Descs[] = {\n";
  for (const Desc &D : Reader.Descs)
    OS << "  {\"" << D.Name << "\", " << D.ClockMHz << ", " << D.CyclesPerKiB
       << ", " << D.SmemBytesPerCycle << ", " << D.MbarrierLatency << "}, // "
       << D.Def->getName() << "\n";
  if (Reader.Descs.empty())
    OS << "  {\"\", 0, 0, 0, 0},\n";
  OS << "};\nstatic constexpr unsigned NumDescs = " << Reader.Descs.size()
     << ";\n\n";

  // Empty tables still need an element; the counts say how many are real.
  OS << "static constexpr MmaRecord Mmas[] = {\n";
  for (const Mma &X : Reader.Mmas)
    OS << "  {" << X.Desc << ", \"" << X.Instr << "\", " << X.M << ", " << X.N
       << ", " << X.K << ", " << X.OccupancyX100 << ", " << X.Latency << "},\n";
  if (Reader.Mmas.empty())
    OS << "  {0, \"\", 0, 0, 0, 0, 0},\n";
  OS << "};\nstatic constexpr unsigned NumMmas = " << Reader.Mmas.size()
     << ";\n\n";

  OS << "static constexpr InstrRecord Instrs[] = {\n";
  for (const Plain &X : Reader.Plains)
    OS << "  {" << X.Desc << ", \"" << X.Instr << "\", " << X.OccupancyX100
       << ", " << X.Latency << "},\n";
  if (Reader.Plains.empty())
    OS << "  {0, \"\", 0, 0},\n";
  OS << "};\nstatic constexpr unsigned NumInstrs = " << Reader.Plains.size()
     << ";\n\n";

  OS << "static constexpr TmaPointRecord TmaPoints[] = {\n";
  for (const Point &X : Reader.Points)
    OS << "  {" << X.Desc << ", \"" << X.Instr << "\", " << X.Bytes << "u, "
       << X.Latency << "},\n";
  if (Reader.Points.empty())
    OS << "  {0, \"\", 0u, 0},\n";
  OS << "};\nstatic constexpr unsigned NumTmaPoints = " << Reader.Points.size()
     << ";\n\n";

  OS << "} // namespace gen\n} // namespace timing\n} // namespace tileas\n\n"
     << "#endif // GET_TILEAS_TIMING_TABLES\n";
}

TableGen::Emitter::Opt X("gen-tileas-timing-tables", emitTimingTables,
                         "Check the TileAS timing descriptions and emit their "
                         "tables");

} // namespace

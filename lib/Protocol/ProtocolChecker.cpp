//===- ProtocolChecker.cpp - Entry point of the protocol checker ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Protocol/ProtocolChecker.h"

#include "Compile.h"
#include "Explorer.h"
#include "Report.h"

#include <chrono>

using namespace llvm;

namespace tileas {
namespace protocol {

CheckResult checkProtocol(const Program &P, const CheckOptions &Opts) {
  detail::CompiledProgram CP;
  std::string Err;
  if (!detail::compileProgram(P, CP, Err)) {
    CheckResult R;
    R.S = CheckResult::Malformed;
    R.Message = "malformed program: " + Err;
    return R;
  }
  auto Start = std::chrono::steady_clock::now();
  detail::Explorer E(CP, Opts.MaxStates);
  CheckResult::Status S = E.run(Opts.PartialOrder);
  bool Shortest = false;
  if (S != CheckResult::OK && S != CheckResult::Inconclusive &&
      Opts.ShortestWitness)
    Shortest = E.shortest(S);
  CheckResult R = detail::buildReport(E, S, Opts);
  R.Shortest = Shortest;
  R.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  return R;
}

void printResult(raw_ostream &OS, const CheckResult &R) {
  OS << "status: " << toString(R.S) << "\n" << R.Message << "\n";
  if (!R.Witness.empty()) {
    OS << "witness:\n";
    for (const std::string &L : R.Witness)
      OS << "  " << L << "\n";
  }
  OS << "states: " << R.States << ", transitions: " << R.Transitions
     << ", max depth: " << R.MaxDepth;
  if (R.ShortestStates)
    OS << "; shortest witness: " << (R.Shortest ? "yes" : "not established")
       << " (" << R.ShortestStates << " states searched breadth-first)";
  OS << "\n";
}

} // namespace protocol
} // namespace tileas

//===- ProtocolChecker.cpp - Entry point of the protocol checker ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Protocol/ProtocolChecker.h"

#include "Compile.h"
#include "Explorer.h"
#include "Report.h"

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
  detail::Explorer E(CP, Opts.MaxStates);
  CheckResult::Status S = E.run();
  return detail::buildReport(E, S, Opts);
}

void printResult(raw_ostream &OS, const CheckResult &R) {
  OS << "status: " << toString(R.S) << "\n" << R.Message << "\n";
  if (!R.Witness.empty()) {
    OS << "witness:\n";
    for (const std::string &L : R.Witness)
      OS << "  " << L << "\n";
  }
  OS << "states: " << R.States << ", transitions: " << R.Transitions
     << ", max depth: " << R.MaxDepth << "\n";
}

} // namespace protocol
} // namespace tileas

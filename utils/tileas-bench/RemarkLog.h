//===- RemarkLog.h - Collect optimization remarks in-process ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A diagnostic handler that enables every remark of the passes it is asked
// about and keeps them (pass, name, message and named arguments), so that
// the benchmark reads a scheduler's II from its own remark instead of from
// printed text. Errors and warnings are kept too.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_REMARKLOG_H
#define TILEAS_BENCH_REMARKLOG_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DiagnosticHandler.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tileas {
namespace bench {

struct RemarkRecord {
  enum KindTy { Passed, Missed, Analysis, Error, Warning, Other } Kind = Other;
  std::string Pass;
  std::string Name;
  std::string Message;
  std::vector<std::pair<std::string, std::string>> Args;
  /// For machine remarks: the function and the block number they name.
  std::string Function;
  int Block = -1;

  /// The value of a named argument, if the remark has it.
  std::optional<std::string> arg(llvm::StringRef Key) const;
  /// The value of a named argument as an unsigned number.
  std::optional<unsigned> unsignedArg(llvm::StringRef Key) const;
};

class RemarkLog : public llvm::DiagnosticHandler {
public:
  bool handleDiagnostics(const llvm::DiagnosticInfo &DI) override;
  bool isAnalysisRemarkEnabled(llvm::StringRef) const override { return true; }
  bool isMissedOptRemarkEnabled(llvm::StringRef) const override { return true; }
  bool isPassedOptRemarkEnabled(llvm::StringRef) const override { return true; }
  bool isAnyRemarkEnabled() const override { return true; }

  const std::vector<RemarkRecord> &records() const { return Records; }
  /// The remarks of one pass, in emission order.
  std::vector<const RemarkRecord *> ofPass(llvm::StringRef Pass) const;
  /// The first error's text, or empty.
  std::string firstError() const;
  /// The last remark of Pass about block Block of function Function whose
  /// name is Name (any name when Name is empty), or null.
  const RemarkRecord *last(llvm::StringRef Pass, llvm::StringRef Function,
                           int Block, llvm::StringRef Name = "") const;

private:
  std::vector<RemarkRecord> Records;
};

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_REMARKLOG_H

//===- AgentProgram.h - An issuing agent's instruction stream ---*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// An issuing agent (the issuing thread of an unspecialized loop; a load, MMA
// or compute agent of a warp-specialized one) as the simulator sees it: a
// stream of dynamic instructions in program order, pulled one at a time. The
// simulator pulls the next instruction only once the previous one has
// issued, so a front end may execute each instruction functionally when it
// hands it out (control flow never depends on timing).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SIM_AGENTPROGRAM_H
#define TILEAS_SIM_AGENTPROGRAM_H

#include "tileas/Sim/DynamicOp.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace tileas {
namespace sim {

class AgentProgram {
public:
  virtual ~AgentProgram();

  /// The agent's name for reports ("issuer", "load", "mma", ...).
  virtual std::string name() const = 0;
  /// Register values are numbered 0 .. numValues() - 1.
  virtual unsigned numValues() const = 0;
  /// Fills Op with the next instruction. Returns false after a Return (the
  /// agent never asks again), an error for a program it cannot run.
  virtual llvm::Expected<bool> next(DynamicOp &Op) = 0;
  /// Where Site is, for reports ("bb.4: PIPE_CONSUMER_WAIT 0, 1, %48").
  virtual std::string describe(unsigned Site) const = 0;
};

/// A program given as a list, for tests and small examples: hands the ops
/// out in order; describe() prints "op <site>".
class ListProgram : public AgentProgram {
public:
  ListProgram(std::string Name, unsigned NumValues, std::vector<DynamicOp> Ops)
      : Name(std::move(Name)), NumValues(NumValues), Ops(std::move(Ops)) {}

  std::string name() const override { return Name; }
  unsigned numValues() const override { return NumValues; }
  llvm::Expected<bool> next(DynamicOp &Op) override;
  std::string describe(unsigned Site) const override;

private:
  std::string Name;
  unsigned NumValues;
  std::vector<DynamicOp> Ops;
  size_t Next = 0;
};

} // namespace sim
} // namespace tileas

#endif // TILEAS_SIM_AGENTPROGRAM_H

//===- ValuePool.h - Virtual registers of a generated loop ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Every virtual register the generator defines, with its register class,
// where it is defined (preheader or loop) and how often it is used. Operand
// choice prefers recent values that nothing reads yet, which builds
// realistic chains and leaves few values for the exit block to consume.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_UTILS_LOOPGEN_VALUEPOOL_H
#define TILEAS_UTILS_LOOPGEN_VALUEPOOL_H

#include "Random.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace tileas {
namespace loopgen {

enum class RegClass : uint8_t { GPR32, GPR64, Pred, Tile, TMem, Frag };
constexpr unsigned NumRegClasses = 6;

/// The MIR name of the class ("gpr32", ...).
llvm::StringRef className(RegClass C);

enum class Where : uint8_t { Preheader, Loop, Exit };

struct Value {
  RegClass Class = RegClass::GPR32;
  Where Def = Where::Loop;
  unsigned Uses = 0;
  /// Offered as an operand to loop instructions (false for the inner PHIs of
  /// a recurrence chain, which only the next PHI reads).
  bool Offered = true;
  std::string Name; ///< Without the leading '%'.
};

using ValueId = unsigned;

class ValuePool {
public:
  ValueId create(RegClass C, Where W, bool Offered = true);
  const Value &operator[](ValueId V) const { return Values[V]; }
  unsigned size() const { return Values.size(); }

  /// Records a use and returns "%name".
  std::string use(ValueId V);
  /// "%name:class", for a definition.
  std::string def(ValueId V) const;

  /// Offered loop values of a class, oldest first.
  const std::vector<ValueId> &loopValues(RegClass C) const {
    return Loop[unsigned(C)];
  }
  const std::vector<ValueId> &invariants(RegClass C) const {
    return Invariant[unsigned(C)];
  }

  /// An operand among the offered loop values of a class: usually one of the
  /// most recent unused values, otherwise one of the recent values. None
  /// when the loop defines no value of the class yet.
  std::optional<ValueId> pickLoop(RegClass C, Random &R) const;

private:
  std::vector<Value> Values;
  std::vector<ValueId> Loop[NumRegClasses];
  std::vector<ValueId> Invariant[NumRegClasses];
  unsigned Counter[NumRegClasses] = {};
};

} // namespace loopgen
} // namespace tileas

#endif // TILEAS_UTILS_LOOPGEN_VALUEPOOL_H

//===- LifetimeCompaction.h - Shorter live ranges, same II ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A modulo schedule found for its II places each op as early as its
// dependences and the reservation table let it: a load of a row may issue
// long before the row is read, and the row is live all that time. This
// moves ops inside their own stage (so stage distances, ring depths and
// budgets stay as they were) to the row where the register-cycles of the
// values they define and read (RegisterPressure.h's ranges, weighted by
// their registers) are fewest, wherever the dependences and the
// reservation table (slots and pools) allow: a producer of a large value
// later, toward its readers; a reader that ends a large value and makes a
// small one earlier. Whether the result still satisfies everything else
// (the coordination) is for the caller to verify.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_LIFETIMECOMPACTION_H
#define TILEAS_LIB_SCHED_LIFETIMECOMPACTION_H

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Schedule.h"

#include "llvm/ADT/ArrayRef.h"

namespace tileas {

/// S with its ops moved as above (same II, stages and stage count; orders
/// ranked again); S itself when nothing moves. Deterministic.
Schedule compactLifetimes(const Problem &P, const Schedule &S);

/// The rows no single move shortens (LifetimeCompactionCones.cpp): the ops
/// that make 16 registers or more (a tensor-memory load of a row), every op
/// that depends on them within the iteration, and the ops that make
/// registers only for those, placed again cycle by cycle in the table of the
/// others: the ready op that frees the most registers first, then the one
/// whose readers are nearest to complete, an op that adds registers held
/// while the rows' live registers would pass a threshold (several tried).
/// Stages may change, the stage count does not grow; each result is
/// compacted as above, and the one that fits Limits best (registerFit) and
/// passes the verifier (with MaxStages) is returned, S when none fits
/// better. Deterministic.
Schedule moveRegisterCones(const Problem &P, const Schedule &S,
                           llvm::ArrayRef<unsigned> Limits, unsigned MaxStages);

} // namespace tileas

#endif // TILEAS_LIB_SCHED_LIFETIMECOMPACTION_H

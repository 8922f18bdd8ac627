//===- PTXKernel.h - What tileas-run reads from a PTX module ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The facts of a PTX module a launch needs, read from its text: the
// `.target`, and for an `.entry` its `.param` list (docs/ptx.md: tensor
// maps by value as `.param .align 128 .b8 p[128]`, pointers `.u64`,
// scalars `.u32` / `.u64`), its `.reqntid` block size, and the shared arena
// TileAS printed above it (`// shared arena: N of M bytes`), whose launch
// needs N + 1024 bytes of dynamic shared memory (the kernel rounds the
// arena's base up to 1024 bytes).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_RUN_PTXKERNEL_H
#define TILEAS_RUN_PTXKERNEL_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace tileas {
namespace run {

struct PTXParam {
  enum Kind { Bytes, U32, U64, Other } TheKind = Other;
  unsigned Align = 0; ///< Bytes: the .align.
  unsigned Size = 0;  ///< Bytes: the array's length.
  std::string Name;
  std::string Text; ///< The declaration as written, for messages.
};

struct PTXKernel {
  std::string Target; ///< `sm_100a`.
  std::string Name;
  llvm::SmallVector<PTXParam, 8> Params;
  std::optional<std::array<uint64_t, 3>> ReqNTid;
  std::optional<uint64_t> ArenaBytes;
};

/// The .entry Name of PTX; an error names what is missing (the entries
/// present when Name is not one of them).
llvm::Expected<PTXKernel> readPTXKernel(llvm::StringRef PTX,
                                        llvm::StringRef Name);

/// The compute capability a target needs, as 10 x major + minor: an `a`
/// target runs on that capability only (sm_90a on 9.0), an `f` target on
/// its family (the same major, minor at least its own), a plain one on
/// that capability and later.
struct TargetArch {
  unsigned Capability = 0;
  enum { Forward, Family, Exact } Runs = Forward;
  bool runsOn(unsigned DeviceCapability) const;
};
std::optional<TargetArch> parseTarget(llvm::StringRef Target);

} // namespace run
} // namespace tileas

#endif // TILEAS_RUN_PTXKERNEL_H

//===- TileASRowLayout.h - Whose rows a fragment value holds ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The row builtins (tileas.row.max / row.sum / redux.max / smem.row) reduce
// or store "the thread's row". Which elements of a row a thread holds is the
// layout of the accumulator the value came from: on sm_100a a thread holds
// a whole row (tcgen05.ld 32x32b); on sm_90a a wgmma accumulator spreads
// each row over a quad of threads (tileas/PTX/WgmmaLayout.h), and the
// printer's quad reductions and P store are right only for that layout.
// This decides, on the IR, whether a value is a wgmma accumulator's, and
// whether a function has any (the printer picks the form per function).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_TILEAS_TILEASROWLAYOUT_H
#define LLVM_LIB_TARGET_TILEAS_TILEASROWLAYOUT_H

namespace llvm {
class Function;
class Value;

namespace TileAS {

/// Whether \p V holds, lane for lane, elements of wgmma accumulators: it is
/// computed from `tileas.wgmma*` results by lane-wise operations (float
/// arithmetic, the fragment intrinsics, fptrunc, select, phi), whose other
/// operands are lane-independent (constants, splats) or row statistics of
/// the same layout (row.max / row.sum, repeated across a fragment). A value
/// that reaches any other source (a load, tensor memory, an argument) or no
/// wgmma at all has rows this layout does not describe.
bool hasWgmmaRowLayout(const Value *V);

/// Whether \p F calls a `tileas.wgmma*` builtin: on sm_90a its row builtins
/// are printed for the wgmma accumulator's quad layout; in a function
/// without one, for a thread's own values (each thread its own row).
bool callsWgmma(const Function &F);

} // namespace TileAS
} // namespace llvm

#endif // LLVM_LIB_TARGET_TILEAS_TILEASROWLAYOUT_H

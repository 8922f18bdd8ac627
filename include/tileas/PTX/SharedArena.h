//===- SharedArena.h - The kernel's one dynamic shared arena ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A TileAS kernel declares one `.extern .shared .align 1024 .b8 smem[];` and
// the compiler places everything that lives in shared memory inside it:
//
//  - ring slots, each at a 1024-byte boundary (the repeat of TMA's 128-byte
//    swizzle, so a slot's descriptors need no base offset);
//  - each ring's mbarriers, `full` and `empty` per slot (2 x depth barriers
//    of 8 bytes, 8-byte aligned);
//  - other buffers (a staging tile, a reduction scratch) at their alignment;
//  - the 32-bit word `tcgen05.alloc` writes the tensor-memory address to.
//
// Placement is deterministic: objects in decreasing alignment, ties in the
// order kind (ring slots, buffers, mbarriers, the TMEM word) and then the
// order of the request; offsets relative to the arena's 1024-byte aligned
// start. A layout over the capacity is refused with the largest objects
// named.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PTX_SHAREDARENA_H
#define TILEAS_PTX_SHAREDARENA_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace tileas {
namespace ptx {

/// The alignment of the arena and of every ring slot.
constexpr uint64_t ArenaAlign = 1024;
/// The bytes of one mbarrier.
constexpr uint64_t MBarrierBytes = 8;
/// Shared memory one CTA may use on sm_100a and sm_90a (227 KiB).
constexpr uint64_t Sm100SharedCapacity = 227 * 1024;

struct RingRequest {
  std::string Name;
  /// Bytes of one slot (every tile one use of the ring fills).
  uint64_t SlotBytes = 0;
  unsigned Depth = 0;
};

struct BufferRequest {
  std::string Name;
  uint64_t Bytes = 0;
  /// A power of two; at most ArenaAlign.
  uint64_t Align = 16;
};

struct ArenaRequest {
  llvm::SmallVector<RingRequest, 4> Rings;
  llvm::SmallVector<BufferRequest, 4> Buffers;
  /// Whether the kernel allocates tensor memory (then the arena holds the
  /// word tcgen05.alloc writes).
  bool TmemAddressWord = false;
  /// Dynamic shared memory the launch may give (the arena's bytes must not
  /// exceed it).
  uint64_t Capacity = Sm100SharedCapacity;
};

enum class ArenaObjectKind : uint8_t {
  RingSlots,
  Buffer,
  FullBarriers,
  EmptyBarriers,
  TmemAddress
};

/// One placed object: Count elements of ElementBytes, Stride apart, the
/// first at Offset.
struct ArenaObject {
  std::string Name;
  ArenaObjectKind Kind = ArenaObjectKind::Buffer;
  uint64_t Offset = 0;
  uint64_t ElementBytes = 0;
  uint64_t Stride = 0;
  unsigned Count = 1;
  uint64_t Align = 1;

  uint64_t bytes() const { return Stride * (Count - 1) + ElementBytes; }
  uint64_t end() const { return Offset + bytes(); }
  uint64_t elementOffset(unsigned I) const;
};

class ArenaLayout {
public:
  /// RingSlots of a ring without slots.
  static constexpr unsigned NoSlots = ~0u;

  /// Every object in placement (offset) order.
  llvm::ArrayRef<ArenaObject> objects() const { return Objects; }
  /// Bytes from the arena's start to the end of its last object.
  uint64_t totalBytes() const { return TotalBytes; }
  uint64_t capacity() const { return Capacity; }

  /// Offsets of request ring R's slot S and of that slot's barriers (a ring
  /// of no slot bytes has barriers only).
  uint64_t slotOffset(unsigned R, unsigned S) const;
  uint64_t fullBarrierOffset(unsigned R, unsigned S) const;
  uint64_t emptyBarrierOffset(unsigned R, unsigned S) const;
  /// Request buffer B.
  uint64_t bufferOffset(unsigned B) const;
  /// The TMEM address word; only when the request asked for it.
  uint64_t tmemAddressOffset() const;

  /// The layout as comment lines (no comment leader), one per object:
  /// "shared arena: 82000 of 232448 bytes, .align 1024" then
  /// "  0x00000  ring pipe0: 4 slots x 16384 B, stride 16384 (65536 B)".
  std::string listing() const;

private:
  friend llvm::Expected<ArenaLayout> layoutSharedArena(const ArenaRequest &);

  llvm::SmallVector<ArenaObject, 16> Objects;
  llvm::SmallVector<unsigned, 4> RingSlots, RingFull, RingEmpty, Buffers;
  int TmemWord = -1;
  uint64_t TotalBytes = 0;
  uint64_t Capacity = 0;
};

/// Places the request, or says which field is invalid or that the layout
/// is over the capacity (naming its largest objects).
llvm::Expected<ArenaLayout> layoutSharedArena(const ArenaRequest &Request);

} // namespace ptx
} // namespace tileas

#endif // TILEAS_PTX_SHAREDARENA_H

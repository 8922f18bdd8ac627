//===- SharedArena.cpp - The kernel's one dynamic shared arena ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/PTX/SharedArena.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cassert>

using namespace llvm;

namespace tileas {
namespace ptx {

namespace {

Error arenaError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// The tcgen05.alloc destination is one 32-bit word.
constexpr uint64_t TmemWordBytes = 4;
/// The objects named in a capacity error.
constexpr unsigned LargestNamed = 3;
constexpr uint64_t MaxObjectBytes = uint64_t(1) << 32;
constexpr unsigned MaxDepth = 1u << 16;

Error validate(const ArenaRequest &Req) {
  StringSet<> Names;
  auto CheckName = [&](StringRef What, unsigned I, StringRef Name) -> Error {
    if (Name.empty())
      return arenaError(formatv("shared arena: {0} {1} has no name", What, I));
    if (!Names.insert(Name).second)
      return arenaError(formatv("shared arena: {0} {1} reuses the name '{2}'",
                                What, I, Name));
    return Error::success();
  };
  for (auto [I, Ring] : enumerate(Req.Rings)) {
    if (Error E = CheckName("ring", I, Ring.Name))
      return E;
    if (Ring.Depth == 0)
      return arenaError(
          formatv("shared arena: ring '{0}' has depth 0", Ring.Name));
    // Bounds far beyond any shared memory keep the sums below exact.
    if (Ring.SlotBytes > MaxObjectBytes || Ring.Depth > MaxDepth)
      return arenaError(formatv("shared arena: ring '{0}' of {1} slots x {2} "
                                "bytes is beyond any shared memory",
                                Ring.Name, Ring.Depth, Ring.SlotBytes));
  }
  for (auto [I, Buf] : enumerate(Req.Buffers)) {
    if (Error E = CheckName("buffer", I, Buf.Name))
      return E;
    if (Buf.Bytes == 0)
      return arenaError(
          formatv("shared arena: buffer '{0}' has bytes 0", Buf.Name));
    if (Buf.Bytes > MaxObjectBytes)
      return arenaError(formatv("shared arena: buffer '{0}' of {1} bytes is "
                                "beyond any shared memory",
                                Buf.Name, Buf.Bytes));
    if (!isPowerOf2_64(Buf.Align) || Buf.Align > ArenaAlign)
      return arenaError(formatv("shared arena: buffer '{0}' has alignment "
                                "{1} (a power of two up to {2})",
                                Buf.Name, Buf.Align, ArenaAlign));
  }
  if (Req.Capacity == 0)
    return arenaError("shared arena: capacity 0");
  return Error::success();
}

const char *kindName(ArenaObjectKind K) {
  switch (K) {
  case ArenaObjectKind::RingSlots:
    return "ring";
  case ArenaObjectKind::Buffer:
    return "buffer";
  case ArenaObjectKind::FullBarriers:
  case ArenaObjectKind::EmptyBarriers:
    return "mbarriers";
  case ArenaObjectKind::TmemAddress:
    return "tmem address";
  }
  return "?";
}

std::string describeObject(const ArenaObject &O) {
  switch (O.Kind) {
  case ArenaObjectKind::RingSlots:
    return formatv("ring {0}: {1} slots x {2} B, stride {3} ({4} B)", O.Name,
                   O.Count, O.ElementBytes, O.Stride, O.bytes());
  case ArenaObjectKind::FullBarriers:
  case ArenaObjectKind::EmptyBarriers:
    return formatv("mbarriers {0}: {1} x {2} B", O.Name, O.Count,
                   O.ElementBytes);
  case ArenaObjectKind::Buffer:
    return formatv("buffer {0}: {1} B, align {2}", O.Name, O.bytes(), O.Align);
  case ArenaObjectKind::TmemAddress:
    return formatv("{0}: {1} B (tcgen05.alloc's destination)", O.Name,
                   O.bytes());
  }
  return O.Name;
}

} // namespace

uint64_t ArenaObject::elementOffset(unsigned I) const {
  assert(I < Count && "element out of range");
  return Offset + uint64_t(I) * Stride;
}

uint64_t ArenaLayout::slotOffset(unsigned R, unsigned S) const {
  assert(RingSlots[R] != NoSlots && "a ring of no bytes has no slots");
  return Objects[RingSlots[R]].elementOffset(S);
}

uint64_t ArenaLayout::fullBarrierOffset(unsigned R, unsigned S) const {
  return Objects[RingFull[R]].elementOffset(S);
}

uint64_t ArenaLayout::emptyBarrierOffset(unsigned R, unsigned S) const {
  return Objects[RingEmpty[R]].elementOffset(S);
}

uint64_t ArenaLayout::bufferOffset(unsigned B) const {
  return Objects[Buffers[B]].Offset;
}

uint64_t ArenaLayout::tmemAddressOffset() const {
  assert(TmemWord >= 0 && "the request had no TMEM address word");
  return Objects[TmemWord].Offset;
}

std::string ArenaLayout::listing() const {
  std::string S;
  raw_string_ostream OS(S);
  OS << formatv("shared arena: {0} of {1} bytes, .align {2}\n", TotalBytes,
                Capacity, ArenaAlign);
  for (const ArenaObject &O : Objects)
    OS << formatv("  {0:x5}  {1}\n", O.Offset, describeObject(O));
  return S;
}

Expected<ArenaLayout> layoutSharedArena(const ArenaRequest &Req) {
  if (Error E = validate(Req))
    return E;

  // Every object with the key that orders placement: alignment first
  // (largest first, so no padding between objects of equal alignment),
  // then kind, then request order.
  struct Pending {
    ArenaObject Obj;
    unsigned KindRank;
    unsigned RequestIndex;
  };
  SmallVector<Pending, 16> Todo;
  auto Add = [&](ArenaObject Obj, unsigned KindRank, unsigned Index) {
    Todo.push_back({std::move(Obj), KindRank, Index});
  };
  for (auto [I, Ring] : enumerate(Req.Rings)) {
    // A ring of no bytes (a drain, a consumer-only pipe) is its barriers.
    if (Ring.SlotBytes) {
      ArenaObject Slots;
      Slots.Name = Ring.Name;
      Slots.Kind = ArenaObjectKind::RingSlots;
      Slots.ElementBytes = Ring.SlotBytes;
      Slots.Stride = alignTo(Ring.SlotBytes, ArenaAlign);
      Slots.Count = Ring.Depth;
      Slots.Align = ArenaAlign;
      Add(Slots, 0, I);
    }
    for (ArenaObjectKind K :
         {ArenaObjectKind::FullBarriers, ArenaObjectKind::EmptyBarriers}) {
      ArenaObject Bars;
      Bars.Name =
          Ring.Name + (K == ArenaObjectKind::FullBarriers ? ".full" : ".empty");
      Bars.Kind = K;
      Bars.ElementBytes = Bars.Stride = MBarrierBytes;
      Bars.Count = Ring.Depth;
      Bars.Align = MBarrierBytes;
      Add(Bars, 2, 2 * I + (K == ArenaObjectKind::EmptyBarriers));
    }
  }
  for (auto [I, Buf] : enumerate(Req.Buffers)) {
    ArenaObject B;
    B.Name = Buf.Name;
    B.Kind = ArenaObjectKind::Buffer;
    B.ElementBytes = B.Stride = Buf.Bytes;
    B.Align = Buf.Align;
    Add(B, 1, I);
  }
  if (Req.TmemAddressWord) {
    ArenaObject W;
    W.Name = "tmem_addr";
    W.Kind = ArenaObjectKind::TmemAddress;
    W.ElementBytes = W.Stride = TmemWordBytes;
    W.Align = TmemWordBytes;
    Add(W, 3, 0);
  }
  llvm::stable_sort(Todo, [](const Pending &L, const Pending &R) {
    if (L.Obj.Align != R.Obj.Align)
      return L.Obj.Align > R.Obj.Align;
    if (L.KindRank != R.KindRank)
      return L.KindRank < R.KindRank;
    return L.RequestIndex < R.RequestIndex;
  });

  ArenaLayout Layout;
  Layout.Capacity = Req.Capacity;
  Layout.RingSlots.assign(Req.Rings.size(), ArenaLayout::NoSlots);
  Layout.RingFull.resize(Req.Rings.size());
  Layout.RingEmpty.resize(Req.Rings.size());
  Layout.Buffers.resize(Req.Buffers.size());
  uint64_t End = 0;
  for (Pending &P : Todo) {
    P.Obj.Offset = alignTo(End, P.Obj.Align);
    End = P.Obj.end();
    unsigned Index = Layout.Objects.size();
    switch (P.Obj.Kind) {
    case ArenaObjectKind::RingSlots:
      Layout.RingSlots[P.RequestIndex] = Index;
      break;
    case ArenaObjectKind::FullBarriers:
      Layout.RingFull[P.RequestIndex / 2] = Index;
      break;
    case ArenaObjectKind::EmptyBarriers:
      Layout.RingEmpty[P.RequestIndex / 2] = Index;
      break;
    case ArenaObjectKind::Buffer:
      Layout.Buffers[P.RequestIndex] = Index;
      break;
    case ArenaObjectKind::TmemAddress:
      Layout.TmemWord = int(Index);
      break;
    }
    Layout.Objects.push_back(std::move(P.Obj));
  }
  Layout.TotalBytes = End;

  if (Layout.TotalBytes > Req.Capacity) {
    // Name the largest objects (ties in placement order) so the user sees
    // which ring to make shallower.
    SmallVector<const ArenaObject *, 16> BySize;
    for (const ArenaObject &O : Layout.Objects)
      BySize.push_back(&O);
    llvm::stable_sort(BySize, [](const ArenaObject *L, const ArenaObject *R) {
      return L->bytes() > R->bytes();
    });
    std::string Largest;
    raw_string_ostream OS(Largest);
    for (auto [I, O] : enumerate(ArrayRef(BySize).take_front(LargestNamed)))
      OS << (I ? ", " : "") << kindName(O->Kind) << " " << O->Name << " ("
         << O->bytes() << " B)";
    return arenaError(formatv("shared arena needs {0} bytes, over the "
                              "capacity of {1}; largest: {2}",
                              Layout.TotalBytes, Req.Capacity, Largest));
  }
  return Layout;
}

} // namespace ptx
} // namespace tileas

//===- StateSet.cpp - Visited set of packed position vectors --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "StateSet.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;

namespace tileas {
namespace protocol {
namespace detail {

StatePacker::StatePacker(ArrayRef<uint32_t> Lengths) {
  unsigned Word = 0, Shift = 0;
  for (uint32_t L : Lengths) {
    unsigned Bits = L ? Log2_32(L) + 1 : 1;
    if (Shift + Bits > 64) {
      ++Word;
      Shift = 0;
    }
    Fields.push_back(Field{Word, Shift, Bits});
    Shift += Bits;
  }
  NumWords = Word + 1;
}

void StatePacker::pack(ArrayRef<uint32_t> Positions, uint64_t *Out) const {
  std::fill(Out, Out + NumWords, 0);
  for (size_t A = 0, E = Fields.size(); A != E; ++A)
    Out[Fields[A].Word] |= uint64_t(Positions[A]) << Fields[A].Shift;
}

void StatePacker::unpack(const uint64_t *In,
                         MutableArrayRef<uint32_t> Out) const {
  for (size_t A = 0, E = Fields.size(); A != E; ++A)
    Out[A] = uint32_t((In[Fields[A].Word] >> Fields[A].Shift) &
                      maskTrailingOnes<uint64_t>(Fields[A].Bits));
}

StateSet::StateSet(unsigned Words) : Words(Words), Table(1024, 0) {}

uint64_t StateSet::hash(const uint64_t *Key) const {
  uint64_t H = 0x9e3779b97f4a7c15ULL;
  for (unsigned I = 0; I != Words; ++I) {
    H ^= Key[I];
    H *= 0xbf58476d1ce4e5b9ULL;
    H ^= H >> 31;
  }
  H *= 0x94d049bb133111ebULL;
  return H ^ (H >> 29);
}

bool StateSet::equal(uint32_t Index, const uint64_t *Key) const {
  return std::equal(Key, Key + Words, Arena.begin() + size_t(Index) * Words);
}

void StateSet::grow() {
  std::vector<uint32_t> New(Table.size() * 2, 0);
  size_t Mask = New.size() - 1;
  for (uint32_t I = 0; I != uint32_t(Count); ++I) {
    size_t Pos = hash(&Arena[size_t(I) * Words]) & Mask;
    while (New[Pos])
      Pos = (Pos + 1) & Mask;
    New[Pos] = I + 1;
  }
  Table.swap(New);
}

StateSet::Insert StateSet::insert(const uint64_t *Key, uint64_t Limit) {
  size_t Mask = Table.size() - 1;
  size_t Pos = hash(Key) & Mask;
  while (uint32_t E = Table[Pos]) {
    if (equal(E - 1, Key))
      return Insert::Existing;
    Pos = (Pos + 1) & Mask;
  }
  // Arena indices are 32-bit; the limit also caps the table.
  if (Count >= Limit || Count >= UINT32_MAX - 1)
    return Insert::Full;
  Arena.insert(Arena.end(), Key, Key + Words);
  Table[Pos] = uint32_t(++Count);
  if (Count * 2 > Table.size())
    grow();
  return Insert::Inserted;
}

} // namespace detail
} // namespace protocol
} // namespace tileas

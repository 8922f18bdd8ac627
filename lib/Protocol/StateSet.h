//===- StateSet.h - Visited set of packed position vectors ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Position vectors are bit-packed into a fixed number of 64-bit words
// (StatePacker) and stored in an arena; an open-addressing table of arena
// indices gives membership. The hash is a fixed mix of the words, and the set
// is never iterated, so nothing depends on hash order.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_PROTOCOL_STATESET_H
#define TILEAS_LIB_PROTOCOL_STATESET_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace tileas {
namespace protocol {
namespace detail {

/// Packs one position per agent; agent A takes as many bits as its largest
/// position (its length) needs, and no field straddles two words.
class StatePacker {
public:
  explicit StatePacker(llvm::ArrayRef<uint32_t> Lengths);

  unsigned words() const { return NumWords; }
  void pack(llvm::ArrayRef<uint32_t> Positions, uint64_t *Out) const;
  void unpack(const uint64_t *In, llvm::MutableArrayRef<uint32_t> Out) const;

private:
  struct Field {
    unsigned Word;
    unsigned Shift;
    unsigned Bits;
  };
  std::vector<Field> Fields;
  unsigned NumWords = 1;
};

class StateSet {
public:
  enum class Insert { Existing, Inserted, Full };

  explicit StateSet(unsigned Words);

  /// Adds Key unless present; refuses a new key once size() == Limit.
  Insert insert(const uint64_t *Key, uint64_t Limit);
  uint64_t size() const { return Count; }
  /// The key inserted as the Index-th (from 0): insertion order is kept.
  const uint64_t *key(uint64_t Index) const {
    return Arena.data() + Index * Words;
  }

private:
  unsigned Words;
  uint64_t Count = 0;
  std::vector<uint64_t> Arena;
  /// Arena index + 1 per entry, 0 for empty; the size is a power of two.
  std::vector<uint32_t> Table;

  uint64_t hash(const uint64_t *Key) const;
  bool equal(uint32_t Index, const uint64_t *Key) const;
  void grow();
};

} // namespace detail
} // namespace protocol
} // namespace tileas

#endif // TILEAS_LIB_PROTOCOL_STATESET_H

//===- LoopTripCounts.cpp - A trip count for each loop of a nest ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/MIRExec/LoopTripCounts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {

static Error parseError(StringRef Text, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "bad --trip-count '" + Text + "': " + Why);
}

std::optional<std::pair<std::string, int64_t>>
LoopTripCounts::lookup(const MachineBasicBlock &Header) const {
  StringRef Name = loopName(Header);
  if (All)
    return std::make_pair(Name.str(), *All);
  std::string Number = formatv("bb.{0}", Header.getNumber()).str();
  for (const auto &[Loop, Trips] : ByLoop)
    if ((!Name.empty() && Loop == Name) || Loop == Number)
      return std::make_pair(Loop, Trips);
  return std::nullopt;
}

std::string LoopTripCounts::str() const {
  if (All)
    return std::to_string(*All);
  std::string Text;
  for (const auto &[Loop, Trips] : ByLoop)
    Text += formatv("{0}{1}={2}", Text.empty() ? "" : ",", Loop, Trips).str();
  return Text;
}

Expected<LoopTripCounts> parseLoopTripCounts(StringRef Text) {
  LoopTripCounts Counts;
  auto ParseCount = [&](StringRef N) -> Expected<int64_t> {
    int64_t Trips;
    if (N.trim().getAsInteger(10, Trips))
      return parseError(Text, "'" + N + "' is not a number");
    if (Trips < 1)
      return parseError(Text, "a loop runs at least once (its exit test "
                              "ends each iteration): trip counts start at 1");
    return Trips;
  };
  if (!Text.contains('=')) {
    Expected<int64_t> Trips = ParseCount(Text);
    if (!Trips)
      return Trips.takeError();
    Counts.All = *Trips;
    return Counts;
  }
  SmallVector<StringRef, 4> Items;
  Text.split(Items, ',');
  for (StringRef Item : Items) {
    auto [Name, N] = Item.split('=');
    Name = Name.trim();
    if (Name.empty() || !Item.contains('='))
      return parseError(Text, "expected name=N for each loop (or one N for "
                              "every loop), got '" +
                                  Item + "'");
    if (any_of(Counts.ByLoop, [&](const auto &E) { return E.first == Name; }))
      return parseError(Text, "loop '" + Name + "' is given twice");
    Expected<int64_t> Trips = ParseCount(N);
    if (!Trips)
      return Trips.takeError();
    Counts.ByLoop.push_back({Name.str(), *Trips});
  }
  return Counts;
}

StringRef loopName(const MachineBasicBlock &Header) {
  const BasicBlock *BB = Header.getBasicBlock();
  return BB ? BB->getName() : StringRef();
}

} // namespace tileas

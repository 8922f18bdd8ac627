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

const std::vector<int64_t> *LoopTripCounts::listOf(StringRef Name) const {
  for (const auto &[Loop, Trips] : Lists)
    if (Loop == Name)
      return &Trips;
  return nullptr;
}

std::string LoopTripCounts::str() const {
  if (All)
    return std::to_string(*All);
  std::string Text;
  for (const auto &[Loop, Trips] : ByLoop) {
    std::string Count = std::to_string(Trips);
    if (const std::vector<int64_t> *List = listOf(Loop)) {
      Count.clear();
      for (int64_t T : *List)
        Count += (Count.empty() ? "" : ":") + std::to_string(T);
    }
    Text += formatv("{0}{1}={2}", Text.empty() ? "" : ",", Loop, Count).str();
  }
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
    if (Text.contains(':'))
      return parseError(Text, "a list of trip counts is given for one loop, "
                              "by name: name=N:N:...");
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
    if (!N.contains(':')) {
      Expected<int64_t> Trips = ParseCount(N);
      if (!Trips)
        return Trips.takeError();
      Counts.ByLoop.push_back({Name.str(), *Trips});
      continue;
    }
    // A list: one trip count per entry of the loop.
    SmallVector<StringRef, 8> Parts;
    N.split(Parts, ':');
    std::vector<int64_t> List;
    for (StringRef Part : Parts) {
      if (Part.trim().empty())
        return parseError(Text, "the list of loop '" + Name + "' ('" + N +
                                    "') has an empty trip count: expected "
                                    "N:N:...");
      Expected<int64_t> Trips = ParseCount(Part);
      if (!Trips)
        return Trips.takeError();
      List.push_back(*Trips);
    }
    Counts.ByLoop.push_back({Name.str(), List.front()});
    Counts.Lists.push_back({Name.str(), std::move(List)});
  }
  return Counts;
}

StringRef loopName(const MachineBasicBlock &Header) {
  const BasicBlock *BB = Header.getBasicBlock();
  return BB ? BB->getName() : StringRef();
}

} // namespace tileas

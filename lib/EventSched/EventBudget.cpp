//===- EventBudget.cpp - Live-event budget per ordered pipe pair ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/EventSched/EventBudget.h"
#include "tileas/EventSched/EventDAG.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {

EventBudget::EventBudget(unsigned NumPipes, unsigned Default)
    : NumPipes(NumPipes), Limits(NumPipes * NumPipes, Default) {}

void EventBudget::setAll(unsigned Limit) {
  Limits.assign(Limits.size(), Limit);
}

static Error overrideError(StringRef Entry, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "bad event budget override '" + Entry + "': " + Why);
}

Error EventBudget::applyOverrides(StringRef Spec, const PipeTable &Pipes) {
  std::vector<unsigned> Updated = Limits;
  SmallVector<StringRef, 8> Entries;
  Spec.split(Entries, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef Raw : Entries) {
    StringRef Entry = Raw.trim();
    auto [PairText, LimitText] = Entry.split('=');
    auto [SrcText, DstText] = PairText.split("->");
    SrcText = SrcText.trim();
    DstText = DstText.trim();
    LimitText = LimitText.trim();
    unsigned Limit = 0;
    if (DstText.empty() || LimitText.getAsInteger(10, Limit))
      return overrideError(Entry, "expected SRC->DST=N");

    // Resolves a pipe name (or "*") to the list of pipe ids it stands for.
    auto Resolve = [&](StringRef Name,
                       SmallVectorImpl<unsigned> &Ids) -> Error {
      if (Name == "*") {
        for (unsigned P = 0; P != NumPipes; ++P)
          Ids.push_back(P);
        return Error::success();
      }
      std::optional<unsigned> Id = Pipes.lookup(Name);
      if (!Id || *Id >= NumPipes)
        return overrideError(Entry, formatv("unknown pipe '{0}'", Name));
      Ids.push_back(*Id);
      return Error::success();
    };
    SmallVector<unsigned, 8> Srcs, Dsts;
    if (Error Err = Resolve(SrcText, Srcs))
      return Err;
    if (Error Err = Resolve(DstText, Dsts))
      return Err;
    for (unsigned S : Srcs)
      for (unsigned D : Dsts)
        Updated[S * NumPipes + D] = Limit;
  }
  Limits = std::move(Updated);
  return Error::success();
}

} // namespace tileas

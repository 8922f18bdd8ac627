//===- OptionSetter.cpp - Set registered cl::opts in-process --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "OptionSetter.h"

#include "llvm/Support/CommandLine.h"

using namespace llvm;
using namespace tileas::bench;

Error tileas::bench::applyOptions(const OptionList &Options) {
  auto &Registered = cl::getRegisteredOptions();
  for (const auto &[Name, Value] : Options) {
    auto It = Registered.find(Name);
    if (It == Registered.end())
      return createStringError(inconvertibleErrorCode(),
                               "no option named -" + Name);
    cl::Option *O = It->second;
    O->reset();
    if (O->addOccurrence(0, Name, Value))
      return createStringError(inconvertibleErrorCode(),
                               "option -" + Name + " rejects '" + Value + "'");
  }
  return Error::success();
}

std::string tileas::bench::describeOptions(const OptionList &Options) {
  std::string S;
  for (const auto &[Name, Value] : Options) {
    if (!S.empty())
      S += ' ';
    S += "-" + Name + "=" + Value;
  }
  return S;
}

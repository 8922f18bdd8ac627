//===- PTXKernel.cpp - What tileas-run reads from a PTX module ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PTXKernel.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::run;

/// One `.param ...` declaration, without its trailing comma.
static PTXParam readParam(StringRef Decl) {
  PTXParam P;
  P.Text = Decl.str();
  SmallVector<StringRef, 6> Words;
  SplitString(Decl, Words, " \t");
  // .param [.align N] .type name[[size]]
  size_t I = 1;
  if (I + 1 < Words.size() && Words[I] == ".align") {
    Words[I + 1].getAsInteger(10, P.Align);
    I += 2;
  }
  if (I + 1 >= Words.size())
    return P;
  StringRef Type = Words[I], Name = Words[I + 1];
  auto [Base, Rest] = Name.split('[');
  P.Name = Base.str();
  if (!Rest.empty()) {
    if (Type == ".b8" && !Rest.drop_back().getAsInteger(10, P.Size) &&
        Rest.ends_with("]"))
      P.TheKind = PTXParam::Bytes;
    return P;
  }
  if (Type == ".u32" || Type == ".b32" || Type == ".s32")
    P.TheKind = PTXParam::U32;
  else if (Type == ".u64" || Type == ".b64" || Type == ".s64")
    P.TheKind = PTXParam::U64;
  return P;
}

Expected<PTXKernel> run::readPTXKernel(StringRef PTX, StringRef Name) {
  SmallVector<StringRef, 0> Lines;
  PTX.split(Lines, '\n');
  PTXKernel K;
  K.Name = Name.str();
  std::optional<uint64_t> Arena;
  SmallVector<std::string, 4> Entries;
  bool Found = false;
  for (size_t L = 0; L < Lines.size() && !Found; ++L) {
    StringRef Line = Lines[L].trim();
    if (Line.consume_front(".target")) {
      K.Target = Line.trim().split(',').first.trim().str();
      continue;
    }
    // The arena comment TileAS prints above the kernel it belongs to.
    if (Line.consume_front("// shared arena:")) {
      uint64_t Bytes;
      if (!Line.trim().split(' ').first.getAsInteger(10, Bytes))
        Arena = Bytes;
      continue;
    }
    size_t At = Line.find(".entry ");
    if (At == StringRef::npos || Line.starts_with("//"))
      continue;
    StringRef EntryName = Line.drop_front(At + 7).trim();
    EntryName =
        EntryName.take_until([](char C) { return C == '(' || C == ' '; });
    if (EntryName != Name) {
      Entries.push_back(EntryName.str());
      Arena.reset();
      continue;
    }
    Found = true;
    K.ArenaBytes = Arena;
    // The parameters, one per line up to `)`, then the performance
    // directives up to the body's `{`.
    for (++L; L < Lines.size(); ++L) {
      StringRef P = Lines[L].trim();
      if (P.starts_with(")"))
        break;
      if (P.starts_with(".param"))
        K.Params.push_back(readParam(P.rtrim(',').trim()));
    }
    for (++L; L < Lines.size(); ++L) {
      StringRef D = Lines[L].trim();
      if (D.starts_with("{"))
        break;
      if (D.consume_front(".reqntid")) {
        std::array<uint64_t, 3> Block = {1, 1, 1};
        SmallVector<StringRef, 3> Dims;
        D.split(Dims, ',');
        for (size_t I = 0; I < Dims.size() && I < 3; ++I)
          if (Dims[I].trim().getAsInteger(10, Block[I]))
            return createStringError(
                formatv("{0}: unreadable .reqntid '{1}'", Name, D.trim()));
        K.ReqNTid = Block;
      }
    }
  }
  if (!Found) {
    if (Entries.empty())
      return createStringError("the PTX has no .entry");
    return createStringError(formatv("the PTX has no .entry {0} (its entries: "
                                     "{1})",
                                     Name, join(Entries, ", ")));
  }
  if (K.Target.empty())
    return createStringError("the PTX has no .target");
  return K;
}

std::optional<TargetArch> run::parseTarget(StringRef Target) {
  StringRef T = Target;
  if (!T.consume_front("sm_"))
    return std::nullopt;
  TargetArch A;
  if (T.consume_back("a"))
    A.Runs = TargetArch::Exact;
  else if (T.consume_back("f"))
    A.Runs = TargetArch::Family;
  if (T.getAsInteger(10, A.Capability) || A.Capability < 10)
    return std::nullopt;
  return A;
}

bool TargetArch::runsOn(unsigned DeviceCapability) const {
  switch (Runs) {
  case Exact:
    return DeviceCapability == Capability;
  case Family:
    return DeviceCapability / 10 == Capability / 10 &&
           DeviceCapability >= Capability;
  case Forward:
    return DeviceCapability >= Capability;
  }
  return false;
}

//===- ProblemTextReader.cpp - Read the tileas-sched problem text format --===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// One pass over the directives. Slots, pools, budgets and ops must be declared
// before they are used; groups may be declared anywhere, so group references
// are checked at the end (still against the line that made them).
//
//===----------------------------------------------------------------------===//

#include "InputFile.h"
#include "LineLexer.h"
#include "Numbers.h"

#include "tileas/ProblemIO/Limits.h"
#include "tileas/ProblemIO/ParseError.h"
#include "tileas/ProblemIO/TextFormat.h"
#include "tileas/Sched/ProblemSize.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace llvm;

namespace tileas {

namespace {

/// A use of a group id, checked once the whole file is read.
struct GroupRef {
  int Id;
  unsigned Line;
  std::string User;
};

class ProblemTextReader {
public:
  ProblemTextReader(StringRef Buffer, StringRef Name) : R(Buffer, Name) {
    P.Name = Name.str();
  }
  Expected<Problem> read();

private:
  Error readDirective(StringRef Keyword, ArrayRef<LineToken> Toks);
  Error readSlot(ArrayRef<LineToken> Toks);
  Error readPool(ArrayRef<LineToken> Toks);
  Error readBudget(ArrayRef<LineToken> Toks);
  Error readGroup(ArrayRef<LineToken> Toks);
  Error readOp(ArrayRef<LineToken> Toks);
  Error readDep(ArrayRef<LineToken> Toks);
  Error readSerial(ArrayRef<LineToken> Toks);

  Error readOpSlots(const KeyValue &KV, Operation &Op);
  Error readOpPools(const KeyValue &KV, Operation &Op);
  Error readOpBudgets(const KeyValue &KV, Operation &Op);
  Error readOpRows(const KeyValue &KV, Operation &Op);
  Expected<std::string> name(const LineToken &T, StringRef What);
  /// A pool or budget: a bare number is an index, anything else a name.
  Expected<unsigned> reference(const LineToken &T, StringRef What,
                               const StringMap<unsigned> &ByName,
                               unsigned Count);
  Expected<unsigned> opReference(const LineToken &T, StringRef Role);

  DirectiveReader R;
  Problem P;
  DenseMap<unsigned, unsigned> SlotLines;  ///< Slot id -> line.
  StringMap<unsigned> Pools, Budgets, Ops; ///< Name -> index.
  std::vector<unsigned> OpLines;
  DenseMap<int, unsigned> GroupLines; ///< Group id -> line.
  std::vector<GroupRef> GroupRefs;
  unsigned SerialLine = 0;
};

} // namespace

Expected<Problem> ProblemTextReader::read() {
  SmallVector<LineToken, 16> Toks;
  for (;;) {
    Expected<bool> More = R.nextLine(Toks);
    if (!More)
      return More.takeError();
    if (!*More)
      break;
    if (Toks[0].Kind != LineToken::Word)
      return R.error("expected a directive keyword at the start of the line");
    StringRef Keyword = Toks[0].Text;
    if (Error E = readDirective(Keyword, Toks))
      return std::move(E);
  }
  for (const GroupRef &G : GroupRefs)
    if (!GroupLines.count(G.Id))
      return R.error(G.Line, G.User + " names group " + Twine(G.Id) +
                                 ", which is not declared");
  // The size caps before anything allocates for the problem, at the line of
  // the op where the ops read so far first exceed one.
  if (std::optional<SizeExcess> Excess = findSizeExcess(P))
    return R.error(OpLines[Excess->Op], "op '" +
                                            P.operations()[Excess->Op].Name +
                                            "': " + Excess->Message);
  // Everything validate() checks has been checked above with a line; this
  // is a backstop.
  if (Error E = P.validate())
    return R.error(0, "inconsistent problem: " + toString(std::move(E)));
  return std::move(P);
}

Error ProblemTextReader::readDirective(StringRef Keyword,
                                       ArrayRef<LineToken> Toks) {
  if (Keyword == "slot")
    return readSlot(Toks);
  if (Keyword == "pool")
    return readPool(Toks);
  if (Keyword == "budget")
    return readBudget(Toks);
  if (Keyword == "group")
    return readGroup(Toks);
  if (Keyword == "op")
    return readOp(Toks);
  if (Keyword == "dep")
    return readDep(Toks);
  if (Keyword == "serial")
    return readSerial(Toks);
  return R.error("unknown directive '" + Keyword +
                 "' (expected slot, pool, budget, group, op, dep or serial)");
}

Expected<std::string> ProblemTextReader::name(const LineToken &T,
                                              StringRef What) {
  if (T.Text.empty())
    return R.error("the " + What + " is empty");
  return T.Text;
}

Expected<unsigned>
ProblemTextReader::reference(const LineToken &T, StringRef What,
                             const StringMap<unsigned> &ByName,
                             unsigned Count) {
  if (T.Kind == LineToken::Word && !T.Text.empty() &&
      all_of(T.Text, [](char C) { return isDigit(C); })) {
    std::optional<int64_t> Index = parseDecimal(T.Text);
    if (!Index || *Index >= Count)
      return R.error("there is no " + What + " with index " + T.Text + " (" +
                     Twine(Count) + " declared)");
    return unsigned(*Index);
  }
  auto It = ByName.find(T.Text);
  if (It == ByName.end())
    return R.error(What + " '" + T.Text +
                   "' is not declared (declare it before the ops using it)");
  return It->second;
}

Expected<unsigned> ProblemTextReader::opReference(const LineToken &T,
                                                  StringRef Role) {
  auto It = Ops.find(T.Text);
  if (It == Ops.end())
    return R.error("the " + Role + " of the dep, op '" + T.Text +
                   "', is not declared (declare ops before their deps)");
  return It->second;
}

Error ProblemTextReader::readSlot(ArrayRef<LineToken> Toks) {
  Directive D;
  if (Error E = R.parse(Toks, 3, {}, {}, D))
    return E;
  Expected<int64_t> Id = R.number(D.Positional[0], "the slot id", 1, MaxSlotId);
  if (!Id)
    return Id.takeError();
  auto [It, New] = SlotLines.try_emplace(unsigned(*Id), R.line());
  if (!New)
    return R.error("slot " + Twine(*Id) + " is declared twice (first at line " +
                   Twine(It->second) + ")");
  Expected<std::string> Name = name(D.Positional[1], "slot name");
  if (!Name)
    return Name.takeError();
  const LineToken &KindTok = D.Positional[2];
  SlotKind Kind;
  if (KindTok.Kind == LineToken::Word && KindTok.Text == "coarse")
    Kind = SlotKind::Coarse;
  else if (KindTok.Kind == LineToken::Word && KindTok.Text == "fine")
    Kind = SlotKind::Fine;
  else if (KindTok.Kind == LineToken::Word && KindTok.Text == "test")
    Kind = SlotKind::Test;
  else
    return R.error("slot kind '" + KindTok.Text +
                   "' is not coarse, fine or test");
  P.model().addSlot(*Id, *Name, Kind);
  return Error::success();
}

Error ProblemTextReader::readPool(ArrayRef<LineToken> Toks) {
  Directive D;
  if (Error E = R.parse(Toks, 2, {}, {}, D))
    return E;
  Expected<std::string> Name = name(D.Positional[0], "pool name");
  if (!Name)
    return Name.takeError();
  if (Pools.count(*Name))
    return R.error("pool '" + *Name + "' is declared twice");
  Expected<int64_t> Capacity =
      R.number(D.Positional[1], "the capacity of pool '" + *Name + "'", 1,
               limits::MaxPoolCapacity);
  if (!Capacity)
    return Capacity.takeError();
  Pools[*Name] = P.model().addPool(*Name, *Capacity);
  return Error::success();
}

Error ProblemTextReader::readBudget(ArrayRef<LineToken> Toks) {
  Directive D;
  if (Error E = R.parse(Toks, 2, {}, {}, D))
    return E;
  Expected<std::string> Name = name(D.Positional[0], "budget name");
  if (!Name)
    return Name.takeError();
  if (Budgets.count(*Name))
    return R.error("budget '" + *Name + "' is declared twice");
  Expected<int64_t> Capacity =
      R.number(D.Positional[1], "the capacity of budget '" + *Name + "'", 0,
               limits::MaxBudgetCapacity);
  if (!Capacity)
    return Capacity.takeError();
  Budgets[*Name] = P.model().addBudget(*Name, *Capacity);
  return Error::success();
}

Error ProblemTextReader::readGroup(ArrayRef<LineToken> Toks) {
  Directive D;
  if (Error E = R.parse(Toks, 1, {"leader", "maxdepth"}, {}, D))
    return E;
  Expected<int64_t> Id =
      R.number(D.Positional[0], "the group id", 0, limits::MaxGroupId);
  if (!Id)
    return Id.takeError();
  auto [It, New] = GroupLines.try_emplace(int(*Id), R.line());
  if (!New)
    return R.error("group " + Twine(*Id) +
                   " is declared twice (first at line " + Twine(It->second) +
                   ")");
  GroupDesc G;
  G.Id = *Id;
  if (const KeyValue *KV = D.key("leader")) {
    Expected<const LineToken *> T = R.single(*KV);
    if (!T)
      return T.takeError();
    Expected<int64_t> Leader = R.number(
        **T, "the leader of group " + Twine(*Id), 0, limits::MaxGroupId);
    if (!Leader)
      return Leader.takeError();
    G.Leader = *Leader;
    GroupRefs.push_back(
        {G.Leader, R.line(), ("the leader of group " + Twine(*Id)).str()});
  }
  if (const KeyValue *KV = D.key("maxdepth")) {
    Expected<const LineToken *> T = R.single(*KV);
    if (!T)
      return T.takeError();
    Expected<int64_t> Depth = R.number(
        **T, "the maxdepth of group " + Twine(*Id), 0, limits::MaxDepth);
    if (!Depth)
      return Depth.takeError();
    G.MaxDepth = *Depth;
  }
  P.addGroup(G);
  return Error::success();
}

Error ProblemTextReader::readOpSlots(const KeyValue &KV, Operation &Op) {
  if (Error E = R.checkItems(KV, 2, 3, "slot:duration[:occupancy]"))
    return E;
  for (const auto &Item : KV.Items) {
    Expected<int64_t> Slot = R.number(Item[0], "a slot id", 1, MaxSlotId);
    if (!Slot)
      return Slot.takeError();
    if (!SlotLines.count(*Slot))
      return R.error("op '" + Op.Name + "' uses slot " + Twine(*Slot) +
                     ", which is not declared");
    Expected<int64_t> Duration =
        R.number(Item[1], "the duration on slot " + Twine(*Slot), 1,
                 limits::MaxDuration);
    if (!Duration)
      return Duration.takeError();
    SlotUse U;
    U.Slot = *Slot;
    U.Duration = *Duration;
    if (Item.size() == 3) {
      Expected<int64_t> Occupancy =
          R.number(Item[2], "the occupancy of slot " + Twine(*Slot), 0,
                   limits::MaxPoolCapacity);
      if (!Occupancy)
        return Occupancy.takeError();
      if (*Occupancy != 1)
        return R.error("the occupancy of slot " + Twine(*Slot) + " is " +
                       Twine(*Occupancy) + "; a singleton slot admits only 1");
    }
    Op.Slots.push_back(U);
  }
  return Error::success();
}

Error ProblemTextReader::readOpPools(const KeyValue &KV, Operation &Op) {
  if (Error E = R.checkItems(KV, 2, 3, "pool:units[:duration]"))
    return E;
  for (const auto &Item : KV.Items) {
    Expected<unsigned> Pool =
        reference(Item[0], "pool", Pools, P.model().pools().size());
    if (!Pool)
      return Pool.takeError();
    const PoolDesc &Desc = P.model().pools()[*Pool];
    Expected<int64_t> Units =
        R.number(Item[1], "the units of pool '" + Desc.Name + "'", 0,
                 limits::MaxPoolCapacity);
    if (!Units)
      return Units.takeError();
    if (*Units > Desc.Capacity)
      return R.error("op '" + Op.Name + "' charges " + Twine(*Units) +
                     " units of pool '" + Desc.Name + "' whose capacity is " +
                     Twine(Desc.Capacity));
    PoolUse U;
    U.Pool = *Pool;
    U.Units = *Units;
    if (Item.size() == 3) {
      Expected<int64_t> Duration =
          R.number(Item[2], "the duration on pool '" + Desc.Name + "'", 1,
                   limits::MaxDuration);
      if (!Duration)
        return Duration.takeError();
      U.Duration = *Duration;
    }
    Op.Pools.push_back(U);
  }
  return Error::success();
}

Error ProblemTextReader::readOpBudgets(const KeyValue &KV, Operation &Op) {
  if (Error E = R.checkItems(KV, 3, 3, "budget:amount:stage|pipe"))
    return E;
  for (const auto &Item : KV.Items) {
    Expected<unsigned> Budget =
        reference(Item[0], "budget", Budgets, P.model().budgets().size());
    if (!Budget)
      return Budget.takeError();
    const BudgetDesc &Desc = P.model().budgets()[*Budget];
    Expected<int64_t> Amount =
        R.number(Item[1], "the amount of budget '" + Desc.Name + "'", 0,
                 limits::MaxBudgetAmount);
    if (!Amount)
      return Amount.takeError();
    BudgetUse U;
    U.Budget = *Budget;
    U.Amount = *Amount;
    const LineToken &Scale = Item[2];
    if (Scale.Kind == LineToken::Word && Scale.Text == "stage")
      U.Scaling = BudgetScaling::PerStage;
    else if (Scale.Kind == LineToken::Word && Scale.Text == "pipe")
      U.Scaling = BudgetScaling::PerPipe;
    else
      return R.error("the scaling of budget '" + Desc.Name + "' is '" +
                     Scale.Text + "'; expected stage or pipe");
    Op.Budgets.push_back(U);
  }
  return Error::success();
}

Error ProblemTextReader::readOpRows(const KeyValue &KV, Operation &Op) {
  if (Error E = R.checkItems(KV, 1, 1, "one 0x<hex> row"))
    return E;
  for (const auto &Item : KV.Items) {
    std::optional<uint64_t> Row;
    if (Item[0].Kind == LineToken::Word)
      Row = parseHex64(Item[0].Text);
    if (!Row)
      return R.error("footprint row '" + Item[0].Text +
                     "' is not 0x followed by 1 to 16 hex digits");
    Op.FootprintRows.push_back(*Row);
  }
  SmallVector<uint64_t, 8> Expected = buildFootprint(Op.Slots);
  if (ArrayRef<uint64_t>(Op.FootprintRows) != ArrayRef<uint64_t>(Expected)) {
    std::string Want;
    for (uint64_t Row : Expected)
      Want +=
          (Want.empty() ? "0x" : ",0x") + utohexstr(Row, /*LowerCase=*/true);
    return R.error("the rows of op '" + Op.Name +
                   "' do not match its slots (they give " +
                   (Want.empty() ? std::string("no rows") : Want) + ")");
  }
  return Error::success();
}

Error ProblemTextReader::readOp(ArrayRef<LineToken> Toks) {
  Directive D;
  if (Error E = R.parse(Toks, 1,
                        {"slots", "pools", "budget", "rows", "lat", "async",
                         "farmem", "group", "maxdepth", "branch"},
                        {"async", "farmem", "branch"}, D))
    return E;
  Expected<std::string> Name = name(D.Positional[0], "op name");
  if (!Name)
    return Name.takeError();
  auto [It, New] = Ops.try_emplace(*Name, P.size());
  if (!New)
    return R.error("op '" + *Name + "' is declared twice (first at line " +
                   Twine(OpLines[It->second]) + ")");
  Operation Op;
  Op.Name = *Name;
  if (const KeyValue *KV = D.key("slots"))
    if (Error E = readOpSlots(*KV, Op))
      return E;
  if (const KeyValue *KV = D.key("pools"))
    if (Error E = readOpPools(*KV, Op))
      return E;
  if (const KeyValue *KV = D.key("budget"))
    if (Error E = readOpBudgets(*KV, Op))
      return E;
  if (const KeyValue *KV = D.key("rows"))
    if (Error E = readOpRows(*KV, Op))
      return E;
  auto Scalar = [&](StringRef Key, const Twine &What, int64_t Min,
                    int64_t Max) -> Expected<std::optional<int64_t>> {
    const KeyValue *KV = D.key(Key);
    if (!KV)
      return std::nullopt;
    Expected<const LineToken *> T = R.single(*KV);
    if (!T)
      return T.takeError();
    Expected<int64_t> V = R.number(**T, What, Min, Max);
    if (!V)
      return V.takeError();
    return std::optional<int64_t>(*V);
  };
  Expected<std::optional<int64_t>> Lat = Scalar(
      "lat", "the latency of op '" + Op.Name + "'", 0, limits::MaxLatency);
  if (!Lat)
    return Lat.takeError();
  Op.Latency = Lat->value_or(0);
  Op.Async = D.key("async") != nullptr;
  Op.FarMemory = D.key("farmem") != nullptr;
  Expected<std::optional<int64_t>> Group = Scalar(
      "group", "the group of op '" + Op.Name + "'", 0, limits::MaxGroupId);
  if (!Group)
    return Group.takeError();
  if (*Group) {
    Op.Group = **Group;
    GroupRefs.push_back({Op.Group, R.line(), "op '" + Op.Name + "'"});
  }
  Expected<std::optional<int64_t>> Depth = Scalar(
      "maxdepth", "the maxdepth of op '" + Op.Name + "'", 0, limits::MaxDepth);
  if (!Depth)
    return Depth.takeError();
  Op.MaxDepth = Depth->value_or(0);
  if (D.key("branch")) {
    if (P.LoopBranch)
      return R.error("op '" + Op.Name +
                     "' is marked as the loop branch, but "
                     "op '" +
                     P.operations()[*P.LoopBranch].Name + "' (line " +
                     Twine(OpLines[*P.LoopBranch]) + ") already is");
    if (!Op.Slots.empty() || !Op.Pools.empty() || !Op.Budgets.empty() ||
        Op.MaxDepth != 1)
      return R.error("op '" + Op.Name +
                     "' is the loop branch: it must hold "
                     "no slot, pool or budget and have maxdepth=1");
    P.LoopBranch = P.size();
  }
  OpLines.push_back(R.line());
  P.addOperation(std::move(Op));
  return Error::success();
}

Error ProblemTextReader::readDep(ArrayRef<LineToken> Toks) {
  Directive D;
  if (Error E = R.parse(Toks, 2, {"lat", "dist", "kind"}, {}, D))
    return E;
  Expected<unsigned> From = opReference(D.Positional[0], "source");
  if (!From)
    return From.takeError();
  Expected<unsigned> To = opReference(D.Positional[1], "target");
  if (!To)
    return To.takeError();
  Dependence Dep;
  Dep.From = *From;
  Dep.To = *To;
  // Without lat=, the producer's result latency.
  Dep.Latency = P.operations()[*From].Latency;
  Dep.Kind = DepKind::Data;
  if (const KeyValue *KV = D.key("lat")) {
    Expected<const LineToken *> T = R.single(*KV);
    if (!T)
      return T.takeError();
    Expected<int64_t> Lat = R.number(**T, "the latency of the dep",
                                     -limits::MaxLatency, limits::MaxLatency);
    if (!Lat)
      return Lat.takeError();
    Dep.Latency = *Lat;
  }
  if (const KeyValue *KV = D.key("dist")) {
    Expected<const LineToken *> T = R.single(*KV);
    if (!T)
      return T.takeError();
    if (StringRef((*T)->Text).starts_with("-"))
      return R.error("the distance of the dep is " + (*T)->Text +
                     "; distances cannot be negative");
    Expected<int64_t> Dist =
        R.number(**T, "the distance of the dep", 0, limits::MaxDistance);
    if (!Dist)
      return Dist.takeError();
    Dep.Distance = *Dist;
  }
  if (const KeyValue *KV = D.key("kind")) {
    Expected<const LineToken *> T = R.single(*KV);
    if (!T)
      return T.takeError();
    StringRef K = (*T)->Text;
    if (K == "data")
      Dep.Kind = DepKind::Data;
    else if (K == "accumulate")
      Dep.Kind = DepKind::Accumulate;
    else if (K == "memory")
      Dep.Kind = DepKind::Memory;
    else if (K == "token")
      Dep.Kind = DepKind::Token;
    else if (K == "order")
      Dep.Kind = DepKind::Order;
    else
      return R.error("dependence kind '" + K +
                     "' is not data, accumulate, memory, token or order");
  }
  P.addDependence(Dep);
  return Error::success();
}

Error ProblemTextReader::readSerial(ArrayRef<LineToken> Toks) {
  Directive D;
  if (Error E = R.parse(Toks, 0, {}, {}, D))
    return E;
  if (SerialLine)
    return R.error("'serial' is given twice (first at line " +
                   Twine(SerialLine) + ")");
  SerialLine = R.line();
  P.ForceSerial = true;
  return Error::success();
}

Expected<Problem> readProblemText(StringRef Buffer, StringRef Name) {
  return ProblemTextReader(Buffer, Name).read();
}

Expected<Problem> readProblemTextFile(StringRef Path) {
  Expected<std::unique_ptr<MemoryBuffer>> Buf = readInputFile(Path);
  if (!Buf)
    return Buf.takeError();
  return readProblemText((*Buf)->getBuffer(), Path);
}

} // namespace tileas

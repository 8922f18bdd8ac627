//===- TileASOptions.cpp - Options shared by TileAS passes ----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASOptions.h"
#include "Pipeliner/TileASStrategyChoice.h"
#include "tileas/Model/MachineModel.h"
#include "tileas/Timing/Timing.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace {
/// -tileas-reserved-barriers: at most the machine's named barriers (td), or
/// negative for the td's default. Options are parsed before -mcpu picks a
/// machine: the bound is that of the machine with the fewest.
struct ReservedBarriersParser : public cl::parser<int> {
  using cl::parser<int>::parser;
  bool parse(cl::Option &O, StringRef ArgName, StringRef Arg, int &Value) {
    if (cl::parser<int>::parse(O, ArgName, Arg, Value))
      return true;
    const tileas::model::Machine *Fewest = nullptr;
    std::optional<unsigned> Count;
    for (const tileas::model::Machine *M : tileas::model::machines()) {
      std::optional<unsigned> Own = M->namedBarrierCount();
      if (Own && (!Count || *Own < *Count)) {
        Count = Own;
        Fewest = M;
      }
    }
    if (!Count || Value <= int64_t(*Count))
      return false;
    std::string Pool = Fewest->buildResourceModel()
                           .budgets()[*Fewest->namedBarrierBudget()]
                           .Name;
    return O.error(formatv("{0} barriers reserved, but the machine has {1} "
                           "named barriers (the td's {2} budget pool); "
                           "reserve at most {1}",
                           Value, *Count, Pool));
  }
};

/// -tileas-timing: "model" or a timing description of td/.
struct TimingNameParser : public cl::parser<std::string> {
  using cl::parser<std::string>::parser;
  bool parse(cl::Option &O, StringRef ArgName, StringRef Arg,
             std::string &Value) {
    if (Error E = tileas::timing::checkName(Arg))
      return O.error(toString(std::move(E)));
    Value = Arg.str();
    return false;
  }
};
} // namespace

static cl::opt<int, false, ReservedBarriersParser> ReservedBarriers(
    "tileas-reserved-barriers",
    cl::desc("Named barriers reserved for other uses (default: the machine "
             "description's, 1 for __syncthreads)"),
    cl::init(-1));

static cl::opt<bool> VerifySchedules(
    "tileas-verify-schedule",
    cl::desc("Check every schedule with the independent verifier"),
    cl::init(false));

static cl::opt<TileASPipelineStrategy> Strategy(
    "tileas-pipeline-strategy",
    cl::desc("How tileas-materialize-schedule turns a schedule into code "
             "(and what coordination tileas-generate-schedule charges); "
             "default: unspecialized, warp-specialized under a measured "
             "-tileas-timing"),
    cl::init(TileASPipelineStrategy::Unspecialized),
    cl::values(
        clEnumValN(TileASPipelineStrategy::None, "none",
                   "leave every loop as it is (the schedule is not used)"),
        clEnumValN(TileASPipelineStrategy::Unspecialized, "unspecialized",
                   "one instruction stream issues every op of the pipelined "
                   "loop; the asynchronous units are its only partners"),
        clEnumValN(TileASPipelineStrategy::WarpSpecialized, "warp-specialized",
                   "each agent of td/ (load, MMA, compute warps) runs its own "
                   "pipelined loop; they meet at the pipes and mutexes")));

static cl::opt<unsigned> RingSlack(
    "tileas-ws-ring-slack",
    cl::desc("Warp-specialized: at most this many ring slots beyond the "
             "schedule's need for each ring a TMA or other asynchronous unit "
             "fills for another agent, where the budgets have room, so that "
             "the producer warp runs ahead through latency variance"),
    cl::init(2));

static cl::opt<unsigned> PrefetchDistance(
    "tileas-ws-prefetch-distance",
    cl::desc("Warp-specialized: each far-memory load an agent reads itself "
             "(a work list, a page table, a block scale) is issued this many "
             "more iterations ahead of its reader in that agent's loop, so "
             "that a late load does not stall the agent's in-order issue "
             "(0: where the schedule put it)"),
    cl::init(1));

static cl::opt<bool> PrefetchShortPath(
    "tileas-ws-prefetch-short-path", cl::Hidden,
    cl::desc("Warp-specialized: an agent whose prefetch adds stages runs its "
             "loop pipelined without the prefetch at trip counts between the "
             "schedule's stage count and its own, instead of one iteration "
             "at a time"),
    cl::init(true));

static cl::opt<bool> WSKeepSlowerII(
    "tileas-ws-keep-slower-ii", cl::Hidden,
    cl::desc("Warp-specialized: keep a loop warp-specialized even where its "
             "coordination raises the II above the unspecialized form's "
             "(by default such a loop is scheduled and materialized "
             "unspecialized, with a remark)"),
    cl::init(false));

static cl::opt<std::string, false, TimingNameParser> Timing(
    "tileas-timing",
    cl::desc("The latencies the scheduler plans with: 'model' (the slot "
             "model's) or a measured timing description of td/ (b200, h100), "
             "whose MMA occupancies also hold the tensor core's slots"),
    cl::value_desc("name"), cl::init(tileas::timing::ModelName));

int llvm::tileasReservedBarriers() { return ReservedBarriers; }
std::string llvm::tileasTiming() { return Timing; }
bool llvm::tileasVerifySchedules() { return VerifySchedules; }
TileASPipelineStrategy llvm::tileasPipelineStrategy() {
  // Not given: the default of the timing the scheduler plans with.
  return Strategy.getNumOccurrences() ? Strategy
                                      : defaultPipelineStrategy(Timing);
}
unsigned llvm::tileasRingSlack() { return RingSlack; }
unsigned llvm::tileasPrefetchDistance() { return PrefetchDistance; }
bool llvm::tileasWSKeepSlowerII() { return WSKeepSlowerII; }
bool llvm::tileasPrefetchShortPath() { return PrefetchShortPath; }

TileASPipelinerOptions TileASPipelinerOptions::fromCommandLine() {
  TileASPipelinerOptions O;
  O.ReservedBarriers = tileasReservedBarriers();
  O.VerifySchedules = tileasVerifySchedules();
  O.Strategy = tileasPipelineStrategy();
  O.RingSlack = tileasRingSlack();
  O.PrefetchDistance = tileasPrefetchDistance();
  O.PrefetchShortPath = tileasPrefetchShortPath();
  O.WSKeepSlowerII = tileasWSKeepSlowerII();
  return O;
}

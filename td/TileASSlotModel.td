//===- TileASSlotModel.td - Vocabulary of the TileAS slot model -*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Classes for describing an asynchronous tile machine as the TileAS scheduler
// sees it. Three kinds of resources:
//
//   TileASSlot     a singleton slot: one holder per cycle; slot id N is bit
//                  N - 1 of a 64-bit reservation row.
//   CountingPool   several units per cycle (issue widths, bank pairing).
//   BudgetPool     a capacity over the live ranges of the whole pipelined
//                  loop (buffer bytes, barrier ids); bounds pipe depth.
//
// Slots and counting pools are also LLVM ProcResources, so the standard
// SchedMachineModel that stock MachinePipeliner reads is derived from the very
// same records (see TileASSchedule.td); nothing is written twice.
//
// An instruction names one TileASResources record: its resource vector
// (SlotUse triples, PoolUse charges, BudgetCharge charges), its result latency,
// the event pipe it runs on and whether it issues to an asynchronous unit.
// tileas-tblgen turns these into the tables the scheduler reads.
//
//===----------------------------------------------------------------------===//

/// A singleton slot. Kind is "coarse", "fine" or "test".
class TileASSlot<int id, string name, string kind> : ProcResource<1> {
  int SlotId = id;
  string SlotName = name;
  string SlotKind = kind;
  // In-order: an op that finds its slot busy waits, it is not buffered.
  let BufferSize = 0;
}

/// A per-cycle counting pool of `capacity` units.
class CountingPool<string name, int capacity> : ProcResource<capacity> {
  string PoolName = name;
  int Capacity = capacity;
  let BufferSize = 0;
}

/// A budget pool: `capacity` units over the whole pipelined loop.
class BudgetPool<string name, int capacity, string unit> {
  string PoolName = name;
  int Capacity = capacity;
  string Unit = unit;
}

/// How many cycles a family of operations holds its slots.
class LatencyFamily<int cycles> {
  int Cycles = cycles;
}

/// A (slot, duration, occupancy) triple.
class SlotUse<TileASSlot slot, int duration, int occupancy = 1> {
  TileASSlot Slot = slot;
  int Duration = duration;
  int Occupancy = occupancy;
}

/// `units` of a counting pool held for `cycles` cycles from issue.
class PoolUse<CountingPool pool, int units = 1, int cycles = 1> {
  CountingPool Pool = pool;
  int Units = units;
  int Cycles = cycles;
}

/// A charge to a budget pool. Scaling is "stage" (the amount is paid once per
/// in-flight copy of the value: a ring of depth d costs d times the amount) or
/// "pipe" (paid once if the value is piped at all). The amount is either fixed
/// or read from the immediate operand named Operand.
class BudgetCharge<BudgetPool pool, string scaling, int amount, string operand> {
  BudgetPool Pool = pool;
  string Scaling = scaling;
  int Amount = amount;
  string Operand = operand;
}
class FixedCharge<BudgetPool pool, string scaling, int amount>
    : BudgetCharge<pool, scaling, amount, "">;
class OperandCharge<BudgetPool pool, string scaling, string operand>
    : BudgetCharge<pool, scaling, 0, operand>;

/// A pipe of the event model: the unit an instruction's effects are ordered on.
/// Cross-pipe dependences need synchronization events.
class EventPipe<string name> {
  string PipeName = name;
  /// Its unit is a copy engine (TMA, async copy): transfers into different
  /// barriers complete in any order, so each pipe (ring) it serves is an
  /// in-order stream of its own. Other units complete in issue order.
  bit CopyEngine = false;
}

/// The budget of live cross-pipe events for one ordered pipe pair; pairs
/// without an EventBudget get TileASEventModel.DefaultBudget.
class EventBudget<EventPipe src, EventPipe dst, int events> {
  EventPipe Src = src;
  EventPipe Dst = dst;
  int Events = events;
}

class EventModel<int defaultBudget> {
  int DefaultBudget = defaultBudget;
  /// The pipe of the issuing thread: instructions without a resource vector
  /// of their own (target-independent ones such as COPY) run on it. Unset:
  /// the first pipe.
  EventPipe Issuer = ?;
}

/// What pipes and mutexes cost (include/tileas/Pipes/BarrierCost.h is the
/// one function that prices them, for the scheduler, materialization and
/// the printer). Two kinds of barriers:
///  * mbarriers, MbarrierBytes each of the budget pool mbarrierPool (shared
///    memory), with no count limit: every ring slot has MbarriersPerSlot
///    (a full and an empty one; 1: one for both sides), a consumer-only
///    pipe or a drain one per slot, a mutex that an asynchronous unit
///    releases MbarriersPerMutex (a TMA or the tensor core cannot arrive on
///    a named barrier);
///  * named barriers (bar ids), from the budget pool barrierPool:
///    BarriersPerMutex for each mutex between thread groups, after the
///    ReservedBarriers ids kept for other uses (id 0, the CTA-wide one,
///    always).
/// Rings default to DefaultPipeDepth slots.
class CoordinationModel<BudgetPool mbarrierPool, BudgetPool barrierPool> {
  BudgetPool MbarrierPool = mbarrierPool;
  int MbarrierBytes = ?;
  int MbarriersPerSlot = ?;
  int MbarriersPerMutex = ?;
  BudgetPool BarrierPool = barrierPool;
  int BarriersPerMutex = ?;
  int ReservedBarriers = ?;
  int DefaultPipeDepth = ?;
}

/// A warp-specialized agent: warps that issue one instruction stream of a
/// pipelined loop, with a register budget per thread (setmaxnreg). An
/// asynchronous instruction on one of AsyncPipes is issued by this agent;
/// every other instruction by the default agent. Agents are numbered from 1
/// in the order of their record names (0 is the one instruction stream of
/// the unspecialized form).
class Agent<string name, int warps, int registers,
            list<EventPipe> asyncPipes> {
  string AgentName = name;
  int Warps = warps;
  int Registers = registers;
  list<EventPipe> AsyncPipes = asyncPipes;
  bit Default = false;
  /// How many warpgroups of this agent one loop may run, each with its own
  /// copy of the loop for an independent part of the agent's work (the
  /// ping-pong attention's two query tiles: FlashAttention 4's two softmax
  /// warpgroups, CUTLASS's two Hopper consumer warpgroups). More than one
  /// needs whole warpgroups (Warps a multiple of 4), and the register file
  /// must hold every agent with this one at its most warpgroups.
  int Warpgroups = 1;
}

/// What the agents of a CTA share: the register file, in 32-bit registers
/// (warps * 32 * registers summed over the agents must fit), and the range
/// and granule of a per-thread register budget.
class AgentModel<int registerFile, int minRegisters, int maxRegisters,
                 int registerGranule> {
  int RegisterFile = registerFile;
  int MinRegisters = minRegisters;
  int MaxRegisters = maxRegisters;
  int RegisterGranule = registerGranule;
}

/// A resource vector. It is also the SchedWrite of every instruction that
/// names it, so LLVM's scheduling model is derived from it.
class TileASResources<list<SlotUse> slots, list<PoolUse> pools,
                      list<BudgetCharge> budgets, int latency,
                      EventPipe pipe> : SchedWrite {
  list<SlotUse> Slots = slots;
  list<PoolUse> Pools = pools;
  list<BudgetCharge> Budgets = budgets;
  int Latency = latency;
  EventPipe Pipe = pipe;
  /// Issues to an asynchronous unit (TMA, tensor core, async copy): its
  /// consumers wait on a completion event.
  bit Async = false;
  /// Its result comes back from far memory (a global-memory round trip)
  /// under the scoreboard, without an asynchronous unit. A loop with such an
  /// op is worth pipelining (register prefetch) even when it has no
  /// asynchronous op.
  bit FarMemory = false;
}

/// Every TileAS instruction names its resource vector; that record is also
/// its SchedWrite. Properties are explicit (guessInstructionProperties = 0):
/// subclasses and `let` blocks set what differs from "no side effects, no
/// memory access".
class TileASInst<dag outs, dag ins, string asmstr, TileASResources res>
    : Instruction {
  let Namespace = "TileAS";
  let OutOperandList = outs;
  let InOperandList = ins;
  let AsmString = asmstr;
  let Size = 8;
  let hasSideEffects = false;
  let mayLoad = false;
  let mayStore = false;
  let SchedRW = [res];
  TileASResources Resources = res;
  /// Which memory a mayLoad / mayStore instruction touches, for dependence
  /// analysis: "global" and "local" memory may alias within their space;
  /// "value" means the buffer is an SSA tile or tensor-memory value, so its
  /// dependences are register dependences; "none" for no memory access.
  /// Instructions that access memory must say which.
  string MemorySpace = "none";
  /// PIPE_ / MUTEX_ coordination: orders the instructions around it without
  /// register or memory dependences (TSFlags bit 0).
  bit IsCoordination = false;
  let TSFlags{0} = IsCoordination;
}

//===----------------------------------------------------------------------===//
// Machines. A machine names the records above that it has; tileas-tblgen
// emits one set of tables per machine (namespace gen::<MachineName>) and
// -mcpu picks one through the processor's SchedMachineModel.
//===----------------------------------------------------------------------===//

/// One machine: its slots, counting pools, budget pools, latency families,
/// event pipes and budgets, coordination costs and agents. A resource vector
/// names slots, pools and budget pools of some machine; on this machine they
/// stand for its own records of the same slot id (slots) or the same name
/// (pools and budget pools), so the vectors of TileASResources.td serve
/// every machine that has what they use. Instructions in Unsupported do not
/// exist on the machine; MachineResources gives an instruction a footprint
/// of its own on it.
class TileASMachineModel<string name, SchedMachineModel schedModel> {
  string MachineName = name;
  /// The LLVM scheduling model of the machine's processors (TileAS.td):
  /// -mcpu=X selects the machine whose SchedModel X's ProcessorModel names.
  SchedMachineModel SchedModel = schedModel;
  list<TileASSlot> Slots = [];
  list<CountingPool> Pools = [];
  list<BudgetPool> Budgets = [];
  /// The latency families its numbers come from (a record for readers:
  /// tileas-tblgen neither checks nor emits it).
  list<LatencyFamily> Latencies = [];
  list<EventPipe> Pipes = [];
  EventModel Events = ?;
  list<EventBudget> EventBudgets = [];
  CoordinationModel Coordination = ?;
  AgentModel AgentRules = ?;
  list<Agent> Agents = [];
  list<Instruction> Unsupported = [];
}

/// On `machine`, each of `instrs` has the resource vector `res` instead of
/// its own (LLVM's InstRW per SchedModel; TileASSchedule.td derives one).
class MachineResources<TileASMachineModel machine, list<Instruction> instrs,
                       TileASResources res> {
  TileASMachineModel Machine = machine;
  list<Instruction> Instrs = instrs;
  TileASResources Resources = res;
}

//===- TileASTiming.td - Vocabulary of measured timing -------*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Classes for a timing description: how long the machine's instructions take
// on a real part, from published measurements, beside the slot model the
// scheduler plans with (TileASSlotModel.td). The slot model stays the
// scheduler's cost model and the default; a timing description is what
// `tileas-sim --timing=<name>` runs on and what `llc -tileas-timing=<name>`
// lets the scheduler plan with (docs/simulator.md, "Timing descriptions").
//
// A description gives, per instruction (by its td record name):
//
//   MmaTiming        for one MMA shape (M, N, K): the occupancy of the tensor
//                    core (cycles before the next MMA can start, in
//                    hundredths of a cycle: TableGen has no fractions) and
//                    the result latency (issue to accumulator ready);
//   InstrTiming      the same for an instruction without a shape;
//   TmaLatencyPoint  the latency of one TMA load of so many bytes with
//                    nothing else in flight; between points and beyond the
//                    last the latency is linear in the bytes;
//
// and, on the TimingDesc itself, the SM's share of far-memory bandwidth at
// full load (a copy engine's occupancy per KiB: loads in flight share it),
// the shared-memory bandwidth, and the mbarrier arrive-to-wait latency.
// Instructions a description does not list keep the slot model's numbers.
//
// tileas-tblgen -gen-tileas-timing-tables checks the descriptions: an
// unknown instruction name, an MMA shape the compiler produces
// (MmaShapeUse) that a description timing that instruction does not cover,
// a latency below its occupancy, and a bandwidth that is not positive are
// errors naming the record.
//
//===----------------------------------------------------------------------===//

/// A timing description, selected by Name (`--timing=<name>`).
class TimingDesc<string name> {
  string TimingName = name;
  /// Clock of the part in MHz (informational: every number is in cycles).
  int ClockMHz = 0;
  /// Cycles one KiB of a far-memory load occupies the SM's share of the
  /// memory bandwidth when every SM loads (the bandwidth share is
  /// 1024 / this bytes per cycle). Must be positive.
  int FullLoadCyclesPerKiB = 0;
  /// Shared-memory bandwidth in bytes per cycle per SM. Must be positive.
  int SmemBytesPerCycle = 0;
  /// Cycles from an mbarrier arrive until a waiter observes the phase.
  int MbarrierLatency = 0;
}

/// An MMA instruction of shape M x N x K on the tensor core.
class MmaTiming<TimingDesc desc, string instr, int m, int n, int k,
                int occupancyX100, int latency> {
  TimingDesc Desc = desc;
  string Instr = instr;
  int M = m;
  int N = n;
  int K = k;
  int OccupancyX100 = occupancyX100;
  int Latency = latency;
}

/// An instruction whose timing does not depend on a shape.
class InstrTiming<TimingDesc desc, string instr, int occupancyX100,
                  int latency> {
  TimingDesc Desc = desc;
  string Instr = instr;
  int OccupancyX100 = occupancyX100;
  int Latency = latency;
}

/// The latency of one far-memory load (TMA) of Bytes with nothing else in
/// flight.
class TmaLatencyPoint<TimingDesc desc, string instr, int bytes, int latency> {
  TimingDesc Desc = desc;
  string Instr = instr;
  int Bytes = bytes;
  int Latency = latency;
}

/// An MMA shape the compiler produces for an instruction (the corpus and
/// instruction selection): a description that times the instruction at all
/// must time this shape.
class MmaShapeUse<string instr, int m, int n, int k> {
  string Instr = instr;
  int M = m;
  int N = n;
  int K = k;
}

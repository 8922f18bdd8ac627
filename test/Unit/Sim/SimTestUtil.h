//===- SimTestUtil.h - Small machines and programs for simulator tests ----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A three-slot machine (alu, tma, mma) with a two-unit issue pool, and
// builders for the dynamic ops of test programs, so that every expected
// cycle in the tests can be worked out by hand.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TEST_UNIT_SIM_SIMTESTUTIL_H
#define TILEAS_TEST_UNIT_SIM_SIMTESTUTIL_H

#include "tileas/Sim/Simulator.h"

#include <memory>
#include <vector>

namespace tileas {
namespace sim {
namespace test {

enum : unsigned { SlotALU = 1, SlotTMA = 2, SlotMMA = 3 };
/// The issue pool's index and capacity.
enum : unsigned { PoolIssue = 0, IssueWidth = 2 };

ResourceModel testModel();

/// An op class holding Slot for Duration cycles and one unit of the issue
/// pool for a cycle; its results are ready Latency cycles after issue.
OpClass opClass(unsigned Slot, unsigned Duration, unsigned Latency);

DynamicOp issue(const OpClass &C, std::vector<unsigned> Defs = {},
                std::vector<unsigned> Uses = {}, int Stream = NoStream);
DynamicOp branch(bool Taken, std::vector<unsigned> Uses = {});
DynamicOp wait(unsigned Barrier, unsigned Parity, unsigned Group = 0,
               bool Acquire = false);
DynamicOp arrive(unsigned Barrier, int Stream = NoStream);
DynamicOp marker(unsigned Loop);
DynamicOp ret();

/// Numbers each op's Site by its position (so "op N" names it).
std::vector<DynamicOp> numbered(std::vector<DynamicOp> Ops);

/// Runs one agent per list (16 values each) and fails the test on an error.
SimResult run(const Catalog &Names, std::vector<std::vector<DynamicOp>> Agents,
              const SimOptions &Opts = {});
/// The same, returning the error text instead ("" if the run succeeded).
std::string runError(const Catalog &Names,
                     std::vector<std::vector<DynamicOp>> Agents,
                     const SimOptions &Opts = {});

/// A catalog with NumBarriers barriers, one pipe ("pipe0"), one stream
/// ("tma") and one loop ("bb.1").
Catalog testCatalog(unsigned NumBarriers = 4);

} // namespace test
} // namespace sim
} // namespace tileas

#endif // TILEAS_TEST_UNIT_SIM_SIMTESTUTIL_H

//===- HostInfo.cpp - The machine a benchmark ran on ----------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "HostInfo.h"
#include "ExactRunner.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

#include <ctime>
#include <sys/utsname.h>
#include <thread>

using namespace llvm;
using namespace tileas::bench;

/// The contents of a small system file, or empty.
static std::string readFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> B =
      MemoryBuffer::getFileAsStream(Path);
  return B ? (*B)->getBuffer().str() : std::string();
}

/// The value of the first "Key<sep>value" line of Text, trimmed.
static std::string field(StringRef Text, StringRef Key, char Sep) {
  SmallVector<StringRef, 64> Lines;
  Text.split(Lines, '\n');
  for (StringRef Line : Lines) {
    auto [K, V] = Line.split(Sep);
    if (K.trim() == Key)
      return V.trim().trim('"').str();
  }
  return "";
}

static std::string orUnknown(std::string S) {
  return S.empty() ? "unknown" : S;
}

static std::string memory() {
  std::string Total = field(readFile("/proc/meminfo"), "MemTotal", ':');
  uint64_t KB = 0;
  if (StringRef(Total).split(' ').first.getAsInteger(10, KB))
    return "";
  return formatv("{0:f1} GiB", KB / (1024.0 * 1024.0)).str();
}

static std::string kernel() {
  struct utsname U;
  if (uname(&U) != 0)
    return "";
  return formatv("{0} {1} {2}", U.sysname, U.release, U.machine).str();
}

static std::string utcNow() {
  std::time_t T = std::time(nullptr);
  char Buf[32];
  std::tm UTC;
  if (!gmtime_r(&T, &UTC) ||
      !std::strftime(Buf, sizeof(Buf), "%Y-%m-%d %H:%M UTC", &UTC))
    return "";
  return Buf;
}

HostInfo tileas::bench::describeHost() {
  std::string CPU = readFile("/proc/cpuinfo");
  unsigned Threads = std::thread::hardware_concurrency();
  std::string Load = StringRef(readFile("/proc/loadavg")).trim().str();
  // The first three fields are the 1, 5 and 15 minute averages.
  SmallVector<StringRef, 5> LoadFields;
  StringRef(Load).split(LoadFields, ' ');
  if (LoadFields.size() >= 3)
    Load = formatv("{0} {1} {2}", LoadFields[0], LoadFields[1], LoadFields[2])
               .str();
  HostInfo H;
  H.push_back({"date", orUnknown(utcNow())});
  H.push_back({"cpu", orUnknown(field(CPU, "model name", ':'))});
  H.push_back(
      {"hardware threads", Threads ? std::to_string(Threads) : "unknown"});
  H.push_back({"memory", orUnknown(memory())});
  H.push_back({"os", orUnknown(field(readFile("/etc/os-release"), "PRETTY_NAME",
                                     '='))});
  H.push_back({"kernel", orUnknown(kernel())});
  H.push_back({"load average at start (1/5/15 min)", orUnknown(Load)});
  H.push_back({"compiler", TILEAS_BENCH_CXX_COMPILER});
  H.push_back({"build type", TILEAS_BENCH_BUILD_TYPE});
  H.push_back({"llvm", LLVM_VERSION_STRING});
  H.push_back({"exact solver",
               exactSolverAvailable() ? "Z3 (built in)" : "not built (no Z3)"});
  return H;
}

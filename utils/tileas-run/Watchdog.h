//===- Watchdog.h - An end to a kernel that never finishes ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A kernel that deadlocks (a ring whose barrier never completes) blocks the
// host in cuCtxSynchronize forever, and a lent GPU machine's time with it.
// The watchdog, armed around the GPU work, ends the process after its
// deadline with a message and its own exit status; nothing can be cleaned
// up then, and the driver frees the context with the process.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_RUN_WATCHDOG_H
#define TILEAS_RUN_WATCHDOG_H

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace tileas {
namespace run {

class Watchdog {
public:
  /// Ends the process with ExitStatus, after printing Message to stderr,
  /// unless destroyed within Seconds. Seconds == 0: never.
  Watchdog(unsigned Seconds, std::string Message, int ExitStatus);
  ~Watchdog();

  Watchdog(const Watchdog &) = delete;
  Watchdog &operator=(const Watchdog &) = delete;

private:
  std::mutex Lock;
  std::condition_variable Wake;
  bool Done = false;
  std::thread Thread;
};

} // namespace run
} // namespace tileas

#endif // TILEAS_RUN_WATCHDOG_H

//===- Watchdog.cpp - An end to a kernel that never finishes --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Watchdog.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>

using namespace tileas;
using namespace tileas::run;

Watchdog::Watchdog(unsigned Seconds, std::string Message, int ExitStatus) {
  if (Seconds == 0)
    return;
  Thread =
      std::thread([this, Seconds, Message = std::move(Message), ExitStatus] {
        std::unique_lock<std::mutex> L(Lock);
        if (Wake.wait_for(L, std::chrono::seconds(Seconds),
                          [this] { return Done; }))
          return;
        std::fprintf(stderr, "%s\n", Message.c_str());
        std::fflush(stdout);
        // The main thread is stuck in the driver: no destructors, no atexit.
        std::_Exit(ExitStatus);
      });
}

Watchdog::~Watchdog() {
  if (!Thread.joinable())
    return;
  {
    std::lock_guard<std::mutex> L(Lock);
    Done = true;
  }
  Wake.notify_one();
  Thread.join();
}

//===- Clock.cpp - Wall-clock samples and their medians -------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Clock.h"

#include "llvm/ADT/STLExtras.h"

#include <chrono>
#include <vector>

using namespace tileas::bench;

double tileas::bench::nowMs() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch())
      .count();
}

TimingSample tileas::bench::measure(const RepeatPolicy &Policy,
                                    llvm::function_ref<double()> Sample) {
  std::vector<double> Samples;
  double Spent = 0;
  unsigned Max = Policy.MaxRepeats ? Policy.MaxRepeats : 1;
  while (Samples.size() < Max && (Samples.empty() || Spent < Policy.BudgetMs)) {
    double Start = nowMs();
    double Ms = Sample();
    Spent += nowMs() - Start;
    if (Ms < 0)
      break;
    Samples.push_back(Ms);
  }
  TimingSample T;
  if (Samples.empty())
    return T;
  llvm::sort(Samples);
  size_t N = Samples.size();
  T.MedianMs =
      N % 2 ? Samples[N / 2] : (Samples[N / 2 - 1] + Samples[N / 2]) / 2;
  T.MinMs = Samples.front();
  T.MaxMs = Samples.back();
  T.Repeats = N;
  return T;
}

//===- PTXTestUtil.h - Values and messages of results -----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_UNITTEST_PTX_PTXTESTUTIL_H
#define TILEAS_UNITTEST_PTX_PTXTESTUTIL_H

#include "llvm/Support/Error.h"
#include "gtest/gtest.h"

#include <string>

namespace tileas {
namespace ptx {
namespace test {

/// The value of a result expected to succeed (a default value, and a test
/// failure naming the error, if it did not).
template <typename T> T valueOf(llvm::Expected<T> R) {
  if (!R) {
    ADD_FAILURE() << "unexpected error: " << llvm::toString(R.takeError());
    return T();
  }
  return std::move(*R);
}

/// The message of a result expected to fail ("" and a test failure if it
/// succeeded).
template <typename T> std::string errorOf(llvm::Expected<T> R) {
  if (R) {
    ADD_FAILURE() << "expected an error";
    return "";
  }
  return llvm::toString(R.takeError());
}

inline std::string errorOf(llvm::Error E) {
  if (!E) {
    ADD_FAILURE() << "expected an error";
    return "";
  }
  return llvm::toString(std::move(E));
}

inline bool succeeded(llvm::Error E) {
  if (!E)
    return true;
  ADD_FAILURE() << "unexpected error: " << llvm::toString(std::move(E));
  return false;
}

} // namespace test
} // namespace ptx
} // namespace tileas

#endif // TILEAS_UNITTEST_PTX_PTXTESTUTIL_H

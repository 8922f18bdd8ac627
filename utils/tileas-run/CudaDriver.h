//===- CudaDriver.h - The CUDA driver, loaded at run time -------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// tileas-run does not link libcuda: it opens libcuda.so.1 with dlopen and
// takes each entry point it uses with dlsym (the versioned names cuda.h's
// macros point at, e.g. cuMemAlloc_v2), so the tool builds and starts on a
// machine with CUDA's headers and no driver, and says there why it cannot
// run. cuda.h gives only the types.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_RUN_CUDADRIVER_H
#define TILEAS_RUN_CUDADRIVER_H

#include "llvm/Support/Error.h"

#include <cuda.h>

#include <memory>
#include <string>

namespace tileas {
namespace run {

struct DeviceInfo {
  std::string Name;
  unsigned Capability = 0; ///< 10 x major + minor.
  int SMs = 0;
  /// The dynamic shared memory a CTA may opt in to, in bytes.
  int MaxSharedOptin = 0;
  int DriverVersion = 0; ///< 13000 for CUDA 13.0.
};

class CudaDriver {
public:
  /// Opens the driver, initializes it and makes device 0's primary context
  /// current. Any failure here means "no usable GPU" (no libcuda.so.1, the
  /// stub library, no device, a driver too old for an entry point).
  static llvm::Expected<std::unique_ptr<CudaDriver>> open();
  ~CudaDriver();

  const DeviceInfo &device() const { return Device; }

  /// An error for a failed call: `What: CUDA_ERROR_X (its description)`.
  llvm::Error check(CUresult R, const llvm::Twine &What) const;

  // The entry points, by their cuda.h names.
  decltype(&::cuInit) Init = nullptr;
  decltype(&::cuDriverGetVersion) DriverGetVersion = nullptr;
  decltype(&::cuDeviceGetCount) DeviceGetCount = nullptr;
  decltype(&::cuDeviceGet) DeviceGet = nullptr;
  decltype(&::cuDeviceGetName) DeviceGetName = nullptr;
  decltype(&::cuDeviceGetAttribute) DeviceGetAttribute = nullptr;
  decltype(&::cuDevicePrimaryCtxRetain) PrimaryCtxRetain = nullptr;
  decltype(&::cuDevicePrimaryCtxRelease) PrimaryCtxRelease = nullptr;
  decltype(&::cuCtxSetCurrent) CtxSetCurrent = nullptr;
  decltype(&::cuCtxSynchronize) CtxSynchronize = nullptr;
  decltype(&::cuModuleLoadDataEx) ModuleLoadDataEx = nullptr;
  decltype(&::cuModuleUnload) ModuleUnload = nullptr;
  decltype(&::cuModuleGetFunction) ModuleGetFunction = nullptr;
  decltype(&::cuFuncSetAttribute) FuncSetAttribute = nullptr;
  decltype(&::cuMemAlloc) MemAlloc = nullptr;
  decltype(&::cuMemFree) MemFree = nullptr;
  decltype(&::cuMemcpyHtoD) MemcpyHtoD = nullptr;
  decltype(&::cuMemcpyDtoH) MemcpyDtoH = nullptr;
  decltype(&::cuMemsetD8) MemsetD8 = nullptr;
  decltype(&::cuTensorMapEncodeTiled) TensorMapEncodeTiled = nullptr;
  decltype(&::cuLaunchKernel) LaunchKernel = nullptr;
  decltype(&::cuEventCreate) EventCreate = nullptr;
  decltype(&::cuEventRecord) EventRecord = nullptr;
  decltype(&::cuEventSynchronize) EventSynchronize = nullptr;
  decltype(&::cuEventElapsedTime) EventElapsedTime = nullptr;
  decltype(&::cuEventDestroy) EventDestroy = nullptr;
  decltype(&::cuGetErrorName) GetErrorName = nullptr;
  decltype(&::cuGetErrorString) GetErrorString = nullptr;

private:
  CudaDriver() = default;
  llvm::Error load();
  llvm::Error start();

  void *Library = nullptr;
  CUdevice Dev = 0;
  CUcontext Context = nullptr;
  DeviceInfo Device;
};

} // namespace run
} // namespace tileas

#endif // TILEAS_RUN_CUDADRIVER_H

//===- CudaDriver.cpp - The CUDA driver, loaded at run time ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "CudaDriver.h"
#include "TensorMapPlan.h"

#include "llvm/Support/FormatVariadic.h"

#include <dlfcn.h>

using namespace llvm;
using namespace tileas;
using namespace tileas::run;

// TensorMapPlan mirrors cuda.h's enumerations so that it needs no CUDA.
static_assert(unsigned(TMADataType::UInt8) == CU_TENSOR_MAP_DATA_TYPE_UINT8);
static_assert(unsigned(TMADataType::BFloat16) ==
              CU_TENSOR_MAP_DATA_TYPE_BFLOAT16);
static_assert(unsigned(TMASwizzle::None) == CU_TENSOR_MAP_SWIZZLE_NONE);
static_assert(unsigned(TMASwizzle::B32) == CU_TENSOR_MAP_SWIZZLE_32B);
static_assert(unsigned(TMASwizzle::B64) == CU_TENSOR_MAP_SWIZZLE_64B);
static_assert(unsigned(TMASwizzle::B128) == CU_TENSOR_MAP_SWIZZLE_128B);
static_assert(unsigned(TMAInterleave::None) == CU_TENSOR_MAP_INTERLEAVE_NONE);
static_assert(unsigned(TMAL2Promotion::B256) ==
              CU_TENSOR_MAP_L2_PROMOTION_L2_256B);
static_assert(unsigned(TMAOOBFill::None) == CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);

Expected<std::unique_ptr<CudaDriver>> CudaDriver::open() {
  std::unique_ptr<CudaDriver> D(new CudaDriver());
  if (Error E = D->load())
    return E;
  if (Error E = D->start())
    return E;
  return D;
}

CudaDriver::~CudaDriver() {
  if (Context && PrimaryCtxRelease)
    PrimaryCtxRelease(Dev);
  if (Library)
    dlclose(Library);
}

/// Sets F to the first of Names that the library exports.
template <typename Fn>
static Error bind(void *Library, Fn &F,
                  std::initializer_list<const char *> Names) {
  for (const char *Name : Names)
    if (void *P = dlsym(Library, Name)) {
      F = reinterpret_cast<Fn>(P);
      return Error::success();
    }
  return createStringError(formatv("libcuda.so.1 has no {0} (a driver older "
                                   "than CUDA 12.8?)",
                                   *Names.begin()));
}

Error CudaDriver::load() {
  Library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!Library) {
    const char *Why = dlerror();
    return createStringError(Twine("cannot load the CUDA driver: ") +
                             (Why ? Why : "libcuda.so.1 not found"));
  }
  // The names cuda.h's macros map to (CUDA 13: cuMemAlloc -> cuMemAlloc_v2).
  Error E = joinErrors(bind(Library, Init, {"cuInit"}),
                       bind(Library, DriverGetVersion, {"cuDriverGetVersion"}));
  E = joinErrors(std::move(E),
                 bind(Library, DeviceGetCount, {"cuDeviceGetCount"}));
  E = joinErrors(std::move(E), bind(Library, DeviceGet, {"cuDeviceGet"}));
  E = joinErrors(std::move(E),
                 bind(Library, DeviceGetName, {"cuDeviceGetName"}));
  E = joinErrors(std::move(E),
                 bind(Library, DeviceGetAttribute, {"cuDeviceGetAttribute"}));
  E = joinErrors(std::move(E),
                 bind(Library, PrimaryCtxRetain, {"cuDevicePrimaryCtxRetain"}));
  E = joinErrors(std::move(E), bind(Library, PrimaryCtxRelease,
                                    {"cuDevicePrimaryCtxRelease_v2"}));
  E = joinErrors(std::move(E),
                 bind(Library, CtxSetCurrent, {"cuCtxSetCurrent"}));
  E = joinErrors(std::move(E),
                 bind(Library, CtxSynchronize, {"cuCtxSynchronize"}));
  E = joinErrors(std::move(E),
                 bind(Library, ModuleLoadDataEx, {"cuModuleLoadDataEx"}));
  E = joinErrors(std::move(E), bind(Library, ModuleUnload, {"cuModuleUnload"}));
  E = joinErrors(std::move(E),
                 bind(Library, ModuleGetFunction, {"cuModuleGetFunction"}));
  E = joinErrors(std::move(E),
                 bind(Library, FuncSetAttribute, {"cuFuncSetAttribute"}));
  E = joinErrors(std::move(E), bind(Library, MemAlloc, {"cuMemAlloc_v2"}));
  E = joinErrors(std::move(E), bind(Library, MemFree, {"cuMemFree_v2"}));
  E = joinErrors(std::move(E), bind(Library, MemcpyHtoD, {"cuMemcpyHtoD_v2"}));
  E = joinErrors(std::move(E), bind(Library, MemcpyDtoH, {"cuMemcpyDtoH_v2"}));
  E = joinErrors(std::move(E), bind(Library, MemsetD8, {"cuMemsetD8_v2"}));
  E = joinErrors(std::move(E), bind(Library, TensorMapEncodeTiled,
                                    {"cuTensorMapEncodeTiled"}));
  E = joinErrors(std::move(E), bind(Library, LaunchKernel, {"cuLaunchKernel"}));
  E = joinErrors(std::move(E), bind(Library, EventCreate, {"cuEventCreate"}));
  E = joinErrors(std::move(E), bind(Library, EventRecord, {"cuEventRecord"}));
  E = joinErrors(std::move(E),
                 bind(Library, EventSynchronize, {"cuEventSynchronize"}));
  // cuEventElapsedTime_v2 (CUDA 12.8) has the same signature as the first.
  E = joinErrors(std::move(E),
                 bind(Library, EventElapsedTime,
                      {"cuEventElapsedTime_v2", "cuEventElapsedTime"}));
  E = joinErrors(std::move(E),
                 bind(Library, EventDestroy, {"cuEventDestroy_v2"}));
  E = joinErrors(std::move(E), bind(Library, GetErrorName, {"cuGetErrorName"}));
  E = joinErrors(std::move(E),
                 bind(Library, GetErrorString, {"cuGetErrorString"}));
  return E;
}

/// Names for the failures of starting the driver, where the library itself
/// cannot name them (the stub library answers every call with 34).
static const char *startFailureName(CUresult R) {
  switch (R) {
  case CUDA_ERROR_STUB_LIBRARY:
    return "CUDA_ERROR_STUB_LIBRARY";
  case CUDA_ERROR_NO_DEVICE:
    return "CUDA_ERROR_NO_DEVICE";
  case CUDA_ERROR_SYSTEM_DRIVER_MISMATCH:
    return "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH";
  default:
    return nullptr;
  }
}

static const char *startFailureText(CUresult R) {
  switch (R) {
  case CUDA_ERROR_STUB_LIBRARY:
    return "libcuda.so.1 is CUDA's stub library, not a driver";
  case CUDA_ERROR_NO_DEVICE:
    return "no CUDA-capable device";
  case CUDA_ERROR_SYSTEM_DRIVER_MISMATCH:
    return "the kernel driver and libcuda differ in version";
  default:
    return nullptr;
  }
}

Error CudaDriver::check(CUresult R, const Twine &What) const {
  if (R == CUDA_SUCCESS)
    return Error::success();
  const char *Name = nullptr, *Text = nullptr;
  if (!GetErrorName || GetErrorName(R, &Name) != CUDA_SUCCESS)
    Name = startFailureName(R);
  if (!GetErrorString || GetErrorString(R, &Text) != CUDA_SUCCESS)
    Text = startFailureText(R);
  return createStringError(What + ": " +
                           (Name ? Name : "CUDA error " + Twine(int(R))) +
                           (Text ? Twine(" (") + Text + ")" : Twine()));
}

Error CudaDriver::start() {
  if (Error E = check(Init(0), "cuInit"))
    return E;
  int Count = 0;
  if (Error E = check(DeviceGetCount(&Count), "cuDeviceGetCount"))
    return E;
  if (Count == 0)
    return createStringError("the CUDA driver sees no device");
  if (Error E = check(DeviceGet(&Dev, 0), "cuDeviceGet"))
    return E;
  char Name[256] = {};
  if (Error E =
          check(DeviceGetName(Name, sizeof(Name), Dev), "cuDeviceGetName"))
    return E;
  Device.Name = Name;
  int Major = 0, Minor = 0;
  if (Error E =
          check(DeviceGetAttribute(
                    &Major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, Dev),
                "cuDeviceGetAttribute"))
    return E;
  if (Error E =
          check(DeviceGetAttribute(
                    &Minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, Dev),
                "cuDeviceGetAttribute"))
    return E;
  Device.Capability = unsigned(Major * 10 + Minor);
  if (Error E =
          check(DeviceGetAttribute(
                    &Device.SMs, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, Dev),
                "cuDeviceGetAttribute"))
    return E;
  if (Error E =
          check(DeviceGetAttribute(
                    &Device.MaxSharedOptin,
                    CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, Dev),
                "cuDeviceGetAttribute"))
    return E;
  if (Error E =
          check(DriverGetVersion(&Device.DriverVersion), "cuDriverGetVersion"))
    return E;
  if (Error E =
          check(PrimaryCtxRetain(&Context, Dev), "cuDevicePrimaryCtxRetain"))
    return E;
  return check(CtxSetCurrent(Context), "cuCtxSetCurrent");
}

//===- FakeCudaDriver.cpp - A libcuda.so.1 for tileas-run's tests ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A stand-in for the CUDA driver that runs on the CPU, so that the tests of
// tileas-run reach its host path (binding the entry points, module load,
// allocation, copies, tensor-map encoding, the launch's arguments, events,
// the comparison and the report) on a machine without a GPU. It is loaded
// in place of the driver through LD_LIBRARY_PATH and never installed.
//
//  - one device, "TileAS fake driver", whose compute capability is
//    $TILEAS_FAKE_CC (default 80);
//  - memory is host memory; every event is 0.5 ms after the one before;
//  - cuTensorMapEncodeTiled writes its arguments, one line, to stderr;
//  - cuCtxSynchronize never returns while $TILEAS_FAKE_HANG is set;
//  - cuLaunchKernel runs `naive_gemm` (test/tools/tileas-run/Inputs) on the
//    CPU from the arguments it was given; any other kernel does nothing.
//
//===----------------------------------------------------------------------===//

#include <cuda.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>

namespace {

/// The dynamic shared memory a CTA may opt in to on Hopper and Blackwell
/// (227 KiB): what the fake device reports and enforces.
constexpr int MaxSharedOptin = 227 * 1024;

struct FakeModule {
  std::string PTX;
};

struct FakeFunction {
  std::string Name;
};

float eventClockMs = 0;

float bf16(const uint8_t *P) {
  uint32_t Bits = uint32_t(P[0] | P[1] << 8) << 16;
  float F;
  std::memcpy(&F, &Bits, 4);
  return F;
}

} // namespace

extern "C" {

CUresult CUDAAPI cuInit(unsigned int) { return CUDA_SUCCESS; }

CUresult CUDAAPI cuDriverGetVersion(int *V) {
  *V = 13000;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetCount(int *N) {
  *N = 1;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGet(CUdevice *D, int Ordinal) {
  *D = Ordinal;
  return Ordinal == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

CUresult CUDAAPI cuDeviceGetName(char *Name, int Len, CUdevice) {
  std::snprintf(Name, size_t(Len), "TileAS fake driver");
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetAttribute(int *V, CUdevice_attribute A, CUdevice) {
  const char *CC = std::getenv("TILEAS_FAKE_CC");
  int Capability = CC ? std::atoi(CC) : 80;
  switch (A) {
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
    *V = Capability / 10;
    return CUDA_SUCCESS;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
    *V = Capability % 10;
    return CUDA_SUCCESS;
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
    *V = 1;
    return CUDA_SUCCESS;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
    *V = MaxSharedOptin;
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

CUresult CUDAAPI cuDevicePrimaryCtxRetain(CUcontext *C, CUdevice) {
  static int Context;
  *C = reinterpret_cast<CUcontext>(&Context);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDevicePrimaryCtxRelease_v2(CUdevice) { return CUDA_SUCCESS; }
CUresult CUDAAPI cuCtxSetCurrent(CUcontext) { return CUDA_SUCCESS; }
CUresult CUDAAPI cuCtxSynchronize(void) {
  // $TILEAS_FAKE_HANG: a kernel that never finishes.
  while (std::getenv("TILEAS_FAKE_HANG"))
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleLoadDataEx(CUmodule *M, const void *Image,
                                    unsigned int, CUjit_option *, void **) {
  auto *F = new FakeModule{static_cast<const char *>(Image)};
  if (F->PTX.find(".entry") == std::string::npos) {
    delete F;
    return CUDA_ERROR_INVALID_PTX;
  }
  *M = reinterpret_cast<CUmodule>(F);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleUnload(CUmodule M) {
  delete reinterpret_cast<FakeModule *>(M);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleGetFunction(CUfunction *F, CUmodule M,
                                     const char *Name) {
  const std::string &PTX = reinterpret_cast<FakeModule *>(M)->PTX;
  if (PTX.find(std::string(".entry ") + Name + "(") == std::string::npos)
    return CUDA_ERROR_NOT_FOUND;
  // Leaked on purpose: a test process loads one function.
  *F = reinterpret_cast<CUfunction>(new FakeFunction{Name});
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuFuncSetAttribute(CUfunction, CUfunction_attribute A, int V) {
  if (A == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES &&
      V > MaxSharedOptin)
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemAlloc_v2(CUdeviceptr *P, size_t Bytes) {
  *P = CUdeviceptr(std::malloc(Bytes));
  return *P ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult CUDAAPI cuMemFree_v2(CUdeviceptr P) {
  std::free(reinterpret_cast<void *>(P));
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemcpyHtoD_v2(CUdeviceptr D, const void *S, size_t Bytes) {
  std::memcpy(reinterpret_cast<void *>(D), S, Bytes);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemcpyDtoH_v2(void *D, CUdeviceptr S, size_t Bytes) {
  std::memcpy(D, reinterpret_cast<void *>(S), Bytes);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemsetD8_v2(CUdeviceptr D, unsigned char V, size_t N) {
  std::memset(reinterpret_cast<void *>(D), V, N);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuTensorMapEncodeTiled(
    CUtensorMap *Map, CUtensorMapDataType Type, cuuint32_t Rank, void *Global,
    const cuuint64_t *Dim, const cuuint64_t *Strides, const cuuint32_t *Box,
    const cuuint32_t *ElementStrides, CUtensorMapInterleave Interleave,
    CUtensorMapSwizzle Swizzle, CUtensorMapL2promotion L2,
    CUtensorMapFloatOOBfill OOB) {
  if (reinterpret_cast<uintptr_t>(Map) % 64 ||
      reinterpret_cast<uintptr_t>(Global) % 16 || Rank < 1 || Rank > 5)
    return CUDA_ERROR_INVALID_VALUE;
  std::string Line = "fake cuTensorMapEncodeTiled: type " +
                     std::to_string(int(Type)) + " rank " +
                     std::to_string(Rank) + " dims";
  for (unsigned I = 0; I < Rank; ++I)
    Line += " " + std::to_string(Dim[I]);
  Line += " strides";
  for (unsigned I = 0; I + 1 < Rank; ++I)
    Line += " " + std::to_string(Strides[I]);
  Line += " box";
  for (unsigned I = 0; I < Rank; ++I)
    Line += " " + std::to_string(Box[I]);
  Line += " elementStrides";
  for (unsigned I = 0; I < Rank; ++I)
    Line += " " + std::to_string(ElementStrides[I]);
  Line += " interleave " + std::to_string(int(Interleave)) + " swizzle " +
          std::to_string(int(Swizzle)) + " l2 " + std::to_string(int(L2)) +
          " oob " + std::to_string(int(OOB));
  std::fprintf(stderr, "%s\n", Line.c_str());
  std::memset(Map, 0, sizeof(*Map));
  std::memcpy(Map, &Global, sizeof(Global));
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuLaunchKernel(CUfunction F, unsigned GX, unsigned GY,
                                unsigned GZ, unsigned BX, unsigned BY,
                                unsigned BZ, unsigned Shared, CUstream,
                                void **Params, void **Extra) {
  if (Extra || !Params || Shared > unsigned(MaxSharedOptin))
    return CUDA_ERROR_INVALID_VALUE;
  if (reinterpret_cast<FakeFunction *>(F)->Name != "naive_gemm")
    return CUDA_SUCCESS;
  // naive_gemm(A, B, C, N, K): thread (x, y) of CTA (bx, by) computes
  // C[16 by + y][16 bx + x].
  if (BX != 16 || BY != 16 || BZ != 1 || GZ != 1)
    return CUDA_ERROR_INVALID_VALUE;
  const auto *A = *static_cast<const uint8_t *const *>(Params[0]);
  const auto *B = *static_cast<const uint8_t *const *>(Params[1]);
  auto *C = *static_cast<float *const *>(Params[2]);
  uint32_t N = *static_cast<const uint32_t *>(Params[3]);
  uint32_t K = *static_cast<const uint32_t *>(Params[4]);
  for (unsigned Row = 0; Row < 16 * GY; ++Row)
    for (unsigned Col = 0; Col < 16 * GX; ++Col) {
      float Acc = 0;
      for (uint32_t L = 0; L < K; ++L)
        Acc += bf16(A + 2 * (uint64_t(Row) * K + L)) *
               bf16(B + 2 * (uint64_t(Col) * K + L));
      C[uint64_t(Row) * N + Col] = Acc;
    }
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventCreate(CUevent *E, unsigned int) {
  *E = reinterpret_cast<CUevent>(new float(0));
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventRecord(CUevent E, CUstream) {
  eventClockMs += 0.5f;
  *reinterpret_cast<float *>(E) = eventClockMs;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventSynchronize(CUevent) { return CUDA_SUCCESS; }

CUresult CUDAAPI cuEventElapsedTime_v2(float *Ms, CUevent Start, CUevent End) {
  *Ms = *reinterpret_cast<float *>(End) - *reinterpret_cast<float *>(Start);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventDestroy_v2(CUevent E) {
  delete reinterpret_cast<float *>(E);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuGetErrorName(CUresult, const char **S) {
  *S = "CUDA_ERROR_FAKE";
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuGetErrorString(CUresult, const char **S) {
  *S = "an error of the fake driver";
  return CUDA_SUCCESS;
}

} // extern "C"

//===- GpuRun.cpp - One problem launched on the GPU -----------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "GpuRun.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FormatVariadic.h"

#include <string>
#include <vector>

using namespace llvm;
using namespace tileas;
using namespace tileas::run;

namespace {

/// Device memory freed when it goes out of scope.
struct DeviceBuffer {
  CudaDriver &D;
  CUdeviceptr Ptr = 0;
  explicit DeviceBuffer(CudaDriver &D) : D(D) {}
  ~DeviceBuffer() {
    if (Ptr)
      D.MemFree(Ptr);
  }
};

} // namespace

/// Loads the module; a JIT failure carries the JIT's log.
static Expected<CUmodule> loadModule(CudaDriver &D, StringRef PTX) {
  std::string Text = PTX.str(); // cuModuleLoadData wants NUL-terminated text.
  char Log[8192] = {};
  CUjit_option Options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *Values[] = {Log, reinterpret_cast<void *>(uintptr_t(sizeof(Log)))};
  CUmodule M = nullptr;
  CUresult R = D.ModuleLoadDataEx(&M, Text.c_str(), 2, Options, Values);
  if (R != CUDA_SUCCESS) {
    Error E = D.check(R, "cuModuleLoadData (the driver's JIT of the PTX)");
    if (Log[0])
      return joinErrors(std::move(E), createStringError(Log));
    return E;
  }
  return M;
}

Expected<GpuResult> run::runOnGpu(CudaDriver &D, StringRef PTX,
                                  const Problem &P, const LaunchPlan &L,
                                  const HostMatrix &A, const HostMatrix &B) {
  Expected<CUmodule> Module = loadModule(D, PTX);
  if (!Module)
    return Module.takeError();
  scope_exit UnloadModule([&] { D.ModuleUnload(*Module); });
  CUfunction Fn = nullptr;
  if (Error E = D.check(D.ModuleGetFunction(&Fn, *Module, P.Kernel.c_str()),
                        "cuModuleGetFunction " + P.Kernel))
    return E;
  if (Error E = D.check(
          D.FuncSetAttribute(Fn,
                             CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                             int(L.SharedBytes)),
          formatv("cuFuncSetAttribute: {0} bytes of dynamic shared memory",
                  L.SharedBytes)))
    return E;

  DeviceBuffer DA(D), DB(D), DC(D);
  size_t CBytes = P.Shape.M * P.Shape.N * sizeof(float);
  for (auto [Buf, Bytes, What] :
       {std::tuple<DeviceBuffer *, size_t, const char *>{&DA, A.Bytes.size(),
                                                         "A"},
        {&DB, B.Bytes.size(), "B"},
        {&DC, CBytes, "C"}})
    if (Error E =
            D.check(D.MemAlloc(&Buf->Ptr, Bytes),
                    formatv("cuMemAlloc of {0} ({1} bytes)", What, Bytes)))
      return E;
  if (Error E = D.check(D.MemcpyHtoD(DA.Ptr, A.Bytes.data(), A.Bytes.size()),
                        "cuMemcpyHtoD of A"))
    return E;
  if (Error E = D.check(D.MemcpyHtoD(DB.Ptr, B.Bytes.data(), B.Bytes.size()),
                        "cuMemcpyHtoD of B"))
    return E;

  // The launch's arguments: one storage per parameter, and the pointers to
  // them that cuLaunchKernel reads.
  // std::vector: its allocator honours CUtensorMap's 64-byte alignment.
  std::vector<CUtensorMap> Maps(L.Params.size());
  SmallVector<uint64_t, 8> Words(L.Params.size());
  SmallVector<uint32_t, 8> Halves(L.Params.size());
  SmallVector<void *, 8> Args;
  for (size_t I = 0; I < L.Params.size(); ++I) {
    const PlannedParam &PP = L.Params[I];
    CUdeviceptr Of = PP.Of == Operand::A   ? DA.Ptr
                     : PP.Of == Operand::B ? DB.Ptr
                                           : DC.Ptr;
    switch (PP.TheKind) {
    case KernelParam::TensorMap: {
      const TensorMapArgs &M = PP.Map;
      if (Error E = D.check(
              D.TensorMapEncodeTiled(&Maps[I], CUtensorMapDataType(M.DataType),
                                     M.Rank, reinterpret_cast<void *>(Of),
                                     M.GlobalDim.data(), M.GlobalStrides.data(),
                                     M.BoxDim.data(), M.ElementStrides.data(),
                                     CUtensorMapInterleave(M.Interleave),
                                     CUtensorMapSwizzle(M.Swizzle),
                                     CUtensorMapL2promotion(M.L2Promotion),
                                     CUtensorMapFloatOOBfill(M.OOBFill)),
              formatv("cuTensorMapEncodeTiled for params[{0}]", I)))
        return E;
      Args.push_back(&Maps[I]);
      break;
    }
    case KernelParam::Pointer:
      Words[I] = uint64_t(Of);
      Args.push_back(&Words[I]);
      break;
    case KernelParam::ScalarU32:
      Halves[I] = uint32_t(PP.Scalar);
      Args.push_back(&Halves[I]);
      break;
    case KernelParam::ScalarU64:
      Words[I] = PP.Scalar;
      Args.push_back(&Words[I]);
      break;
    }
  }

  auto launch = [&]() {
    return D.check(D.LaunchKernel(Fn, unsigned(L.Grid[0]), unsigned(L.Grid[1]),
                                  unsigned(L.Grid[2]), unsigned(L.Block[0]),
                                  unsigned(L.Block[1]), unsigned(L.Block[2]),
                                  unsigned(L.SharedBytes), nullptr, Args.data(),
                                  nullptr),
                   "cuLaunchKernel");
  };

  // The result: every byte of C NaN first.
  if (Error E = D.check(D.MemsetD8(DC.Ptr, 0xff, CBytes), "cuMemsetD8 of C"))
    return E;
  if (Error E = launch())
    return E;
  if (Error E = D.check(D.CtxSynchronize(), "the kernel's first run"))
    return E;
  GpuResult R;
  R.C.resize(P.Shape.M * P.Shape.N);
  if (Error E = D.check(D.MemcpyDtoH(R.C.data(), DC.Ptr, CBytes),
                        "cuMemcpyDtoH of C"))
    return E;

  CUevent Start = nullptr, Stop = nullptr;
  if (Error E =
          D.check(D.EventCreate(&Start, CU_EVENT_DEFAULT), "cuEventCreate"))
    return E;
  scope_exit DestroyStart([&] { D.EventDestroy(Start); });
  if (Error E =
          D.check(D.EventCreate(&Stop, CU_EVENT_DEFAULT), "cuEventCreate"))
    return E;
  scope_exit DestroyStop([&] { D.EventDestroy(Stop); });
  for (unsigned I = 0; I < P.Warmup + P.Runs; ++I) {
    if (Error E = D.check(D.EventRecord(Start, nullptr), "cuEventRecord"))
      return E;
    if (Error E = launch())
      return E;
    if (Error E = D.check(D.EventRecord(Stop, nullptr), "cuEventRecord"))
      return E;
    if (Error E =
            D.check(D.EventSynchronize(Stop), formatv("timed run {0}", I)))
      return E;
    float Ms = 0;
    if (Error E =
            D.check(D.EventElapsedTime(&Ms, Start, Stop), "cuEventElapsedTime"))
      return E;
    if (I >= P.Warmup)
      R.TimesMs.push_back(Ms);
  }
  return R;
}

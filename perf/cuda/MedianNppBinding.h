#pragma once

// NVIDIA NPP's median filter, loaded at run time (dlopen) so that neither the build nor the
// test executable depends on NPP: the benchmark measures it side by side when the library is
// there and says so when it is not. Test-only code.

#include <cuda_runtime_api.h>
#include <dlfcn.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace xrayprep::gpu::test {

class NppMedian {
  public:
    NppMedian() {
        const char* core[] = {"libnppc.so", "libnppc.so.13", "libnppc.so.12",
                              "/usr/local/cuda/lib64/libnppc.so"};
        const char* filters[] = {"libnppif.so", "libnppif.so.13", "libnppif.so.12",
                                 "/usr/local/cuda/lib64/libnppif.so"};
        for (const char* name : core) {
            if ((core_ = dlopen(name, RTLD_NOW | RTLD_GLOBAL))) break;
        }
        for (const char* name : filters) {
            if ((lib_ = dlopen(name, RTLD_NOW | RTLD_GLOBAL))) break;
        }
        if (!lib_) {
            error_ = std::string("NPP not loadable: ") + dlerror();
            return;
        }
        bufferSize_ = reinterpret_cast<BufferSizeFn>(
            dlsym(lib_, "nppiFilterMedianGetBufferSize_16u_C1R_Ctx"));
        filter_ = reinterpret_cast<FilterFn>(dlsym(lib_, "nppiFilterMedian_16u_C1R_Ctx"));
        if (!bufferSize_ || !filter_) error_ = "NPP median symbols not found";
        context_ = makeContext();
    }
    ~NppMedian() {
        if (lib_) dlclose(lib_);
        if (core_) dlclose(core_);
    }
    NppMedian(const NppMedian&) = delete;
    NppMedian& operator=(const NppMedian&) = delete;

    [[nodiscard]] bool available() const { return error_.empty(); }
    [[nodiscard]] const std::string& error() const { return error_; }

    // Scratch bytes for a width x height ROI and a size x size mask; < 0 on an NPP error.
    [[nodiscard]] long long bufferBytes(int width, int height, int size) const {
        std::size_t bytes = 0;  // NPP 12 writes 32 bits here, later versions may write 64
        const int status = bufferSize_({width, height}, {size, size}, &bytes, context_);
        return status == 0 ? static_cast<long long>(bytes) : -1 - status;
    }

    // NPP reads (size/2) pixels around the ROI: `src` points at the ROI's first pixel inside
    // a padded image of row pitch srcStep bytes. Returns NPP's status (0 = success).
    int filter(const std::uint16_t* src, int srcStep, std::uint16_t* dst, int dstStep, int width,
               int height, int size, void* scratch) const {
        return filter_(src, srcStep, dst, dstStep, {width, height}, {size, size},
                       {size / 2, size / 2}, static_cast<std::uint8_t*>(scratch), context_);
    }

  private:
    // Layouts as declared in NPP's nppdefs.h (NPP 11-13).
    struct Size {
        int width;
        int height;
    };
    struct Point {
        int x;
        int y;
    };
    struct StreamContext {
        cudaStream_t hStream;
        int nCudaDeviceId;
        int nMultiProcessorCount;
        int nMaxThreadsPerMultiProcessor;
        int nMaxThreadsPerBlock;
        std::size_t nSharedMemPerBlock;
        int nCudaDevAttrComputeCapabilityMajor;
        int nCudaDevAttrComputeCapabilityMinor;
        unsigned int nStreamFlags;
        int nReserved0;
    };
    using BufferSizeFn = int (*)(Size, Size, std::size_t*, StreamContext);
    using FilterFn = int (*)(const std::uint16_t*, int, std::uint16_t*, int, Size, Size, Point,
                             std::uint8_t*, StreamContext);

    static StreamContext makeContext() {
        StreamContext c{};
        c.hStream = nullptr;  // the legacy default stream, shared with the caller's runtime
        cudaGetDevice(&c.nCudaDeviceId);
        cudaDeviceProp p{};
        cudaGetDeviceProperties(&p, c.nCudaDeviceId);
        c.nMultiProcessorCount = p.multiProcessorCount;
        c.nMaxThreadsPerMultiProcessor = p.maxThreadsPerMultiProcessor;
        c.nMaxThreadsPerBlock = p.maxThreadsPerBlock;
        c.nSharedMemPerBlock = p.sharedMemPerBlock;
        c.nCudaDevAttrComputeCapabilityMajor = p.major;
        c.nCudaDevAttrComputeCapabilityMinor = p.minor;
        c.nStreamFlags = 0;
        return c;
    }

    void* core_ = nullptr;
    void* lib_ = nullptr;
    BufferSizeFn bufferSize_ = nullptr;
    FilterFn filter_ = nullptr;
    StreamContext context_{};
    std::string error_;
};

}  // namespace xrayprep::gpu::test

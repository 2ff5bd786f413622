// libFuzzer target for the DICOM loader: every input must load or fail with a DicomError;
// anything else (another exception, a crash, a sanitizer report, a hang, a huge allocation)
// is a finding. The bytes go through a file because the reader's contract is a path (the
// pre-scan, DCMTK's loadFile and its lazy loading of large elements all read from the file);
// the file lives in /dev/shm when there is one, so the round trip costs microseconds.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>

#include "dicom/DatasetScanner.h"
#include "dicom/DicomFileProbe.h"
#include "dicom/DicomReader.h"

namespace {

std::filesystem::path inputPath() {
    std::error_code ec;
    std::filesystem::path dir = "/dev/shm";
    if (!std::filesystem::is_directory(dir, ec)) dir = std::filesystem::temp_directory_path();
    return dir / ("xrayprep-fuzz-" + std::to_string(::getpid()) + ".dcm");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xrayprep::dicom;
    static const std::filesystem::path file = inputPath();
    {
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    // The folder-scan probe and the in-memory pre-scan on their own (with an element limit,
    // as the probe uses it), then the full reader.
    (void)isLikelyDicomFile(file);
    DatasetScanLimits probeLimits;
    probeLimits.maxTopLevelElements = 6;
    probeLimits.maxInflatedBytes = 16 << 20;
    (void)DatasetScanner(probeLimits)(std::span<const std::uint8_t>(data, size));
    // The last byte picks the frame now and then, so multi-frame paths and the range check run.
    const int frame = size > 0 && data[size - 1] % 8 == 7 ? 1 : 0;
    try {
        const LoadedImage image = DicomReader{}(file, ReadOptions{frame});
        if (image.image.empty()) __builtin_trap();  // a loaded image always has pixels
    } catch (const DicomError&) {
        // The expected way to fail: anything else escapes and libFuzzer reports it.
    }
    return 0;
}

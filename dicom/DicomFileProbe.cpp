#include "dicom/DicomFileProbe.h"

#include <cstdint>
#include <fstream>
#include <vector>

#include "dicom/DatasetScanner.h"

namespace xrayprep::dicom {

bool isLikelyDicomFile(const std::filesystem::path& file) {
    try {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(file, ec) || ec) return false;
        constexpr std::size_t kProbeBytes = 64 * 1024;
        std::ifstream in(file, std::ios::binary);
        if (!in) return false;
        std::vector<std::uint8_t> head(kProbeBytes);
        in.read(reinterpret_cast<char*>(head.data()), static_cast<std::streamsize>(head.size()));
        head.resize(static_cast<std::size_t>(in.gcount()));
        const bool whole = head.size() < kProbeBytes;
        if (head.size() >= 132 && head[128] == 'D' && head[129] == 'I' && head[130] == 'C' &&
            head[131] == 'M') {
            return true;
        }
        constexpr std::size_t kElements = 6;
        DatasetScanLimits limits;
        limits.maxTopLevelElements = kElements;
        limits.maxInflatedBytes = 16 << 20;
        const DatasetScanResult scan = DatasetScanner(limits)(head);
        if (scan.hasMetaHeader) return true;
        // A bare dataset: the first groups are small and the first few elements must parse;
        // only a file shorter than the probe may end before that.
        if (head.size() < 8) return false;
        const unsigned firstGroupLe = head[0] | (head[1] << 8);
        const unsigned firstGroupBe = (head[0] << 8) | head[1];
        const unsigned firstGroup = firstGroupLe < firstGroupBe ? firstGroupLe : firstGroupBe;
        if (firstGroup > 0x0028 || !scan.tagsAscending) return false;
        if (scan.stoppedAtElementLimit) return true;
        return whole && scan.complete && scan.topLevelElements >= 2;
    } catch (...) {
        return false;
    }
}

}  // namespace xrayprep::dicom

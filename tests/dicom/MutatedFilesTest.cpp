// Damaged copies of real files (truncated, bytes overwritten, mostly in the header) must load
// or fail with a DicomError, never crash or throw anything else. Deterministic mutations.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <random>

#include "DicomTestSupport.h"
#include "dicom/DicomReader.h"

namespace xrayprep::dicom {
namespace {

std::vector<char> readAll(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

TEST(MutatedFiles, LoadOrFailCleanly) {
    XRAYPREP_SKIP_WITHOUT_CORPUS();
    test::TempDir dir;
    const auto damaged = dir / "damaged.dcm";
    int loaded = 0, rejected = 0;
    for (const char* name : {"pydicom/CT_small.dcm", "fo-dicom/CR-MONO1-10-chest",
                             "nema-wg04/RG3_JPLY.dcm", "pydicom/J2K_pixelrep_mismatch.dcm",
                             "pydicom/image_dfl.dcm", "pydicom/MR_small_bigendian.dcm"}) {
        const std::vector<char> original = readAll(test::corpusDir() / name);
        ASSERT_FALSE(original.empty()) << name;
        for (unsigned seed = 0; seed < 40; ++seed) {
            std::mt19937 rng(seed);
            std::vector<char> bytes = original;
            if (seed % 4 == 0) {
                bytes.resize(rng() % bytes.size());
            } else {
                const std::size_t range =
                    seed % 2 ? std::min<std::size_t>(bytes.size(), 2048) : bytes.size();
                const unsigned count = 1 + rng() % (seed % 4 == 3 ? 64 : 8);
                for (unsigned k = 0; k < count; ++k) {
                    bytes[rng() % range] = seed % 4 == 2 ? char(0xFF) : char(rng());
                }
            }
            std::ofstream(damaged, std::ios::binary | std::ios::trunc)
                .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
            try {
                const LoadedImage img = DicomReader{}(damaged);
                EXPECT_FALSE(img.image.empty());
                ++loaded;
            } catch (const DicomError& e) {
                EXPECT_NE(std::string(e.what()).find("damaged.dcm"), std::string::npos);
                ++rejected;
            } catch (const std::exception& e) {
                ADD_FAILURE() << name << " seed " << seed << ": " << e.what();
            }
        }
    }
    std::cout << "  damaged copies: " << loaded << " loaded, " << rejected << " rejected\n";
}

}  // namespace
}  // namespace xrayprep::dicom

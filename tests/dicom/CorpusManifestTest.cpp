// Every file of the shared corpus behaves as MANIFEST.tsv's `expect` column says: ok -> loads
// with the manifest's size, bits and frames; fail -> DicomError naming the file; any -> either.
// Anything else (another exception type, a crash) fails the test binary.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "DicomTestSupport.h"
#include "dicom/DicomFileProbe.h"
#include "dicom/DicomReader.h"

namespace xrayprep::dicom {
namespace {

struct ManifestRow {
    std::map<std::string, std::string> fields;
    const std::string& operator[](const std::string& k) const { return fields.at(k); }
};

std::vector<ManifestRow> readManifest() {
    std::ifstream in(test::corpusDir() / "MANIFEST.tsv");
    std::vector<std::string> header;
    std::vector<ManifestRow> rows;
    std::string line;
    const auto split = [](const std::string& s) {
        std::vector<std::string> cells;
        std::stringstream ss(s);
        std::string cell;
        while (std::getline(ss, cell, '\t')) cells.push_back(cell);
        if (!s.empty() && s.back() == '\t') cells.emplace_back();
        return cells;
    };
    if (std::getline(in, line)) header = split(line);
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        const auto cells = split(line);
        ManifestRow row;
        for (std::size_t i = 0; i < header.size(); ++i) {
            row.fields[header[i]] = i < cells.size() ? cells[i] : "";
        }
        rows.push_back(row);
    }
    return rows;
}

int toInt(const std::string& s, int fallback) {
    try {
        return s.empty() ? fallback : std::stoi(s);
    } catch (const std::exception&) {
        return fallback;
    }
}

TEST(CorpusManifest, EveryFileBehavesAsExpected) {
    XRAYPREP_SKIP_WITHOUT_CORPUS();
    const auto rows = readManifest();
    ASSERT_GE(rows.size(), 50u);
    int loaded = 0, rejected = 0;
    for (const ManifestRow& row : rows) {
        const std::string& name = row["file"];
        const std::string& expect = row["expect"];
        SCOPED_TRACE(name + " (expect " + expect + ")");
        const auto path = test::corpusDir() / name;
        ASSERT_TRUE(std::filesystem::exists(path));
        const auto start = std::chrono::steady_clock::now();
        try {
            const LoadedImage img = DicomReader{}(path);
            const double ms =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                    .count();
            ++loaded;
            std::cout << "  loaded   " << name << "  " << img.image.width() << "x"
                      << img.image.height() << " bits " << img.image.bitsStored() << "  " << ms
                      << " ms\n";
            EXPECT_NE(expect, "fail") << "loaded a file that must be rejected";
            if (expect != "ok") continue;
            EXPECT_EQ(img.image.height(), toInt(row["rows"], -1));
            EXPECT_EQ(img.image.width(), toInt(row["columns"], -1));
            EXPECT_EQ(img.image.bitsStored(), toInt(row["bits_stored"], -1));
            EXPECT_EQ(img.metadata.frameCount, toInt(row["frames"], 1));
            EXPECT_EQ(img.metadata.photometric == processing::Photometric::Monochrome1,
                      row["photometric"] == "MONOCHROME1");
            EXPECT_EQ(img.image.size(),
                      static_cast<std::size_t>(img.image.width()) * img.image.height());
            // Stored values never exceed the bit depth.
            const auto maxValue = img.image.maxValue();
            std::size_t over = 0;
            for (auto v : img.image.pixels()) over += v > maxValue;
            EXPECT_EQ(over, 0u);
        } catch (const DicomError& e) {
            ++rejected;
            std::cout << "  rejected " << e.what() << "\n";
            EXPECT_NE(expect, "ok") << e.what();
            EXPECT_NE(std::string(e.what()).find(path.filename().string()), std::string::npos)
                << e.what();
            EXPECT_FALSE(e.reason().empty());
        } catch (const std::exception& e) {
            ADD_FAILURE() << "unexpected exception type: " << e.what();
        }
    }
    std::cout << "  corpus: " << loaded << " loaded, " << rejected << " rejected\n";
}

TEST(CorpusManifest, EveryCorpusFileLooksLikeDicomExceptTheNoMetaBrokenOnes) {
    XRAYPREP_SKIP_WITHOUT_CORPUS();
    for (const ManifestRow& row : readManifest()) {
        const std::string& name = row["file"];
        const bool expectDicom = name != "pydicom/no_meta.dcm";  // garbage after 1 element
        EXPECT_EQ(isLikelyDicomFile(test::corpusDir() / name), expectDicom) << name;
    }
    EXPECT_FALSE(isLikelyDicomFile(test::corpusDir() / "MANIFEST.tsv"));
    EXPECT_FALSE(isLikelyDicomFile(test::corpusDir() / "README.md"));
    EXPECT_FALSE(isLikelyDicomFile(test::corpusDir()));
    EXPECT_FALSE(isLikelyDicomFile(test::corpusDir() / "does-not-exist.dcm"));
}

TEST(DicomFileProbe, RejectsNonDicomBytes) {
    test::TempDir dir;
    test::writeBytes(dir / "empty", {});
    test::writeBytes(dir / "png", {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13});
    test::Bytes text;
    text.text("Hello, this is not a DICOM file at all.\nJust some words.\n");
    test::writeBytes(dir / "text.txt", text.data);
    EXPECT_FALSE(isLikelyDicomFile(dir / "empty"));
    EXPECT_FALSE(isLikelyDicomFile(dir / "png"));
    EXPECT_FALSE(isLikelyDicomFile(dir / "text.txt"));
    test::Bytes bare;
    bare.shortElement(0x0008, 0x0016, "UI", "1.2.840.10008.5.1.4.1.1.7");
    bare.shortElement(0x0008, 0x0060, "CS", "OT");
    test::writeBytes(dir / "bare", bare.data);
    EXPECT_TRUE(isLikelyDicomFile(dir / "bare"));
}

}  // namespace
}  // namespace xrayprep::dicom

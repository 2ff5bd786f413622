// The derived (masked) DICOM export: descriptions, UIDs, restored photometric, and the
// PS3.15 Annex E basic de-identification, read back with DCMTK and from the raw bytes.
#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcitem.h>
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "DicomTestSupport.h"
#include "dicom/Deidentifier.h"
#include "dicom/DicomWriter.h"

namespace xrayprep::dicom {
namespace {

using processing::Image;
using processing::ImageMetadata;
using processing::Photometric;

Image pattern() {
    Image img(40, 30, 12);
    for (int y = 0; y < 30; ++y) {
        for (int x = 0; x < 40; ++x)
            img.at(x, y) = static_cast<std::uint16_t>((x * 97 + y * 31) % 4096);
    }
    return img;
}

ImageMetadata sourceMetadata() {
    ImageMetadata m;
    m.photometric = Photometric::Monochrome1;
    m.spacing = processing::PixelSpacing{0.1, 0.1, "PixelSpacing"};
    m.headerFields = {{"Modality", "DX"},
                      {"PatientName", "Doe^Jane"},
                      {"PatientID", "ID-42"},
                      {"PatientBirthDate", "19700101"},
                      {"PatientSex", "F"},
                      {"PatientAge", "054Y"},
                      {"AccessionNumber", "ACC-777"},
                      {"InstitutionName", "St Elsewhere Hospital"},
                      {"ReferringPhysicianName", "House^Gregory"},
                      {"OperatorsName", "Tech^Tom"},
                      {"StudyDate", "20240102"},
                      {"StudyTime", "101112"},
                      {"SeriesDate", "20240102"},
                      {"StudyDescription", "FOOT 2 VIEWS Doe"},
                      {"BodyPartExamined", "FOOT"},
                      {"SOPClassUID", "1.2.840.10008.5.1.4.1.1.1.1"},
                      {"SOPInstanceUID", "1.2.3.4.5"},
                      {"StudyInstanceUID", "1.2.3.99"}};
    return m;
}

struct Written {
    DcmFileFormat file;
    DcmDataset& ds() { return *file.getDataset(); }
    std::string text(const DcmTagKey& tag) {
        OFString v;
        ds().findAndGetOFStringArray(tag, v);
        return v.c_str();
    }
    bool has(const DcmTagKey& tag) { return ds().tagExists(tag); }
};

void load(Written& w, const std::filesystem::path& path) {
    ASSERT_TRUE(w.file.loadFile(path.c_str()).good());
}

std::string rawBytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

TEST(DerivedDicom, MaskedImageKeepsTheSourceStoredValuesAndSaysWhatWasDone) {
    test::TempDir dir;
    const Image original = pattern();
    const ImageMetadata meta = sourceMetadata();
    // The "source file": the original written in its own (MONOCHROME1) convention.
    DicomWriter{}(original, meta, dir / "source.dcm");
    Written source;
    load(source, dir / "source.dcm");
    const Uint16* sourcePixels = nullptr;
    ASSERT_TRUE(source.ds().findAndGetUint16Array(DCM_PixelData, sourcePixels).good());

    Image final = processing::makeImageLike(original, 0);
    for (int y = 5; y < 20; ++y) {
        for (int x = 8; x < 30; ++x) final.at(x, y) = original.at(x, y);
    }
    DicomWriteOptions options;
    options.seriesDescription = "xrayprep bone mask";
    options.derivationDescription = "xrayprep bone mask: median 19, valley threshold, chan-vese";
    DicomWriter{options}(final, meta, dir / "final.dcm");
    Written w;
    load(w, dir / "final.dcm");
    EXPECT_EQ(w.text(DCM_PhotometricInterpretation), "MONOCHROME1");
    EXPECT_EQ(w.text(DCM_ImageType), "DERIVED\\SECONDARY");
    EXPECT_EQ(w.text(DCM_SeriesDescription), "xrayprep bone mask");
    EXPECT_EQ(w.text(DCM_DerivationDescription), options.derivationDescription);
    EXPECT_NE(w.text(DCM_SOPInstanceUID), "1.2.3.4.5");
    EXPECT_NE(w.text(DCM_SOPInstanceUID), source.text(DCM_SOPInstanceUID));
    EXPECT_NE(w.text(DCM_SeriesInstanceUID), source.text(DCM_SeriesInstanceUID));
    EXPECT_EQ(w.text(DCM_StudyInstanceUID), "1.2.3.99");  // same study, not anonymised
    EXPECT_EQ(w.text(DCM_PatientName), "Doe^Jane");
    DcmItem* ref = nullptr;
    ASSERT_TRUE(w.ds().findAndGetSequenceItem(DCM_SourceImageSequence, ref, 0).good());
    OFString refUid;
    ref->findAndGetOFString(DCM_ReferencedSOPInstanceUID, refUid);
    EXPECT_EQ(std::string(refUid.c_str()), "1.2.3.4.5");
    const Uint16* pixels = nullptr;
    ASSERT_TRUE(w.ds().findAndGetUint16Array(DCM_PixelData, pixels).good());
    for (int y = 0; y < 30; ++y) {
        for (int x = 0; x < 40; ++x) {
            const std::size_t i = static_cast<std::size_t>(y) * 40 + x;
            const bool inside = y >= 5 && y < 20 && x >= 8 && x < 30;
            // Inside: the source file's stored value; outside: bone-bright 0 in MONOCHROME1.
            ASSERT_EQ(pixels[i], inside ? sourcePixels[i] : 4095) << x << "," << y;
        }
    }
}

TEST(DerivedDicom, AnonymisedFollowsTheBasicProfile) {
    test::TempDir dir;
    UidMapper uids;
    DicomWriteOptions options;
    options.anonymize = true;
    options.uidMapper = &uids;
    options.derivationDescription = "xrayprep bone mask";
    DicomWriter{options}(pattern(), sourceMetadata(), dir / "a.dcm");
    DicomWriter{options}(pattern(), sourceMetadata(), dir / "b.dcm");
    Written a, b;
    load(a, dir / "a.dcm");
    load(b, dir / "b.dcm");
    EXPECT_EQ(a.text(DCM_PatientName), "ANONYMOUS");
    EXPECT_EQ(a.text(DCM_PatientID), "ANONYMOUS");
    for (const DcmTagKey& emptied : {DCM_PatientBirthDate, DCM_PatientSex, DCM_AccessionNumber,
                                     DCM_ReferringPhysicianName, DCM_StudyDate, DCM_StudyTime}) {
        EXPECT_TRUE(a.has(emptied)) << DcmTag(emptied).getTagName();
        EXPECT_EQ(a.text(emptied), "") << DcmTag(emptied).getTagName();
    }
    for (const DcmTagKey& removed :
         {DCM_PatientAge, DCM_InstitutionName, DCM_OperatorsName, DCM_SeriesDate,
          DCM_StudyDescription, DCM_InstanceCreationDate, DCM_InstanceCreationTime}) {
        EXPECT_FALSE(a.has(removed)) << DcmTag(removed).getTagName();
    }
    EXPECT_EQ(a.text(DCM_PatientIdentityRemoved), "YES");
    EXPECT_EQ(a.text(DCM_DeidentificationMethod), Deidentifier::kMethod);
    DcmItem* code = nullptr;
    ASSERT_TRUE(
        a.ds().findAndGetSequenceItem(DCM_DeidentificationMethodCodeSequence, code, 0).good());
    OFString codeValue;
    code->findAndGetOFString(DCM_CodeValue, codeValue);
    EXPECT_EQ(std::string(codeValue.c_str()), "113100");
    // UIDs replaced, consistently through one mapper.
    EXPECT_NE(a.text(DCM_StudyInstanceUID), "1.2.3.99");
    EXPECT_EQ(a.text(DCM_StudyInstanceUID), b.text(DCM_StudyInstanceUID));
    EXPECT_NE(a.text(DCM_SOPInstanceUID), b.text(DCM_SOPInstanceUID));
    DcmItem* ref = nullptr;
    ASSERT_TRUE(a.ds().findAndGetSequenceItem(DCM_SourceImageSequence, ref, 0).good());
    OFString refUid;
    ref->findAndGetOFString(DCM_ReferencedSOPInstanceUID, refUid);
    EXPECT_NE(std::string(refUid.c_str()), "1.2.3.4.5");
    // What is kept: modality, body part, our own derivation text, the pixels' convention.
    EXPECT_EQ(a.text(DCM_Modality), "DX");
    EXPECT_EQ(a.text(DCM_BodyPartExamined), "FOOT");
    EXPECT_EQ(a.text(DCM_DerivationDescription), "xrayprep bone mask");
    EXPECT_EQ(a.text(DCM_PhotometricInterpretation), "MONOCHROME1");
    // No identifying text anywhere in the file.
    const std::string bytes = rawBytes(dir / "a.dcm");
    for (const char* secret : {"Doe", "ID-42", "19700101", "054Y", "ACC-777", "Elsewhere", "House",
                               "Tech^Tom", "20240102", "1.2.3.99", "1.2.3.4.5"}) {
        EXPECT_EQ(bytes.find(secret), std::string::npos) << secret;
    }
    // Another mapper (another run) gives another study UID.
    DicomWriteOptions other = options;
    UidMapper otherUids;
    other.uidMapper = &otherUids;
    DicomWriter{other}(pattern(), sourceMetadata(), dir / "c.dcm");
    Written c;
    load(c, dir / "c.dcm");
    EXPECT_NE(c.text(DCM_StudyInstanceUID), a.text(DCM_StudyInstanceUID));
}

TEST(DerivedDicom, RefusesToWriteOverTheInputAndLeavesNoTemporary) {
    test::TempDir dir;
    const auto input = dir / "input.dcm";
    { std::ofstream(input) << "original"; }
    DicomWriteOptions options;
    options.protectedPaths = {input};
    EXPECT_THROW(DicomWriter{options}(pattern(), sourceMetadata(), input), DicomError);
    EXPECT_EQ(rawBytes(input), "original");
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"input.dcm"});
}

TEST(DerivedDicom, ReportsTheToolkitVersion) {
    EXPECT_EQ(DicomWriter::toolkitVersion().rfind("3.", 0), 0u);
}

}  // namespace
}  // namespace xrayprep::dicom

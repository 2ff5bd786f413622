// Privacy: patient-identifying header data (name, ID, birth date, other names, address,
// institution, physicians, accession number, study ID, UIDs) never reaches the logs, the run
// report or any export file. The derived DICOM is the one exception without --anonymize (it is
// an image of the same patient and says so); with --anonymize it follows the PS3.15 basic
// profile for the attributes present.
#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include "io/FileBytes.h"
#include "tests/app/CliProcess.h"
#include "tests/support/TempDir.h"

namespace fs = std::filesystem;
using xrayprep::test_support::runCliProcess;

namespace {

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// The identifiers found in `bytes` (case-insensitive).
std::vector<std::string> leaks(const std::string& bytes, const std::vector<std::string>& secrets) {
    const std::string haystack = lower(bytes);
    std::vector<std::string> found;
    for (const auto& s : secrets) {
        if (haystack.find(lower(s)) != std::string::npos) found.push_back(s);
    }
    return found;
}

std::string fileText(const fs::path& p) {
    const auto bytes = xrayprep::io::readFileBytes(p);
    return std::string(bytes.begin(), bytes.end());
}

// Every file below `folder` (and `extra`) scanned; returns "file: identifier" for each leak.
std::vector<std::string> scanOutputs(const fs::path& folder, const std::vector<fs::path>& extra,
                                     const std::vector<std::string>& secrets,
                                     const std::vector<std::string>& except = {}) {
    std::vector<fs::path> files = extra;
    for (const auto& e : fs::recursive_directory_iterator(folder))
        if (e.is_regular_file()) files.push_back(e.path());
    std::vector<std::string> found;
    for (const auto& f : files) {
        if (std::find(except.begin(), except.end(), f.filename().string()) != except.end())
            continue;
        for (const auto& s : leaks(fileText(f), secrets)) found.push_back(f.string() + ": " + s);
    }
    return found;
}

std::string tagValue(DcmDataset& ds, const DcmTagKey& tag) {
    OFString v;
    if (ds.findAndGetOFStringArray(tag, v).bad()) return {};
    return v.c_str();
}

// A run that exports everything, with the report and every stage; returns the log.
std::string exportAll(const fs::path& input, const fs::path& out, const fs::path& report,
                      bool anonymize) {
    std::vector<std::string> a = {"run",
                                  input.string(),
                                  "--out",
                                  out.string(),
                                  "--report",
                                  report.string(),
                                  "--export",
                                  "all",
                                  "--save-stages",
                                  "--set",
                                  "median.size=5",
                                  "--set",
                                  "esf.iterations=20"};
    if (anonymize) a.push_back("--anonymize");
    const auto r = runCliProcess(a);
    EXPECT_TRUE(xrayprep::test_support::everyInputProcessed(r.exitCode)) << r.output;
    return r.output;
}

}  // namespace

TEST(PrivacyCli, PatientDataReachesNoLogReportOrExportAndTheAnonymisedDicomFollowsTheProfile) {
    xrayprep::test_support::TempDir dir;
    const fs::path dcm = dir / "case.dcm";
    ASSERT_EQ(runCliProcess({"phantom", "--out", dcm.string(), "--size", "320x256"}).exitCode, 0);
    // A patient with identifiers that cannot occur by chance.
    DcmFileFormat file;
    ASSERT_TRUE(file.loadFile(dcm.c_str()).good());
    DcmDataset& src = *file.getDataset();
    const std::vector<std::pair<DcmTagKey, std::string>> identifying = {
        {DCM_PatientName, "Zzyzxq^Quentina^Privacy"},
        {DCM_PatientID, "PID8675309Q"},
        {DCM_PatientBirthDate, "19370415"},
        {DCM_OtherPatientNames, "Qzyzxq^Alias"},
        {DCM_PatientAddress, "12 Secretq Lane"},
        {DCM_InstitutionName, "Clinicq Of Privacy"},
        {DCM_ReferringPhysicianName, "Docq^Secretive"},
        {DCM_OperatorsName, "Opq^Hiddenq"},
        {DCM_AccessionNumber, "ACC55501Q"},
        {DCM_StudyID, "SIDQ777"},
        {DCM_StudyDescription, "Foot of Zzyzxq"},
        {DCM_BurnedInAnnotation, "YES"},
    };
    for (const auto& [tag, value] : identifying)
        ASSERT_TRUE(src.putAndInsertString(tag, value.c_str()).good());
    ASSERT_TRUE(file.loadAllDataIntoMemory().good());  // saved over the file it came from
    ASSERT_TRUE(file.saveFile(dcm.c_str(), EXS_LittleEndianExplicit).good());
    std::vector<std::string> secrets = {"Zzyzxq",  "Quentina",  "PID8675309Q", "19370415",
                                        "Qzyzxq",  "Secretq",   "Clinicq",     "Secretive",
                                        "Hiddenq", "ACC55501Q", "SIDQ777"};
    // The source's UIDs: the profile replaces them.
    for (const DcmTagKey& tag : {DCM_StudyInstanceUID, DCM_SeriesInstanceUID, DCM_SOPInstanceUID}) {
        const std::string uid = tagValue(src, tag);
        ASSERT_FALSE(uid.empty());
        secrets.push_back(uid);
    }

    // Without --anonymize: nothing but the derived DICOM files (the image and the
    // segmentation, which references the source instance) names the patient.
    const std::string log = exportAll(dcm, dir / "plain", dir / "plain.json", false);
    EXPECT_EQ(leaks(log, secrets), std::vector<std::string>{}) << log;
    EXPECT_EQ(scanOutputs(dir / "plain", {dir / "plain.json"}, secrets, {"final.dcm", "seg.dcm"}),
              std::vector<std::string>{});
    ASSERT_TRUE(fs::is_regular_file(dir / "plain" / "case" / "seg.dcm"));
    DcmFileFormat plain;
    ASSERT_TRUE(plain.loadFile((dir / "plain" / "case" / "final.dcm").c_str()).good());
    EXPECT_EQ(tagValue(*plain.getDataset(), DCM_PatientName), "Zzyzxq^Quentina^Privacy");
    EXPECT_EQ(tagValue(*plain.getDataset(), DCM_PatientID), "PID8675309Q");
    // Issue 14: the derived image joins the source's study (same Study Instance UID), so the
    // study's identification goes with it; it was dropped while the UID was kept.
    const std::string sourceStudy = tagValue(src, DCM_StudyInstanceUID);
    EXPECT_EQ(tagValue(*plain.getDataset(), DCM_StudyInstanceUID), sourceStudy);
    EXPECT_EQ(tagValue(*plain.getDataset(), DCM_AccessionNumber), "ACC55501Q");
    EXPECT_EQ(tagValue(*plain.getDataset(), DCM_StudyID), "SIDQ777");
    EXPECT_EQ(tagValue(*plain.getDataset(), DCM_ReferringPhysicianName), "Docq^Secretive");
    EXPECT_EQ(tagValue(*plain.getDataset(), DCM_InstitutionName), "Clinicq Of Privacy");

    // With --anonymize: not even there (seg.dcm's references to the source included).
    const std::string anonLog = exportAll(dcm, dir / "anon", dir / "anon.json", true);
    EXPECT_EQ(leaks(anonLog, secrets), std::vector<std::string>{}) << anonLog;
    EXPECT_EQ(scanOutputs(dir / "anon", {dir / "anon.json"}, secrets), std::vector<std::string>{});
    ASSERT_TRUE(fs::is_regular_file(dir / "anon" / "case" / "seg.dcm"));
    DcmFileFormat anon;
    ASSERT_TRUE(anon.loadFile((dir / "anon" / "case" / "final.dcm").c_str()).good());
    DcmDataset& ds = *anon.getDataset();
    EXPECT_EQ(tagValue(ds, DCM_PatientIdentityRemoved), "YES");
    EXPECT_FALSE(tagValue(ds, DCM_DeidentificationMethod).empty());
    EXPECT_EQ(tagValue(ds, DCM_PatientName), "ANONYMOUS");
    EXPECT_EQ(tagValue(ds, DCM_PatientID), "ANONYMOUS");
    EXPECT_EQ(tagValue(ds, DCM_PatientBirthDate), "");
    for (const DcmTagKey& tag :
         {DCM_OtherPatientNames, DCM_PatientAddress, DCM_InstitutionName, DCM_OperatorsName}) {
        EXPECT_FALSE(ds.tagExists(tag)) << DcmTag(tag).getTagName();
    }
    EXPECT_EQ(tagValue(ds, DCM_AccessionNumber), "");
    EXPECT_EQ(tagValue(ds, DCM_StudyID), "");
    EXPECT_EQ(tagValue(ds, DCM_ReferringPhysicianName), "");
    EXPECT_FALSE(tagValue(ds, DCM_StudyInstanceUID).empty());
    // The derived pixels are the source's: text burned into them is still there (both files).
    EXPECT_EQ(tagValue(ds, DCM_BurnedInAnnotation), "YES");
    EXPECT_EQ(tagValue(*plain.getDataset(), DCM_BurnedInAnnotation), "YES");
}

TEST(PrivacyCli, ARealCorpusFileKeepsItsPatientDataOutOfEveryOutput) {
    const fs::path source =
        fs::path(XRAYPREP_SHARED_DATA_DIR) / "orthanc-tests" / "KarstenHilbertRF.dcm";
    if (!fs::exists(source)) GTEST_SKIP() << "no ../shared/data/dicom here";
    DcmFileFormat file;
    ASSERT_TRUE(file.loadFile(source.c_str()).good());
    std::vector<std::string> secrets;
    for (const DcmTagKey& tag :
         {DCM_PatientName, DCM_PatientID, DCM_PatientBirthDate, DCM_InstitutionName,
          DCM_ReferringPhysicianName, DCM_StudyInstanceUID, DCM_SOPInstanceUID}) {
        const std::string v = tagValue(*file.getDataset(), tag);
        if (v.size() >= 5) secrets.push_back(v);  // shorter values could match by chance
    }
    ASSERT_GE(secrets.size(), 4u);
    xrayprep::test_support::TempDir dir;
    const std::string log = exportAll(source, dir / "out", dir / "run.json", true);
    EXPECT_EQ(leaks(log, secrets), std::vector<std::string>{}) << log;
    EXPECT_EQ(scanOutputs(dir / "out", {dir / "run.json"}, secrets), std::vector<std::string>{});
}

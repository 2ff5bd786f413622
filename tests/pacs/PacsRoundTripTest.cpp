// Issue 15's whole loop through the command line against a private Orthanc: a radiograph
// uploaded through REST is found, retrieved (C-GET) into the cache, segmented with the derived
// image and the DICOM Segmentation exported, both stored back (C-STORE), and read back through
// Orthanc's REST API: same study as the source, the SEG's and the derived image's references
// naming the source instance. Expected values come from REST and DCMTK, not from our client.
#include <gtest/gtest.h>

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>

#include <filesystem>
#include <string>

#include "processing/util/Json.h"
#include "tests/app/CliProcess.h"
#include "tests/pacs/LoopbackHttp.h"
#include "tests/pacs/OrthancCorpus.h"
#include "tests/support/TempDir.h"

namespace fs = std::filesystem;
using xrayprep::processing::Json;
using xrayprep::processing::parseJson;

namespace xrayprep::test_support {
namespace {

constexpr const char* kSegmentationStorage = "1.2.840.10008.5.1.4.1.1.66.4";

std::string sopInstanceUidOf(const fs::path& file) {
    DcmFileFormat format;
    if (format.loadFile(file.c_str()).bad()) return {};
    OFString uid;
    format.getDataset()->findAndGetOFString(DCM_SOPInstanceUID, uid);
    return uid.c_str();
}

// The simplified tags of the instance Orthanc holds with this SOP Instance UID (null if none).
Json storedInstance(const OrthancServer& server, const std::string& sopUid) {
    const HttpResponse lookup = httpRequest(server.httpPort(), "POST", "/tools/lookup", sopUid);
    if (lookup.status != 200) return Json();
    const Json found = parseJson(lookup.body);
    for (const auto& f : found) {
        if (f.value("Type", "") == "Instance") {
            return parseJson(
                restGet(server, "/instances/" + f.value("ID", "") + "/simplified-tags"));
        }
    }
    return Json();
}

// The first item's `key` of sequence `sequence` in simplified tags ("" when absent).
std::string firstItemValue(const Json& tags, const std::string& sequence, const std::string& key) {
    if (!tags.contains(sequence) || !tags[sequence].is_array() || tags[sequence].empty()) return {};
    return tags[sequence][0].value(key, "");
}

std::vector<std::string> nodeArgs(const OrthancServer& server, const std::string& command) {
    return {"pacs",         command,
            "--host",       "127.0.0.1",
            "--port",       std::to_string(server.dicomPort()),
            "--called-aet", OrthancServer::kAet,
            "--timeout",    "10"};
}

TEST(PacsRoundTrip, RetrieveSegmentAndStoreTheResultsBackIntoTheSourceStudy) {
    if (!fs::exists(kOrthancPath)) GTEST_SKIP() << kOrthancPath << " is absent";
    OrthancServer server;
    server.start();
    TempDir work("xrayprep-pacs-roundtrip");
    const UploadedInstance source =
        uploadThroughRest(server, corpusOrGenerated(work.path()).front());

    // find by patient ID, then get the study into the cache.
    auto find = nodeArgs(server, "find");
    find.insert(find.end(), {"--patient-id", source.patientId, "--json"});
    const CliResult found = runCliProcess(find);
    ASSERT_EQ(found.exitCode, 0) << found.output;
    ASSERT_EQ(parseJson(found.output).at(0).value("studyInstanceUid", ""), source.studyUid);
    const fs::path cache = work.path() / "cache";
    auto get = nodeArgs(server, "get");
    get.insert(get.end(), {"--study-uid", source.studyUid, "--cache", cache.string()});
    const CliResult got = runCliProcess(get);
    ASSERT_EQ(got.exitCode, 0) << got.output;
    const fs::path retrieved =
        cache / source.studyUid / source.seriesUid / (source.sopUid + ".dcm");
    ASSERT_TRUE(fs::exists(retrieved)) << got.output;

    // The pipeline on the retrieved file: the derived image and the SEG.
    const fs::path out = work.path() / "out";
    const CliResult run =
        runCliProcess({"run", retrieved.string(), "--out", out.string(), "--export", "dicom,seg"});
    ASSERT_TRUE(everyInputProcessed(run.exitCode)) << run.output;
    const fs::path results = out / source.sopUid;
    const fs::path derived = results / "final.dcm", seg = results / "seg.dcm";
    ASSERT_TRUE(fs::exists(derived) && fs::exists(seg)) << run.output;

    auto store = nodeArgs(server, "store");
    store.insert(store.end(), {derived.string(), seg.string()});
    const CliResult stored = runCliProcess(store);
    ASSERT_EQ(stored.exitCode, 0) << stored.output;

    // Read back through REST.
    const Json segTags = storedInstance(server, sopInstanceUidOf(seg));
    ASSERT_TRUE(segTags.is_object()) << "the SEG is not in Orthanc: " << stored.output;
    EXPECT_EQ(segTags.value("SOPClassUID", ""), kSegmentationStorage);
    EXPECT_EQ(segTags.value("StudyInstanceUID", ""), source.studyUid);
    EXPECT_NE(segTags.value("SeriesInstanceUID", ""), source.seriesUid);
    ASSERT_TRUE(segTags.contains("ReferencedSeriesSequence")) << segTags.dump();
    const Json& series = segTags["ReferencedSeriesSequence"][0];
    EXPECT_EQ(series.value("SeriesInstanceUID", ""), source.seriesUid);
    EXPECT_EQ(firstItemValue(series, "ReferencedInstanceSequence", "ReferencedSOPInstanceUID"),
              source.sopUid);
    EXPECT_EQ(firstItemValue(segTags, "SegmentSequence", "SegmentLabel"), "Bone");

    const Json derivedTags = storedInstance(server, sopInstanceUidOf(derived));
    ASSERT_TRUE(derivedTags.is_object()) << "the derived image is not in Orthanc";
    EXPECT_EQ(derivedTags.value("StudyInstanceUID", ""), source.studyUid);
    EXPECT_EQ(firstItemValue(derivedTags, "SourceImageSequence", "ReferencedSOPInstanceUID"),
              source.sopUid);
    // The study now holds the source's series and the two new ones.
    const Json study = parseJson(restGet(server, "/studies/" + source.orthancStudyId));
    EXPECT_EQ(study.at("Series").size(), 3u) << study.dump();
}

}  // namespace
}  // namespace xrayprep::test_support

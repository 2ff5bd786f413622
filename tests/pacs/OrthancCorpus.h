#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/pacs/OrthancServer.h"

namespace xrayprep::test_support {

// One file uploaded through Orthanc's REST API (POST /instances), and what Orthanc says about
// it (GET /instances/{id}/simplified-tags): the expected values of the DICOM tests, obtained
// without the code under test.
struct UploadedInstance {
    std::filesystem::path file;
    std::string orthancId;
    std::string orthancStudyId;
    std::string studyUid;
    std::string seriesUid;
    std::string sopUid;
    std::string patientId;
    std::string modality;
};

// Small radiographs of ../shared/data/dicom (MANIFEST.tsv `xray` rows): two instances of one
// study (JPEG extended, JPEG-LS near-lossless) and one of another; empty when the folder or a
// file is absent.
std::vector<std::filesystem::path> corpusRadiographs();

// corpusRadiographs(), or where the corpus is absent one generated file (writeGeneratedDicom)
// written into `scratch`.
std::vector<std::filesystem::path> corpusOrGenerated(const std::filesystem::path& scratch);

// Throws std::runtime_error when Orthanc refuses the file.
UploadedInstance uploadThroughRest(const OrthancServer& server, const std::filesystem::path& file);

// GET `path` on the server's REST API, parsed; throws unless 200.
std::string restGet(const OrthancServer& server, const std::string& path);

// The pixel data of a DICOM file as stored: the fragments of encapsulated pixel data one after
// another (each preceded by its length), or the native bytes. Read with DCMTK's dcmdata.
std::vector<std::uint8_t> pixelDataBytes(const std::filesystem::path& file);

// A small Secondary Capture file made with dicom::DicomWriter (a gradient), for stores and for
// a corpus-less run.
void writeGeneratedDicom(const std::filesystem::path& file);

}  // namespace xrayprep::test_support

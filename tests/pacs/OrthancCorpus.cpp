#include "tests/pacs/OrthancCorpus.h"

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcpixel.h>
#include <dcmtk/dcmdata/dcpixseq.h>
#include <dcmtk/dcmdata/dcpxitem.h>

#include <stdexcept>

#include "dicom/DicomWriter.h"
#include "io/FileBytes.h"
#include "processing/util/Json.h"
#include "tests/pacs/LoopbackHttp.h"

namespace xrayprep::test_support {

std::vector<std::filesystem::path> corpusRadiographs() {
    const std::filesystem::path root = XRAYPREP_SHARED_DATA_DIR;
    std::vector<std::filesystem::path> files = {root / "nema-wg04/RG3_JPLY.dcm",
                                                root / "nema-wg04/RG3_JLSN.dcm",
                                                root / "pylibjpeg-data/RG2_JPLY_fixed.dcm"};
    for (const auto& f : files) {
        if (!std::filesystem::is_regular_file(f)) return {};
    }
    return files;
}

std::string restGet(const OrthancServer& server, const std::string& path) {
    const HttpResponse r = httpRequest(server.httpPort(), "GET", path);
    if (r.status != 200) {
        throw std::runtime_error("GET " + path + ": HTTP " + std::to_string(r.status));
    }
    return r.body;
}

std::vector<std::filesystem::path> corpusOrGenerated(const std::filesystem::path& scratch) {
    std::vector<std::filesystem::path> files = corpusRadiographs();
    if (files.empty()) {
        files.push_back(scratch / "generated.dcm");
        writeGeneratedDicom(files.back());
    }
    return files;
}

UploadedInstance uploadThroughRest(const OrthancServer& server, const std::filesystem::path& file) {
    const std::vector<std::uint8_t> bytes = io::readFileBytes(file);
    const HttpResponse r = httpRequest(server.httpPort(), "POST", "/instances",
                                       std::string(bytes.begin(), bytes.end()));
    if (r.status != 200) {
        throw std::runtime_error("POST /instances " + file.string() + ": HTTP " +
                                 std::to_string(r.status) + " " + r.body);
    }
    const processing::Json answer = processing::parseJson(r.body);
    UploadedInstance u;
    u.file = file;
    u.orthancId = answer.at("ID").get<std::string>();
    u.orthancStudyId = answer.at("ParentStudy").get<std::string>();
    const processing::Json tags =
        processing::parseJson(restGet(server, "/instances/" + u.orthancId + "/simplified-tags"));
    u.studyUid = tags.value("StudyInstanceUID", "");
    u.seriesUid = tags.value("SeriesInstanceUID", "");
    u.sopUid = tags.value("SOPInstanceUID", "");
    u.patientId = tags.value("PatientID", "");
    u.modality = tags.value("Modality", "");
    return u;
}

std::vector<std::uint8_t> pixelDataBytes(const std::filesystem::path& file) {
    DcmFileFormat fileFormat;
    if (fileFormat.loadFile(file.c_str()).bad()) {
        throw std::runtime_error("cannot read " + file.string());
    }
    DcmDataset& dataset = *fileFormat.getDataset();
    DcmElement* element = nullptr;
    if (dataset.findAndGetElement(DCM_PixelData, element).bad() || element == nullptr) {
        throw std::runtime_error("no pixel data in " + file.string());
    }
    std::vector<std::uint8_t> bytes;
    auto* pixelData = static_cast<DcmPixelData*>(element);
    DcmPixelSequence* fragments = nullptr;
    const E_TransferSyntax xfer = dataset.getOriginalXfer();
    if (DcmXfer(xfer).isEncapsulated() &&
        pixelData->getEncapsulatedRepresentation(xfer, nullptr, fragments).good() &&
        fragments != nullptr) {
        for (unsigned long i = 0; i < fragments->card(); ++i) {
            DcmPixelItem* item = nullptr;
            Uint8* data = nullptr;
            if (fragments->getItem(item, i).bad() || item->getUint8Array(data).bad()) {
                throw std::runtime_error("cannot read a fragment of " + file.string());
            }
            const Uint32 length = item->getLength();
            for (int b = 0; b < 4; ++b)
                bytes.push_back(static_cast<std::uint8_t>(length >> (8 * b)));
            if (data != nullptr) bytes.insert(bytes.end(), data, data + length);
        }
        return bytes;
    }
    Uint8* data = nullptr;
    if (element->getUint8Array(data).bad() || data == nullptr) {
        Uint16* words = nullptr;
        if (element->getUint16Array(words).bad() || words == nullptr) {
            throw std::runtime_error("cannot read the pixel data of " + file.string());
        }
        data = reinterpret_cast<Uint8*>(words);
    }
    bytes.assign(data, data + element->getLength());
    return bytes;
}

void writeGeneratedDicom(const std::filesystem::path& file) {
    processing::Image image(96, 64, 12, 0);
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x)
            image.at(x, y) = static_cast<std::uint16_t>(40 * x + y);
    }
    dicom::DicomWriteOptions options;
    options.seriesDescription = "xrayprep pacs test";
    dicom::DicomWriter{options}(image, processing::ImageMetadata{}, file);
}

}  // namespace xrayprep::test_support

#include "pacs/CacheWriter.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmnet/dimse.h>

#include <exception>

#include "dicom/Part10Encoding.h"
#include "io/AtomicFile.h"
#include "pacs/PacsQuery.h"
#include "processing/core/PrintableText.h"

namespace xrayprep::pacs {

namespace {

std::string stringOf(DcmDataset& dataset, const DcmTagKey& tag) {
    OFString value;
    dataset.findAndGetOFString(tag, value);
    return value.c_str();
}

// C-STORE status "Refused: Out of Resources" (PS3.4 B.2.3): the instance is not kept.
constexpr Uint16 kStoreRefused = 0xA700;
// "Error: Cannot understand": an instance whose UIDs we cannot use.
constexpr Uint16 kStoreCannotUnderstand = 0xC000;

}  // namespace

Uint16 CacheWriter::store(DcmDataset& dataset) {
    const std::string study = stringOf(dataset, DCM_StudyInstanceUID);
    const std::string series = stringOf(dataset, DCM_SeriesInstanceUID);
    const std::string instance = stringOf(dataset, DCM_SOPInstanceUID);
    if (!isDicomUid(study) || !isDicomUid(series) || !isDicomUid(instance)) {
        failures_.push_back("instance with malformed UIDs refused (study '" +
                            processing::printableText(study) + "', SOP instance '" +
                            processing::printableText(instance) + "')");
        return kStoreCannotUnderstand;
    }
    const auto file = cache_ / study / series / (instance + ".dcm");
    try {
        std::filesystem::create_directories(file.parent_path());
        DcmFileFormat fileFormat(&dataset);
        io::writeFileAtomically(
            file, dicom::encodePart10(fileFormat, dataset.getOriginalXfer(), EWM_updateMeta));
        written_.push_back(file);
        return STATUS_Success;
    } catch (const std::exception& e) {
        failures_.push_back(processing::printableText(e.what()));
        return kStoreRefused;
    }
}

}  // namespace xrayprep::pacs

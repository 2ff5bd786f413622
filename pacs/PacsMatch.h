#pragma once

#include <string>

namespace xrayprep::pacs {

// One C-FIND answer, as the peer sent it (DICOM strings, trailing padding removed, not yet
// made printable: printing goes through processing::printableText). At study level, modality
// holds Modalities in Study (e.g. "CR\DX") and seriesUid / bodyPart are empty.
struct PacsMatch {
    std::string patientName;
    std::string patientId;
    std::string studyUid;
    std::string seriesUid;
    std::string studyDate;
    std::string description;  // Study Description or Series Description, by level
    std::string modality;
    std::string bodyPart;
    std::string instances;  // Number of Study / Series Related Instances
};

}  // namespace xrayprep::pacs

#pragma once

#include <string>

namespace xrayprep::pacs {

enum class QueryLevel { Study, Series };

// A C-FIND in the Study Root information model. Empty fields match anything. Patient name and
// ID may hold the DICOM wildcards * and ?. studyDate is YYYYMMDD, YYYYMMDD-YYYYMMDD,
// YYYYMMDD- or -YYYYMMDD. modality at study level matches Modalities in Study. bodyPart and
// studyUid narrow series-level queries (Body Part Examined is a series attribute).
struct PacsQuery {
    QueryLevel level = QueryLevel::Study;
    std::string patientId;
    std::string patientName;
    std::string studyDate;
    std::string modality;
    std::string bodyPart;
    std::string studyUid;

    // Throws std::invalid_argument naming the field: a malformed date range, a backslash (the
    // DICOM value separator) or control character in a field, a malformed UID, a body part at
    // study level.
    void validate() const;
};

// True when `uid` is a DICOM UID: 1..64 characters of digits and dots, no empty component.
// Retrieved files are named by UIDs, so this also keeps path separators out of the cache.
[[nodiscard]] bool isDicomUid(const std::string& uid);

}  // namespace xrayprep::pacs

#include "pacs/PacsQuery.h"

#include <stdexcept>

#include "processing/core/PrintableText.h"

namespace xrayprep::pacs {

namespace {

bool isDate(const std::string& text) {
    if (text.size() != 8) return false;
    for (const char c : text) {
        if (c < '0' || c > '9') return false;
    }
    const int month = std::stoi(text.substr(4, 2));
    const int day = std::stoi(text.substr(6, 2));
    return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

void requireDateRange(const std::string& range) {
    if (range.empty()) return;
    const auto dash = range.find('-');
    bool ok = false;
    if (dash == std::string::npos) {
        ok = isDate(range);
    } else {
        const std::string from = range.substr(0, dash);
        const std::string to = range.substr(dash + 1);
        ok = (from.empty() || isDate(from)) && (to.empty() || isDate(to)) &&
             !(from.empty() && to.empty()) && (from.empty() || to.empty() || from <= to);
    }
    if (!ok) {
        throw std::invalid_argument("study date '" + processing::printableText(range) +
                                    "' is not YYYYMMDD, YYYYMMDD-YYYYMMDD, YYYYMMDD- or "
                                    "-YYYYMMDD");
    }
}

// A backslash would split the value into several (DICOM's multi-value separator) and change
// the query's meaning; control characters have no place in these fields.
void requirePlainValue(const std::string& value, const char* what) {
    for (const char c : value) {
        if (c == '\\' || static_cast<unsigned char>(c) < 0x20) {
            throw std::invalid_argument(std::string(what) + " '" +
                                        processing::printableText(value) +
                                        "' contains a backslash or control character");
        }
    }
    if (value.size() > 64) {
        throw std::invalid_argument(std::string(what) + " is longer than 64 characters");
    }
}

}  // namespace

bool isDicomUid(const std::string& uid) {
    if (uid.empty() || uid.size() > 64 || uid.front() == '.' || uid.back() == '.') return false;
    char previous = 0;
    for (const char c : uid) {
        if (c == '.' && previous == '.') return false;
        if (c != '.' && (c < '0' || c > '9')) return false;
        previous = c;
    }
    return true;
}

void PacsQuery::validate() const {
    requirePlainValue(patientId, "patient ID");
    requirePlainValue(patientName, "patient name");
    requirePlainValue(modality, "modality");
    requirePlainValue(bodyPart, "body part");
    requireDateRange(studyDate);
    if (!studyUid.empty() && !isDicomUid(studyUid)) {
        throw std::invalid_argument("study UID '" + processing::printableText(studyUid) +
                                    "' is not a DICOM UID (digits and dots)");
    }
    if (level == QueryLevel::Study && !bodyPart.empty()) {
        throw std::invalid_argument(
            "body part is a series attribute: query at series level to filter by it");
    }
}

}  // namespace xrayprep::pacs

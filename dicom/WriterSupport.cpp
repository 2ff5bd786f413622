#include "dicom/WriterSupport.h"

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcitem.h>
#include <dcmtk/dcmdata/dcostrmb.h>
#include <dcmtk/dcmdata/dcuid.h>

#include <cstdio>
#include <stdexcept>

namespace xrayprep::dicom::writer_support {

std::string decimalString(double value) {
    char buf[32];
    for (int digits = 12; digits > 0; --digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, value);
        if (std::string_view(buf).size() <= 16) break;
    }
    return buf;
}

std::string newUid(const char* root) {
    char uid[100];
    return dcmGenerateUniqueIdentifier(uid, root);
}

std::optional<std::string> headerValue(const processing::ImageMetadata& m, std::string_view name) {
    for (const auto& [key, value] : m.headerFields) {
        if (key == name && !value.empty()) return value;
    }
    return std::nullopt;
}

void put(DcmItem& item, const DcmTagKey& tag, const std::string& value) {
    const OFCondition status = item.putAndInsertString(tag, value.c_str());
    if (status.bad()) {
        throw std::runtime_error("cannot set " + std::string(DcmTag(tag).getTagName()) + ": " +
                                 status.text());
    }
}

void refuseProtected(const std::filesystem::path& file,
                     const std::vector<std::filesystem::path>& protectedPaths) {
    for (const auto& input : protectedPaths) {
        std::error_code ec;
        if (std::filesystem::equivalent(file, input, ec) && !ec) {
            throw std::runtime_error("refusing to write over the input file '" + input.string() +
                                     "'");
        }
    }
}

// DCMTK writes into a buffer stream, drained whenever it fills, so that the bytes reach the
// disk through io::AtomicFile like every other output (a temporary created with O_EXCL under a
// 64-bit random name, fsync'd, renamed over a regular file only).
}  // namespace xrayprep::dicom::writer_support

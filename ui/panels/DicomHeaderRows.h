#pragma once

#include <QSize>
#include <QString>
#include <string_view>
#include <vector>

#include "processing/core/ImageMetadata.h"

namespace xrayprep::ui {

// One line of the header panel: derived facts about the image first, then its warnings, then
// the DICOM header fields as the reader gave them.
struct HeaderRow {
    enum class Group { Image, Warnings, Header };
    Group group = Group::Image;
    QString attribute;
    QString value;
    bool patient = false;  // identifies a person: hidden unless the user asks
    bool warning = false;  // drawn to catch the eye
};

// Patient fields are those whose name starts with "Patient" (ImageMetadata::headerFields), and
// AccessionNumber, ReferringPhysicianName and OperatorsName.
[[nodiscard]] bool isPatientField(std::string_view name);

// The rows for an image: input, size, bits stored, photometric, pixel spacing and its source (or
// "unknown — pixels"), rescale, window, frame, then warnings and header fields.
[[nodiscard]] std::vector<HeaderRow> headerRows(const processing::ImageMetadata& metadata,
                                                const QString& inputLabel, QSize imageSize,
                                                int bitsStored);

[[nodiscard]] QString headerGroupTitle(HeaderRow::Group group);

}  // namespace xrayprep::ui

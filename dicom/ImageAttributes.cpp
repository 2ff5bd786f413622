#include "dicom/ImageAttributes.h"

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcitem.h>
#include <dcmtk/dcmdata/dcxfer.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "dicom/HeaderText.h"

namespace xrayprep::dicom {
namespace {

std::optional<std::string> textValue(DcmItem& ds, const DcmTagKey& tag) {
    OFString value;
    if (ds.findAndGetOFStringArray(tag, value).bad()) return std::nullopt;
    std::string s(value.c_str());
    while (!s.empty() && (s.back() == ' ' || s.back() == '\0')) s.pop_back();
    while (!s.empty() && s.front() == ' ') s.erase(s.begin());
    if (s.empty()) return std::nullopt;
    return s;
}

std::optional<long> integerValue(DcmItem& ds, const DcmTagKey& tag) {
    long value = 0;
    if (ds.findAndGetLongInt(tag, value).bad()) return std::nullopt;
    return value;
}

std::optional<double> decimalValue(DcmItem& ds, const DcmTagKey& tag, unsigned long pos = 0) {
    Float64 value = 0;
    if (ds.findAndGetFloat64(tag, value, pos).bad() || !std::isfinite(value)) return std::nullopt;
    return value;
}

long requiredInteger(DcmItem& ds, const DcmTagKey& tag, const char* name) {
    const auto value = integerValue(ds, tag);
    if (!value) throw std::runtime_error(std::string(name) + " is missing");
    return *value;
}

std::optional<processing::PixelSpacing> readSpacing(DcmItem& ds, const DcmTagKey& tag,
                                                    const char* name,
                                                    std::vector<std::string>& warnings) {
    const auto row = decimalValue(ds, tag, 0);
    if (!row) return std::nullopt;
    auto column = decimalValue(ds, tag, 1);
    if (!column) {
        warnings.push_back(std::string(name) + " has one value; using it for both directions");
        column = row;
    }
    if (!(*row > 0.0 && *column > 0.0)) {
        warnings.push_back(std::string(name) + " is not a valid spacing; ignored");
        return std::nullopt;
    }
    // Detectors sample at 0.05-0.2 mm and reduced copies at a few tenths; far outside that the
    // value is damaged (1e-308 mm collapsed the mesh to a line), and millimetres derived from it
    // would be wrong everywhere. Treated as unknown: sizes fall back to pixels, with a warning.
    constexpr double kMinimumMm = 0.01, kMaximumMm = 10.0;
    if (*row < kMinimumMm || *row > kMaximumMm || *column < kMinimumMm || *column > kMaximumMm) {
        char text[160];
        std::snprintf(text, sizeof text,
                      "%s %g \\ %g mm is implausible for a radiograph (%g to %g mm expected); "
                      "ignored",
                      name, *row, *column, kMinimumMm, kMaximumMm);
        warnings.emplace_back(text);
        return std::nullopt;
    }
    // DICOM order is row spacing (between rows, i.e. y) then column spacing (x).
    return processing::PixelSpacing{*column, *row, name};
}

void addHeaderFields(DcmItem& ds, ImageAttributes& a) {
    struct Field {
        const char* name;
        DcmTagKey tag;
    };
    static const Field kText[] = {
        {"Modality", DCM_Modality},
        {"BodyPartExamined", DCM_BodyPartExamined},
        {"ViewPosition", DCM_ViewPosition},
        {"ImageLaterality", DCM_ImageLaterality},
        {"Laterality", DCM_Laterality},
        {"Manufacturer", DCM_Manufacturer},
        {"ManufacturerModelName", DCM_ManufacturerModelName},
        {"StudyDate", DCM_StudyDate},
        {"StudyTime", DCM_StudyTime},
        {"StudyID", DCM_StudyID},
        {"AccessionNumber", DCM_AccessionNumber},
        {"ReferringPhysicianName", DCM_ReferringPhysicianName},
        {"StudyDescription", DCM_StudyDescription},
        {"SeriesDate", DCM_SeriesDate},
        {"SeriesTime", DCM_SeriesTime},
        {"InstitutionName", DCM_InstitutionName},
        {"OperatorsName", DCM_OperatorsName},
        {"BurnedInAnnotation", DCM_BurnedInAnnotation},
        {"SeriesDescription", DCM_SeriesDescription},
        {"ProtocolName", DCM_ProtocolName},
        {"SOPClassUID", DCM_SOPClassUID},
        {"StudyInstanceUID", DCM_StudyInstanceUID},
        {"SeriesInstanceUID", DCM_SeriesInstanceUID},
        {"SOPInstanceUID", DCM_SOPInstanceUID},
        {"PixelSpacing", DCM_PixelSpacing},
        {"ImagerPixelSpacing", DCM_ImagerPixelSpacing},
        {"RescaleSlope", DCM_RescaleSlope},
        {"RescaleIntercept", DCM_RescaleIntercept},
        {"WindowCenter", DCM_WindowCenter},
        {"WindowWidth", DCM_WindowWidth},
        {"PatientName", DCM_PatientName},
        {"PatientID", DCM_PatientID},
        {"PatientBirthDate", DCM_PatientBirthDate},
        {"PatientSex", DCM_PatientSex},
        {"PatientAge", DCM_PatientAge},
    };
    auto& f = a.headerFields;
    f.emplace_back("Rows", std::to_string(a.rows));
    f.emplace_back("Columns", std::to_string(a.columns));
    f.emplace_back("BitsAllocated", std::to_string(a.bitsAllocated));
    f.emplace_back("BitsStored", std::to_string(a.bitsStored));
    f.emplace_back("PixelRepresentation", a.pixelSigned ? "1" : "0");
    f.emplace_back("PhotometricInterpretation", a.photometric);
    f.emplace_back("SamplesPerPixel", std::to_string(a.samplesPerPixel));
    f.emplace_back("NumberOfFrames", std::to_string(a.numberOfFrames));
    f.emplace_back("TransferSyntax", a.transferSyntaxName);
    f.emplace_back("TransferSyntaxUID", a.transferSyntaxUid);
    for (const Field& field : kText) {
        const auto value = textValue(ds, field.tag);
        if (!value) continue;
        bool changed = false;
        const bool personName = DcmTag(field.tag).getEVR() == EVR_PN;
        std::string text = convertibleHeaderText(*value, personName, changed);
        if (changed) {
            a.warnings.push_back(std::string(field.name) +
                                 ": characters that could not be converted to UTF-8 (character "
                                 "set " +
                                 textValue(ds, DCM_SpecificCharacterSet).value_or("unnamed") +
                                 ") were left out");
        }
        f.emplace_back(field.name, std::move(text));
    }
}

void checkPhotometric(ImageAttributes& a) {
    const std::string& pi = a.photometric;
    if (pi == "MONOCHROME1" || pi == "MONOCHROME2") {
        if (a.samplesPerPixel != 1) {
            throw std::runtime_error(pi + " image with SamplesPerPixel " +
                                     std::to_string(a.samplesPerPixel));
        }
        return;
    }
    const bool colour = pi == "RGB" || pi == "YBR_FULL" || pi == "YBR_ICT" || pi == "YBR_RCT" ||
                        pi == "YBR_FULL_422" || pi == "YBR_PARTIAL_422" || pi == "YBR_PARTIAL_420";
    if (!colour) {
        throw std::runtime_error("PhotometricInterpretation '" + pi + "' is not supported");
    }
    if (a.samplesPerPixel != 3) {
        throw std::runtime_error(pi + " image with SamplesPerPixel " +
                                 std::to_string(a.samplesPerPixel));
    }
    if (!a.encapsulated && pi != "RGB" && pi != "YBR_FULL") {
        throw std::runtime_error("uncompressed " + pi + " (subsampled colour) is not supported");
    }
}

}  // namespace

ImageAttributes ImageAttributeReader::operator()(DcmItem& ds,
                                                 const std::string& transferSyntaxUid) const {
    ImageAttributes a;
    a.transferSyntaxUid = transferSyntaxUid;
    const DcmXfer xfer(transferSyntaxUid.c_str());
    a.transferSyntaxName = xfer.getXfer() == EXS_Unknown ? transferSyntaxUid : xfer.getXferName();
    a.encapsulated = xfer.isEncapsulated();
    a.lossy = xfer.isLossy();

    const long rows = requiredInteger(ds, DCM_Rows, "Rows");
    const long columns = requiredInteger(ds, DCM_Columns, "Columns");
    if (rows <= 0 || columns <= 0 || rows > 65535 || columns > 65535) {
        throw std::runtime_error("invalid image size " + std::to_string(columns) + " x " +
                                 std::to_string(rows));
    }
    a.rows = static_cast<int>(rows);
    a.columns = static_cast<int>(columns);
    a.bitsAllocated = static_cast<int>(requiredInteger(ds, DCM_BitsAllocated, "BitsAllocated"));
    if (a.bitsAllocated != 8 && a.bitsAllocated != 16) {
        throw std::runtime_error("BitsAllocated " + std::to_string(a.bitsAllocated) +
                                 " is not supported (8- and 16-bit pixel data only)");
    }
    const auto bitsStored = integerValue(ds, DCM_BitsStored);
    if (!bitsStored) a.warnings.emplace_back("BitsStored missing; assuming BitsAllocated");
    a.bitsStored = static_cast<int>(bitsStored.value_or(a.bitsAllocated));
    if (a.bitsStored < 1 || a.bitsStored > a.bitsAllocated) {
        throw std::runtime_error("BitsStored " + std::to_string(a.bitsStored) +
                                 " is not within 1.." + std::to_string(a.bitsAllocated));
    }
    a.highBit = static_cast<int>(integerValue(ds, DCM_HighBit).value_or(a.bitsStored - 1));
    if (a.highBit < a.bitsStored - 1 || a.highBit >= a.bitsAllocated) {
        a.warnings.push_back("HighBit " + std::to_string(a.highBit) + " is inconsistent; using " +
                             std::to_string(a.bitsStored - 1));
        a.highBit = a.bitsStored - 1;
    }
    a.pixelSigned = integerValue(ds, DCM_PixelRepresentation).value_or(0) == 1;
    a.samplesPerPixel = static_cast<int>(integerValue(ds, DCM_SamplesPerPixel).value_or(1));
    a.planarConfiguration =
        static_cast<int>(integerValue(ds, DCM_PlanarConfiguration).value_or(0)) == 1 ? 1 : 0;
    const long frames = integerValue(ds, DCM_NumberOfFrames).value_or(1);
    if (frames < 1) a.warnings.emplace_back("NumberOfFrames is not positive; assuming 1");
    a.numberOfFrames = frames < 1 ? 1 : static_cast<int>(std::min<long>(frames, 1L << 30));
    if (auto pi = textValue(ds, DCM_PhotometricInterpretation)) {
        a.photometric = *pi;
    } else if (a.samplesPerPixel == 1) {
        a.photometric = "MONOCHROME2";
        a.warnings.emplace_back("PhotometricInterpretation missing; assuming MONOCHROME2");
    } else {
        throw std::runtime_error("PhotometricInterpretation is missing");
    }
    checkPhotometric(a);

    a.hasModalityLutSequence = ds.tagExists(DCM_ModalityLUTSequence);
    a.rescaleSlope = decimalValue(ds, DCM_RescaleSlope).value_or(1.0);
    a.rescaleIntercept = decimalValue(ds, DCM_RescaleIntercept).value_or(0.0);
    if (a.rescaleSlope == 0.0) {
        a.warnings.emplace_back("RescaleSlope is 0; using 1");
        a.rescaleSlope = 1.0;
    }
    a.windowCenter = decimalValue(ds, DCM_WindowCenter);
    a.windowWidth = decimalValue(ds, DCM_WindowWidth);
    if (a.windowCenter.has_value() != a.windowWidth.has_value() ||
        (a.windowWidth && *a.windowWidth < 1.0)) {
        if (a.windowCenter || a.windowWidth) {
            a.warnings.emplace_back("WindowCenter/WindowWidth incomplete or invalid; ignored");
        }
        a.windowCenter.reset();
        a.windowWidth.reset();
    }
    a.spacing = readSpacing(ds, DCM_PixelSpacing, "PixelSpacing", a.warnings);
    if (!a.spacing) {
        a.spacing = readSpacing(ds, DCM_ImagerPixelSpacing, "ImagerPixelSpacing", a.warnings);
    }
    addHeaderFields(ds, a);
    return a;
}

}  // namespace xrayprep::dicom

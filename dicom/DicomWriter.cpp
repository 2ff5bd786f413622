#include "dicom/DicomWriter.h"

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdatset.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcitem.h>
#include <dcmtk/dcmdata/dcuid.h>
#include <dcmtk/dcmdata/dcvrda.h>
#include <dcmtk/dcmdata/dcvrtm.h>

#include <algorithm>
#include <cmath>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "dicom/DcmtkSetup.h"
#include "dicom/Deidentifier.h"
#include "dicom/Part10Encoding.h"
#include "dicom/WriterSupport.h"
#include "io/AtomicFile.h"

namespace xrayprep::dicom {
namespace {

using processing::Photometric;

using writer_support::decimalString;
using writer_support::headerValue;
using writer_support::newUid;
using writer_support::put;

void putIdentification(DcmDataset& ds, const processing::ImageMetadata& m) {
    struct Field {
        const char* name;
        DcmTagKey tag;
        bool type2;  // must be present, possibly empty
    };
    static const Field kCopied[] = {
        {"PatientName", DCM_PatientName, true},
        {"PatientID", DCM_PatientID, true},
        {"PatientBirthDate", DCM_PatientBirthDate, true},
        {"PatientSex", DCM_PatientSex, true},
        {"PatientAge", DCM_PatientAge, false},
        {"StudyDate", DCM_StudyDate, true},
        {"StudyTime", DCM_StudyTime, true},
        {"StudyID", DCM_StudyID, true},
        {"AccessionNumber", DCM_AccessionNumber, true},
        {"ReferringPhysicianName", DCM_ReferringPhysicianName, true},
        {"SeriesDate", DCM_SeriesDate, false},
        {"SeriesTime", DCM_SeriesTime, false},
        {"InstitutionName", DCM_InstitutionName, false},
        {"OperatorsName", DCM_OperatorsName, false},
        {"Manufacturer", DCM_Manufacturer, false},
        {"StudyDescription", DCM_StudyDescription, false},
        {"SeriesDescription", DCM_SeriesDescription, false},
        {"BodyPartExamined", DCM_BodyPartExamined, false},
        {"ViewPosition", DCM_ViewPosition, false},
        {"ImageLaterality", DCM_ImageLaterality, false},
        {"Laterality", DCM_Laterality, false},
        // The derived image keeps the source's pixels: text burned into them stays.
        {"BurnedInAnnotation", DCM_BurnedInAnnotation, false},
    };
    put(ds, DCM_SpecificCharacterSet, "ISO_IR 192");  // the reader converts text to UTF-8
    for (const Field& field : kCopied) {
        const auto value = headerValue(m, field.name);
        if (value || field.type2) put(ds, field.tag, value.value_or(""));
    }
    for (const DcmTagKey& tag : {DCM_SeriesNumber, DCM_PatientOrientation}) put(ds, tag, "");
    put(ds, DCM_Modality, headerValue(m, "Modality").value_or("OT"));
    put(ds, DCM_SOPClassUID, UID_SecondaryCaptureImageStorage);
    put(ds, DCM_SOPInstanceUID, newUid(SITE_INSTANCE_UID_ROOT));
    put(ds, DCM_SeriesInstanceUID, newUid(SITE_SERIES_UID_ROOT));
    put(ds, DCM_StudyInstanceUID,
        headerValue(m, "StudyInstanceUID").value_or(newUid(SITE_STUDY_UID_ROOT)));
    put(ds, DCM_ConversionType, "WSD");
    put(ds, DCM_ImageType, "DERIVED\\SECONDARY");
    put(ds, DCM_InstanceNumber, "1");
    OFString date, time;
    DcmDate::getCurrentDate(date);
    DcmTime::getCurrentTime(time);
    put(ds, DCM_InstanceCreationDate, date.c_str());
    put(ds, DCM_InstanceCreationTime, time.c_str());
    put(ds, DCM_ContentDate, date.c_str());
    put(ds, DCM_ContentTime, time.c_str());
    // The source instance this image is derived from, when known.
    const auto sourceClass = headerValue(m, "SOPClassUID");
    const auto sourceInstance = headerValue(m, "SOPInstanceUID");
    if (sourceClass && sourceInstance) {
        DcmItem* item = nullptr;
        if (ds.findOrCreateSequenceItem(DCM_SourceImageSequence, item, -2).good() && item) {
            put(*item, DCM_ReferencedSOPClassUID, *sourceClass);
            put(*item, DCM_ReferencedSOPInstanceUID, *sourceInstance);
        }
    }
}

// Descriptions go in after de-identification: they are this program's words, not the
// source's (the profile removes free text because it may identify).
void putDerivation(DcmDataset& ds, const DicomWriteOptions& options) {
    if (!options.seriesDescription.empty())
        put(ds, DCM_SeriesDescription, options.seriesDescription);
    if (!options.derivationDescription.empty())
        put(ds, DCM_DerivationDescription, options.derivationDescription);
}

void putImage(DcmDataset& ds, const processing::Image& image, const processing::ImageMetadata& m) {
    const bool monochrome1 = m.photometric == Photometric::Monochrome1;
    const int bits = image.bitsStored();
    const std::uint16_t maxValue = image.maxValue();
    ds.putAndInsertUint16(DCM_SamplesPerPixel, 1);
    put(ds, DCM_PhotometricInterpretation, monochrome1 ? "MONOCHROME1" : "MONOCHROME2");
    ds.putAndInsertUint16(DCM_Rows, static_cast<Uint16>(image.height()));
    ds.putAndInsertUint16(DCM_Columns, static_cast<Uint16>(image.width()));
    ds.putAndInsertUint16(DCM_BitsAllocated, 16);
    ds.putAndInsertUint16(DCM_BitsStored, static_cast<Uint16>(bits));
    ds.putAndInsertUint16(DCM_HighBit, static_cast<Uint16>(bits - 1));
    ds.putAndInsertUint16(DCM_PixelRepresentation, 0);

    if (m.spacing) {
        const DcmTagKey tag =
            m.spacing->source == "ImagerPixelSpacing" ? DCM_ImagerPixelSpacing : DCM_PixelSpacing;
        put(ds, tag, decimalString(m.spacing->y) + "\\" + decimalString(m.spacing->x));
    }
    // Values are written unsigned: a signed source's shift moves into the intercept so that
    // rescaled values stay what they were.
    const double slope = m.rescaleSlope == 0.0 ? 1.0 : m.rescaleSlope;
    const double offset = m.wasSigned ? std::ldexp(1.0, bits - 1) : 0.0;
    const double intercept = m.rescaleIntercept - slope * offset;
    if (slope != 1.0 || intercept != 0.0) {
        put(ds, DCM_RescaleSlope, decimalString(slope));
        put(ds, DCM_RescaleIntercept, decimalString(intercept));
        put(ds, DCM_RescaleType, "US");
    }
    if (m.windowCenter && m.windowWidth) {
        const double stored = monochrome1 ? maxValue - *m.windowCenter : *m.windowCenter;
        put(ds, DCM_WindowCenter, decimalString(slope * stored + intercept));
        put(ds, DCM_WindowWidth, decimalString(*m.windowWidth * std::fabs(slope)));
    }
    std::vector<Uint16> pixels(image.pixels().begin(), image.pixels().end());
    if (monochrome1) {
        for (Uint16& v : pixels) v = static_cast<Uint16>(maxValue - std::min(v, maxValue));
    }
    const OFCondition status = ds.putAndInsertUint16Array(
        DCM_PixelData, pixels.data(), static_cast<unsigned long>(pixels.size()));
    if (status.bad())
        throw std::runtime_error(std::string("cannot set pixel data: ") + status.text());
}

}  // namespace

void DicomWriter::operator()(const processing::Image& image,
                             const processing::ImageMetadata& metadata,
                             const std::filesystem::path& file) const {
    try {
        if (image.empty()) throw std::runtime_error("the image is empty");
        if (image.width() > 65535 || image.height() > 65535) {
            throw std::runtime_error("the image is larger than 65535 pixels per side");
        }
        if (file.filename().empty()) throw std::runtime_error("not a file name");
        writer_support::refuseProtected(file, options_.protectedPaths);
        DcmtkSetup::ensure();
        DcmFileFormat fileFormat;
        DcmDataset& ds = *fileFormat.getDataset();
        putIdentification(ds, metadata);
        putImage(ds, image, metadata);
        if (options_.anonymize) {
            UidMapper ownMapper;
            Deidentifier{options_.uidMapper ? *options_.uidMapper : ownMapper}(ds);
        }
        putDerivation(ds, options_);
        // AtomicFile checks the protected inputs again, and the destination's kind, when it
        // opens and just before it renames.
        io::writeFileAtomically(file,
                                encodePart10(fileFormat, EXS_LittleEndianExplicit, EWM_fileformat),
                                options_.protectedPaths);
    } catch (const std::exception& e) {
        if (dynamic_cast<const std::bad_alloc*>(&e)) throw DicomError(file, "out of memory");
        throw DicomError(file, e.what());
    }
}

std::string DicomWriter::toolkitVersion() { return OFFIS_DCMTK_VERSION_STRING; }

}  // namespace xrayprep::dicom

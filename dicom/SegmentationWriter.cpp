#include "dicom/SegmentationWriter.h"

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdatset.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcuid.h>
#include <dcmtk/dcmfg/fgderimg.h>
#include <dcmtk/dcmfg/fgfracon.h>
#include <dcmtk/dcmfg/fgpixmsr.h>
#include <dcmtk/dcmiod/iodreferences.h>
#include <dcmtk/dcmiod/iodrules.h>
#include <dcmtk/dcmseg/segdoc.h>
#include <dcmtk/dcmseg/segment.h>

#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "dicom/DcmtkSetup.h"
#include "dicom/Deidentifier.h"
#include "dicom/Part10Encoding.h"
#include "dicom/WriterSupport.h"
#include "io/AtomicFile.h"

namespace xrayprep::dicom {
namespace {

using writer_support::headerValue;
using writer_support::put;

// This program as the equipment that made the segmentation (Enhanced General Equipment: all
// four type 1). The serial number is the program's, not a device's: it identifies no one.
constexpr const char* kManufacturer = "xrayprep";
constexpr const char* kDeviceSerialNumber = "0";

void check(const OFCondition& status, const char* what) {
    if (status.bad()) throw std::runtime_error(std::string(what) + ": " + status.text());
}

std::string required(const processing::ImageMetadata& m, const char* name) {
    auto value = headerValue(m, name);
    if (!value) throw std::runtime_error(std::string("the source has no ") + name);
    return *value;
}

// The segmentation joins the source's study (the series is its own): DCMTK takes the Study
// Instance UID before it writes, and checks every value it writes.
void importStudy(DcmSegmentation& seg, const processing::ImageMetadata& m) {
    DcmDataset hierarchy;
    put(hierarchy, DCM_StudyInstanceUID, required(m, "StudyInstanceUID"));
    check(seg.importHierarchy(hierarchy, OFFalse, OFTrue, OFFalse, OFFalse, OFFalse),
          "cannot take the source's study");
}

// The patient and study fields of the source (and the body part), as they are, set in the
// written dataset: a value DCMTK's checks refuse (PatientSex "?" in a real file) must not fail
// the export, and the derived image (DicomWriter) copies them as they are too.
void copyPatientAndStudy(DcmDataset& ds, const processing::ImageMetadata& m) {
    // The header fields are named as DCMTK's dictionary names the attributes.
    static const char* const kFields[] = {"PatientName",      "PatientID",
                                          "PatientBirthDate", "PatientSex",
                                          "PatientAge",       "StudyDate",
                                          "StudyTime",        "StudyID",
                                          "AccessionNumber",  "ReferringPhysicianName",
                                          "StudyDescription", "BodyPartExamined"};
    put(ds, DCM_SpecificCharacterSet, "ISO_IR 192");  // the reader converts text to UTF-8
    for (const char* name : kFields) {
        DcmTag tag;
        check(DcmTag::findTagFromName(name, tag), name);
        if (const auto value = headerValue(m, name)) put(ds, tag, *value);
    }
}

void addBoneSegment(DcmSegmentation& seg, Uint16& number) {
    DcmSegment* created = nullptr;
    check(
        DcmSegment::create(
            created, SegmentationWriter::kSegmentLabel,
            CodeSequenceMacro(SegmentationWriter::kCategoryCode, SegmentationWriter::kCodingScheme,
                              SegmentationWriter::kCategoryMeaning),
            CodeSequenceMacro(SegmentationWriter::kTypeCode, SegmentationWriter::kCodingScheme,
                              SegmentationWriter::kTypeMeaning),
            DcmSegTypes::SAT_AUTOMATIC, "xrayprep " XRAYPREP_VERSION),
        "cannot create the segment");
    std::unique_ptr<DcmSegment> segment(created);
    check(seg.addSegment(segment.get(), number), "cannot add the segment");
    segment.release();  // owned by the segmentation from here on
}

// The frame's functional groups: where it comes from (DerivationImage > SourceImage; the frame
// of a multi-frame source is named afterwards, nameSourceFrame) and its place on the single
// dimension (the segment).
void addFrame(DcmSegmentation& seg, const processing::Mask& mask,
              const processing::ImageMetadata& m, Uint16 segmentNumber,
              const std::string& derivationDescription) {
    ImageSOPInstanceReferenceMacro* created = nullptr;
    check(ImageSOPInstanceReferenceMacro::create(required(m, "SOPClassUID"),
                                                 required(m, "SOPInstanceUID"), created),
          "cannot reference the source image");
    std::unique_ptr<ImageSOPInstanceReferenceMacro> source(created);
    OFVector<ImageSOPInstanceReferenceMacro> sources;
    sources.push_back(*source);
    std::unique_ptr<FGDerivationImage> derivation(
        DcmSegmentation::createDerivationImageFG(sources, derivationDescription.c_str()));
    if (!derivation) throw std::runtime_error("cannot describe the derivation");
    FGFrameContent content;
    check(content.setDimensionIndexValues(segmentNumber, 0), "cannot set the dimension index");
    OFVector<FGBase*> groups;
    groups.push_back(derivation.get());
    groups.push_back(&content);

    // One byte a pixel, 0 or 1; DCMTK packs the bits (and replacePixelData again).
    std::vector<Uint8> bits(mask.pixels().size());
    for (std::size_t i = 0; i < bits.size(); ++i) bits[i] = mask.pixels()[i] != 0 ? 1 : 0;
    check(seg.addFrame(bits.data(), segmentNumber, groups), "cannot add the frame");
    check(seg.getDimensions().addDimensionIndex(
              DCM_ReferencedSegmentNumber, writer_support::newUid(SITE_INSTANCE_UID_ROOT),
              DCM_SegmentIdentificationSequence, "ReferencedSegmentNumber"),
          "cannot add the dimension");
}

// ReferencedFrameNumber (IS) of the frame's source image when the source has several frames,
// set in the written dataset: DCMTK 3.6.7's macro stores its Uint16 values into the IS element
// with a call that fails ("Illegal call").
void nameSourceFrame(DcmDataset& ds, const processing::ImageMetadata& m) {
    if (m.frameCount <= 1) return;
    DcmItem* frame = nullptr;
    DcmItem* derivation = nullptr;
    DcmItem* source = nullptr;
    if (ds.findAndGetSequenceItem(DCM_PerFrameFunctionalGroupsSequence, frame, 0).bad() ||
        frame->findAndGetSequenceItem(DCM_DerivationImageSequence, derivation, 0).bad() ||
        derivation->findAndGetSequenceItem(DCM_SourceImageSequence, source, 0).bad()) {
        throw std::runtime_error("cannot find the source image reference");
    }
    put(*source, DCM_ReferencedFrameNumber, std::to_string(m.frameIndex + 1));
}

// The frame packed as PS3.5 8.1.1 says, bit 0 of the first byte the first pixel, replacing
// DCMTK's PixelData: DCMTK 3.6.7 clears the low bits of a last partial byte (rows x columns not
// a multiple of 8), which are the frame's last pixels, where it means to clear the unused high
// bits. The tests compare every pixel with an independent reader (pydicom).
void replacePixelData(DcmDataset& ds, const processing::Mask& mask) {
    const auto pixels = mask.pixels();
    std::vector<Uint8> packed((pixels.size() + 7) / 8, 0);
    for (std::size_t i = 0; i < pixels.size(); ++i) {
        if (pixels[i] != 0) packed[i / 8] = static_cast<Uint8>(packed[i / 8] | (1u << (i % 8)));
    }
    check(ds.putAndInsertUint8Array(DCM_PixelData, packed.data(),
                                    static_cast<unsigned long>(packed.size())),
          "cannot set the pixel data");
}

// ReferencedSeriesSequence > ReferencedInstanceSequence: the source instance, in its series.
void addSeriesReference(DcmSegmentation& seg, const processing::ImageMetadata& m) {
    const std::string study = required(m, "StudyInstanceUID");
    IODReferences references;
    references.add(new IODImageReference(
        headerValue(m, "PatientID").value_or(""), study, required(m, "SeriesInstanceUID"),
        required(m, "SOPInstanceUID"), required(m, "SOPClassUID")));
    if (seg.getCommonInstanceReference().addReferences(references, study) != 1)
        throw std::runtime_error("cannot reference the source series");
}

// The dataset of the Segmentation, as DCMTK writes it.
void buildSegmentation(DcmDataset& ds, const processing::Mask& mask,
                       const processing::ImageMetadata& m,
                       const SegmentationWriteOptions& options) {
    const IODGeneralEquipmentModule::EquipmentInfo equipment(kManufacturer, "xrayprep",
                                                             kDeviceSerialNumber, XRAYPREP_VERSION);
    const ContentIdentificationMacro content("1", "BONE_MASK", "xrayprep bone mask", "xrayprep");
    DcmSegmentation* created = nullptr;
    check(DcmSegmentation::createBinarySegmentation(created, static_cast<Uint16>(mask.height()),
                                                    static_cast<Uint16>(mask.width()), equipment,
                                                    content),
          "cannot create the segmentation");
    std::unique_ptr<DcmSegmentation> seg(created);
    // A Frame of Reference is required only without the Derivation Image functional group,
    // which this object has; DCMTK's rules make it type 1 regardless.
    for (const DcmTagKey& tag : {DCM_FrameOfReferenceUID, DCM_PositionReferenceIndicator}) {
        seg->getRules()->addRule(
            new IODRule(tag, "1", "1C", "FrameOfReferenceModule", DcmIODTypes::IE_FOR), OFTrue);
    }
    importStudy(*seg, m);
    // The study import brings the equipment module too: this program's equipment again.
    check(seg->setEquipmentInfo(equipment), "cannot set the equipment");
    check(seg->getSeries().setSeriesNumber("1"), "cannot set the series number");
    Uint16 segmentNumber = 0;
    addBoneSegment(*seg, segmentNumber);
    if (m.spacing && m.spacing->source == "PixelSpacing") {
        FGPixelMeasures measures;
        check(measures.setPixelSpacing((writer_support::decimalString(m.spacing->y) + "\\" +
                                        writer_support::decimalString(m.spacing->x))
                                           .c_str()),
              "cannot set the pixel spacing");
        check(seg->addForAllFrames(measures), "cannot set the pixel measures");
    }
    addFrame(*seg, mask, m, segmentNumber, options.derivationDescription);
    addSeriesReference(*seg, m);
    check(seg->writeDataset(ds), "cannot write the segmentation");
    copyPatientAndStudy(ds, m);
    replacePixelData(ds, mask);
    nameSourceFrame(ds, m);
}

}  // namespace

bool SegmentationWriter::canReference(const processing::ImageMetadata& source) {
    for (const char* name :
         {"SOPClassUID", "SOPInstanceUID", "SeriesInstanceUID", "StudyInstanceUID"}) {
        if (!headerValue(source, name)) return false;
    }
    return true;
}

void SegmentationWriter::operator()(const processing::Mask& mask,
                                    const processing::ImageMetadata& source,
                                    const std::filesystem::path& file) const {
    try {
        if (mask.empty()) throw std::runtime_error("the mask is empty");
        if (mask.width() > 65535 || mask.height() > 65535)
            throw std::runtime_error("the mask is larger than 65535 pixels per side");
        if (file.filename().empty()) throw std::runtime_error("not a file name");
        if (!canReference(source)) {
            throw std::runtime_error(
                "the source is not a DICOM image (no SOP Instance, Series and Study UIDs to "
                "reference)");
        }
        writer_support::refuseProtected(file, options_.protectedPaths);
        DcmtkSetup::ensure();
        DcmFileFormat fileFormat;
        DcmDataset& ds = *fileFormat.getDataset();
        buildSegmentation(ds, mask, source, options_);
        if (options_.anonymize) {
            UidMapper ownMapper;
            Deidentifier{options_.uidMapper ? *options_.uidMapper : ownMapper}(ds);
            // The profile removes the device serial number, which the Enhanced General
            // Equipment module requires; this one is the program's (see kDeviceSerialNumber).
            put(ds, DCM_DeviceSerialNumber, kDeviceSerialNumber);
        }
        // This program's words, after de-identification (which removes free text).
        if (!options_.seriesDescription.empty())
            put(ds, DCM_SeriesDescription, options_.seriesDescription);
        io::writeFileAtomically(file,
                                encodePart10(fileFormat, EXS_LittleEndianExplicit, EWM_fileformat),
                                options_.protectedPaths);
    } catch (const std::exception& e) {
        if (dynamic_cast<const std::bad_alloc*>(&e)) throw DicomError(file, "out of memory");
        throw DicomError(file, e.what());
    }
}

}  // namespace xrayprep::dicom

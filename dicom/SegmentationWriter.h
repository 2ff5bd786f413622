#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "dicom/DicomError.h"
#include "processing/core/ImageMetadata.h"
#include "processing/core/Raster.h"

namespace xrayprep::dicom {

class UidMapper;

// How the segmentation is described and whether it is de-identified (as DicomWriteOptions).
struct SegmentationWriteOptions {
    // SeriesDescription (0008,103E); empty writes none.
    std::string seriesDescription = "xrayprep bone mask";
    // DerivationDescription of the frame's DerivationImageSequence, e.g. the parameters.
    std::string derivationDescription = "xrayprep bone mask";
    // PS3.15 Annex E basic profile (Deidentifier.h) applied to the written dataset; the
    // references to the source image are mapped through the same UidMapper as the derived
    // image's, so both files of an anonymised run still name one (new) source instance.
    bool anonymize = false;
    UidMapper* uidMapper = nullptr;  // null: a mapper of this write alone
    // Files never to be written (the inputs): the write fails naming them.
    std::vector<std::filesystem::path> protectedPaths;
};

// Writes a bone mask as a DICOM Segmentation (SEG) file with DCMTK's dcmseg: BINARY, one frame,
// one segment, explicit VR little endian, the frame packed one bit a pixel (1 where the mask is
// nonzero; packed here, since DCMTK 3.6.7 loses the last pixels of a frame whose size is not a
// multiple of 8). The segment: label "Bone", category SCT 85756007 "Tissue", type SCT 3138006
// "Bone" (DICOM CID 7150 pairs the category Tissue with CID 7191, which includes CID 7166 "Common
// Tissue Segmentation Types" holding 3138006), algorithm AUTOMATIC "xrayprep <version>".
//
// A SEG annotates a stored image, so the source must be one: its header fields must hold the
// SOP Class, SOP Instance, Series and Study Instance UIDs (canReference). The file joins the
// source's study (Study Instance UID; patient, study and body part fields copied as they are,
// as DicomWriter does), in a new series; it references the source in the
// ReferencedSeriesSequence (Common Instance Reference) and in the frame's
// DerivationImageSequence > SourceImageSequence (with ReferencedFrameNumber when the source has
// several frames). PixelSpacing goes into the shared Pixel Measures functional group only when
// the source's spacing is PixelSpacing (in the patient): ImagerPixelSpacing is measured at the
// detector, and a SEG has no attribute that says so. There is no Frame of Reference: projection
// radiographs have none, and the standard requires one only without the Derivation Image
// functional group (DCMTK 3.6.7 enforces it as type 1 by default; relaxed here).
//
// Atomic (io::writeFileAtomically), never over a protected path. Throws DicomError (target
// file + reason) on failure; no temporary file is left behind.
class SegmentationWriter {
  public:
    SegmentationWriter() = default;
    explicit SegmentationWriter(SegmentationWriteOptions options) : options_(std::move(options)) {}

    void operator()(const processing::Mask& mask, const processing::ImageMetadata& source,
                    const std::filesystem::path& file) const;

    // Whether `source` names a DICOM instance that a SEG can reference (see above); the
    // built-in samples do not.
    [[nodiscard]] static bool canReference(const processing::ImageMetadata& source);

    // The segment's description, for readers and tests.
    static constexpr const char* kSegmentLabel = "Bone";
    static constexpr const char* kCategoryCode = "85756007";
    static constexpr const char* kCategoryMeaning = "Tissue";
    static constexpr const char* kTypeCode = "3138006";
    static constexpr const char* kTypeMeaning = "Bone";
    static constexpr const char* kCodingScheme = "SCT";

  private:
    SegmentationWriteOptions options_;
};

}  // namespace xrayprep::dicom

#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "dicom/DicomError.h"
#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"

namespace xrayprep::dicom {

class UidMapper;

// How a derived image is described and whether it is de-identified.
struct DicomWriteOptions {
    // SeriesDescription (0008,103E); empty keeps the source's (headerFields).
    std::string seriesDescription;
    // DerivationDescription (0008,2111), e.g. "xrayprep bone mask: median 19, valley
    // threshold, chan-vese"; empty writes none.
    std::string derivationDescription;
    // PS3.15 Annex E basic profile (see Deidentifier.h) applied to the written dataset.
    bool anonymize = false;
    // Replaces the source's UIDs when anonymising; share one mapper between the files of a
    // run so that a study keeps one Study Instance UID. Null: a mapper of this write alone.
    UidMapper* uidMapper = nullptr;
    // Files never to be written (the inputs): the write fails naming them.
    std::vector<std::filesystem::path> protectedPaths;
};

// Writes an image as a DICOM Part 10 Secondary Capture file, explicit VR little endian,
// uncompressed: 16 bits allocated, BitsStored = image.bitsStored(), unsigned, one sample; the
// original photometric restored (MONOCHROME1 inverted back); PixelSpacing (or
// ImagerPixelSpacing, as the metadata's source says) when known; the window and rescale in the
// file's convention (a signed source's shift folded into RescaleIntercept); new SOP Instance
// and Series UIDs (the Study Instance UID kept when headerFields has one); Modality and
// patient/study fields from headerFields, Modality "OT" otherwise; ImageType
// DERIVED\SECONDARY, a SourceImageSequence naming the source instance when headerFields has
// its SOP Class and Instance UIDs; the options' descriptions and de-identification.
// Atomic: writes a temporary file in the target folder and renames it over the target.
// Refusing to overwrite the file being read is the caller's business.
// Throws DicomError (target file + reason) on failure; no temporary file is left behind.
class DicomWriter {
  public:
    DicomWriter() = default;
    explicit DicomWriter(DicomWriteOptions options) : options_(std::move(options)) {}

    void operator()(const processing::Image& image, const processing::ImageMetadata& metadata,
                    const std::filesystem::path& file) const;

    // The DCMTK version the build uses, e.g. "3.6.7", for reports.
    [[nodiscard]] static std::string toolkitVersion();

  private:
    DicomWriteOptions options_;
};

}  // namespace xrayprep::dicom

#include "dicom/DicomReader.h"

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dccodec.h>
#include <dcmtk/dcmdata/dcdatset.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcmetinf.h>
#include <dcmtk/dcmdata/dcpixel.h>
#include <dcmtk/dcmdata/dcuid.h>
#include <dcmtk/dcmdata/dcxfer.h>

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "dicom/DatasetScanner.h"
#include "dicom/DcmtkFrameDecoder.h"
#include "dicom/DcmtkSetup.h"
#include "dicom/FileByteSource.h"
#include "dicom/FrameConverter.h"
#include "dicom/ImageAttributes.h"
#include "dicom/Jpeg2000FrameDecoder.h"
#include "dicom/LargeStackRunner.h"
#include "dicom/MetadataBuilder.h"
#include "dicom/PixelDataLimits.h"
#include "processing/core/InputLimits.h"

namespace xrayprep::dicom {
namespace {

bool plausiblyDicom(const DatasetScanResult& scan) {
    return scan.hasPreamble || scan.hasMetaHeader ||
           (scan.tagsAscending && scan.topLevelElements >= 3);
}

// Uncompressed, JPEG 2000 (OpenJPEG) or anything a registered DCMTK decoder handles.
bool decodable(const ImageAttributes& a) {
    if (!a.encapsulated || isJpeg2000TransferSyntax(a.transferSyntaxUid)) return true;
    const E_TransferSyntax xfer = DcmXfer(a.transferSyntaxUid.c_str()).getXfer();
    return DcmCodecList::canChangeCoding(xfer, EXS_LittleEndianExplicit);
}

// A transfer syntax the meta header names but DCMTK 3.6.7 does not know: DCMTK would guess the
// encoding and fail later with a misleading reason (or none), so it is refused up front.
// Newer syntaxes are named so the user learns what the file is.
void checkKnownTransferSyntax(const std::string& uid) {
    if (uid.empty() || DcmXfer(uid.c_str()).getXfer() != EXS_Unknown) return;
    std::string name = "unknown";
    if (uid.rfind("1.2.840.10008.1.2.4.20", 0) == 0) name = "High-Throughput JPEG 2000, HTJ2K";
    if (uid.rfind("1.2.840.10008.1.2.4.11", 0) == 0) name = "JPEG XL";
    throw std::runtime_error("transfer syntax " + uid + " (" + name +
                             ") is not supported (not decodable with DCMTK 3.6.7)");
}

std::string megapixels(std::uint64_t pixels) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", static_cast<double>(pixels) / 1e6);
    return text;
}

// Rejects sizes the data cannot back, or the pipeline's memory bound would not hold for,
// before anything is allocated for the pixels.
void checkPixelLimits(const ImageAttributes& a, DcmPixelData& pixelData) {
    const std::uint64_t pixels = static_cast<std::uint64_t>(a.rows) * a.columns;
    const std::uint64_t frameBytes = pixels * a.samplesPerPixel * (a.bitsAllocated / 8);
    const std::string size = std::to_string(a.columns) + " x " + std::to_string(a.rows);
    if (!a.encapsulated) {
        const std::uint64_t held = pixelData.getLength();
        // Division instead of frames x frameBytes, which could overflow for absurd headers.
        if (static_cast<std::uint64_t>(a.numberOfFrames) > held / frameBytes) {
            const long double claimed = static_cast<long double>(frameBytes) * a.numberOfFrames;
            throw std::runtime_error(
                "pixel data too short: the header claims " + size + " x " +
                std::to_string(a.numberOfFrames) + " frame(s) x " +
                std::to_string(a.samplesPerPixel * a.bitsAllocated / 8) +
                " bytes = " + std::to_string(static_cast<unsigned long long>(claimed)) +
                " bytes, the file holds " + std::to_string(held));
        }
    }
    if (a.rows > kMaxImageSide || a.columns > kMaxImageSide) {
        throw std::runtime_error("image size " + size + " exceeds the limit of " +
                                 std::to_string(kMaxImageSide) + " pixels per side");
    }
    if (pixels > processing::kMaxInputPixels) {
        throw std::runtime_error("image size " + size + " (" + megapixels(pixels) +
                                 " megapixels) exceeds the limit of " +
                                 megapixels(processing::kMaxInputPixels) +
                                 " megapixels per image (memory per input is bounded)");
    }
}

// DCMTK cannot check an element's length against what a deflate stream holds: it allocates the
// claimed length before reading (a 781-byte file claimed 3 GB). The pre-scan inflates and
// checks a deflated dataset, but only when it read the same transfer syntax from the file meta
// header as DCMTK does; where the two read the header differently (an element with an unknown
// VR: DCMTK takes the long length form, the scan the implicit one), DCMTK's reading of the
// header alone decides, and a deflated dataset the scan did not vouch for is refused.
void refuseUncheckedDeflate(const std::filesystem::path& file, const DatasetScanResult& scan) {
    if (scan.transferSyntaxUid == UID_DeflatedExplicitVRLittleEndianTransferSyntax &&
        scan.complete) {
        return;
    }
    DcmFileFormat meta;
    if (meta.loadFile(file.c_str(), EXS_Unknown, EGL_noChange, DCM_MaxReadLength, ERM_metaOnly)
            .bad()) {
        return;  // the full read below reports it
    }
    OFString syntax;
    if (meta.getMetaInfo()->findAndGetOFString(DCM_TransferSyntaxUID, syntax).good() &&
        syntax == UID_DeflatedExplicitVRLittleEndianTransferSyntax) {
        std::string reason = "deflated dataset whose file meta header the pre-scan could not read";
        if (!scan.problem.empty()) reason += " (" + scan.problem + ")";
        throw std::runtime_error(reason + "; not parsed");
    }
}

// The bytes before junk that follows the pixel data, as a file of their own in memory
// (memfd): DCMTK then reads them exactly as it reads any file, comparing each claimed length
// with the file's size and loading large values lazily. (Parsing them from a buffer stream
// instead let a claimed 4 GB length be allocated before anything was read: a fuzzer finding.)
// The descriptor stays open while DCMTK may still load values through its path.
class InMemoryFile {
  public:
    explicit InMemoryFile(const std::vector<std::uint8_t>& bytes)
        : fd_(::memfd_create("xrayprep-dicom", MFD_CLOEXEC)) {
        if (fd_ < 0) throw std::runtime_error("cannot hold the file's data in memory");
        std::size_t done = 0;
        while (done < bytes.size()) {
            const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
            if (n <= 0) {
                ::close(fd_);
                throw std::runtime_error("cannot hold the file's data in memory");
            }
            done += static_cast<std::size_t>(n);
        }
    }
    ~InMemoryFile() { ::close(fd_); }
    InMemoryFile(const InMemoryFile&) = delete;
    InMemoryFile& operator=(const InMemoryFile&) = delete;
    [[nodiscard]] std::string path() const { return "/proc/self/fd/" + std::to_string(fd_); }

  private:
    int fd_;
};

// Parses the file, or only its bytes up to the end of the pixel data when junk follows (DCMTK
// would parse gigabytes of appended zeros element by element: 290 s for 2 GB).
OFCondition parseFile(DcmFileFormat& fileFormat, const std::filesystem::path& file,
                      const FileByteSource& source, const DatasetScanResult& scan,
                      std::optional<InMemoryFile>& head) {
    if (!scan.trailingJunk) {
        return fileFormat.loadFile(file.c_str(), EXS_Unknown, EGL_noChange, DCM_MaxReadLength,
                                   ERM_autoDetect);
    }
    head.emplace(source.copy(0, scan.pixelDataEnd));
    return fileFormat.loadFile(head->path().c_str(), EXS_Unknown, EGL_noChange, DCM_MaxReadLength,
                               ERM_autoDetect);
}

LoadedImage readWithDcmtk(const std::filesystem::path& file, const ReadOptions& options,
                          const FileByteSource& source, const DatasetScanResult& scan) {
    refuseUncheckedDeflate(file, scan);
    DcmFileFormat fileFormat;
    std::optional<InMemoryFile> head;  // outlives every read of the dataset below
    const OFCondition loaded = parseFile(fileFormat, file, source, scan, head);
    if (loaded.bad()) {
        if (!plausiblyDicom(scan)) throw std::runtime_error("not a DICOM file");
        std::string reason = std::string("cannot parse the DICOM data (") + loaded.text() + ")";
        if (!scan.problem.empty()) reason += ": " + scan.problem;
        throw std::runtime_error(reason);
    }
    DcmDataset& dataset = *fileFormat.getDataset();
    std::vector<std::string> warnings;
    if (scan.trailingJunk) {
        warnings.push_back(std::to_string(source.size() - scan.pixelDataEnd) +
                           " bytes after the pixel data ignored (" + scan.problem + ")");
    } else if (!scan.complete && !scan.problem.empty()) {
        warnings.push_back("irregular file structure: " + scan.problem);
    }
    if (dataset.convertToUTF8().bad()) {
        warnings.emplace_back("text attributes could not be converted to UTF-8");
    }
    DcmElement* element = nullptr;
    if (dataset.findAndGetElement(DCM_PixelData, element).bad() || element == nullptr ||
        element->ident() != EVR_PixelData) {
        if (dataset.tagExists(DCM_FloatPixelData) || dataset.tagExists(DCM_DoubleFloatPixelData)) {
            throw std::runtime_error("floating-point pixel data is not supported");
        }
        OFString sopClass;
        std::string what = "header-only or non-image object";
        if (dataset.findAndGetOFString(DCM_SOPClassUID, sopClass).good() && !sopClass.empty()) {
            what += ": " + std::string(dcmFindNameOfUID(sopClass.c_str(), sopClass.c_str()));
        }
        throw std::runtime_error("no pixel data (" + what + ")");
    }
    auto& pixelData = static_cast<DcmPixelData&>(*element);
    const std::string tsUid = DcmXfer(dataset.getOriginalXfer()).getXferID();
    const ImageAttributes attributes = ImageAttributeReader{}(dataset, tsUid);
    if (!decodable(attributes)) {
        throw std::runtime_error("transfer syntax " + attributes.transferSyntaxName +
                                 " is not supported");
    }
    if (options.frame < 0 || options.frame >= attributes.numberOfFrames) {
        throw std::runtime_error("frame " + std::to_string(options.frame) +
                                 " out of range (the file has " +
                                 std::to_string(attributes.numberOfFrames) + " frame(s))");
    }
    checkPixelLimits(attributes, pixelData);
    const DecodedFrame decoded =
        isJpeg2000TransferSyntax(tsUid)
            ? Jpeg2000FrameDecoder{}(pixelData, attributes, options.frame)
            : DcmtkFrameDecoder{}(dataset, pixelData, attributes, options.frame);
    if (decoded.width != attributes.columns || decoded.height != attributes.rows) {
        throw std::runtime_error("decoded frame size differs from the header");
    }
    warnings.insert(warnings.end(), decoded.warnings.begin(), decoded.warnings.end());
    ConvertedFrame converted = FrameConverter{}(decoded, attributes.photometric == "MONOCHROME1");
    processing::ImageMetadata metadata =
        MetadataBuilder{}(attributes, converted, warnings, options.frame);
    metadata.codingErrorBound = decoded.codingErrorBound;
    return {std::move(converted.image), std::move(metadata)};
}

}  // namespace

LoadedImage DicomReader::operator()(const std::filesystem::path& file,
                                    const ReadOptions& options) const {
    try {
        DcmtkSetup::ensure();
        FileByteSource source(file, kMaxFileBytes);
        DatasetScanLimits limits;
        limits.maxSequenceDepth = kMaxSequenceDepth;
        limits.maxElements = kMaxElements;
        limits.maxReorderSteps = kMaxReorderSteps;
        limits.maxInflatedBytes = kMaxInflatedBytes;
        const DatasetScanResult scan = DatasetScanner(limits)(source);
        if (scan.elementsExceeded && !scan.trailingJunk) {
            throw std::runtime_error("more than " + std::to_string(kMaxElements) +
                                     " data elements (malformed or hostile file); not parsed");
        }
        if (scan.unorderedExceeded && !scan.trailingJunk) {
            throw std::runtime_error(scan.problem + " (malformed or hostile file); not parsed");
        }
        if (scan.depthExceeded && !scan.trailingJunk) {
            throw std::runtime_error("sequences nested deeper than " +
                                     std::to_string(kMaxSequenceDepth) +
                                     " levels (malformed or hostile file); not parsed");
        }
        checkKnownTransferSyntax(scan.transferSyntaxUid);
        if (scan.inflateFailed) throw std::runtime_error("deflated dataset: " + scan.problem);
        // DCMTK inflates again and parses whatever it finds: a deflated dataset whose structure
        // breaks is refused here, so garbage inflated a thousandfold is never parsed.
        if (scan.transferSyntaxUid == "1.2.840.10008.1.2.1.99" && !scan.complete) {
            throw std::runtime_error("deflated dataset is malformed: " + scan.problem);
        }
        LoadedImage result;
        LargeStackRunner{}([&] { result = readWithDcmtk(file, options, source, scan); });
        return result;
    } catch (const DicomError&) {
        throw;
    } catch (const std::bad_alloc&) {
        throw DicomError(file, "out of memory while reading");
    } catch (const std::exception& e) {
        throw DicomError(file, e.what());
    }
}

}  // namespace xrayprep::dicom

#include "dicom/Part10Encoding.h"

#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcostrmb.h>

#include <stdexcept>
#include <string>

namespace xrayprep::dicom {

std::vector<std::uint8_t> encodePart10(DcmFileFormat& fileFormat, E_TransferSyntax transferSyntax,
                                       E_FileWriteMode writeMode) {
    std::vector<std::uint8_t> bytes;
    // DCMTK writes into a fixed buffer and returns EC_StreamNotifyClient whenever it is full;
    // each time the buffer is drained into `bytes` and the write resumes.
    std::vector<char> chunk(std::size_t{1} << 20);
    DcmOutputBufferStream stream(chunk.data(), static_cast<offile_off_t>(chunk.size()));
    const auto drain = [&] {
        void* data = nullptr;
        offile_off_t length = 0;
        stream.flushBuffer(data, length);
        const auto* first = static_cast<const std::uint8_t*>(data);
        bytes.insert(bytes.end(), first, first + length);
    };
    fileFormat.transferInit();
    OFCondition status = EC_StreamNotifyClient;
    while (status == EC_StreamNotifyClient) {
        status = fileFormat.write(stream, transferSyntax, EET_ExplicitLength, nullptr, EGL_recalcGL,
                                  EPD_noChange, 0, 0, 0, writeMode);
        drain();
    }
    fileFormat.transferEnd();
    if (status.bad()) {
        throw std::runtime_error(std::string("cannot encode: ") + status.text());
    }
    stream.flush();
    drain();
    return bytes;
}

}  // namespace xrayprep::dicom

#pragma once

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcxfer.h>

#include <cstdint>
#include <vector>

class DcmFileFormat;

namespace xrayprep::pacs {

// A received dataset as Part 10 file bytes in `transferSyntax` (the one it came in, so
// encapsulated pixel data stays as the peer sent it), the meta header made to match. Encoded in
// memory so that the file reaches the disk through io::writeFileAtomically in one piece.
// Throws std::runtime_error with DCMTK's reason.
[[nodiscard]] std::vector<std::uint8_t> encodePart10(DcmFileFormat& fileFormat,
                                                     E_TransferSyntax transferSyntax);

}  // namespace xrayprep::pacs

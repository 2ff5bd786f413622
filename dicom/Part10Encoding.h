#pragma once

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dctypes.h>
#include <dcmtk/dcmdata/dcxfer.h>

#include <cstdint>
#include <vector>

class DcmFileFormat;

namespace xrayprep::dicom {

// The Part 10 file in memory, in `transferSyntax`, the meta header as `writeMode` says: the
// bytes then reach the disk through io::AtomicFile like every other output (a temporary
// created with O_EXCL under a 64-bit random name, fsync'd, renamed over a regular file only).
// The writer's derived images use it, and the PACS client for the instances a C-GET brings (in
// the transfer syntax they came in, so encapsulated pixel data stays as the peer sent it).
// Throws std::runtime_error("cannot encode: " DCMTK's reason).
[[nodiscard]] std::vector<std::uint8_t> encodePart10(DcmFileFormat& fileFormat,
                                                     E_TransferSyntax transferSyntax,
                                                     E_FileWriteMode writeMode);

}  // namespace xrayprep::dicom

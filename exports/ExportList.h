#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace xrayprep::exports {

// The files `run --export LIST` and the application's File > Export can write per input; the name
// is also the file's name in the input's output folder, except "dicom" (final.dcm) and "seg"
// (seg.dcm).
enum class ExportItem {
    FinalPng,     // final.png: masked image, 16-bit stored values
    FinalMha,     // final.mha
    MaskPng,      // mask.png: 0/255
    MaskMha,      // mask.mha: 0/1
    EsfMha,       // esf.mha: float32
    EsfVti,       // esf.vti: float32 VTK ImageData
    ContoursVtp,  // contours.vtp: closed polylines in mm
    ContoursCsv,  // contours.csv: pixels and mm
    MeshStl,
    MeshObj,
    MeshPly,
    MeshVtp,
    Dicom,   // final.dcm: derived DICOM, original photometric
    Seg,     // seg.dcm: the mask as a DICOM Segmentation of the source image (DICOM inputs only)
    Sheet,   // sheet.png: contact sheet of every stage
    Report,  // report.json: versions, input SHA-256, backend, times, parameters
};

[[nodiscard]] std::string_view exportName(ExportItem item);
[[nodiscard]] std::string exportFileName(ExportItem item);
[[nodiscard]] bool isMeshExport(ExportItem item);
// "a,b,c" (spaces around names allowed; "all" names every item). Duplicates are kept once.
// Throws std::invalid_argument listing the valid names for an unknown or empty name.
[[nodiscard]] std::vector<ExportItem> parseExportList(const std::string& list);
// "final.png, final.mha, ..." for the usage text and errors.
[[nodiscard]] std::string validExportNames();

}  // namespace xrayprep::exports

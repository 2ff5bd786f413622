#include "exports/ExportWriter.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "exports/ContactSheet.h"
#include "exports/ExportReport.h"
#include "io/ContourCsvWriter.h"
#include "io/MetaImageWriter.h"
#include "io/PngWriter.h"
#include "io/Sha256.h"
#include "io/VtkImageWriter.h"
#include "mesh_export/MeshFileWriter.h"
#include "mesh_export/VtkPolyDataWriter.h"
#ifdef XRAYPREP_HAVE_DICOM
#include "dicom/Deidentifier.h"
#include "dicom/DicomWriter.h"
#include "dicom/SegmentationWriter.h"
#else
namespace xrayprep::dicom {
class UidMapper {};  // nothing to map in a build without DICOM
}  // namespace xrayprep::dicom
#endif

namespace xrayprep::exports {

namespace fs = std::filesystem;

ExportWriter::ExportWriter(std::vector<ExportItem> items, std::vector<fs::path> protectedInputs,
                           MeshOptions mesh, bool anonymize)
    : items_(std::move(items)),
      protected_(std::move(protectedInputs)),
      mesh_(mesh),
      anonymize_(anonymize),
      uids_(std::make_unique<dicom::UidMapper>()) {}

ExportWriter::~ExportWriter() = default;

std::string ExportWriter::derivationDescription(const processing::PipelineResult& r) {
    char text[160];
    std::snprintf(text, sizeof text, "xrayprep bone mask: median %d, %s threshold %d, %s",
                  r.parameters.median.size, processing::toString(r.threshold.used),
                  static_cast<int>(r.threshold.value),
                  processing::toString(r.parameters.contour.method));
    return text;
}

std::vector<std::string> ExportWriter::operator()(const fs::path& folder, const ExportSource& input,
                                                  const processing::PipelineResult& r,
                                                  const std::string& backendDescription,
                                                  const std::vector<std::string>& alreadyWritten,
                                                  processing::Json& summary,
                                                  const ExportProgress& progress,
                                                  const processing::CancelToken* cancel) const {
    std::vector<std::string> written;
    if (items_.empty()) return written;
    fs::create_directories(folder);
    const auto& spacing = input.metadata.spacing;
    const bool wantMesh = std::any_of(items_.begin(), items_.end(), isMeshExport);
    // Building the mesh is a step of its own (the longest, at large sizes).
    const std::size_t total = items_.size() + (wantMesh ? 1 : 0);
    std::size_t done = 0;
    const auto step = [&](const std::string& next) {
        if (cancel != nullptr) cancel->throwIfCancelled();
        if (progress) progress(done, total, next);
        ++done;
    };
    processing::TriangleMesh mesh;
    if (wantMesh) {
        step("mesh");
        processing::MeshInputs meshInputs{r.contour.mask, &r.esf.field, &input.image, spacing,
                                          mesh_.colour};
        mesh = processing::MeshBuilder{}(meshInputs, mesh_.params);
        summary["meshVertices"] = static_cast<std::uint64_t>(mesh.vertices.size());
        summary["meshTriangles"] = static_cast<std::uint64_t>(mesh.triangles.size());
    }
    io::PngOptions png;
    png.spacing = spacing;
    for (const ExportItem item : items_) {
        const std::string name = exportFileName(item);
        if (item == ExportItem::Report) continue;  // last, listing the others
        if (std::find(alreadyWritten.begin(), alreadyWritten.end(), name) != alreadyWritten.end())
            continue;
        const fs::path path = folder / name;
        step(name);
        switch (item) {
            case ExportItem::FinalPng:
                io::writePngGray16(path, r.final, png, protected_);
                break;
            case ExportItem::FinalMha:
                io::writeMetaImage(path, r.final, spacing, protected_);
                break;
            case ExportItem::MaskPng:
                io::writePngMask(path, r.contour.mask, png, protected_);
                break;
            case ExportItem::MaskMha:
                io::writeMetaImage(path, r.contour.mask, spacing, protected_);
                break;
            case ExportItem::EsfMha:
                io::writeMetaImage(path, r.esf.field, spacing, protected_);
                break;
            case ExportItem::EsfVti:
                io::writeVtkImage(path, r.esf.field, spacing, "esf", protected_);
                break;
            case ExportItem::ContoursVtp:
                mesh_export::writeContoursVtp(path, r.contour.contours, spacing, protected_);
                break;
            case ExportItem::ContoursCsv:
                io::writeContoursCsv(path, r.contour.contours, spacing, protected_);
                break;
            case ExportItem::MeshStl:
            case ExportItem::MeshObj:
            case ExportItem::MeshPly:
            case ExportItem::MeshVtp:
                mesh_export::writeMesh(path, mesh, *mesh_export::meshFormatFromPath(path), {},
                                       protected_);
                break;
            case ExportItem::Dicom: {
#ifdef XRAYPREP_HAVE_DICOM
                dicom::DicomWriteOptions options;
                options.seriesDescription = "xrayprep bone mask";
                options.derivationDescription = derivationDescription(r);
                options.anonymize = anonymize_;
                options.uidMapper = uids_.get();
                options.protectedPaths = protected_;
                dicom::DicomWriter{options}(r.final, input.metadata, path);
#else
                throw std::runtime_error("this build has no DICOM support");
#endif
                break;
            }
            case ExportItem::Seg: {
#ifdef XRAYPREP_HAVE_DICOM
                // A Segmentation annotates a stored image: without one to reference (the
                // built-in samples) it is left out, said in the summary's warnings, rather
                // than written with made-up references.
                if (!dicom::SegmentationWriter::canReference(input.metadata)) {
                    summary["warnings"].push_back(
                        name +
                        " not written: the input is not a DICOM image (a DICOM "
                        "Segmentation must reference its source image)");
                    continue;
                }
                dicom::SegmentationWriteOptions options;
                options.derivationDescription = derivationDescription(r);
                options.anonymize = anonymize_;
                options.uidMapper = uids_.get();
                options.protectedPaths = protected_;
                dicom::SegmentationWriter{options}(r.contour.mask, input.metadata, path);
#else
                throw std::runtime_error("this build has no DICOM support");
#endif
                break;
            }
            case ExportItem::Sheet: {
                ContactSheetOptions sheet;
                // The file name only, as in the window title: folders may name the patient.
                sheet.title =
                    input.sample ? input.label : fs::path(input.label).filename().string();
                sheet.backend = backendDescription;
                writeContactSheet(path, input.image, r, sheet, protected_);
                break;
            }
            case ExportItem::Report:
                break;
        }
        written.push_back(name);
    }
    if (std::find(items_.begin(), items_.end(), ExportItem::Report) != items_.end()) {
        step("report.json");
        ExportReportContext context;
        context.input = input.label;
        if (!input.sample) {
            context.inputSha256 =
                input.sha256.empty() ? io::sha256HexOfFile(input.label) : input.sha256;
        }
        context.backend = backendDescription;
#ifdef XRAYPREP_HAVE_DICOM
        context.dcmtkVersion = dicom::DicomWriter::toolkitVersion();
#endif
        if (wantMesh) {
            context.mesh = mesh_.params;
            context.meshResult = &mesh;
        }
        context.outputs = alreadyWritten;
        context.outputs.insert(context.outputs.end(), written.begin(), written.end());
        writeExportReport(folder / "report.json",
                          exportReportJson(context, input.image, input.metadata, r), protected_);
        written.emplace_back("report.json");
    }
    return written;
}

}  // namespace xrayprep::exports

#include "app/cli/PipelineSegmenter.h"

#include <stdexcept>
#include <string>

#include "processing/core/CancelToken.h"
#ifdef XRAYPREP_HAVE_DICOM
#include "dicom/DicomReader.h"
#include "dicom/DicomWriter.h"
#endif

namespace xrayprep::app {

PipelineSegmenter::PipelineSegmenter(
    std::vector<std::shared_ptr<processing::ComputeBackend>> backends,
    processing::PipelineParameters params, bool sharedDevice, std::filesystem::path dicomFolder)
    : params_(std::move(params)),
      sharedDevice_(sharedDevice),
      dicomFolder_(std::move(dicomFolder)) {
    for (auto& b : backends) pipelines_.push_back(std::make_unique<processing::Pipeline>(b));
#ifndef XRAYPREP_HAVE_DICOM
    if (!dicomFolder_.empty()) {
        throw std::runtime_error("this build has no DICOM support (built with XRAYPREP_CORE_ONLY)");
    }
#endif
}

processing::Image PipelineSegmenter::input(const processing::Phantom& phantom, int worker) const {
    if (dicomFolder_.empty()) {
        // In memory the pixels are what the reader would hand over: bone-bright stored values
        // (a MONOCHROME1 file is inverted on load), so the photometric does not change them.
        return phantom.image;
    }
#ifdef XRAYPREP_HAVE_DICOM
    const auto file = dicomFolder_ / ("phantom-" + std::to_string(worker) + ".dcm");
    dicom::DicomWriter{}(phantom.image, phantom.metadata, file);
    return dicom::DicomReader{}(file).image;
#else
    (void)worker;
    return phantom.image;
#endif
}

PhantomSegmentation PipelineSegmenter::operator()(const processing::Phantom& phantom, int worker) {
    processing::Pipeline& pipeline = *pipelines_.at(static_cast<std::size_t>(worker));
    processing::Image image = input(phantom, worker);
    std::unique_lock<std::mutex> turn(deviceTurn_, std::defer_lock);
    if (sharedDevice_) turn.lock();
    // The spacing as a reader would report it (absent on the no-spacing axis): the mm
    // parameters follow it, or the image size without it.
    pipeline.setInput(std::move(image), phantom.metadata.spacing,
                      processing::bodyPartNamesOf(phantom.metadata));
    PhantomSegmentation out;
    bool haveMask = false;
    processing::CancelToken stop;
    const auto observer = [&](processing::StageId stage, const processing::PipelineResult& r) {
        if (stage != processing::StageId::Mask) return;
        out.mask = r.contour.mask;
        out.final = r.final;
        haveMask = true;
        stop.cancel();  // the ESF is not judged: stop before it
    };
    try {
        (void)pipeline.run(params_, processing::StageId::Median, observer, &stop);
    } catch (const processing::Cancelled&) {
    }
    if (!haveMask) throw std::runtime_error("the pipeline stopped before the mask stage");
    return out;
}

}  // namespace xrayprep::app

#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>
#include <QTimer>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "processing/contour/ActiveContour.h"
#include "processing/core/CancelToken.h"
#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"
#include "processing/esf/EsfSolver.h"
#include "processing/mesh/MeshBuilder.h"
#include "processing/mesh/MeshParams.h"
#include "processing/mesh/TriangleMesh.h"
#include "ui/data/DisplayedRun.h"

namespace xrayprep::ui {

// What a mesh is built with: the builder's parameters and what the vertex scalars carry.
struct MeshRequest {
    processing::MeshParams params;
    processing::MeshInputs::Colour colour = processing::MeshInputs::Colour::XRay;
    bool operator==(const MeshRequest&) const = default;
};

// Builds the 3D preview's mesh (processing::MeshBuilder) from a run's final mask, ESF, X-ray
// and pixel spacing on a worker thread, so the GUI thread never waits for it.
//
// Every public function is called on the GUI thread and returns at once. schedule() builds
// after a short debounce (a spin box's arrows held down build once); a newer source or request
// supersedes a running build, which is cancelled and its result dropped. meshReady and
// buildFailed come on the GUI thread.
class MeshTask : public QObject {
    Q_OBJECT

  public:
    using BuildFunction = std::function<processing::TriangleMesh(const processing::MeshInputs&,
                                                                 const processing::MeshParams&,
                                                                 const processing::CancelToken*)>;

    explicit MeshTask(QObject* parent = nullptr);
    ~MeshTask() override;  // cancels and waits for the worker

    // Replaces processing::MeshBuilder (tests).
    void setBuildFunction(BuildFunction build);
    void setDebounceMilliseconds(int ms);  // default 150

    // Keeps the run's contour mask, ESF, original image and spacing; builds nothing by itself.
    // A run without a contour mask clears the source.
    void setSource(const DisplayedRun& run);
    void clearSource();  // cancels, forgets the source and the mesh
    [[nodiscard]] bool hasSource() const { return source_.contour != nullptr; }
    void setRequest(const MeshRequest& request);  // builds nothing by itself
    [[nodiscard]] const MeshRequest& request() const { return request_; }
    // Whether mesh() was built from the current source and request.
    [[nodiscard]] bool upToDate() const;

    void schedule();                        // debounced build of the current source and request
    void cancel();                          // drops running and scheduled builds; mesh() stays
    [[nodiscard]] bool isBuilding() const;  // running, waiting for the debounce, or queued

    [[nodiscard]] const std::shared_ptr<const processing::TriangleMesh>& mesh() const {
        return mesh_;
    }
    [[nodiscard]] const MeshRequest& meshRequest() const { return meshRequest_; }

  signals:
    void meshReady();  // mesh() and meshRequest() hold the new mesh
    void buildFailed(const QString& message);
    void busyChanged(bool busy);

  private:
    struct Source {
        std::shared_ptr<const processing::ContourResult> contour;
        std::shared_ptr<const processing::EsfResult> esf;
        std::shared_ptr<const processing::Image> xray;
        std::optional<processing::PixelSpacing> spacing;
    };
    struct Outcome {
        std::shared_ptr<const processing::TriangleMesh> mesh;
        std::string error;
        bool cancelled = false;
    };

    void startBuild();
    void onBuildFinished();
    void updateBusy();

    BuildFunction build_;
    Source source_;
    MeshRequest request_;
    std::uint64_t wanted_ = 1;    // bumped by every change of source or request
    std::uint64_t launched_ = 0;  // what the running build was started for
    std::uint64_t built_ = 0;     // what mesh_ was built for
    std::shared_ptr<processing::CancelToken> token_;
    MeshRequest launchedRequest_;
    std::shared_ptr<const processing::TriangleMesh> mesh_;
    MeshRequest meshRequest_;
    bool running_ = false;
    bool queued_ = false;  // a build waits for the superseded one to stop
    bool busy_ = false;
    QTimer debounce_;
    QThreadPool pool_;
    QFutureWatcher<Outcome> watcher_;
};

}  // namespace xrayprep::ui

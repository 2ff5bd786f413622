#pragma once

#include <QString>
#include <memory>
#include <string>

#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"
#include "processing/phantom/FootPhantom.h"
#include "session/Session.h"

namespace xrayprep::ui {

// An input image ready for the model, or why it could not be loaded.
struct LoadedInput {
    std::shared_ptr<const processing::Image> image;
    std::shared_ptr<const processing::ImageMetadata> metadata;
    QString label;  // file name without folder, or "Sample (planar)"
    QString path;   // empty for the sample
    // What a session names: the file's absolute path, or the sample as the command line names
    // it ("sample:planar", "sample:lateral:WxH"); the file's SHA-256 as loaded; its frame.
    std::string source;
    std::string sha256;
    int frame = 0;
    // Set when the input was opened from a session file: what it carries besides the input.
    std::shared_ptr<const session::Session> session;
    QString error;       // non-empty: loading failed with this message (names the file)
    int generation = 0;  // which request of the model this answers
};

// These run on a worker and never throw: a failure comes back in `error`.
[[nodiscard]] LoadedInput loadDicomInput(const QString& path, int frame);
[[nodiscard]] LoadedInput makeSampleInput(processing::PhantomView view, int width, int height);
// A session file: the session read and checked (its input unchanged), then its input loaded.
[[nodiscard]] LoadedInput loadSessionInput(const QString& path);

[[nodiscard]] QString sampleLabel(processing::PhantomView view);  // "Sample (planar)"

}  // namespace xrayprep::ui

#include "ui/model/PresetFile.h"

#include <QFile>
#include <QSaveFile>
#include <exception>
#include <string>

#include "io/FileBytes.h"
#include "processing/pipeline/ParameterRegistry.h"
#include "processing/util/Json.h"

namespace xrayprep::ui {

namespace {
constexpr std::size_t kMaxPresetBytes = std::size_t{1} << 20;  // a preset is a few hundred bytes
}

QString savePresetFile(const QString& path, const processing::PipelineParameters& parameters) {
    const std::string text = processing::dumpJson(processing::presetJson(parameters)) + "\n";
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return QStringLiteral("%1: cannot write the preset (%2)").arg(path, file.errorString());
    }
    if (file.write(text.data(), static_cast<qint64>(text.size())) !=
            static_cast<qint64>(text.size()) ||
        !file.commit()) {
        return QStringLiteral("%1: cannot write the preset (%2)").arg(path, file.errorString());
    }
    return {};
}

QString loadPresetFile(const QString& path, processing::PipelineParameters& parameters) {
    // A regular file of at most 1 MiB (a FIFO would block the GUI, /dev/zero never ends).
    std::string text;
    try {
        text = io::readSmallRegularFile(path.toStdString(), kMaxPresetBytes);
    } catch (const std::exception& e) {
        return QStringLiteral("%1: cannot read the preset (%2)")
            .arg(path, QString::fromUtf8(e.what()));
    }
    try {
        processing::PipelineParameters edited = parameters;
        processing::applyPresetText(edited, text);
        parameters = edited;
    } catch (const std::exception& e) {
        return QStringLiteral("%1: not a valid preset: %2").arg(path, QString::fromUtf8(e.what()));
    }
    return {};
}

}  // namespace xrayprep::ui

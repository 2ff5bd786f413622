#include "ui/model/PresetFile.h"

#include <QFile>
#include <QSaveFile>
#include <exception>
#include <string>

#include "processing/pipeline/ParameterRegistry.h"
#include "processing/util/Json.h"

namespace xrayprep::ui {

namespace {
constexpr qint64 kMaxPresetBytes = 1 << 20;  // a preset is a few hundred bytes
}

QString savePresetFile(const QString& path, const processing::PipelineParameters& parameters) {
    const std::string text = processing::presetJson(parameters).dump(2) + "\n";
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
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return QStringLiteral("%1: cannot read the preset (%2)").arg(path, file.errorString());
    }
    if (file.size() > kMaxPresetBytes) {
        return QStringLiteral("%1: not a preset (larger than 1 MiB)").arg(path);
    }
    const QByteArray bytes = file.readAll();
    try {
        const processing::Json doc =
            processing::Json::parse(std::string(bytes.constData(), bytes.size()));
        processing::PipelineParameters edited = parameters;
        processing::applyParametersJson(edited, doc);
        parameters = edited;
    } catch (const std::exception& e) {
        return QStringLiteral("%1: not a valid preset: %2").arg(path, QString::fromUtf8(e.what()));
    }
    return {};
}

}  // namespace xrayprep::ui

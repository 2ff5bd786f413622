#include "ui/model/InputLoader.h"

#include <QFileInfo>
#include <exception>
#include <filesystem>

#include "dicom/DicomReader.h"

namespace xrayprep::ui {

LoadedInput loadDicomInput(const QString& path, int frame) {
    LoadedInput loaded;
    loaded.path = path;
    loaded.label = QFileInfo(path).fileName();
    try {
        const QFileInfo info(path);
        if (!info.exists()) {
            loaded.error = path + QStringLiteral(": no such file");
            return loaded;
        }
        if (info.isDir()) {
            loaded.error = path + QStringLiteral(": is a folder, not a DICOM file");
            return loaded;
        }
        dicom::ReadOptions options;
        options.frame = frame;
        dicom::LoadedImage image =
            dicom::DicomReader{}(std::filesystem::path(path.toStdU16String()), options);
        loaded.image = std::make_shared<const processing::Image>(std::move(image.image));
        loaded.metadata =
            std::make_shared<const processing::ImageMetadata>(std::move(image.metadata));
    } catch (const std::exception& e) {
        // DicomError already reads "<file>: <reason>"
        loaded.error = QString::fromUtf8(e.what());
    } catch (...) {
        loaded.error = path + QStringLiteral(": unknown error while reading");
    }
    return loaded;
}

LoadedInput makeSampleInput(processing::PhantomView view, int width, int height) {
    LoadedInput loaded;
    loaded.label = sampleLabel(view);
    try {
        processing::PhantomParams params;
        params.view = view;
        params.width = width;
        params.height = height;
        processing::Phantom phantom = processing::FootPhantom{}(params);
        loaded.image = std::make_shared<const processing::Image>(std::move(phantom.image));
        loaded.metadata =
            std::make_shared<const processing::ImageMetadata>(std::move(phantom.metadata));
    } catch (const std::exception& e) {
        loaded.error = loaded.label + QStringLiteral(": ") + QString::fromUtf8(e.what());
    }
    return loaded;
}

QString sampleLabel(processing::PhantomView view) {
    return QStringLiteral("Sample (%1)").arg(QString::fromUtf8(processing::toString(view)));
}

}  // namespace xrayprep::ui

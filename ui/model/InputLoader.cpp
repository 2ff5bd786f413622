#include "ui/model/InputLoader.h"

#include <QFileInfo>
#include <exception>
#include <filesystem>

#include "dicom/DicomReader.h"
#include "io/Sha256.h"
#include "session/SessionFile.h"

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
        // What a saved session names and checks the file by later.
        loaded.source = info.absoluteFilePath().toStdString();
        loaded.sha256 = io::sha256HexOfFile(std::filesystem::path(path.toStdU16String()));
        loaded.frame = frame;
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
        // As `xrayprep-cli run` names the same sample.
        loaded.source = std::string("sample:") + processing::toString(view);
        const processing::PhantomParams defaults;
        if (width != defaults.width || height != defaults.height) {
            // Appended piece by piece: GCC 12's -Wrestrict misfires on ":" + std::string.
            loaded.source += ':';
            loaded.source += std::to_string(width);
            loaded.source += 'x';
            loaded.source += std::to_string(height);
        }
    } catch (const std::exception& e) {
        loaded.error = loaded.label + QStringLiteral(": ") + QString::fromUtf8(e.what());
    }
    return loaded;
}

LoadedInput loadSessionInput(const QString& path) {
    std::shared_ptr<session::Session> s;
    try {
        s = std::make_shared<session::Session>(
            session::SessionFile::load(std::filesystem::path(path.toStdU16String())));
        session::SessionFile::verifyInput(*s);
    } catch (const std::exception& e) {
        LoadedInput failed;
        failed.error = QString::fromUtf8(e.what());
        return failed;
    }
    LoadedInput loaded;
    if (s->inputIsSample()) {
        // sample:VIEW[:WxH]
        const QStringList parts = QString::fromStdString(s->input).split(QLatin1Char(':'));
        const auto view = parts.value(1) == QLatin1String("lateral")
                              ? processing::PhantomView::Lateral
                              : processing::PhantomView::Planar;
        processing::PhantomParams defaults;
        int w = defaults.width, h = defaults.height;
        if (parts.size() > 2) {
            const QStringList size = parts[2].split(QLatin1Char('x'));
            w = size.value(0).toInt();
            h = size.value(1).toInt();
        }
        if (w < 64 || h < 64 || w > 32768 || h > 32768) {
            loaded.error = path + QStringLiteral(": unknown sample %1").arg(parts.join(':'));
            return loaded;
        }
        loaded = makeSampleInput(view, w, h);
    } else {
        loaded = loadDicomInput(QString::fromStdString(s->input), s->frame);
    }
    if (loaded.error.isEmpty() && loaded.sha256 != s->inputSha256 && !s->inputIsSample()) {
        loaded.error = QString::fromStdString(s->input) +
                       QStringLiteral(": the file changed while the session was opened");
    }
    loaded.session = std::move(s);
    return loaded;
}

QString sampleLabel(processing::PhantomView view) {
    return QStringLiteral("Sample (%1)").arg(QString::fromUtf8(processing::toString(view)));
}

}  // namespace xrayprep::ui

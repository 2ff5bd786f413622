#include "ui/panels/DicomHeaderRows.h"

#include <QObject>

namespace xrayprep::ui {
namespace {

using processing::ImageMetadata;
using processing::Photometric;

// Header numbers are written as DICOM writes them, without digit grouping ("4095", "-1024").
QString number(double v, int decimals) { return QString::number(v, 'f', decimals); }
QString compact(double v) { return QString::number(v, 'g', 10); }

}  // namespace

bool isPatientField(std::string_view name) {
    // Also the fields that lead to a person through the hospital's records or name one.
    for (std::string_view other : {"AccessionNumber", "ReferringPhysicianName", "OperatorsName"}) {
        if (name == other) return true;
    }
    return name.substr(0, 7) == "Patient";
}

QString headerGroupTitle(HeaderRow::Group group) {
    switch (group) {
        case HeaderRow::Group::Image:
            return QObject::tr("Image");
        case HeaderRow::Group::Warnings:
            return QObject::tr("Warnings");
        case HeaderRow::Group::Header:
            return QObject::tr("DICOM header");
    }
    return {};
}

std::vector<HeaderRow> headerRows(const ImageMetadata& md, const QString& inputLabel,
                                  QSize imageSize, int bitsStored) {
    using G = HeaderRow::Group;
    std::vector<HeaderRow> rows;
    auto add = [&rows](G g, const QString& a, const QString& v, bool warning = false) {
        rows.push_back({g, a, v, false, warning});
    };
    add(G::Image, QObject::tr("Input"), inputLabel);
    if (imageSize.isValid()) {
        add(G::Image, QObject::tr("Size"),
            QObject::tr("%1 × %2 px").arg(imageSize.width()).arg(imageSize.height()));
    }
    if (bitsStored > 0) {
        const quint64 maxValue = (quint64{1} << bitsStored) - 1;
        add(G::Image, QObject::tr("Bits stored"),
            QObject::tr("%1 (0 – %2)").arg(bitsStored).arg(maxValue));
    }
    add(G::Image, QObject::tr("Photometric"),
        md.photometric == Photometric::Monochrome1
            ? QObject::tr("MONOCHROME1 (shown inverted, bone-bright)")
            : QStringLiteral("MONOCHROME2"));
    if (md.wasSigned) {
        add(G::Image, QObject::tr("Pixel representation"),
            QObject::tr("signed (shifted to unsigned on load)"));
    }
    if (md.spacing) {
        const auto& s = *md.spacing;
        add(G::Image, QObject::tr("Pixel spacing"),
            QObject::tr("%1 × %2 mm (%3)")
                .arg(number(s.x, 4), number(s.y, 4), QString::fromStdString(s.source)));
    } else {
        add(G::Image, QObject::tr("Pixel spacing"), QObject::tr("unknown — pixels"), true);
    }
    add(G::Image, QObject::tr("Rescale"),
        QObject::tr("slope %1 · intercept %2")
            .arg(compact(md.rescaleSlope), compact(md.rescaleIntercept)));
    if (md.windowCenter && md.windowWidth) {
        add(G::Image, QObject::tr("Window"),
            QObject::tr("center %1 · width %2")
                .arg(compact(*md.windowCenter), compact(*md.windowWidth)));
    } else {
        add(G::Image, QObject::tr("Window"), QObject::tr("none in the header"));
    }
    add(G::Image, QObject::tr("Frame"),
        QObject::tr("%1 of %2").arg(md.frameIndex + 1).arg(std::max(1, md.frameCount)));

    for (const auto& w : md.warnings) {
        add(G::Warnings, QObject::tr("Warning"), QString::fromStdString(w), true);
    }
    for (const auto& [name, value] : md.headerFields) {
        rows.push_back({G::Header, QString::fromStdString(name), QString::fromStdString(value),
                        isPatientField(name), false});
    }
    return rows;
}

}  // namespace xrayprep::ui

#include "ui/panels/TimingFormat.h"

#include <QLocale>
#include <cmath>

#include "ui/data/ViewStage.h"

namespace xrayprep::ui {

QString formatMs(double ms) { return QLocale().toString(ms, 'f', 3); }

QString formatSpeedup(double factor) {
    return QLocale().toString(factor, 'f', 2) + QStringLiteral("×");
}

QString formatCount(std::uint64_t count) {
    return QLocale().toString(static_cast<qulonglong>(count));
}

QString formatCountShort(std::uint64_t count) {
    const auto v = static_cast<double>(count);
    if (count >= 1000000) return QLocale().toString(v / 1e6, 'f', 2) + QStringLiteral(" M");
    if (count >= 10000) return QLocale().toString(v / 1e3, 'f', 1) + QStringLiteral(" k");
    return formatCount(count);
}

QString formatDifference(double difference) {
    if (difference == 0.0) return QStringLiteral("0");
    // ESF differences are ~1e-6: fixed decimals would show them as 0.000.
    if (std::abs(difference) < 1e-3) return QLocale().toString(difference, 'e', 2);
    return QLocale().toString(difference, 'f', 3);
}

QString stageTitle(processing::StageId stage) {
    return QString::fromUtf8(viewStageTitle(viewStageOf(stage)));
}

QString missingValueText() { return QStringLiteral("—"); }

std::optional<double> speedupOf(std::optional<double> serialMs, std::optional<double> ms) {
    if (!serialMs || !ms || !(*ms > 0.0)) return std::nullopt;
    return *serialMs / *ms;
}

std::optional<double> totalSpeedupOf(const RunTiming& serial, const RunTiming& run) {
    double serialSum = 0.0, runSum = 0.0;
    bool any = false;
    for (std::size_t i = 0; i < serial.wallMs.size(); ++i) {
        if (serial.wallMs[i] && run.wallMs[i]) {
            serialSum += *serial.wallMs[i];
            runSum += *run.wallMs[i];
            any = true;
        }
    }
    return any ? speedupOf(serialSum, runSum) : std::nullopt;
}

}  // namespace xrayprep::ui

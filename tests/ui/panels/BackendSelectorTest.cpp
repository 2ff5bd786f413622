// The backend selector lists unavailable backends disabled, with the reason.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QLabel>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTest>
#include <utility>
#include <vector>

#include "ui/panels/BackendSelector.h"

namespace xrayprep::ui {
namespace {

using processing::BackendKind;

std::vector<BackendChoice> noCuda() {
    return {{BackendKind::Serial, true, "1 thread"},
            {BackendKind::OpenMP, true, "2 threads"},
            {BackendKind::Cuda, false, "no CUDA device"}};
}

struct Chosen {
    explicit Chosen(BackendSelector& s) {
        QObject::connect(&s, &BackendSelector::backendChosen,
                         [this](BackendKind k, int t) { calls.emplace_back(k, t); });
    }
    std::vector<std::pair<BackendKind, int>> calls;
};

TEST(BackendSelector, ListsAnUnavailableBackendDisabledWithItsReason) {
    BackendSelector selector;
    selector.setBackends(noCuda());
    auto* combo = selector.findChild<QComboBox*>(QStringLiteral("backendCombo"));
    ASSERT_NE(combo, nullptr);
    ASSERT_EQ(combo->count(), 3);
    EXPECT_EQ(combo->itemText(0), "serial");
    EXPECT_EQ(combo->itemText(1), "openmp");
    EXPECT_EQ(combo->itemText(2), QStringLiteral("cuda — unavailable: No usable NVIDIA "
                                                 "GPU/driver: no NVIDIA GPU found"));
    EXPECT_TRUE(combo->itemData(2, Qt::ToolTipRole).toString().contains("no CUDA device"));
    auto* model = qobject_cast<QStandardItemModel*>(combo->model());
    ASSERT_NE(model, nullptr);
    EXPECT_TRUE(model->item(0)->isEnabled());
    EXPECT_TRUE(model->item(1)->isEnabled());
    EXPECT_FALSE(model->item(2)->isEnabled());
}

TEST(BackendSelector, TheCudaRuntimesReasonsAreSaidForPeople) {
    const auto reason = [](const char* raw) {
        return unavailableReasonForPeople({BackendKind::Cuda, false, raw}).toStdString();
    };
    EXPECT_EQ(reason("CUDA unavailable: CUDA driver version is insufficient for CUDA runtime "
                     "version"),
              "No usable NVIDIA GPU/driver: the NVIDIA driver is older than this build needs "
              "(update the driver)");
    EXPECT_EQ(reason("CUDA unavailable: no CUDA-capable device is detected"),
              "No usable NVIDIA GPU/driver: no NVIDIA GPU found");
    EXPECT_EQ(reason("CUDA unavailable: this build has no CUDA support (no nvcc at configure "
                     "time)"),
              "this copy of xrayprep was built without CUDA");
    EXPECT_EQ(reason("CUDA unavailable: something else"),
              "No usable NVIDIA GPU/driver: something else");
}

TEST(BackendSelector, AnAvailableGpuShowsItsDevice) {
    BackendSelector selector;
    selector.setBackends(
        {{BackendKind::Serial, true, "1 thread"}, {BackendKind::Cuda, true, "NVIDIA H200"}});
    auto* combo = selector.findChild<QComboBox*>(QStringLiteral("backendCombo"));
    EXPECT_EQ(combo->itemText(1), QStringLiteral("cuda — NVIDIA H200"));
    auto* model = qobject_cast<QStandardItemModel*>(combo->model());
    EXPECT_TRUE(model->item(1)->isEnabled());
}

TEST(BackendSelector, KeyboardSelectionSkipsTheUnavailableBackend) {
    BackendSelector selector;
    selector.setBackends(noCuda());
    Chosen chosen(selector);
    auto* combo = selector.findChild<QComboBox*>(QStringLiteral("backendCombo"));
    QTest::keyClick(combo, Qt::Key_Down);
    QTest::keyClick(combo, Qt::Key_Down);  // cuda is disabled: stays on openmp
    EXPECT_EQ(selector.currentKind(), BackendKind::OpenMP);
    ASSERT_FALSE(chosen.calls.empty());
    EXPECT_EQ(chosen.calls.front().first, BackendKind::OpenMP);
    for (const auto& c : chosen.calls) EXPECT_NE(c.first, BackendKind::Cuda);
}

TEST(BackendSelector, SetCurrentIsSilentAndThreadEditsEmit) {
    BackendSelector selector;
    selector.setBackends(noCuda());
    Chosen chosen(selector);
    selector.setCurrent(BackendKind::OpenMP, 1);
    EXPECT_TRUE(chosen.calls.empty());
    EXPECT_EQ(selector.currentKind(), BackendKind::OpenMP);
    EXPECT_EQ(selector.currentThreads(), 1);
    auto* threads = selector.findChild<QSpinBox*>(QStringLiteral("threadsSpin"));
    ASSERT_NE(threads, nullptr);
    EXPECT_TRUE(threads->isEnabled());
    if (threads->maximum() >= 2) {
        threads->stepBy(1);
        ASSERT_EQ(chosen.calls.size(), 1u);
        EXPECT_EQ(chosen.calls[0], std::make_pair(BackendKind::OpenMP, 2));
    }
    selector.setCurrent(BackendKind::Serial, 1);
    EXPECT_FALSE(threads->isEnabled());
    EXPECT_EQ(selector.currentThreads(), 1);
}

}  // namespace
}  // namespace xrayprep::ui

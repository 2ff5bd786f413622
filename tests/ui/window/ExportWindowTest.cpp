// File > Export (issue 12): the dialog offers every output the command line writes, remembers
// the choice, writes off the GUI thread with progress, and confirms with the folder named; a
// cancelled export leaves the folder as it was.
#include <QCheckBox>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTest>
#include <filesystem>

#include "io/PngReader.h"
#include "tests/ui/window/WindowTestSupport.h"
#include "ui/window/ExportDialog.h"
#include "ui/window/WindowActions.h"

namespace xrayprep::ui::test {
namespace {

namespace fs = std::filesystem;
using exports::ExportItem;

class ExportWindowTest : public WindowFixture {
  protected:
    ExportDialog* openDialog() {
        window->findChild<WindowActions*>()->exportResults->trigger();
        for (auto* d : window->findChildren<ExportDialog*>()) {
            if (d->isVisible()) return d;
        }
        return nullptr;
    }
};

TEST_F(ExportWindowTest, TheDialogExportsTheChosenOutputsAndRemembersThem) {
    loadSmallSample();
    ExportDialog* dialog = openDialog();
    ASSERT_NE(dialog, nullptr);
    // Every output of `run --export` has its box.
    for (const auto item : exports::parseExportList("all")) EXPECT_NE(dialog->box(item), nullptr);
    for (const auto item : exports::parseExportList("all")) dialog->box(item)->setChecked(false);
    EXPECT_FALSE(dialog->exportButton()->isEnabled());  // nothing chosen
    dialog->box(ExportItem::MaskPng)->setChecked(true);
    dialog->box(ExportItem::MeshStl)->setChecked(true);
    dialog->box(ExportItem::Report)->setChecked(true);
    const fs::path folder = dir.path() / "export";
    dialog->folderEdit()->setText(QString::fromStdString(folder.string()));
    QSignalSpy progress(model.get(), &PipelineModel::exportProgress);
    QSignalSpy finished(model.get(), &PipelineModel::exportFinished);
    QTest::mouseClick(dialog->exportButton(), Qt::LeftButton);
    ASSERT_TRUE(model->isExporting());  // on a worker: the click returned at once
    ASSERT_TRUE(waitForCount(finished, 1));
    EXPECT_GE(progress.count(), 1);  // progress signals may be coalesced
    EXPECT_EQ(finished.front().at(2).toString(), QString());
    EXPECT_EQ(finished.front().at(1).toStringList(),
              (QStringList{"mask.png", "mesh.stl", "report.json"}));
    // The mask written is the mask shown.
    const auto png = io::readPng(folder / "mask.png");
    const processing::Mask& shown = model->displayed().contour->mask;
    ASSERT_EQ(png.samples.width(), shown.width());
    for (std::size_t i = 0; i < shown.size(); ++i) {
        ASSERT_EQ(png.samples.data()[i] != 0, shown.data()[i] != 0);
    }
    EXPECT_GT(fs::file_size(folder / "mesh.stl"), 84u);
    // Only the three files: no temporary folder left.
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(folder)) names.push_back(e.path().filename());
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"mask.png", "mesh.stl", "report.json"}));
    // A confirmation names the folder.
    QCoreApplication::processEvents();
    auto* box = window->findChild<QMessageBox*>(QStringLiteral("exportConfirmation"));
    ASSERT_NE(box, nullptr);
    EXPECT_NE(box->text().indexOf(QString::fromStdString(folder.string())), -1);
    box->close();

    // Opened again: the same choice and folder.
    ExportDialog* again = openDialog();
    ASSERT_NE(again, nullptr);
    EXPECT_EQ(again->items(), (std::vector<ExportItem>{ExportItem::MaskPng, ExportItem::MeshStl,
                                                       ExportItem::Report}));
    EXPECT_EQ(again->folder(), QString::fromStdString(folder.string()));
    again->reject();
}

TEST_F(ExportWindowTest, ACancelledExportLeavesTheFolderAsItWas) {
    loadSmallSample();
    const fs::path folder = dir.path() / "cancelled";
    fs::create_directories(folder);
    ExportChoice choice;
    choice.folder = QString::fromStdString(folder.string());
    choice.items = exports::parseExportList("all");
    choice.items.erase(std::remove(choice.items.begin(), choice.items.end(), ExportItem::Dicom),
                       choice.items.end());
    QSignalSpy finished(model.get(), &PipelineModel::exportFinished);
    // Cancelled as soon as the first file is announced.
    QObject::connect(model.get(), &PipelineModel::exportProgress, model.get(),
                     [this] { model->cancelExport(); });
    ASSERT_TRUE(model->exportResults(choice));
    ASSERT_TRUE(waitForCount(finished, 1));
    EXPECT_TRUE(finished.front().at(3).toBool());
    EXPECT_TRUE(finished.front().at(1).toStringList().isEmpty());
    EXPECT_TRUE(fs::is_empty(folder));
}

}  // namespace
}  // namespace xrayprep::ui::test

#pragma once

#include <QDialog>
#include <QString>
#include <QStringList>

#include "pacs/PacsNode.h"

class QCheckBox;
class QComboBox;
class QDateEdit;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace xrayprep::ui {

class AppSettings;
class PacsSession;
struct PacsOutcome;

// File > Open from PACS: the node (AE titles, host, port; kept in the settings), a study query,
// the matches in a table, and a retrieve of the chosen study into the cache with progress and
// Cancel. A view of a PacsSession, which does the network work on workers; every failure shows
// in the status line. `retrieved` names the files of a finished retrieve.
class PacsDialog : public QDialog {
    Q_OBJECT

  public:
    PacsDialog(AppSettings& settings, QWidget* parent = nullptr);
    ~PacsDialog() override;

    [[nodiscard]] pacs::PacsNode node() const;  // as entered
    // Where retrieves go; default PacsSession::defaultCacheFolder().
    void setCacheFolder(const QString& folder) { cache_ = folder; }
    [[nodiscard]] QString statusText() const;

  signals:
    void retrieved(const QStringList& files, const QString& folder);

  protected:
    void reject() override;  // cancels a running retrieve first

  private:
    QWidget* buildNodeBox();
    QWidget* buildQueryBox();
    void testConnection();
    void search();
    void retrieve();
    void showMatches(const PacsOutcome& outcome);
    void retrieveDone(const PacsOutcome& outcome);
    void setStatus(const QString& text);
    void updateButtons();

    AppSettings& settings_;
    PacsSession* session_ = nullptr;
    QString cache_;
    QLineEdit* callingAe_ = nullptr;
    QLineEdit* calledAe_ = nullptr;
    QLineEdit* host_ = nullptr;
    QSpinBox* port_ = nullptr;
    QLineEdit* patientId_ = nullptr;
    QLineEdit* patientName_ = nullptr;
    QCheckBox* useDates_ = nullptr;
    QDateEdit* from_ = nullptr;
    QDateEdit* to_ = nullptr;
    QComboBox* modality_ = nullptr;
    QTableWidget* table_ = nullptr;
    QPushButton* echoButton_ = nullptr;
    QPushButton* searchButton_ = nullptr;
    QPushButton* retrieveButton_ = nullptr;
    QPushButton* cancelButton_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
};

}  // namespace xrayprep::ui

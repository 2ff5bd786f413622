#include "ui/window/PacsDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDate>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include "pacs/PacsQuery.h"
#include "processing/core/PrintableText.h"
#include "ui/model/AppSettings.h"
#include "ui/model/PacsSession.h"

namespace xrayprep::ui {

namespace {

enum Column { kPatient, kId, kDate, kModality, kDescription, kInstances, kColumns };

QString printable(const std::string& text) {
    return QString::fromStdString(processing::printableText(text));
}

// "20240131" as "2024-01-31"; anything else as it came.
QString displayDate(const std::string& dicomDate) {
    const QDate d =
        QDate::fromString(QString::fromStdString(dicomDate), QStringLiteral("yyyyMMdd"));
    return d.isValid() ? d.toString(Qt::ISODate) : printable(dicomDate);
}

}  // namespace

PacsDialog::PacsDialog(AppSettings& settings, QWidget* parent)
    : QDialog(parent),
      settings_(settings),
      session_(new PacsSession(this)),
      cache_(PacsSession::defaultCacheFolder()) {
    setWindowTitle(tr("Open from PACS"));
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    top->addWidget(buildNodeBox());
    top->addWidget(buildQueryBox(), 1);
    layout->addLayout(top);

    table_ = new QTableWidget(0, kColumns, this);
    table_->setObjectName(QStringLiteral("pacsResults"));
    table_->setHorizontalHeaderLabels({tr("Patient"), tr("Patient ID"), tr("Date"), tr("Modality"),
                                       tr("Description"), tr("Instances")});
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(kDescription, QHeaderView::Stretch);
    table_->setMinimumHeight(160);
    layout->addWidget(table_, 1);

    progress_ = new QProgressBar(this);
    progress_->setObjectName(QStringLiteral("pacsProgress"));
    progress_->setTextVisible(true);
    progress_->hide();
    layout->addWidget(progress_);
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("pacsStatus"));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(status_);

    auto* buttons = new QDialogButtonBox(this);
    retrieveButton_ = buttons->addButton(tr("&Retrieve and Open"), QDialogButtonBox::AcceptRole);
    retrieveButton_->setObjectName(QStringLiteral("pacsRetrieve"));
    cancelButton_ = buttons->addButton(tr("&Cancel Retrieve"), QDialogButtonBox::ActionRole);
    cancelButton_->setObjectName(QStringLiteral("pacsCancel"));
    buttons->addButton(QDialogButtonBox::Close);
    layout->addWidget(buttons);

    connect(retrieveButton_, &QPushButton::clicked, this, &PacsDialog::retrieve);
    connect(cancelButton_, &QPushButton::clicked, session_, &PacsSession::cancel);
    connect(buttons, &QDialogButtonBox::rejected, this, &PacsDialog::reject);
    connect(table_, &QTableWidget::itemSelectionChanged, this, &PacsDialog::updateButtons);
    connect(table_, &QTableWidget::cellDoubleClicked, this, &PacsDialog::retrieve);
    connect(session_, &PacsSession::echoFinished, this, [this](const QString& error) {
        setStatus(error.isEmpty() ? tr("The node answered (C-ECHO).") : error);
    });
    connect(session_, &PacsSession::searchFinished, this, &PacsDialog::showMatches);
    connect(session_, &PacsSession::retrieveFinished, this, &PacsDialog::retrieveDone);
    connect(session_, &PacsSession::retrieveProgress, this,
            [this](int done, int total, const QString& text) {
                progress_->setRange(0, total);
                progress_->setValue(done);
                progress_->setFormat(text);
            });
    updateButtons();
    resize(900, 520);
}

PacsDialog::~PacsDialog() = default;

QWidget* PacsDialog::buildNodeBox() {
    auto* box = new QGroupBox(tr("Node"), this);
    auto* form = new QFormLayout(box);
    const pacs::PacsNode saved = settings_.pacsNode().value_or(pacs::PacsNode{});
    callingAe_ = new QLineEdit(QString::fromStdString(saved.callingAe), box);
    callingAe_->setObjectName(QStringLiteral("pacsCallingAe"));
    calledAe_ = new QLineEdit(QString::fromStdString(saved.calledAe), box);
    calledAe_->setObjectName(QStringLiteral("pacsCalledAe"));
    host_ = new QLineEdit(QString::fromStdString(saved.host), box);
    host_->setObjectName(QStringLiteral("pacsHost"));
    port_ = new QSpinBox(box);
    port_->setObjectName(QStringLiteral("pacsPort"));
    port_->setRange(1, 65535);
    port_->setValue(saved.port);
    for (QLineEdit* ae : {callingAe_, calledAe_}) ae->setMaxLength(16);
    form->addRow(tr("Our AE title:"), callingAe_);
    form->addRow(tr("PACS AE title:"), calledAe_);
    form->addRow(tr("Host:"), host_);
    form->addRow(tr("Port:"), port_);
    echoButton_ = new QPushButton(tr("&Test Connection"), box);
    echoButton_->setObjectName(QStringLiteral("pacsEcho"));
    connect(echoButton_, &QPushButton::clicked, this, &PacsDialog::testConnection);
    form->addRow(echoButton_);
    return box;
}

QWidget* PacsDialog::buildQueryBox() {
    auto* box = new QGroupBox(tr("Find studies"), this);
    auto* form = new QFormLayout(box);
    patientId_ = new QLineEdit(box);
    patientId_->setObjectName(QStringLiteral("pacsPatientId"));
    patientId_->setPlaceholderText(tr("any (wildcards * and ?)"));
    patientName_ = new QLineEdit(box);
    patientName_->setObjectName(QStringLiteral("pacsPatientName"));
    patientName_->setPlaceholderText(tr("any (e.g. DOE^*)"));
    auto* dates = new QHBoxLayout;
    useDates_ = new QCheckBox(tr("From"), box);
    from_ = new QDateEdit(QDate::currentDate().addYears(-1), box);
    to_ = new QDateEdit(QDate::currentDate(), box);
    for (QDateEdit* d : {from_, to_}) {
        d->setCalendarPopup(true);
        d->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
        d->setMinimumWidth(d->fontMetrics().horizontalAdvance(QStringLiteral("0000-00-00")) + 48);
        d->setEnabled(false);
        connect(useDates_, &QCheckBox::toggled, d, &QWidget::setEnabled);
    }
    dates->addWidget(useDates_);
    dates->addWidget(from_);
    dates->addWidget(new QLabel(tr("to"), box));
    dates->addWidget(to_);
    dates->addStretch();
    modality_ = new QComboBox(box);
    modality_->setEditable(true);
    modality_->addItems({QString(), QStringLiteral("CR"), QStringLiteral("DX"),
                         QStringLiteral("RG"), QStringLiteral("OT")});
    modality_->setObjectName(QStringLiteral("pacsModality"));
    form->addRow(tr("Patient ID:"), patientId_);
    form->addRow(tr("Patient name:"), patientName_);
    form->addRow(tr("Study date:"), dates);
    form->addRow(tr("Modality:"), modality_);
    searchButton_ = new QPushButton(tr("&Search"), box);
    searchButton_->setObjectName(QStringLiteral("pacsSearch"));
    searchButton_->setDefault(true);
    connect(searchButton_, &QPushButton::clicked, this, &PacsDialog::search);
    form->addRow(searchButton_);
    return box;
}

pacs::PacsNode PacsDialog::node() const {
    pacs::PacsNode node;
    node.callingAe = callingAe_->text().trimmed().toStdString();
    node.calledAe = calledAe_->text().trimmed().toStdString();
    node.host = host_->text().trimmed().toStdString();
    node.port = port_->value();
    return node;
}

QString PacsDialog::statusText() const { return status_->text(); }

void PacsDialog::testConnection() {
    settings_.setPacsNode(node());
    if (session_->echo(node())) setStatus(tr("Testing the connection…"));
}

void PacsDialog::search() {
    pacs::PacsQuery query;
    query.level = pacs::QueryLevel::Study;
    query.patientId = patientId_->text().trimmed().toStdString();
    query.patientName = patientName_->text().trimmed().toStdString();
    query.modality = modality_->currentText().trimmed().toStdString();
    if (useDates_->isChecked()) {
        const QString format = QStringLiteral("yyyyMMdd");
        query.studyDate =
            (from_->date().toString(format) + QLatin1Char('-') + to_->date().toString(format))
                .toStdString();
    }
    settings_.setPacsNode(node());
    if (session_->search(node(), query)) setStatus(tr("Searching…"));
}

void PacsDialog::showMatches(const PacsOutcome& outcome) {
    table_->setRowCount(0);
    if (!outcome.error.isEmpty()) {
        setStatus(outcome.error);
        return;
    }
    table_->setRowCount(static_cast<int>(outcome.matches.size()));
    int row = 0;
    for (const pacs::PacsMatch& m : outcome.matches) {
        QString patient = printable(m.patientName);
        patient.replace(QLatin1Char('^'), QLatin1Char(' '));
        const QStringList cells = {patient.trimmed(),        printable(m.patientId),
                                   displayDate(m.studyDate), printable(m.modality),
                                   printable(m.description), printable(m.instances)};
        for (int c = 0; c < kColumns; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c == kInstances) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            table_->setItem(row, c, item);
        }
        table_->item(row, kPatient)->setData(Qt::UserRole, QString::fromStdString(m.studyUid));
        ++row;
    }
    table_->resizeColumnsToContents();
    table_->horizontalHeader()->setSectionResizeMode(kDescription, QHeaderView::Stretch);
    if (row > 0) table_->selectRow(0);
    setStatus(row == 1 ? tr("1 study found.") : tr("%1 studies found.").arg(row));
}

void PacsDialog::retrieve() {
    const auto rows = table_->selectionModel()->selectedRows();
    if (rows.isEmpty() || session_->busy()) return;
    const QString studyUid =
        table_->item(rows.first().row(), kPatient)->data(Qt::UserRole).toString();
    if (!session_->retrieve(node(), studyUid, cache_)) return;
    progress_->setRange(0, 0);
    progress_->setFormat(tr("Retrieving…"));
    progress_->show();
    setStatus(tr("Retrieving the study into %1…").arg(cache_));
}

void PacsDialog::retrieveDone(const PacsOutcome& outcome) {
    progress_->hide();
    if (outcome.cancelled) {
        setStatus(tr("Retrieve cancelled (%n file(s) kept in the cache).", nullptr,
                     static_cast<int>(outcome.files.size())));
        return;
    }
    if (!outcome.error.isEmpty() || outcome.files.isEmpty()) {
        setStatus(outcome.error.isEmpty() ? tr("The study has no instances.") : outcome.error);
        return;
    }
    setStatus(tr("%n file(s) retrieved.", nullptr, static_cast<int>(outcome.files.size())));
    emit retrieved(outcome.files, cache_);
    accept();
}

void PacsDialog::reject() {
    if (session_->busy()) session_->cancel();
    QDialog::reject();
}

void PacsDialog::setStatus(const QString& text) {
    status_->setText(text);
    updateButtons();
}

void PacsDialog::updateButtons() {
    const bool busy = session_->busy();
    echoButton_->setEnabled(!busy);
    searchButton_->setEnabled(!busy);
    retrieveButton_->setEnabled(!busy && !table_->selectionModel()->selectedRows().isEmpty());
    cancelButton_->setEnabled(busy);
}

}  // namespace xrayprep::ui

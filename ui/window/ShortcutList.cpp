#include "ui/window/ShortcutList.h"

#include <QAction>
#include <QKeySequence>
#include <QWidget>

namespace xrayprep::ui {

QString shortcutListHtml(const QWidget& window) {
    QString rows;
    for (const QAction* action : window.findChildren<QAction*>()) {
        if (action->shortcut().isEmpty()) continue;
        QString name = action->text();
        name.remove(QLatin1Char('&'));
        rows += QStringLiteral("<tr><td><b>%1</b></td><td>&nbsp;&nbsp;%2</td></tr>")
                    .arg(action->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped(),
                         name.toHtmlEscaped());
    }
    rows += QStringLiteral(
        "<tr><td><b>Wheel</b></td><td>&nbsp;&nbsp;Zoom around the cursor</td></tr>"
        "<tr><td><b>Left drag</b></td><td>&nbsp;&nbsp;Pan (Navigate tool), else the mask "
        "editing tool chosen (Paint, Erase, Lasso)</td></tr>"
        "<tr><td><b>Left click</b></td><td>&nbsp;&nbsp;With Remove piece, Fill region or Keep "
        "only: that piece of the mask; with Include or Exclude seed: a seed there (drag a "
        "seed to move it)</td></tr>"
        "<tr><td><b>Right click a seed</b></td><td>&nbsp;&nbsp;Delete it (with a seed or box "
        "tool); inside the ROI box with the ROI box tool: remove the box</td></tr>"
        "<tr><td><b>Middle drag</b></td><td>&nbsp;&nbsp;Pan (with any tool)</td></tr>"
        "<tr><td><b>Right drag</b></td><td>&nbsp;&nbsp;Window (horizontal) and level "
        "(vertical)</td></tr>"
        "<tr><td><b>Ctrl+click a stage</b></td><td>&nbsp;&nbsp;Compare it with the shown "
        "stage</td></tr>");
    return QStringLiteral("<table>%1</table>").arg(rows);
}

}  // namespace xrayprep::ui

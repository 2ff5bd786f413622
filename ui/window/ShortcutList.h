#pragma once

#include <QString>

class QWidget;

namespace xrayprep::ui {

// An HTML table of every action with a shortcut under `window`, read from the actions
// themselves so that the list can never disagree with the menus.
[[nodiscard]] QString shortcutListHtml(const QWidget& window);

}  // namespace xrayprep::ui

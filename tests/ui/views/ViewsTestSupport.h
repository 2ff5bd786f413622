#pragma once

#include <QApplication>
#include <QMouseEvent>
#include <QWidget>

namespace xrayprep::ui::test {

// Sends a mouse event straight to a widget (no window system involved, so it works offscreen).
inline void sendMouse(QWidget* w, QEvent::Type type, QPointF pos, Qt::MouseButton button,
                      Qt::MouseButtons buttons, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
    QMouseEvent event(type, pos, w->mapToGlobal(pos), button, buttons, modifiers);
    QApplication::sendEvent(w, &event);
}

inline void drag(QWidget* w, QPointF from, QPointF to, Qt::MouseButton button) {
    sendMouse(w, QEvent::MouseButtonPress, from, button, button);
    sendMouse(w, QEvent::MouseMove, (from + to) / 2.0, Qt::NoButton, button);
    sendMouse(w, QEvent::MouseMove, to, Qt::NoButton, button);
    sendMouse(w, QEvent::MouseButtonRelease, to, button, Qt::NoButton);
}

}  // namespace xrayprep::ui::test

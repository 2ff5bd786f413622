#pragma once

#include <QGuiApplication>
#include <QSurfaceFormat>

namespace xrayprep::ui {

// VTK's OpenGL2 backend needs an OpenGL 3.2 core context. Qt creates every widget context from
// the default QSurfaceFormat, which must be set before the QApplication exists: main() and the
// GUI test main call this first. Inline, so that callers need Qt only, not this library.
inline void setDefaultSurfaceFormatForVtk() {
    QSurfaceFormat format;
    format.setRenderableType(QSurfaceFormat::OpenGL);
    format.setVersion(3, 2);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setSwapBehavior(QSurfaceFormat::DoubleBuffer);
    format.setRedBufferSize(8);
    format.setGreenBufferSize(8);
    format.setBlueBufferSize(8);
    format.setAlphaBufferSize(8);
    format.setDepthBufferSize(24);
    format.setStencilBufferSize(0);
    format.setSamples(0);  // VTK renders into its own framebuffer; no multisampling here
    QSurfaceFormat::setDefaultFormat(format);
}

// Whether this platform can host a QOpenGLWidget. Qt's "offscreen" and "minimal" platforms
// cannot (Qt 6.4 crashes after "not supported"); the 3D preview shows a placeholder there.
[[nodiscard]] inline bool platformSupportsOpenGlWidgets() {
    const QString platform = QGuiApplication::platformName();
    return platform != QLatin1String("offscreen") && platform != QLatin1String("minimal");
}

}  // namespace xrayprep::ui

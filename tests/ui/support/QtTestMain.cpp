// gtest main for the GUI tests: one QApplication for the whole executable. Without a chosen
// platform the tests use Qt's offscreen platform, so they run on machines without a display;
// tests that need OpenGL run under xvfb-run with QT_QPA_PLATFORM=xcb.
#include <gtest/gtest.h>

#include <QApplication>

#include "ui/preview/OpenGlSupport.h"

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    xrayprep::ui::setDefaultSurfaceFormatForVtk();  // before the QApplication
    QApplication app(argc, argv);
    QApplication::setOrganizationName("xrayprep-tests");
    QApplication::setApplicationName("xrayprep-tests");
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}

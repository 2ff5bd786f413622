#pragma once

#include <vtkSmartPointer.h>
#include <QOpenGLWidget>

class vtkGenericOpenGLRenderWindow;
class vtkGenericRenderWindowInteractor;
class vtkObject;
class vtkRenderer;

namespace xrayprep::ui {

// A VTK render window inside a Qt 6 widget. Debian's VTK Qt module is built for Qt 5, so this
// follows the design of VTK's QVTKOpenGLNativeWidget instead of linking it: VTK renders into
// its own framebuffer with the widget's OpenGL context, and paintGL blits that into the
// widget's framebuffer. Every render happens in paintGL; mouse and wheel events drive a
// trackball camera and schedule a repaint.
//
// Needs the default surface format of setDefaultSurfaceFormatForVtk() and a platform with
// OpenGL widgets (platformSupportsOpenGlWidgets()).
class VtkView : public QOpenGLWidget {
    Q_OBJECT

  public:
    explicit VtkView(QWidget* parent = nullptr);
    ~VtkView() override;

    [[nodiscard]] vtkRenderer* renderer() const;
    [[nodiscard]] vtkGenericOpenGLRenderWindow* renderWindow() const;

  public slots:
    // Looks at the whole scene from the image's front (x right, y down, as the X-ray is shown),
    // tilted a little so that the thickness shows.
    void resetCamera();

  protected:
    void initializeGL() override;
    void resizeGL(int width, int height) override;
    void paintGL() override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

  private:
    void makeVtkCurrent(vtkObject* caller, unsigned long event, void* callData);
    void reportIsCurrent(vtkObject* caller, unsigned long event, void* callData);
    void onVtkFrame(vtkObject* caller, unsigned long event, void* callData);
    void releaseGraphics();
    void passEventPosition(const QPointF& position, Qt::KeyboardModifiers modifiers);

    vtkSmartPointer<vtkGenericOpenGLRenderWindow> window_;
    vtkSmartPointer<vtkGenericRenderWindowInteractor> interactor_;
    vtkSmartPointer<vtkRenderer> renderer_;
    bool inPaint_ = false;
};

}  // namespace xrayprep::ui

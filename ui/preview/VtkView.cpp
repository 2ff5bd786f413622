#include "ui/preview/VtkView.h"

// No GLEW here (vtk_glew.h and Qt's GL headers exclude each other): the GL constants come from
// Qt's <qopengl.h>, and every GL call goes through VTK's state cache (vtkOpenGLState).
#include <vtkCamera.h>
#include <vtkCommand.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkGenericRenderWindowInteractor.h>
#include <vtkInteractorStyleTrackballCamera.h>
#include <vtkOpenGLState.h>
#include <vtkRenderer.h>

#include <QMouseEvent>
#include <QOpenGLContext>
#include <QWheelEvent>
#include <cmath>

namespace xrayprep::ui {

VtkView::VtkView(QWidget* parent)
    : QOpenGLWidget(parent),
      window_(vtkSmartPointer<vtkGenericOpenGLRenderWindow>::New()),
      interactor_(vtkSmartPointer<vtkGenericRenderWindowInteractor>::New()),
      renderer_(vtkSmartPointer<vtkRenderer>::New()) {
    // Nothing may render before the widget has a context; the widget blits VTK's frame.
    window_->SetReadyForRendering(false);
    window_->SetFrameBlitModeToNoBlit();
    window_->SetMultiSamples(0);
    window_->AddRenderer(renderer_);
    renderer_->SetBackground(0.13, 0.14, 0.16);
    renderer_->SetBackground2(0.30, 0.32, 0.36);
    renderer_->GradientBackgroundOn();

    interactor_->SetRenderWindow(window_);
    auto style = vtkSmartPointer<vtkInteractorStyleTrackballCamera>::New();
    interactor_->SetInteractorStyle(style);
    // The style's Render() calls do nothing: every render happens in paintGL (update()).
    interactor_->EnableRenderOff();
    interactor_->Initialize();

    window_->AddObserver(vtkCommand::WindowMakeCurrentEvent, this, &VtkView::makeVtkCurrent);
    window_->AddObserver(vtkCommand::WindowIsCurrentEvent, this, &VtkView::reportIsCurrent);
    window_->AddObserver(vtkCommand::WindowFrameEvent, this, &VtkView::onVtkFrame);

    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(160, 120);
    resetCamera();
}

VtkView::~VtkView() {
    // QOpenGLWidget's destructor destroys the context after this object's members are gone.
    if (context() != nullptr) disconnect(context(), nullptr, this, nullptr);
    releaseGraphics();
    window_->RemoveAllObservers();
}

vtkRenderer* VtkView::renderer() const { return renderer_; }

vtkGenericOpenGLRenderWindow* VtkView::renderWindow() const { return window_; }

void VtkView::resetCamera() {
    vtkCamera* camera = renderer_->GetActiveCamera();
    // y runs down the image: looking along +z with -y up shows the X-ray unmirrored.
    camera->SetFocalPoint(0.0, 0.0, 0.0);
    camera->SetPosition(0.0, 0.0, -1.0);
    camera->SetViewUp(0.0, -1.0, 0.0);
    camera->Elevation(-35.0);
    camera->OrthogonalizeViewUp();
    renderer_->ResetCamera();
    camera->Zoom(1.1);
    renderer_->ResetCameraClippingRange();
    update();
}

void VtkView::initializeGL() {
    // Called again after a re-parent (e.g. a floating dock): the old context is gone.
    connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, &VtkView::releaseGraphics,
            Qt::UniqueConnection);
    window_->SetOwnContext(false);
    window_->SetReadyForRendering(true);
    window_->OpenGLInitContext();
    window_->GetState()->Reset();
}

void VtkView::resizeGL(int width, int height) {
    const double ratio = devicePixelRatioF();
    interactor_->UpdateSize(static_cast<int>(std::lround(width * ratio)),
                            static_cast<int>(std::lround(height * ratio)));
    window_->SetDPI(static_cast<int>(std::lround(72.0 * ratio)));
}

void VtkView::paintGL() {
    inPaint_ = true;
    vtkOpenGLState* state = window_->GetState();
    // Qt changed the GL state behind VTK's cache; Qt sets GL_LESS, VTK expects GL_LEQUAL.
    state->Reset();
    state->Push();
    state->vtkglDepthFunc(GL_LEQUAL);
    window_->Render();
    state->Pop();

    const int* size = window_->GetSize();
    state->PushFramebufferBindings();
    state->vtkglBindFramebuffer(GL_DRAW_FRAMEBUFFER, defaultFramebufferObject());
    state->vtkglDisable(GL_SCISSOR_TEST);
    window_->BlitDisplayFramebuffer(0, 0, 0, size[0], size[1], 0, 0, size[0], size[1],
                                    GL_COLOR_BUFFER_BIT, GL_NEAREST);
    // Opaque alpha, or compositors blend the view with what is behind the window.
    state->vtkglColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_TRUE);
    state->vtkglClearColor(0.0F, 0.0F, 0.0F, 1.0F);
    state->vtkglClear(GL_COLOR_BUFFER_BIT);
    state->vtkglColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    state->PopFramebufferBindings();
    inPaint_ = false;
}

void VtkView::makeVtkCurrent(vtkObject*, unsigned long, void*) {
    // The context only: QOpenGLWidget::makeCurrent() would also bind Qt's framebuffer under
    // VTK's and leave the view black.
    QOpenGLContext* ctx = context();
    if (ctx != nullptr && QOpenGLContext::currentContext() != ctx) ctx->makeCurrent(ctx->surface());
}

void VtkView::reportIsCurrent(vtkObject*, unsigned long, void* callData) {
    QOpenGLContext* ctx = context();
    *static_cast<bool*>(callData) = ctx != nullptr && QOpenGLContext::currentContext() == ctx;
}

void VtkView::onVtkFrame(vtkObject*, unsigned long, void*) {
    if (!inPaint_) update();
}

void VtkView::releaseGraphics() {
    if (context() == nullptr || window_ == nullptr || !window_->GetReadyForRendering()) return;
    makeVtkCurrent(nullptr, 0, nullptr);
    window_->Finalize();  // releases every renderer's and actor's GL resources
    window_->SetReadyForRendering(false);
}

void VtkView::passEventPosition(const QPointF& position, Qt::KeyboardModifiers modifiers) {
    const double ratio = devicePixelRatioF();
    interactor_->SetEventInformationFlipY(static_cast<int>(std::lround(position.x() * ratio)),
                                          static_cast<int>(std::lround(position.y() * ratio)),
                                          (modifiers & Qt::ControlModifier) ? 1 : 0,
                                          (modifiers & Qt::ShiftModifier) ? 1 : 0);
    interactor_->SetAltKey((modifiers & Qt::AltModifier) ? 1 : 0);
}

void VtkView::mousePressEvent(QMouseEvent* event) {
    passEventPosition(event->position(), event->modifiers());
    switch (event->button()) {
        case Qt::LeftButton:
            interactor_->InvokeEvent(vtkCommand::LeftButtonPressEvent);
            break;
        case Qt::MiddleButton:
            interactor_->InvokeEvent(vtkCommand::MiddleButtonPressEvent);
            break;
        case Qt::RightButton:
            interactor_->InvokeEvent(vtkCommand::RightButtonPressEvent);
            break;
        default:
            break;
    }
    event->accept();
}

void VtkView::mouseReleaseEvent(QMouseEvent* event) {
    passEventPosition(event->position(), event->modifiers());
    switch (event->button()) {
        case Qt::LeftButton:
            interactor_->InvokeEvent(vtkCommand::LeftButtonReleaseEvent);
            break;
        case Qt::MiddleButton:
            interactor_->InvokeEvent(vtkCommand::MiddleButtonReleaseEvent);
            break;
        case Qt::RightButton:
            interactor_->InvokeEvent(vtkCommand::RightButtonReleaseEvent);
            break;
        default:
            break;
    }
    update();
    event->accept();
}

void VtkView::mouseMoveEvent(QMouseEvent* event) {
    passEventPosition(event->position(), event->modifiers());
    interactor_->InvokeEvent(vtkCommand::MouseMoveEvent);
    if (event->buttons() != Qt::NoButton) update();  // rotating, panning or zooming
    event->accept();
}

void VtkView::wheelEvent(QWheelEvent* event) {
    passEventPosition(event->position(), event->modifiers());
    const int delta = event->angleDelta().y();
    if (delta > 0) interactor_->InvokeEvent(vtkCommand::MouseWheelForwardEvent);
    if (delta < 0) interactor_->InvokeEvent(vtkCommand::MouseWheelBackwardEvent);
    update();
    event->accept();
}

}  // namespace xrayprep::ui

#pragma once

#include <QObject>
#include <QPoint>
#include <QPolygonF>
#include <QVector>

#include "ui/views/EditTool.h"

namespace xrayprep::ui {

class ImageView;
class MaskEditBar;
class PipelineModel;

// Joins the mask editing tools: the bar's tool and brush go to the image view; the view's
// gestures become MaskEditTools calls on the model's mask (PipelineModel::editMask), each one
// undoable step; the bar shows what the edits hold once the mask stage has applied them.
class MaskEditController : public QObject {
    Q_OBJECT
  public:
    MaskEditController(PipelineModel& model, ImageView& view, MaskEditBar& bar,
                       QObject* parent = nullptr);

    // The window calls these on a new input and after each run.
    void inputLoaded();
    void refresh();

  private:
    void stroke(const QVector<QPointF>& points, bool add);
    void lasso(const QPolygonF& polygon, bool add);
    void piece(QPoint pixel, EditTool tool);

    PipelineModel& model_;
    ImageView& view_;
    MaskEditBar& bar_;
};

}  // namespace xrayprep::ui

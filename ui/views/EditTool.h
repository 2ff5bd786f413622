#pragma once

namespace xrayprep::ui {

// What a left click or drag on an image view does. Navigate pans (as the middle button always
// does); the others edit the bone mask (PipelineModel::editMask with MaskEditTools).
enum class EditTool {
    Navigate,
    Brush,        // paint into the mask along the drag
    Erase,        // erase along the drag
    LassoAdd,     // the area the drag encloses joins the mask
    LassoRemove,  // the area the drag encloses leaves the mask
    RemovePiece,  // click: the piece of the mask under the cursor goes
    AddRegion,    // click: the region the mask encloses under the cursor joins it
    KeepOnly,     // click: only the piece under the cursor stays
    // Guidance of the contour stage (PipelineModel::addSeed, setGuideBox): a click places a
    // seed, or drags the seed under the cursor; a right click deletes the seed under it.
    IncludeSeed,
    ExcludeSeed,
    GuideBox,  // drag: the region of interest; a right click inside it removes it
};

[[nodiscard]] constexpr bool isStrokeTool(EditTool t) {
    return t == EditTool::Brush || t == EditTool::Erase;
}
[[nodiscard]] constexpr bool isLassoTool(EditTool t) {
    return t == EditTool::LassoAdd || t == EditTool::LassoRemove;
}
[[nodiscard]] constexpr bool isSeedTool(EditTool t) {
    return t == EditTool::IncludeSeed || t == EditTool::ExcludeSeed;
}
[[nodiscard]] constexpr bool isGuidanceTool(EditTool t) {
    return isSeedTool(t) || t == EditTool::GuideBox;
}
[[nodiscard]] constexpr bool isClickTool(EditTool t) {
    return t == EditTool::RemovePiece || t == EditTool::AddRegion || t == EditTool::KeepOnly;
}

}  // namespace xrayprep::ui

#include "processing/phantom/ObjectPlacer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <string_view>

#include "processing/phantom/BitmapFont.h"
#include "processing/phantom/LeadMarker.h"
#include "processing/phantom/StrokeCanvas.h"

namespace xrayprep::processing {

namespace {

constexpr double kCellMm = 1.0;
constexpr int kTries = 600;

constexpr std::array<std::string_view, 8> kTextPool = {"XRAYPREP PHANTOM", "2024-03-15 10:42",
                                                       "ID 0001-4471",     "60KV 5MAS",
                                                       "STANDING",         "WB",
                                                       "ST MARY RAD",      "FOOT"};

bool anyBone(const FootScene& s, double x, double y) {
    for (const PhantomBone& b : s.bones) {
        if (b.shape.bounds().expanded(0.5).contains(x, y) && b.shape.distance(x, y) < 0.0) {
            return true;
        }
    }
    return false;
}

DesignBox strokeBounds(const std::vector<DesignStroke>& strokes) {
    DesignBox b{1e9, 1e9, -1e9, -1e9};
    for (const DesignStroke& s : strokes) {
        b = b.united({std::min(s.x0, s.x1), std::min(s.y0, s.y1), std::max(s.x0, s.x1),
                      std::max(s.y0, s.y1)});
    }
    return b;
}

}  // namespace

ObjectPlacer::ObjectPlacer(const PhantomParams& params, ProjectionScene& scene, std::uint64_t key)
    : params_(params),
      scene_(scene),
      rng_(key),
      grid_(scene.fieldWidthMm, scene.fieldHeightMm, kCellMm) {
    const FootScene& a = scene.anatomy;
    const auto& plat = scene.layout.platform;
    foot_ = grid_.rasterize(
        [&](double x, double y) { return a.skinDistance(x, y) < 0.0 && (!plat || y < plat->top); });
    platform_ = grid_.rasterize(
        [&](double, double y) { return plat && y >= plat->top - 0.5 && y <= plat->bottom; });
    toFoot_ = grid_.distanceTo(foot_);
    toBone_ =
        grid_.distanceTo(grid_.rasterize([&](double x, double y) { return anyBone(a, x, y); }));
    occupied_ = platform_;
    scratch_ = Mask(grid_.cols(), grid_.rows(), 0);
}

void ObjectPlacer::place() {
    const PhantomVariation& v = params_.variation;
    if (v.darkCollimation || params_.secondaryBackground) placeCollimation();
    if (v.calibrationBall) placeBall();
    if (params_.orientationMarker) placeMarker();
    if (v.ruler) placeRuler();
    if (params_.burnedInText) placeText();
    if (v.annotationArrows) placeArrows();
}

void ObjectPlacer::note(const std::string& what) { scene_.notes.push_back(what); }

template <typename Draw>
ObjectPlacer::Cells ObjectPlacer::strokes(Draw draw, const DesignBox& bounds) const {
    StrokeCanvas canvas(scratch_, grid_.cols() * kCellMm, grid_.rows() * kCellMm);
    draw(canvas);
    Cells cells;
    const int c0 = grid_.col(bounds.x0 - 2.0), c1 = grid_.col(bounds.x1 + 2.0);
    const int r0 = grid_.row(bounds.y0 - 2.0), r1 = grid_.row(bounds.y1 + 2.0);
    for (int r = r0; r <= r1; ++r) {
        for (int c = c0; c <= c1; ++c) {
            if (!scratch_.at(c, r)) continue;
            cells.emplace_back(c, r);
            scratch_.at(c, r) = 0;
        }
    }
    return cells;
}

ObjectPlacer::Cells ObjectPlacer::disk(double cx, double cy, double radiusMm) const {
    Cells cells;
    const double r2 = (radiusMm + 0.7) * (radiusMm + 0.7);
    for (int r = grid_.row(cy - radiusMm - 1.0); r <= grid_.row(cy + radiusMm + 1.0); ++r) {
        for (int c = grid_.col(cx - radiusMm - 1.0); c <= grid_.col(cx + radiusMm + 1.0); ++c) {
            const double dx = grid_.x(c) - cx, dy = grid_.y(r) - cy;
            if (dx * dx + dy * dy <= r2) cells.emplace_back(c, r);
        }
    }
    return cells;
}

bool ObjectPlacer::collimated(int col, int row) const {
    const double x = grid_.x(col), y = grid_.y(row);
    const auto& l = scene_.layout;
    return (l.darkField && l.darkField->outside(x, y) > -1.0) ||
           (l.brightField && l.brightField->outside(x, y) > -1.0 - l.shutterSoftMm);
}

bool ObjectPlacer::insideField(const Cells& cells, double marginMm) const {
    const int m = static_cast<int>(std::ceil(marginMm / kCellMm));
    for (const auto& [c, r] : cells) {
        if (c < m || r < m || c >= grid_.cols() - m || r >= grid_.rows() - m) return false;
    }
    return true;
}

void ObjectPlacer::occupy(const Cells& cells, double marginMm) {
    const int m = static_cast<int>(std::ceil(marginMm / kCellMm));
    for (const auto& [c, r] : cells) {
        for (int rr = std::max(0, r - m); rr <= std::min(grid_.rows() - 1, r + m); ++rr) {
            for (int cc = std::max(0, c - m); cc <= std::min(grid_.cols() - 1, c + m); ++cc) {
                occupied_.at(cc, rr) = 1;
            }
        }
    }
}

void ObjectPlacer::placeCollimation() {
    const PhantomVariation& v = params_.variation;
    const double W = scene_.fieldWidthMm, H = scene_.fieldHeightMm;
    const double angle =
        (v.rotatedCollimation ? (rng_.chance(0.5) ? 1.0 : -1.0) : 0.0) * rng_.uniform(1.0, 5.0);
    // How far each side's band may reach at a tilt: from the image edge's innermost corner to
    // the nearest obstacle (the limb with 5 mm of clearance, the platform).
    auto clearanceAt = [&](CollimationField& f, std::array<double, 4>& edge) {
        double minP = 1e9, maxP = -1e9, minQ = 1e9, maxQ = -1e9;
        for (int r = 0; r < grid_.rows(); ++r) {
            for (int c = 0; c < grid_.cols(); ++c) {
                if (!(toFoot_.at(c, r) < 5.0 || platform_.at(c, r))) continue;
                const double x = grid_.x(c), y = grid_.y(r);
                minP = std::min(minP, f.p(x, y) - 1.0);
                maxP = std::max(maxP, f.p(x, y) + 1.0);
                minQ = std::min(minQ, f.q(x, y) - 1.0);
                maxQ = std::max(maxQ, f.q(x, y) + 1.0);
            }
        }
        edge = {std::max(f.p(0, 0), f.p(0, H)), std::min(f.p(W, 0), f.p(W, H)),
                std::max(f.q(0, 0), f.q(W, 0)), std::min(f.q(0, H), f.q(W, H))};
        return std::array<double, 4>{minP - edge[0], edge[1] - maxP, minQ - edge[2],
                                     edge[3] - maxQ};
    };
    CollimationField f;
    f.cx = 0.5 * W;
    f.cy = 0.5 * H;
    std::array<double, 4> edge{}, clearance{};
    std::array<bool, 4> room{};
    bool anyRoom = false;
    // A tilted band reaches further in at one end: where that leaves no side free, tilt less.
    for (double tilt : {1.0, 0.5, 0.25, 0.0}) {
        f.angleDeg = angle * tilt;
        clearance = clearanceAt(f, edge);
        for (int s = 0; s < 4; ++s) anyRoom |= (room[s] = clearance[s] >= 12.0);
        if (anyRoom) break;
    }
    if (anyRoom && angle != 0.0 && f.angleDeg == 0.0) note("bands straight: no room for a tilt");
    auto apply = [](CollimationField& field, int side, double limit) {
        (side == 0   ? field.left
         : side == 1 ? field.right
         : side == 2 ? field.top
                     : field.bottom) = limit;
    };
    std::array<double, 4> darkInset{};
    std::array<double, 4> brightInset{};
    for (int s = 0; s < 4; ++s) {
        darkInset[s] = rng_.uniform(6.0, std::clamp(clearance[s] - 4.0, 6.0, 70.0));
        brightInset[s] = rng_.uniform(6.0, std::clamp(clearance[s] - 4.0, 6.0, 40.0));
    }
    if (!anyRoom) {
        note("no side free of the limb for collimation or shutter bands");
        return;
    }
    const double sign[4] = {1.0, -1.0, 1.0, -1.0};
    if (v.darkCollimation) {
        CollimationField dark = f;
        for (int s = 0; s < 4; ++s) {
            if (room[s]) apply(dark, s, edge[s] + sign[s] * darkInset[s]);
        }
        scene_.layout.darkField = dark;
        scene_.layout.darkLevel = rng_.uniform(0.35, 0.75);
    }
    if (params_.secondaryBackground) {
        CollimationField bright = f;
        std::array<bool, 4> chosen{};
        bool any = false;
        for (int s = 0; s < 4; ++s) any |= (chosen[s] = room[s] && rng_.chance(0.6));
        if (!any) {
            int s = rng_.index(4);
            while (!room[s]) s = (s + 1) % 4;
            chosen[s] = true;
        }
        for (int s = 0; s < 4; ++s) {
            if (!chosen[s]) continue;
            // Inside a dark collimation the shutter covers the outer part of its band.
            const double inset = v.darkCollimation ? 0.6 * darkInset[s] : brightInset[s];
            apply(bright, s, edge[s] + sign[s] * std::max(inset, 3.0));
        }
        scene_.layout.brightField = bright;
        scene_.layout.shutterSoftMm = rng_.uniform(1.5, 4.0);
    }
}

void ObjectPlacer::placeBall() {
    const double W = scene_.fieldWidthMm, H = scene_.fieldHeightMm;
    const double radius = rng_.uniform(10.0, 15.0);
    // Above a platform, where the foot stands (never under it).
    const double maxY = scene_.layout.platform ? scene_.layout.platform->top - 3.0 : H;
    for (int t = 0; t < kTries; ++t) {
        const double cx = rng_.uniform(radius + 2.0, W - radius - 2.0);
        const double cy = rng_.uniform(radius + 2.0, std::max(radius + 2.0, maxY - radius - 2.0));
        const Cells cells = disk(cx, cy, radius);
        bool ok = true;
        for (const auto& [c, r] : cells) {
            ok = ok && toFoot_.at(c, r) >= 4.0f && !occupied_.at(c, r) && !collimated(c, r);
        }
        if (!ok) continue;
        scene_.layout.balls.push_back({cx, cy, radius});
        occupy(cells, 4.0);
        return;
    }
    note("no room for the calibration ball");
}

void ObjectPlacer::placeMarker() {
    const double W = scene_.fieldWidthMm, H = scene_.fieldHeightMm;
    PhantomMarker m;
    m.letter = rng_.chance(0.5) ? 'L' : 'R';
    m.heightMm = rng_.uniform(20.0, 30.0);
    m.strokeMm = rng_.uniform(3.0, 4.5);
    const double w = 0.68 * m.heightMm, h = m.heightMm;
    const bool near = params_.variation.markerNearSkin;
    // On the detector beside the limb, above a platform (never under it).
    const double maxY = scene_.layout.platform ? scene_.layout.platform->top - 3.0 : H;
    // Skin cells: just outside the limb, in the exposed field, off the platform.
    std::vector<std::pair<int, int>> skin;
    if (near) {
        for (int r = 0; r < grid_.rows(); ++r) {
            for (int c = 0; c < grid_.cols(); ++c) {
                if (!foot_.at(c, r) && toFoot_.at(c, r) <= 1.0 && !platform_.at(c, r) &&
                    grid_.y(r) < maxY && !collimated(c, r)) {
                    skin.emplace_back(c, r);
                }
            }
        }
    }
    for (int t = 0; t < 4 * kTries; ++t) {
        if (near) {
            if (skin.empty()) break;
            const auto [c, r] =
                skin[static_cast<std::size_t>(rng_.index(static_cast<int>(skin.size())))];
            m.x = grid_.x(c) - rng_.uniform(0.0, w);
            m.y = grid_.y(r) - rng_.uniform(0.0, h);
        } else {
            m.x = rng_.uniform(2.0, W - w - 2.0);
            m.y = rng_.uniform(2.0, std::max(2.0, maxY - h - 2.0));
        }
        const Cells cells = strokes([&](StrokeCanvas& cv) { LeadMarker::draw(cv, m); },
                                    {m.x, m.y, m.x + w, m.y + h});
        if (!insideField(cells, 1.0)) continue;
        bool ok = true;
        int onLimb = 0;
        float nearest = 1e9f;
        for (const auto& [c, r] : cells) {
            onLimb += foot_.at(c, r);
            nearest = std::min(nearest, toFoot_.at(c, r));
            ok = ok && !occupied_.at(c, r) && !collimated(c, r) &&
                 toBone_.at(c, r) >= (near ? 4.0f : 10.0f) && (near || toFoot_.at(c, r) >= 10.0f);
        }
        const int total = static_cast<int>(cells.size());
        if (!ok || (near && (nearest > 1.0f || onLimb * 20 > total * 3))) continue;
        scene_.layout.markers.push_back(m);
        occupy(cells, 3.0);
        return;
    }
    note(near ? "no room for a marker at the skin" : "no room for a marker");
}

void ObjectPlacer::placeText() {
    const double W = scene_.fieldWidthMm, H = scene_.fieldHeightMm;
    PhantomText text;
    const int lines = 2 + rng_.index(3);
    std::vector<std::string_view> pool(kTextPool.begin(), kTextPool.end());
    for (int i = 0; i < lines; ++i) {  // distinct lines
        const auto k = static_cast<std::size_t>(rng_.index(static_cast<int>(pool.size())));
        text.lines.emplace_back(pool[k]);
        pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(k));
    }
    text.cellMm = rng_.uniform(0.9, 1.4);
    const double strokeRatio = rng_.uniform(0.35, 0.5);
    // Smaller and fewer lines until the block fits beside the limb.
    for (int shrink = 0; shrink < 6; ++shrink) {
        text.strokeMm = strokeRatio * text.cellMm;
        std::size_t longest = 0;
        for (const auto& l : text.lines) longest = std::max(longest, l.size());
        const double bw = static_cast<double>(longest) * (BitmapFont::kCols + 1) * text.cellMm;
        const double bh =
            static_cast<double>(text.lines.size()) * (BitmapFont::kRows + 3) * text.cellMm;
        for (int t = 0; t < kTries / 2 && bw < W - 4.0 && bh < H - 4.0; ++t) {
            text.x = rng_.uniform(2.0, W - bw - 2.0);
            text.y = rng_.uniform(2.0, H - bh - 2.0);
            const Cells cells = strokes(
                [&](StrokeCanvas& cv) {
                    for (std::size_t i = 0; i < text.lines.size(); ++i) {
                        BitmapFont::draw(
                            cv, text.lines[i], text.x,
                            text.y + static_cast<double>(i) * (BitmapFont::kRows + 3) * text.cellMm,
                            text.cellMm, text.strokeMm);
                    }
                },
                {text.x, text.y, text.x + bw, text.y + bh});
            bool ok = true;
            for (const auto& [c, r] : cells) {
                ok = ok && toFoot_.at(c, r) >= 4.0f && !occupied_.at(c, r);
            }
            if (!ok) continue;
            scene_.layout.texts.push_back(text);
            occupy(cells, 2.0);
            return;
        }
        text.cellMm *= 0.8;
        if (text.lines.size() > 1) text.lines.pop_back();
    }
    note("no room for the burned-in text");
}

void ObjectPlacer::placeRuler() {
    const double W = scene_.fieldWidthMm, H = scene_.fieldHeightMm;
    constexpr double kPitch = 5.0, kWidth = 0.6;
    if (const auto& plat = scene_.layout.platform) {
        // Ticks hanging from the platform's top edge into the platform, clear of the sole.
        const double len = rng_.uniform(80.0, std::max(90.0, std::min(220.0, W - 10.0)));
        const double x0 = rng_.uniform(4.0, std::max(5.0, W - len - 4.0));
        const double room = plat->bottom - plat->top - 2.0;
        for (int k = 0; x0 + k * kPitch <= std::min(W - 2.0, x0 + len); ++k) {
            const double l = std::min(k % 2 == 0 ? 6.0 : 3.0, std::max(room - 1.2, 1.0));
            const double x = x0 + k * kPitch;
            scene_.layout.rulerTicks.push_back(
                {x, plat->top + 1.2, x, plat->top + 1.2 + l, kWidth});
        }
        return;
    }
    const int first = rng_.index(4);
    for (int e = 0; e < 4; ++e) {
        const int side = (first + e) % 4;  // left, right, top, bottom
        const bool vertical = side < 2;
        const double along = vertical ? H : W;
        for (int t = 0; t < kTries / 4; ++t) {
            const double len = rng_.uniform(60.0, std::min(150.0, along - 10.0));
            const double start = rng_.uniform(5.0, along - len - 5.0);
            const double offset = rng_.uniform(2.0, 8.0);
            std::vector<DesignStroke> ticks;
            auto at = [&](double s, double d) {  // along-edge s, inward depth d -> (x, y)
                switch (side) {
                    case 0:
                        return std::pair{d, s};
                    case 1:
                        return std::pair{W - d, s};
                    case 2:
                        return std::pair{s, d};
                    default:
                        return std::pair{s, H - d};
                }
            };
            for (int k = 0; k * kPitch <= len; ++k) {
                const double l = k % 2 == 0 ? 6.0 : 3.0;
                const auto [ax, ay] = at(start + k * kPitch, offset);
                const auto [bx, by] = at(start + k * kPitch, offset + l);
                ticks.push_back({ax, ay, bx, by, kWidth});
            }
            const auto [sx, sy] = at(start, offset);
            const auto [ex, ey] = at(start + len, offset);
            ticks.push_back({sx, sy, ex, ey, kWidth});  // the ruler's edge line
            const Cells cells = strokes(
                [&](StrokeCanvas& cv) {
                    for (const DesignStroke& s : ticks) {
                        cv.segment(s.x0, s.y0, s.x1, s.y1, s.widthMm);
                    }
                },
                strokeBounds(ticks));
            bool ok = true;
            for (const auto& [c, r] : cells) {
                ok = ok && toFoot_.at(c, r) >= 3.0f && !occupied_.at(c, r);
            }
            if (!ok) continue;
            scene_.layout.rulerTicks = ticks;
            occupy(cells, 2.0);
            return;
        }
    }
    note("no free edge for the ruler");
}

void ObjectPlacer::placeArrows() {
    const double W = scene_.fieldWidthMm, H = scene_.fieldHeightMm;
    std::vector<std::pair<int, int>> tips;  // soft tissue a few mm from a bone
    for (int r = 0; r < grid_.rows(); ++r) {
        for (int c = 0; c < grid_.cols(); ++c) {
            const float b = toBone_.at(c, r);
            if (foot_.at(c, r) && b >= 3.5f && b <= 8.0f) tips.emplace_back(c, r);
        }
    }
    const int count = rng_.chance(0.6) ? 2 : 1;
    for (int k = 0; k < count; ++k) {
        const bool intoTissue = k == 0;
        bool placed = false;
        for (int t = 0; t < kTries && !placed; ++t) {
            double tx, ty;
            if (intoTissue) {
                if (tips.empty()) break;
                const auto [c, r] =
                    tips[static_cast<std::size_t>(rng_.index(static_cast<int>(tips.size())))];
                tx = grid_.x(c);
                ty = grid_.y(r);
            } else {
                tx = rng_.uniform(5.0, W - 5.0);
                ty = rng_.uniform(5.0, H - 5.0);
            }
            const double dir = rng_.uniform(0.0, 2.0 * std::numbers::pi);
            const double len = rng_.uniform(18.0, 45.0), width = rng_.uniform(0.4, 0.8);
            const double ex = tx + len * std::cos(dir), ey = ty + len * std::sin(dir);
            if (ex < 3.0 || ey < 3.0 || ex > W - 3.0 || ey > H - 3.0) continue;
            if (intoTissue && toFoot_.at(grid_.col(ex), grid_.row(ey)) < 2.0f) continue;
            constexpr double kHead = 4.0, kSpread = 0.5;
            const std::array<DesignStroke, 3> arrow = {{
                {ex, ey, tx, ty, width},
                {tx, ty, tx + kHead * std::cos(dir + kSpread), ty + kHead * std::sin(dir + kSpread),
                 width},
                {tx, ty, tx + kHead * std::cos(dir - kSpread), ty + kHead * std::sin(dir - kSpread),
                 width},
            }};
            const Cells cells = strokes(
                [&](StrokeCanvas& cv) {
                    for (const DesignStroke& s : arrow) {
                        cv.segment(s.x0, s.y0, s.x1, s.y1, s.widthMm);
                    }
                },
                strokeBounds({arrow.begin(), arrow.end()}));
            bool ok = true;
            for (const auto& [c, r] : cells) {
                ok = ok && toBone_.at(c, r) >= 2.5f && !occupied_.at(c, r) &&
                     (intoTissue || toFoot_.at(c, r) >= 4.0f);
            }
            if (!ok) continue;
            scene_.layout.arrows.insert(scene_.layout.arrows.end(), arrow.begin(), arrow.end());
            occupy(cells, 2.0);
            placed = true;
        }
        if (!placed)
            note(intoTissue ? "no room for an arrow into the soft tissue"
                            : "no room for a second arrow");
    }
}

}  // namespace xrayprep::processing

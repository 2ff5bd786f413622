#pragma once

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

struct EdgeEvidenceSettings {
    double workingMm = 0.5;
    double fineMm = 0.7;         // Gaussian of the fine gradient (the edges)
    double coarseMm = 3.0;       // Gaussian of the coarse gradient (ramps look the same at both)
    double skinMm = 2.0;         // edges this close to the skin do not count
    double skinEdgeMm = 2.0;     // radius of the min/max that tells a skin or clothing edge
    double levelSigmaMm = 10.0;  // scale of the edge level Te and edge strength
    // Edges this close to a platform the limb stands on are the sole's skin pressed on it: the
    // tissue meets the platform's top (or a thin dark gap before it), not the air, so the skin
    // test by the background's level does not tell them. They neither set the level nor close
    // enclosures.
    double soleMm = 6.0;
    // Edges within this distance of the image's frame that run along it set no level: what the
    // frame cuts lengthwise (the other leg behind a lateral's heel, a sleeve, a positioning aid)
    // is no bone; a bone the frame cuts crosses it (a tibia's cortices meet the top edge).
    double alongFrameMm = 6.0;
};

struct EdgeEvidence {
    FloatImage fine;       // |grad| at fineMm
    FloatImage ratio;      // fine / coarse gradient: about 1-1.5 on ramps, 2-4.5 on steps
    FloatImage sharpness;  // 0 on smooth ramps (soft tissue thickness), 1 on steps (cortex)
    FloatImage distance;   // mm to the nearest pixel outside the anatomy (image border excluded)
    FloatImage level;      // Te: the local mid-level of sharp edges (+inf where there are none)
    FloatImage strength;   // gs: the local strength of sharp edges (+inf where there are none)
    Mask edges;            // E: significant sharp edges inside the anatomy
    Mask sole;             // the anatomy within soleMm of a platform (none set: no platform)
};

// Where bone edges are and at which grey level they lie. Soft tissue thickens smoothly from the
// skin, so its brightness ramps; a bone adds a step at its cortex. The ratio of a fine to a
// coarse gradient tells a step (sharp) from a ramp; skin and clothing edges (their dark side
// at the background's level) and the skin band are left out. Weighted by the squared fine
// gradient, the Gaussian mean of the image over sharp edges is the level halfway up those
// steps: a local bone/tissue threshold that follows the tissue thickness. Low-contrast sharp
// lines (folds, fascia, clothing) are gated out of that level. The structural edges E take a
// looser skin test than the level (only edges whose dark side is at the background's level
// are skin), so bone edges next to thin tissue still close the enclosures.
// `platforms` (may be null: none) marks the positioning platforms cut off the anatomy (soleMm).
class EdgeEvidenceFinder {
  public:
    [[nodiscard]] EdgeEvidence operator()(const FloatImage& image, const Mask& anatomy,
                                          float backgroundLevel, const EdgeEvidenceSettings& s,
                                          const ExecutionPolicy& policy,
                                          const Mask* platforms = nullptr) const;
};

}  // namespace xrayprep::processing

#pragma once

#include "processing/phantom/BoneJitter.h"
#include "processing/phantom/FootFrame.h"
#include "processing/phantom/FootScene.h"

namespace xrayprep::processing {

// What every view's anatomy is built with: the soft tissue, part by part (outline and
// thickness along the beam together), and the frame of each next bone with its seeded jitter
// (bone i gets jitter i whatever else changes).
class AnatomyAssembly {
  public:
    AnatomyAssembly(const AnatomyPose& pose, double envelopeSmoothing) : pose_(pose) {
        scene_.envelope = SdfBlob(pose.frame.len(envelopeSmoothing));
    }

    void tissue(const SdfPrimitive& part, double thicknessMm) {
        scene_.envelope.add(part);
        scene_.tissue.add(part, thicknessMm);
    }
    // The frame of the next bone, whose centre is (cu, cv) in the view's frame.
    [[nodiscard]] FootFrame boneFrame(double cu, double cv) {
        return pose_.jitter.frameFor(pose_.frame, next_++, cu, cv);
    }
    [[nodiscard]] const FootFrame& frame() const { return pose_.frame; }
    [[nodiscard]] const AnatomyPose& pose() const { return pose_; }
    [[nodiscard]] FootScene& scene() { return scene_; }

  private:
    const AnatomyPose& pose_;
    FootScene scene_;
    int next_ = 0;
};

}  // namespace xrayprep::processing

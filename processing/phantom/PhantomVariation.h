#pragma once

namespace xrayprep::processing {

// How the projection model maps attenuation to stored values (the film's look).
enum class PhantomExposure {
    Normal,       // full range, bones bright, background dark
    Under,        // compressed into the dark end (stored values up to about a third of full scale)
    Over,         // washed out: grey background, soft shoulder that flattens the bones
    LowContrast,  // everything within about a third of full scale, grey background
};

// The content switches of the projection model (PhantomModel::Projection). Each adds one kind
// of difficulty a real foot or ankle radiograph shows; they combine freely. Every added
// non-anatomy object has its own mask in Phantom, so an evaluation can count what of it is left.
// Where an object needs room that a layout does not have (e.g. shutter bands on a side the limb
// touches), it is left out on that side; Phantom::notes says so.
struct PhantomVariation {
    // The seed also varies the anatomy (foot size, rotation, position, bone sizes and positions,
    // soft-tissue thickness, mirrored side) and where the objects sit. Off: the seed only drives
    // the noise and the object placement.
    bool seededAnatomy = true;
    bool child = false;               // smaller bones, open growth plates (dark gaps across bones)
    bool darkCollimation = false;     // secondary background darker than tissue, brighter than air
    bool rotatedCollimation = false;  // collimation/shutter edges tilted by 1-5 degrees
    bool platform = false;  // standing platform under a lateral foot (always: weight-bearing)
    bool calibrationBall = false;   // a steel ball of 20-30 mm diameter in the background
    bool ruler = false;             // burned-in ruler ticks along an edge (or along the platform)
    bool markerNearSkin = false;    // the lead letter touches the skin instead of lying apart
    bool annotationArrows = false;  // thin bright arrows, one of them ending in the soft tissue
    bool tissueGradient = false;    // thick tissue about as bright as the thinnest bones
    bool hollowBones = false;       // bright cortex, dark cancellous interior (hollow look)
    bool overlappingBones = false;  // rays pushed together: metatarsal bases and toes overlap
    PhantomExposure exposure = PhantomExposure::Normal;
    bool edgeEnhanced = false;  // unsharp-mask processing: halos along every edge
    bool jpegBlocks = false;    // 8x8 block DCT quantisation, like a lossy JPEG
    // A bright rim along some of the image's sides (the top always): a white frame line of 1-2
    // pixels, as some exports draw, or a halo 0.5-2 mm deep fading inwards, as edge enhancement
    // leaves along a detector's edge.
    bool borderRim = false;

    bool operator==(const PhantomVariation&) const = default;
};

const char* toString(PhantomExposure e);

}  // namespace xrayprep::processing

#include "processing/mesh/MeshParams.h"

namespace xrayprep::processing {

const char* toString(MeshMode m) {
    switch (m) {
        case MeshMode::Extrude:
            return "extrude";
        case MeshMode::Inflate:
            return "inflate";
    }
    return "unknown";
}

}  // namespace xrayprep::processing

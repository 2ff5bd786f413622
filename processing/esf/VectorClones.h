#pragma once

#include "processing/core/VectorClones.h"

// The ESF's hot loops use the project-wide clones (processing/core/VectorClones.h).
#define XRAYPREP_ESF_VECTOR_CLONES XRAYPREP_VECTOR_CLONES

#pragma once

#include <filesystem>

#include "processing/core/Image.h"

namespace xrayprep::io {

// Reads a binary PGM (P5; maxval 1..65535; 16-bit samples big-endian, as the format says), as
// scripts/films_to_pgm.py writes the real films for machines without a DICOM library. The
// image's bit depth is the smallest that holds maxval. Throws std::runtime_error naming the
// file and the problem (not P5, bad header, short pixel data).
processing::Image readPgm(const std::filesystem::path& path);

}  // namespace xrayprep::io

#pragma once

namespace xrayprep::exports {

// The review gallery page's inline style sheet and script (GalleryWriter).
[[nodiscard]] const char* galleryStyleSheet();
// Sorts and filters the tiles from the page's three <select>s (#status, #check, #sort), which
// the page's query may preset (index.html?status=failed&sort=time), shows "N of M shown" in
// #count, and records on <body> that it ran (data-script="ran") and how many tiles are shown
// (data-shown), which a test reads back from the rendered page.
[[nodiscard]] const char* galleryScript();

}  // namespace xrayprep::exports

#include "exports/GalleryPageAssets.h"

namespace xrayprep::exports {

const char* galleryStyleSheet() {
    return R"css(
:root { color-scheme: dark; }
* { box-sizing: border-box; }
body { margin: 0; padding: 20px 24px 40px; background: #1c1d21; color: #e6e6e9;
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
h1 { font-size: 20px; margin: 0 0 4px; font-weight: 600; }
.summary { margin: 0 0 14px; color: #b9bac2; }
.summary b { color: #e6e6e9; }
.controls { display: flex; flex-wrap: wrap; gap: 10px 18px; align-items: center;
  padding: 10px 12px; margin-bottom: 18px; background: #26272d; border-radius: 8px; }
.controls label { color: #b9bac2; }
.controls select { margin-left: 6px; background: #33353d; color: #e6e6e9;
  border: 1px solid #4a4c56; border-radius: 5px; padding: 3px 6px; font: inherit; }
#count { margin-left: auto; color: #b9bac2; }
#tiles { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 16px; }
.tile { display: block; background: #2a2c33; border: 1px solid #393b44; border-radius: 10px;
  padding: 10px 12px 12px; color: inherit; text-decoration: none; }
a.tile:hover { border-color: #7a90c8; background: #2e3039; }
.tile[data-status="needs-review"] { border-left: 4px solid #e8a317; }
.tile[data-status="failed"] { border-left: 4px solid #d9534f; }
.tile[data-status="ok"] { border-left: 4px solid #3f9a52; }
.head { display: flex; align-items: center; gap: 8px; margin-bottom: 8px; }
.name { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
  flex: 1; }
.badge { flex: none; font-size: 12px; font-weight: 700; padding: 2px 8px; border-radius: 10px;
  text-transform: uppercase; letter-spacing: 0.03em; }
.badge.ok { background: #2f7d3f; color: #fff; }
.badge.needs-review { background: #e8a317; color: #1c1d21; }
.badge.failed { background: #c9302c; color: #fff; }
.pics { display: grid; grid-template-columns: 1fr 1fr; gap: 6px; }
figure { margin: 0; }
/* One box shape for every picture, so portrait and landscape films give tiles of one height. */
figure img { display: block; width: 100%; aspect-ratio: 4 / 3; object-fit: contain;
  background: #000; border-radius: 4px; }
figcaption { font-size: 11px; color: #9a9ba4; margin-top: 2px; }
.time { font-size: 12px; color: #9a9ba4; margin: 6px 0 4px; }
.checks { list-style: none; margin: 0; padding: 0; font-size: 12.5px; }
.checks li { display: flex; gap: 6px; padding: 2px 4px; border-radius: 4px; color: #a5a6ae; }
.checks li .id { flex: none; width: 104px; white-space: nowrap; color: #c9cad1; }
.checks li.fail { background: #4a2326; color: #ffd9d6; }
.checks li.fail .id { color: #ffb3ad; font-weight: 700; }
.icon { flex: none; width: 14px; text-align: center; }
li.pass .icon { color: #5fbf73; }
li.fail .icon { color: #ff7b72; }
.error { margin: 6px 0 0; padding: 8px; background: #4a2326; color: #ffd9d6; border-radius: 6px;
  font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px;
  white-space: pre-wrap; word-break: break-word; }
.tile[hidden] { display: none; }
)css";
}

const char* galleryScript() {
    return R"js(
(function () {
  var grid = document.getElementById('tiles');
  var tiles = Array.prototype.slice.call(grid.querySelectorAll('.tile'));
  var status = document.getElementById('status');
  var check = document.getElementById('check');
  var sort = document.getElementById('sort');
  var count = document.getElementById('count');
  var rank = { 'failed': 0, 'needs-review': 1, 'ok': 2 };
  function byName(a, b) {
    return a.dataset.name.localeCompare(b.dataset.name, undefined, { numeric: true });
  }
  var orders = {
    name: byName,
    time: function (a, b) {
      return (parseFloat(b.dataset.seconds) - parseFloat(a.dataset.seconds)) || byName(a, b);
    },
    status: function (a, b) {
      return (rank[a.dataset.status] - rank[b.dataset.status]) || byName(a, b);
    }
  };
  function apply() {
    var shown = 0;
    tiles.sort(orders[sort.value] || byName);
    tiles.forEach(function (t) {
      var failed = t.dataset.failed ? t.dataset.failed.split(' ') : [];
      var visible = (status.value === 'all' || t.dataset.status === status.value) &&
                    (check.value === 'any' || failed.indexOf(check.value) >= 0);
      t.hidden = !visible;
      if (visible) shown += 1;
      grid.appendChild(t);
    });
    count.textContent = shown + ' of ' + tiles.length + ' shown';
    document.body.setAttribute('data-shown', String(shown));
  }
  // index.html?status=needs-review&check=border&sort=time opens with those choices made.
  var query = new URLSearchParams(window.location.search);
  [status, check, sort].forEach(function (s) {
    var wanted = query.get(s.id);
    for (var i = 0; wanted !== null && i < s.options.length; ++i) {
      if (s.options[i].value === wanted) s.value = wanted;
    }
    s.addEventListener('change', apply);
  });
  apply();
  document.body.setAttribute('data-script', 'ran');
})();
)js";
}

}  // namespace xrayprep::exports

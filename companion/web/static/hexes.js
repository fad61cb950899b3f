/* A board of hexagonal cells, as a game sends it in a page's text (`hexes`): drawn as an
   SVG, hexes pointy side up, cells numbered row by row as the game numbers them (its
   `rows`: runs of [r, first q, how many]). Each cell is a letter of the `legend`
   ([letter, symbol, fill, dark ink, name]); `axes` draw a line through a cell along one
   of three axes; `dice` are [cell, seat, eyes, flags] in their seat's colour with its
   letter (flags: 1 still to move, 2 chosen, 4 moved last, 8 would be pushed off).

   On a seat's page its menu may come as taps: `taps` [cell, item] ring the cells that
   choose a menu item, `sel` the cell of the die chosen (a tap on it steps back out),
   `others` the seat's other dice to choose instead, `no` [cell, reason] the cells a tap
   is refused on, and `hint` what any other tap says. The page is told what a tap is.

   A board that takes taps is never drawn smaller than a finger: each hex at least
   `TAP` CSS px across (Apple's 44 pt), the board scrolling sideways in its box when the
   page is narrower (a phone held upright). The box keeps where the player scrolled it
   from one frame to the next, and brings into view what the player is about, when that
   changes and is out of sight: the die chosen, else the hexes to tap, else the seat's
   own dice. A board only looked at (the table page) fits its box. */
"use strict";

var MushHexes = (function () {
  var NS = "http://www.w3.org/2000/svg", S3 = Math.sqrt(3), SIZE = 10, TAP = 44;
  var AXES = [[1, 0], [1, -1], [0, -1]];  // E-W, NE-SW, NW-SE in axial steps

  function node(name, attrs, text) {
    var n = document.createElementNS(NS, name);
    Object.keys(attrs).forEach(function (k) { if (attrs[k] !== null) n.setAttribute(k, String(attrs[k])); });
    if (text !== undefined) n.textContent = text;
    return n;
  }

  function centre(q, r) { return [SIZE * S3 * (q + r / 2), SIZE * 1.5 * r]; }

  function corners(x, y, size) {
    var out = [];
    for (var i = 0; i < 6; i++) {
      var a = Math.PI / 180 * (60 * i - 30);
      out.push((x + size * Math.cos(a)).toFixed(2) + "," + (y + size * Math.sin(a)).toFixed(2));
    }
    return out.join(" ");
  }

  function places(rows) {
    var out = [];
    rows.forEach(function (run) { for (var i = 0; i < run[2]; i++) out.push(centre(run[1] + i, run[0])); });
    return out;
  }

  function byCell(pairs) {
    var out = {};
    (pairs || []).forEach(function (p) { out[p[0]] = p[1]; });
    return out;
  }

  /* What a tap on `cell` is: {item}, {back}, {other}, {why} (a refusal), or null. */
  function meaning(b, cell) {
    var taps = byCell(b.taps), no = byCell(b.no);
    if (cell in taps) return { item: taps[cell] };
    if (b.sel !== undefined && b.sel !== null && cell === b.sel) return { back: true };
    if ((b.others || []).indexOf(cell) >= 0) return { other: cell };
    if (cell in no) return { why: no[cell] };
    return b.hint ? { why: b.hint } : null;
  }

  /* The cells the player is about on board `b`: the die chosen, else the cells to
     tap, else the dice of seat `own` (none: nothing in particular). */
  function focus(b, own) {
    if (b.sel !== undefined && b.sel !== null) return [b.sel];
    if (b.taps && b.taps.length) return b.taps.map(function (t) { return t[0]; });
    if (own === null || own === undefined) return [];
    return (b.dice || []).filter(function (d) { return d[1] === own; }).map(function (d) { return d[0]; });
  }

  /* Scroll `box` (its board drawn `scale` px a unit from x = `left`) so that the cells
     `cells` (their centres `at`) are in sight, moving it as little as it takes; `keep`
     is where it was scrolled to before. */
  function follow(box, at, cells, left, scale, keep) {
    box.scrollLeft = keep;
    if (!cells.length || box.scrollWidth <= box.clientWidth) return;
    var xs = cells.map(function (c) { return (at[c][0] - left) * scale; });
    var lo = Math.min.apply(null, xs) - SIZE * S3 * scale, hi = Math.max.apply(null, xs) + SIZE * S3 * scale;
    var seen = box.clientWidth;
    if (lo >= keep && hi <= keep + seen) return;
    box.scrollLeft = hi - lo > seen ? (lo + hi - seen) / 2 : lo < keep ? lo : hi - seen;
  }

  /* Draw board `b` into `box`; `onTap(meaning, cell)` is called for a tap on a cell
     (none: the board is read-only, and fits its box); `own` is the seat whose page it
     is (its dice are brought into view), if any. */
  function draw(box, b, onTap, own) {
    var at = places(b.rows), legend = {}, taps = byCell(b.taps), no = byCell(b.no);
    (b.legend || []).forEach(function (l) { legend[l[0]] = l; });
    var xs = at.map(function (p) { return p[0]; }), ys = at.map(function (p) { return p[1]; });
    var left = Math.min.apply(null, xs) - SIZE, top = Math.min.apply(null, ys) - SIZE;
    var width = Math.max.apply(null, xs) + SIZE - left, height = Math.max.apply(null, ys) + SIZE - top;
    var svg = node("svg", { viewBox: [left, top, width, height].map(function (v) { return v.toFixed(1); }).join(" "),
      class: "hexes" + (onTap ? " tappable" : ""), role: "img", "aria-label": b.title || "" });
    if (onTap) {  // a hex a finger across at the least (the box scrolls when narrower)
      var least = TAP / (SIZE * S3);
      svg.style.minWidth = Math.ceil(width * least) + "px";
    }
    var axes = byCell(b.axes);
    at.forEach(function (p, cell) {
      var kind = legend[b.k.charAt(cell)] || ["", "", "#405060", 0, ""];
      var g = node("g", { "data-c": cell, class: "cell" + (cell in taps ? " tap" : "") + (cell in no ? " no" : "") });
      g.appendChild(node("polygon", { points: corners(p[0], p[1], SIZE * 0.96), fill: kind[2] }));
      g.appendChild(node("title", {}, kind[4]));
      if (cell in axes) {
        var d = AXES[axes[cell]], u = centre(d[0], d[1]);
        g.appendChild(node("line", { x1: p[0] - u[0] * 0.6, y1: p[1] - u[1] * 0.6, x2: p[0] + u[0] * 0.6,
          y2: p[1] + u[1] * 0.6, class: "axis" }));
      } else if (kind[1]) {
        g.appendChild(node("text", { x: p[0], y: p[1] + 3, class: "sym" + (kind[3] ? " dark" : "") }, kind[1]));
      }
      svg.appendChild(g);
    });
    (b.dice || []).forEach(function (d) {
      var p = at[d[0]], seat = (b.seats || [])[d[1]] || ["#888", "?"], flags = d[3];
      var g = node("g", { "data-c": d[0], "data-die": d[1], class: "die" + (flags & 1 ? " due" : "") +
        (flags & 2 ? " chosen" : "") + (flags & 4 ? " moved" : "") + (flags & 8 ? " falls" : "") });
      g.appendChild(node("rect", { x: p[0] - 6.5, y: p[1] - 6.5, width: 13, height: 13, rx: 2.5, fill: seat[0] }));
      g.appendChild(node("text", { x: p[0], y: p[1] + 3.2, class: "eyes" }, String(d[2])));
      g.appendChild(node("text", { x: p[0] + 5.2, y: p[1] - 3.6, class: "letter" }, seat[1]));
      svg.appendChild(g);
    });
    if (onTap) {
      svg.addEventListener("click", function (e) {
        var hit = e.target.closest ? e.target.closest("[data-c]") : null;
        if (!hit) return;
        var cell = +hit.getAttribute("data-c"), what = meaning(b, cell);
        if (what) onTap(what, cell);
      });
    }
    var list = document.createElement("ul");
    list.className = "hex-legend";
    (b.legend || []).forEach(function (l) {
      var li = document.createElement("li"), swatch = document.createElement("span");
      swatch.className = "swatch" + (l[3] ? " dark" : "");
      swatch.style.setProperty("--fill", l[2]);
      swatch.textContent = l[1] || "·";
      li.appendChild(swatch);
      li.appendChild(document.createTextNode(" " + l[4]));
      list.appendChild(li);
    });
    var legendBox = document.createElement("details");
    legendBox.className = "hex-key";
    var summary = document.createElement("summary");
    summary.textContent = b.title || "";
    legendBox.appendChild(summary);
    legendBox.appendChild(list);
    var old = box.querySelector("details.hex-key");
    if (old && old.open) legendBox.open = true;  // an open legend stays open
    var keep = +(box.dataset.keep || 0), about = focus(b, own), key = about.join(",");
    while (box.firstChild) box.removeChild(box.firstChild);
    var pan = document.createElement("div");
    pan.className = "hex-pan";
    pan.appendChild(svg);
    box.appendChild(pan);
    box.appendChild(legendBox);
    if (onTap) {
      var scale = svg.getBoundingClientRect().width / width;
      if (box.dataset.focus !== key) follow(pan, at, about, left, scale, keep);
      else pan.scrollLeft = keep;
      box.dataset.focus = key;
      pan.addEventListener("scroll", function () { box.dataset.keep = String(pan.scrollLeft); });
      box.dataset.keep = String(pan.scrollLeft);
    }
    return svg;
  }

  return { draw: draw, meaning: meaning };
})();

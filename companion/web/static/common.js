/* Shared by the seat page and the table page: the WebSocket that comes back by itself,
   the page's words, safe element building (names are the players' own text, so nothing
   is ever parsed as HTML), and what both pages draw alike: the countdown bar, the last
   roll, the Canoe game's card and scores, a game's table laid out (`board`), a finished
   game's downloads. Plain script,
   no build step. */
"use strict";

var Mush = (function () {
  var words = {};

  function lang() {
    var langs = navigator.languages && navigator.languages.length ? navigator.languages
      : [navigator.language || "en"];
    for (var i = 0; i < langs.length; i++) {
      var l = String(langs[i]).slice(0, 2).toLowerCase();
      if (l === "en" || l === "fr" || l === "de") return l;
    }
    return "en";
  }

  function w(key, values) {
    var text = words[key] || key;
    if (values) {
      Object.keys(values).forEach(function (k) {
        text = text.split("{" + k + "}").join(String(values[k]));
      });
    }
    return text;
  }

  /* The page's words in the phone's language, fetched before anything is drawn, so even
     a page refused at once says why in a sentence; `then()` runs with or without them. */
  function loadWords(then) {
    fetch("/api/words?lang=" + lang(), { cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(function (dict) { words = dict || {}; }, function () {})
      .then(then);
  }

  /* The table's own menus speak of the pads' buttons (◀ ● ▶, "hold"): a phone shows its
     buttons in words instead, so such a line is left out on a phone. */
  function padless(text) {
    return text && !/[◀●▶]/.test(text) ? text : "";
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        var v = attrs[k];
        if (v === null || v === undefined || v === false) return;
        if (k === "text") node.textContent = v;
        else if (k === "class") node.className = v;
        else if (k === "style") Object.keys(v).forEach(function (p) { node.style.setProperty(p, v[p]); });
        else if (k.slice(0, 2) === "on") node.addEventListener(k.slice(2), v);
        else node.setAttribute(k, v === true ? "" : v);
      });
    }
    (children || []).forEach(function (c) {
      if (c === null || c === undefined) return;
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }

  function fill(node, children) {
    while (node.firstChild) node.removeChild(node.firstChild);
    children.forEach(function (c) { if (c) node.appendChild(c); });
  }

  /* A WebSocket to /ws that opens again after a drop (growing waits up to 5 s), at once
     when the page becomes visible or the network returns. `hello()` gives the first
     message; `onmessage(data)` gets every parsed message; `stop()` ends it for good. */
  function connect(hello, onmessage, onstate) {
    var ws = null, wait = 250, stopped = false, timer = null;
    function open() {
      if (stopped || (ws && ws.readyState <= 1)) return;
      clearTimeout(timer);
      var scheme = location.protocol === "https:" ? "wss://" : "ws://";
      ws = new WebSocket(scheme + location.host + "/ws");
      ws.onopen = function () { wait = 250; ws.send(JSON.stringify(hello())); onstate(true); };
      ws.onmessage = function (e) {
        var data;
        try { data = JSON.parse(e.data); } catch (err) { return; }
        window.mushLastText = e.data;
        onmessage(data, e.data);
      };
      ws.onclose = function () {
        onstate(false);
        if (stopped) return;
        timer = setTimeout(open, wait);
        wait = Math.min(5000, wait * 2);
      };
    }
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") open();
    });
    window.addEventListener("online", open);
    window.addEventListener("pageshow", open);
    open();
    return {
      send: function (data) {
        if (ws && ws.readyState === 1) { ws.send(JSON.stringify(data)); return true; }
        return false;
      },
      stop: function () { stopped = true; if (ws) ws.close(); }
    };
  }

  function seatBadge(colour, letter) {
    return el("span", { class: "badge", style: { "--seat": colour }, text: letter });
  }

  /* The countdown bar in `box` (its .fill and .label), running down on the phone's own
     clock from what was left when the text was sent; hidden without one. */
  var countdownTimer = null;
  function countdown(box, c) {
    clearInterval(countdownTimer);
    if (!c) { box.hidden = true; return; }
    box.hidden = false;
    var started = Date.now(), fill = box.querySelector(".fill"), label = box.querySelector(".label");
    function tick() {
      var left = c.held ? c.remaining : Math.max(0, c.remaining - (Date.now() - started) / 1000);
      fill.style.width = (100 * left / (c.total || 1)).toFixed(1) + "%";
      label.textContent = c.label + " · " + Math.ceil(left).toFixed(0) + " s";
      if (left <= 0) { clearInterval(countdownTimer); box.hidden = true; }  // run out: gone
    }
    tick();
    if (!c.held) countdownTimer = setInterval(tick, 200);
  }

  /* "Last roll: Anna · weather · 4 · Snow". */
  function rollLine(roll) {
    return el("p", { class: "roll" }, [el("b", { text: w("last_roll") + ": " }),
      roll.who + " · " + roll.what + (roll.faces.length ? " · " + roll.faces.join(" ") : "") +
      (roll.result ? " · " + roll.result : "")]);
  }

  /* The Canoe game: where the canoe goes on another's space (while its player tells
     what it did), the card drawn last, the winner, every player's points and nights. */
  function canoe(c) {
    var out = [];
    if (c.share) out.push(el("p", { class: "roll", id: "canoe-share", text: c.share }));
    if (c.card) out.push(el("p", { class: "roll" }, [el("b", { text: c.card.drew + ": " }),
      c.card.text + " · " + c.card.points_text]));
    if (c.over) out.push(el("p", { class: "notice", id: "canoe-over", text: c.over }));
    if (c.scores.length) out.push(el("ul", { class: "payments", id: "scores" }, c.scores.map(function (p) {
      return el("li", { "data-seat": String(p.seat) },
        [seatBadge(p.colour, p.letter), " " + p.name + " · " + p.score + " · " + p.nights]);
    })));
    return out;
  }

  /* A game's table laid out (its pages' `board`): a card per player, each with its
     spaces (a card's words and, face-up, its colour) and its lines; then the table's
     facts and what just happened. */
  function boardCards(b) {
    return (b.cards || []).map(function (c) {
      var kids = [el("div", { class: "who" }, [seatBadge(c.colour, c.letter),
        el("span", { class: "name", text: c.name })])];
      if (c.ring && c.ring.length) kids.push(el("div", { class: "spaces" }, c.ring.map(function (s) {
        return el("span", { class: "space " + s.kind, style: s.colour ? { "--card": s.colour } : null,
          text: s.text });
      })));
      (c.lines || []).forEach(function (l) { kids.push(el("div", { class: "line", text: l })); });
      return el("div", { class: "seatcard" + (c.acting ? " acting" : "") + (c.winner ? " winner" : ""),
        style: { "--seat": c.colour }, "data-seat": String(c.seat) }, kids);
    });
  }

  function boardFacts(b) {
    var out = (b.facts || []).map(function (f) { return el("p", { class: "fact", text: f }); });
    if (b.did && b.did.length) out.push(el("ul", { class: "did" }, b.did.map(function (d) {
      return el("li", { text: d });
    })));
    return out;
  }

  /* A finished game's files, each a link named by its page word. */
  function downloads(files) {
    return (files || []).map(function (f) {
      return el("p", {}, [el("a", { id: f.id, href: f.href, download: "", text: w(f.word) })]);
    });
  }

  return {
    lang: lang, w: w, el: el, fill: fill, connect: connect, seatBadge: seatBadge,
    loadWords: loadWords, padless: padless,
    countdown: countdown, rollLine: rollLine, canoe: canoe, downloads: downloads,
    boardCards: boardCards, boardFacts: boardFacts,
    setWords: function (dict) { words = dict || {}; }
  };
})();

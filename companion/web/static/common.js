/* Shared by the seat page and the table page: the WebSocket that comes back by itself,
   the page's words, and safe element building (names are the players' own text, so
   nothing is ever parsed as HTML). Plain script, no build step. */
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

  return {
    lang: lang, w: w, el: el, fill: fill, connect: connect, seatBadge: seatBadge,
    setWords: function (dict) { words = dict || {}; }
  };
})();

/* The table's voice on this device, for a table whose Pi has no speaker: opt-in, one tap
   (a browser plays sound only after one). The server pushes each announcement as it is
   made, in the Pi's order, as the shipped clips to play ("say": its number, its clips,
   its words); this page queues them and plays each as one sound, the clips joined with
   the Pi's own short gaps and pauses. The last number sent is kept for this tab, and
   said again on every reconnect: the server sends only what came after, and this page
   plays no number twice. A page with the sound off notes the numbers and plays nothing. */
"use strict";

var MushSound = (function () {
  var HEARD = "mush.heard", WISH = "mush.sound";
  var GAP = 0.04;  // seconds between two clips, as the Pi joins them
  var MOST = 6;    // announcements waiting beyond this are dropped, oldest first
  var Context = window.AudioContext || window.webkitAudioContext;
  var can = !!Context && new Audio().canPlayType('audio/ogg; codecs="vorbis"') !== "";
  var ctx = null, on = false, busy = false, queue = [], played = [], decoded = {};
  var heard = readHeard(), shown = null;

  function readHeard() {
    try {
      var h = JSON.parse(window.sessionStorage.getItem(HEARD));
      return Array.isArray(h) && typeof h[0] === "string" && typeof h[1] === "number" ? h : null;
    } catch (e) { return null; }
  }

  function keepHeard(mark) {
    heard = mark;
    try { window.sessionStorage.setItem(HEARD, JSON.stringify(mark)); } catch (e) { /* private mode */ }
  }

  /* The server's newest number when this page first came: nothing from before is played. */
  function welcome(data) {
    if (!heard && Array.isArray(data.said)) keepHeard(data.said);
  }

  function say(data) {
    if (heard && heard[0] === data.e && data.n <= heard[1]) return;  // sent before: never twice
    keepHeard([data.e, data.n]);
    if (!on) return;
    queue.push(data);
    while (queue.length > MOST) queue.shift();  // a stale announcement is worse than none
    next();
  }

  function load(src) {
    if (!decoded[src]) {
      decoded[src] = fetch(src).then(function (r) {
        if (!r.ok) throw new Error(String(r.status));
        return r.arrayBuffer();
      }).then(function (bytes) {
        return new Promise(function (ok, fail) { ctx.decodeAudioData(bytes, ok, fail); });
      });
      decoded[src].catch(function () { delete decoded[src]; });  // tried again next time
    }
    return decoded[src].catch(function () { return null; });  // a clip that fails is left out
  }

  function next() {
    if (busy || !on || !queue.length) return;
    var item = queue.shift();
    busy = true;
    Promise.all(item.clips.map(function (c) { return c.clip ? load(c.clip) : null; }))
      .then(function (buffers) {
        if (!on) { busy = false; return; }
        var at = ctx.currentTime + 0.05, start = at, last = false;
        item.clips.forEach(function (c, i) {
          if (c.pause) { at += c.pause / 1000; last = false; return; }
          if (!buffers[i]) return;
          if (last) at += GAP;
          var source = ctx.createBufferSource();
          source.buffer = buffers[i];
          source.connect(ctx.destination);
          source.start(at);
          at += buffers[i].duration;
          last = true;
        });
        played.push({ e: item.e, n: item.n, text: item.text, seconds: at - start });
        caption(item.text);
        setTimeout(function () { busy = false; caption(""); next(); },
          Math.max(0, (at - ctx.currentTime) * 1000) + 60);
      });
  }

  function caption(text) {
    if (shown) { shown.textContent = text; shown.hidden = !text; }
  }

  /* The button: off → on (the tap lets the browser play), on → off (the rest dropped). */
  function toggle(button) {
    if (on) {
      on = false; queue = [];
      if (ctx) ctx.suspend();
      try { window.localStorage.setItem(WISH, "off"); } catch (e) { /* private mode */ }
    } else {
      if (!ctx) ctx = new Context();
      ctx.resume();
      on = true;
      try { window.localStorage.setItem(WISH, "on"); } catch (e) { /* private mode */ }
    }
    label(button);
  }

  function label(button) {
    var w = Mush.w;
    button.disabled = !can;
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = !can ? w("sound_cannot") : on ? w("sound_off") : ctx ? w("sound_resume")
      : w("sound_on");
  }

  /* Draws the button into `button` and the words being said into `line`. Sound asked for
     on this device before is taken up again where the browser lets it without a tap. */
  function mount(button, line) {
    shown = line;
    button.addEventListener("click", function () { toggle(button); });
    var wish = null;
    try { wish = window.localStorage.getItem(WISH); } catch (e) { /* private mode */ }
    if (can && wish === "on") {
      ctx = new Context();
      on = ctx.state === "running";
      ctx.addEventListener("statechange", function () { label(button); });
    }
    label(button);
    button.hidden = false;
  }

  var api = {
    welcome: welcome, say: say, mount: mount,
    heard: function () { return heard; },
    get on() { return on; },
    get queue() { return queue.map(function (q) { return q.n; }); },
    get played() { return played.slice(); }
  };
  window.mushSound = api;  // what plays, for whoever looks (the tests: no sound card there)
  return api;
})();

/* A seat's phone: its own menu as big buttons, its secret bid, its chips and dogs.
   Every tap is sent as the press of a pad button (or a tap on an item, which the server
   turns into the presses a pad would make); the table decides everything. */
"use strict";

(function () {
  var M = Mush, el = M.el, w = M.w;
  var store = window.localStorage;
  var token = null, device = store.getItem("mush.device"), nonce = "", n = 0;
  var state = null, lastLight = "", wasTurn = false, ended = false;
  var GLYPH = { left: "◀", select: "●", right: "▶" };

  var hash = location.hash.match(/[#&]t=([A-Za-z0-9_-]{16,64})/);
  if (hash) {
    store.setItem("mush.token", hash[1]);
    history.replaceState(null, "", location.pathname);
  }
  token = store.getItem("mush.token");
  document.documentElement.lang = M.lang();

  function $(id) { return document.getElementById(id); }

  if (!token) {
    stop("unknown");
    return;
  }

  var link = M.connect(function () {
    return { t: "hello", token: token, device: device, lang: M.lang() };
  }, receive, function (open) {
    $("lost").hidden = open || ended;
    if (!open && !ended) $("lost").textContent = w("reconnecting");
  });

  function receive(data) {
    if (data.t === "welcome") {
      M.setWords(data.words);
      nonce = data.c; n = 0;
      if (data.device) { device = data.device; store.setItem("mush.device", device); }
    } else if (data.t === "token") {
      token = data.token; store.setItem("mush.token", token);
    } else if (data.t === "refused") {
      stop(data.why);
    } else if (data.t === "nack") {
      toast(w(data.why === "too_fast" ? "too_fast" : data.why === "changed" ? "changed"
        : data.why === "not_playing" ? "not_playing" : "dropped"));
    } else if (data.t === "seat") {
      state = data;
      render();
      document.body.dataset.rendered = String((+document.body.dataset.rendered || 0) + 1);
    }
  }

  function stop(why) {
    ended = true;
    if (link) link.stop();
    if (why === "unknown" || why === "freed") store.removeItem("mush.token");
    var key = { unknown: "unknown", held: "held", freed: "freed", elsewhere: "elsewhere" }[why] || "unknown";
    document.body.classList.add("ended");
    M.fill($("menu"), [el("p", { class: "ended-text", id: "ended", "data-why": why, text: w(key) }),
      el("a", { class: "item", href: "/", text: w("join") })]);
    ["me", "pad", "extras", "foot"].forEach(function (id) { M.fill($(id), []); });
    $("lost").hidden = true; $("turn").hidden = true; $("countdown").hidden = true;
  }

  function send(data) {
    if (!state) return;
    data.v = state.mv; data.n = ++n; data.c = nonce;
    if (!link.send(data)) toast(w("reconnecting"));
  }
  function press(button, hold) { send({ t: "press", b: button, hold: !!hold }); }
  function tap(index) { send({ t: "tap", i: index }); }

  function toast(text) {
    var t = $("toast");
    t.textContent = text; t.hidden = false;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(function () { t.hidden = true; }, 2500);
  }

  function pressButton(label, button, hold, extra) {
    return el("button", { class: "item" + (extra ? " " + extra : ""), "data-press": button,
      "data-hold": hold ? "1" : null, onclick: function () { press(button, hold); } },
      [el("span", { class: "glyph", text: GLYPH[button] }), el("span", { class: "label", text: label })]);
  }

  function render() {
    var s = state;
    document.documentElement.lang = s.lang;
    document.body.style.setProperty("--seat", s.colour);
    renderMe(s);
    renderTurn(s);
    M.countdown($("countdown"), s.countdown);
    renderMenu(s);
    renderExtras(s);
    renderPad(s);
    renderFoot(s);
  }

  function renderMe(s) {
    var me = s.me, cells = [];
    cells.push(el("div", { class: "who" }, [M.seatBadge(s.colour, s.letter),
      el("span", { class: "name", text: s.name })]));
    if (me) {
      cells.push(el("div", { class: "stats" }, [
        stat(w("chips"), me.chips, "chips"), stat(w("dogs"), me.dogs, "dogs"),
        stat(w("tired"), me.tired, "tired"),
        me.dice ? el("div", { class: "stat", id: "dice" }, [el("span", { class: "k", text: w("dice") }),
          el("span", { class: "v die die-" + me.dice, text: me.dice_word })]) : null]));
    }
    cells.push(el("div", { class: "header", text: s.header }));
    M.fill($("me"), cells);
  }

  function stat(label, value, id) {
    return el("div", { class: "stat", id: id }, [el("span", { class: "k", text: label }),
      el("span", { class: "v", text: String(value) })]);
  }

  function renderTurn(s) {
    var turn = !!s.turn;
    $("turn").hidden = !turn;
    $("turn").textContent = w("your_turn");
    if (turn && !wasTurn) buzz();
    wasTurn = turn;
    if (s.light.indexOf("blink:") === 0 && s.light !== lastLight) flash();
    lastLight = s.light;
  }

  function buzz() {
    if (navigator.vibrate) navigator.vibrate([120, 80, 120]);
    flash();
  }
  function flash() {
    document.body.classList.remove("flash");
    void document.body.offsetWidth;
    document.body.classList.add("flash");
  }

  function renderMenu(s) {
    var box = $("menu"), menu = s.menu, out = [];
    box.dataset.mv = s.mv;
    if (!s.playing) { M.fill(box, [el("p", { class: "status", text: w("not_playing") })]); return; }
    if (!menu) {
      var text = s.waiting && s.waiting.length ? w("waiting", { name: s.waiting.join(", ") }) : w("nothing");
      M.fill(box, [el("p", { class: "status", id: "status", text: text })]);
      box.dataset.style = "";
      return;
    }
    box.dataset.style = menu.style;
    out.push(el("h1", { class: "title", text: menu.title }));
    if (menu.note) out.push(el("p", { class: "note", text: menu.note }));
    if (menu.style === "bid") {
      out.push(el("div", { class: "bid" }, [el("div", { class: "bid-title", text: w("bid_title") }),
        el("div", { class: "bid-value", id: "bid", text: s.bid === null ? "–" : String(s.bid) }),
        el("div", { class: "bid-hint", text: w("bid_hint") })]));
      var row = el("div", { class: "bid-buttons" });
      menu.items.forEach(function (item) {
        var label = item.button === "left" ? "−" : item.button === "right" ? "+" : item.label;
        var b = el("button", { class: "item bid-" + item.button, "data-press": item.button,
          "aria-label": item.label, onclick: function () { press(item.button, false); } },
          [el("span", { class: "label", text: label })]);
        row.appendChild(b);
      });
      out.push(row);
      if (menu.items.some(function (i) { return i.button === "left"; })) {
        out.push(pressButton(w("clear"), "left", true, "small"));
      }
    } else {
      var list = el("div", { class: "items" });
      menu.items.forEach(function (item, index) {
        var focused = menu.style === "list" && index === menu.focus;
        var kids = [];
        if (item.button) kids.push(el("span", { class: "glyph", text: GLYPH[item.button] }));
        kids.push(el("span", { class: "label", text: item.label + (item.submenu ? " ›" : "") }));
        if (item.detail) kids.push(el("span", { class: "detail", text: item.detail }));
        list.appendChild(el("button", { class: "item" + (focused ? " focus" : "") +
          (item.enabled ? "" : " greyed") + (menu.confirm ? " confirm" : ""),
          "data-item": String(index), "data-button": item.button || null,
          "aria-disabled": item.enabled ? null : "true",
          onclick: function () { tap(index); } }, kids));
      });
      out.push(list);
      if (menu.depth > 0) out.push(pressButton(w("back"), "select", true, "small back"));
    }
    if (menu.hint) out.push(el("p", { class: "hint", text: menu.hint }));
    M.fill(box, out);
  }

  function renderExtras(s) {
    var out = [];
    if (s.undo && (!s.menu || s.menu.depth === 0)) {
      out.push(pressButton(w("take_back", { what: s.undo }), "select", true, "small undo"));
    }
    if (s.over) out.push(pressButton(w("new_game"), "right", true, "small"));
    (s.notices || []).forEach(function (text) { out.push(el("p", { class: "notice", text: text })); });
    if (s.roll) out.push(M.rollLine(s.roll));
    if (s.canoe) out = out.concat(M.canoe(s.canoe));  // the card drawn last, every score
    if (s.payments && s.payments.length) {
      out.push(el("ul", { class: "payments" }, s.payments.map(function (p) { return el("li", { text: p }); })));
    }
    M.fill($("extras"), out);
  }

  function renderPad(s) {
    if (!s.menu || s.menu.style !== "list") { M.fill($("pad"), []); return; }
    M.fill($("pad"), [el("div", { class: "pad-title", text: w("pad") }),
      el("div", { class: "pad-row" }, ["left", "select", "right"].map(function (b) {
        return el("button", { class: "padkey", "data-press": b, "aria-label": b,
          onclick: function () { press(b, false); } }, [GLYPH[b]]);
      }))]);
  }

  function renderFoot(s) {
    var out = [el("a", { href: "/", text: w("table") })];
    out.push(el("button", { class: "link", id: "show-code", onclick: function () { send({ t: "show_code" }); },
      text: w("show_code") }));
    (s.phones || []).forEach(function (p, seat) {
      if (p === "away" && seat !== s.seat) {
        out.push(el("button", { class: "link", "data-free": String(seat),
          onclick: function () { send({ t: "free", seat: seat }); }, text: w("free_other", { name: seatName(seat) }) }));
      }
    });
    out.push(el("button", { class: "link danger", id: "leave", onclick: function () {
      if (window.confirm(w("leave_sure"))) send({ t: "leave" });
    }, text: w("leave") }));
    M.fill($("foot"), out);
  }

  function seatName(seat) {
    return (state && state.names && state.names[seat]) || "#" + (seat + 1);
  }
})();

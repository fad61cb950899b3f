/* A seat's phone: its own menu as big buttons, its secret bid, its chips and dogs.
   Every tap is sent as the press of a pad button (or a tap on an item, which the server
   turns into the presses a pad would make); the table decides everything. A tap always
   shows at once what became of it: the button greys while it is on its way, and a tap
   the table cannot take says so under the finger ("press again"). */
"use strict";

(function () {
  var M = Mush, el = M.el, w = M.w;
  var store = window.localStorage;
  var token = null, device = store.getItem("mush.device"), nonce = "", n = 0;
  var state = null, lastLight = "", wasTurn = false, ended = false, link = null;
  var pending = {};  // n -> the element tapped, until the table's answer
  var boardSent = {};  // n -> true: a tap on the board, whose refusal is said under it
  var then = null, thenAt = 0;  // a die to choose on the board once the seat has stepped back out
  var level = null;  // the menu level drawn last (its title, depth and style): see showLevel
  var GLYPH = { left: "◀", select: "●", right: "▶" };
  var NACK = { too_fast: "too_fast", changed: "changed", not_playing: "not_playing",
    wait: "wait", nothing: "nothing_now", not_away: "not_away", replayed: "changed",
    malformed: "malformed", not_seated: "malformed" };

  function $(id) { return document.getElementById(id); }

  /* A seat's link opened in a tab already on this page (a QR code scanned again, a new
     seat's code): only the address's fragment changes, so the page starts over. */
  function takeHash() {
    var hash = location.hash.match(/[#&]t=([A-Za-z0-9_-]{16,64})/);
    if (!hash) return false;
    store.setItem("mush.token", hash[1]);
    history.replaceState(null, "", location.pathname);
    return true;
  }
  takeHash();
  window.addEventListener("hashchange", function () { if (takeHash()) location.reload(); });
  document.documentElement.lang = M.lang();

  M.loadWords(start);

  function start() {
    token = store.getItem("mush.token");
    if (!token) { stop("unknown"); return; }
    link = M.connect(function () {
      return { t: "hello", token: token, device: device, lang: M.lang() };
    }, receive, function (open) {
      $("lost").hidden = open || ended;
      if (!open && !ended) $("lost").textContent = w("reconnecting");
    });
  }

  function receive(data) {
    if (data.t === "welcome") {
      M.setWords(data.words);
      nonce = data.c; n = 0; pending = {};
      if (data.device) { device = data.device; store.setItem("mush.device", device); }
    } else if (data.t === "token") {
      token = data.token; store.setItem("mush.token", token);
    } else if (data.t === "refused") {
      if (data.why === "busy") { setTimeout(function () { location.reload(); }, 3000); }
      stop(data.why);
    } else if (data.t === "ack") {
      var sent = pending[data.n];
      if (sent) sent.classList.add("sent");
    } else if (data.t === "nack") {
      refused(data.why, data.n);
    } else if (data.t === "seat") {
      state = data;
      pending = {};
      boardSent = {};
      render();
      document.body.dataset.rendered = String((+document.body.dataset.rendered || 0) + 1);
    }
  }

  /* A tap the table did not take: the sentence under the button that was tapped (and
     in the toast when that button is gone). */
  function refused(why, number) {
    var text = w(NACK[why] || "dropped");
    if (number !== undefined && boardSent[number]) { delete boardSent[number]; boardNote(text); return; }
    then = null;  // a refused way back chooses nothing after it
    var target = number !== undefined ? pending[number] : null;
    if (number !== undefined) delete pending[number];
    if (target && document.body.contains(target)) under(target, text);
    else toast(text);
  }

  function under(button, text) {
    button.classList.remove("pending", "sent");
    button.classList.add("refused");
    var note = button.querySelector(".tapnote");
    if (!note) { note = el("span", { class: "tapnote", role: "status" }); button.appendChild(note); }
    note.textContent = text;
    clearTimeout(button.noteTimer);
    button.noteTimer = setTimeout(function () {
      button.classList.remove("refused");
      if (note.parentNode) note.parentNode.removeChild(note);
    }, 3000);
  }

  function stop(why) {
    ended = true;
    if (link) link.stop();
    if (why === "unknown" || why === "freed") store.removeItem("mush.token");
    var key = { unknown: "unknown", held: "held", freed: "freed", elsewhere: "elsewhere",
      busy: "busy" }[why] || "unknown";
    document.body.classList.add("ended");
    M.fill($("menu"), [el("p", { class: "ended-text", id: "ended", "data-why": why, role: "alert",
      text: w(key) }), why === "busy" ? null : el("a", { class: "item", id: "join-link", href: "/",
      text: w("join") })]);
    ["me", "pad", "extras", "foot"].forEach(function (id) { M.fill($(id), []); });
    $("lost").hidden = true; $("turn").hidden = true; $("countdown").hidden = true;
  }

  function send(data, button) {
    if (!state) return;
    data.v = state.mv; data.n = ++n; data.c = nonce;
    if (button) {
      pending[data.n] = button;
      button.classList.remove("refused");
      button.classList.add("pending");
      setTimeout(function () {  // no answer: the button is the player's again
        if (pending[data.n] === button) { delete pending[data.n]; button.classList.remove("pending", "sent"); }
      }, 3000);
    }
    if (!link.send(data)) {
      if (button) { delete pending[data.n]; under(button, w("reconnecting")); }
      else toast(w("reconnecting"));
    }
  }

  /* A tap on a menu that takes no press yet (the reveal, dice still landing) is not
     sent: it says so under the finger at once. */
  function act(button, data) {
    if (state && state.menu && state.menu.waiting && data.t !== "leave") {
      under(button, w("wait"));
      return;
    }
    send(data, button);
  }
  function press(button, hold) {
    return function (e) { act(e.currentTarget, { t: "press", b: button, hold: !!hold }); };
  }
  function tap(index) { return function (e) { act(e.currentTarget, { t: "tap", i: index }); }; }

  function toast(text) {
    var t = $("toast");
    t.textContent = text; t.hidden = false;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(function () { t.hidden = true; }, 2500);
  }

  /* A button that sends a pad's press; a held one (Back, Clear, Take back) is a word
     only: its pad button's glyph would teach a press where the pad needs a hold. */
  function pressButton(label, button, hold, extra, id) {
    return el("button", { class: "item" + (extra ? " " + extra : ""), "data-press": button,
      "data-hold": hold ? "1" : null, id: id || null, onclick: press(button, hold) },
      [hold ? null : el("span", { class: "glyph", text: GLYPH[button] }),
       el("span", { class: "label", text: label })]);
  }

  function render() {
    var s = state;
    document.documentElement.lang = s.lang;
    document.body.style.setProperty("--seat", s.colour);
    renderMe(s);
    renderTurn(s);
    M.countdown($("countdown"), s.countdown);
    renderBoard(s);
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
    if (s.private && s.private.length) {  // this seat's own lines (its hand): no one else's page has them
      cells.push(el("ul", { class: "private", id: "private" }, s.private.map(function (line) {
        return el("li", { text: line });
      })));
    }
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

  /* A game's board (`hexes`): on the seat's turn a tap on a ringed cell is the tap on its
     menu item (a die, then the hex it goes to); a tap the rules refuse says why under
     the board at once, from the reasons the board came with. */
  function renderBoard(s) {
    var b = s.hexes;
    document.body.classList.toggle("boarded", !!b);
    if (!b) { M.fill($("board"), []); $("board-note").hidden = true; return; }
    MushHexes.draw($("board"), b, s.playing ? onBoard : null, s.playing ? s.seat : null);
    if (then !== null && Date.now() - thenAt > 3000) then = null;  // the way back was lost
    if (then !== null && s.menu && s.menu.depth === 0) {
      var what = MushHexes.meaning(b, then);
      then = null;
      if (what && what.item !== undefined) boardTap(what.item);
    }
  }

  function onBoard(what, cell) {
    var menu = state && state.menu;
    if (menu && menu.waiting) { boardNote(w("wait")); return; }
    if (what.item !== undefined) boardTap(what.item);
    else if ((what.back || what.other !== undefined) && menu && menu.depth > 0) {
      then = what.other !== undefined ? cell : null;  // chosen once back out
      thenAt = Date.now();
      send({ t: "press", b: "select", hold: true }, null);
    } else boardNote(what.why || (state.hexes && state.hexes.hint) || w("nothing_now"));
  }

  function boardTap(index) {
    boardSent[n + 1] = true;
    $("board-note").hidden = true;
    send({ t: "tap", i: index }, null);
  }

  function boardNote(text) {
    var note = $("board-note");
    note.textContent = text;
    note.hidden = false;
    clearTimeout(boardNote.timer);
    boardNote.timer = setTimeout(function () { note.hidden = true; }, 4000);
  }

  function renderMenu(s) {
    var box = $("menu"), menu = s.menu, out = [];
    box.dataset.mv = s.mv;
    if (!s.playing) { M.fill(box, [el("p", { class: "status", text: w("not_playing") })]); return; }
    if (!menu) {
      var text = s.waiting && s.waiting.length ? w("waiting", { name: s.waiting.join(", ") }) : w("nothing");
      M.fill(box, [el("p", { class: "status", id: "status", text: text })]);
      box.dataset.style = "";
      box.dataset.waiting = "";
      level = null;
      return;
    }
    box.dataset.style = menu.style;
    box.dataset.waiting = menu.waiting ? "1" : "";
    var waiting = menu.waiting ? " waiting" : "";
    out.push(el("h1", { class: "title", text: menu.title }));
    if (M.padless(menu.note)) out.push(el("p", { class: "note", id: "note", text: menu.note }));
    if (menu.style === "bid") {
      out.push(el("div", { class: "bid" }, [el("div", { class: "bid-title", text: w("bid_title") }),
        el("div", { class: "bid-value", id: "bid", text: s.bid === null ? "–" : String(s.bid) }),
        el("div", { class: "bid-hint", text: w("bid_hint") })]));
      var row = el("div", { class: "bid-buttons" });
      menu.items.forEach(function (item) {
        var label = item.button === "left" ? "−" : item.button === "right" ? "+" : item.label;
        row.appendChild(el("button", { class: "item bid-" + item.button + waiting, "data-press": item.button,
          "aria-label": item.label, onclick: press(item.button, false) },
          [el("span", { class: "label", text: label })]));
      });
      out.push(row);
      if (menu.items.some(function (i) { return i.button === "left"; })) {
        out.push(pressButton(w("clear"), "left", true, "small" + waiting));
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
          (item.enabled ? "" : " greyed") + (menu.confirm ? " confirm" : "") + waiting,
          "data-item": String(index), "data-button": item.button || null,
          "aria-disabled": item.enabled && !menu.waiting ? null : "true",
          onclick: tap(index) }, kids));
      });
      out.push(list);
      // "Back" (● held on a pad), unless an item of the menu already steps back (a
      // confirmation's "No"): one way out, never two ● buttons
      var out_ = menu.items.some(function (i) { return i.back && i.enabled; });
      if (menu.depth > 0 && !out_) out.push(pressButton(w("back"), "select", true, "small back" + waiting));
    }
    if (M.padless(menu.hint)) out.push(el("p", { class: "hint", text: menu.hint }));
    M.fill(box, out);
    showLevel(box, menu);
  }

  /* A new level (not the same one drawn again, nor its focus moved by the pad) is shown
     from where it starts: a list with a focus on its focused row when it is off the
     screen (the points the table thinks likeliest, forty rows under -200), else its title when the page was scrolled
     past it (a Back tapped at the foot of a long list left the page scrolled there, the
     whole rest drawn again with its likeliest rows off the top). */
  function showLevel(box, menu) {
    var key = [menu.title, menu.depth, menu.style].join("\n");
    if (key === level) return;
    level = key;
    var focus = menu.style === "list" ? box.querySelector(".item.focus") : null;
    if (focus) {
      var at = focus.getBoundingClientRect();
      if (at.top < 0 || at.bottom > window.innerHeight) focus.scrollIntoView({ block: "center" });
    } else if (box.getBoundingClientRect().top < 0) window.scrollTo(0, 0);
  }

  function renderExtras(s) {
    var out = [];
    if (s.undo && (!s.menu || s.menu.depth === 0)) {
      out.push(pressButton(w("take_back", { what: s.undo }), "select", true, "small undo"));
    }
    if (s.over) out.push(newGame());
    (s.notices || []).forEach(function (text) {
      if (M.padless(text)) out.push(el("p", { class: "notice", text: text }));
    });
    if (s.roll) out.push(M.rollLine(s.roll));
    if (s.canoe) out = out.concat(M.canoe(s.canoe));  // the card drawn last, every score
    if (s.board) {  // the table laid out (every ring, the piles), below this seat's own menu
      out = out.concat(M.boardFacts(s.board));
      out.push(el("div", { class: "seats rings" }, M.boardCards(s.board)));
    }
    if (s.payments && s.payments.length) {
      out.push(el("ul", { class: "payments" }, s.payments.map(function (p) { return el("li", { text: p }); })));
    }
    M.fill($("extras"), out);
  }

  /* "New game" ends the results for everyone: like the pad's hold of ▶, it asks twice
     (a second tap within a few seconds). */
  function newGame() {
    var button = el("button", { class: "item small", id: "new-game", "data-press": "right",
      "data-hold": "1" }, [el("span", { class: "label", text: w("new_game") })]);
    button.addEventListener("click", function () {
      if (button.dataset.sure !== "1") {
        button.dataset.sure = "1";
        button.classList.add("confirm");
        button.firstChild.textContent = w("new_game_sure");
        setTimeout(function () {
          button.dataset.sure = ""; button.classList.remove("confirm");
          button.firstChild.textContent = w("new_game");
        }, 5000);
        return;
      }
      act(button, { t: "press", b: "right", hold: true });
    });
    return button;
  }

  function renderPad(s) {
    if (!s.menu || s.menu.style !== "list") { M.fill($("pad"), []); return; }
    var waiting = s.menu.waiting ? " waiting" : "";
    M.fill($("pad"), [el("div", { class: "pad-title", text: w("pad") }),
      el("div", { class: "pad-row" }, ["left", "select", "right"].map(function (b) {
        return el("button", { class: "padkey" + waiting, "data-press": b, "aria-label": b,
          onclick: press(b, false) }, [GLYPH[b]]);
      }))]);
  }

  function renderFoot(s) {
    var out = [el("a", { href: "/", text: w("table") })];
    out.push(el("button", { class: "link", id: "show-code", onclick: function () { send({ t: "show_code" }); },
      text: w("show_code") }));
    (s.phones || []).forEach(function (p, seat) {
      if (p === "gone" && seat !== s.seat) {  // away a minute: another phone may free it
        out.push(el("button", { class: "link", "data-free": String(seat),
          onclick: function (e) { send({ t: "free", seat: seat }, e.currentTarget); },
          text: w("free_other", { name: seatName(seat) }) }));
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

/* The table for anyone on the local network, read-only: what the shared screen shows,
   never a secret; and the way in for a phone (the room code, then a free seat, listed by
   the players' names and kept up to date as phones come and go). */
"use strict";

(function () {
  var M = Mush, el = M.el, w = M.w;
  var store = window.localStorage, state = null, built = false, busy = false;
  var room = (location.hash.match(/[#&]room=([A-Za-z]{4,8})/) || [])[1] || "";
  document.documentElement.lang = M.lang();

  function $(id) { return document.getElementById(id); }

  /* A watching page; `heard`: the last announcement it was sent, so a reconnect brings
     only what came after. */
  function hello() { return { t: "watch", lang: M.lang(), heard: MushSound.heard() }; }

  M.loadWords(function () {
    buildJoin();
    MushSound.mount($("sound"), $("saying"));
    M.connect(hello, function (data) {
      if (data.t === "welcome") { M.setWords(data.words); MushSound.welcome(data); loadFinished(); }
      else if (data.t === "say") MushSound.say(data);  // the table's voice, as it speaks
      else if (data.t === "table") {
        state = data; render();
        document.body.dataset.rendered = String((+document.body.dataset.rendered || 0) + 1);
      }
    }, function (open) { $("lost").hidden = open; $("lost").textContent = w("reconnecting"); });
    fetch("/api/seats").then(function (r) { return r.json(); }).then(function (rows) {
      if (!state) renderPick(rows, false);
    }, function () {});
  });

  /* The join form is built once: what is typed stays typed whatever comes in. */
  function buildJoin() {
    var box = $("join");
    $("my-seat").hidden = !store.getItem("mush.token");
    $("my-seat").textContent = w("my_seat");
    var code = el("input", { id: "code", autocomplete: "off", autocapitalize: "characters",
      maxlength: "8", value: room, "aria-label": w("code"), placeholder: "ABCD",
      spellcheck: "false" });
    M.fill(box, [el("summary", { text: w("join") }),
      el("label", { class: "code", for: "code" }, [w("code"), code]),
      el("p", { class: "k", text: w("pick") }), el("div", { class: "pick", id: "pick" }),
      el("p", { class: "notice", id: "join-message", role: "alert", hidden: true })]);
    if (room) box.open = true;
    built = true;
  }

  function say(key) {
    var message = $("join-message");
    message.hidden = !key;
    message.dataset.why = key || "";
    message.textContent = key ? w(key) : "";
  }

  /* The seats by the players' names, each free one a button; drawn again only when
     who sits where changed (a button is never replaced under a finger for nothing). */
  function renderPick(rows, locked) {
    if (!built) return;
    var box = $("pick"), key = JSON.stringify([rows, locked, busy]);
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    M.fill(box, rows.map(function (row) {
      return el("button", { class: "item seat-choice", "data-seat": String(row.seat),
        disabled: !row.free || busy, style: { "--seat": colourOf(row.seat) },
        onclick: function () { join(row.seat); } },
        [M.seatBadge(colourOf(row.seat), "ABCDEF"[row.seat]),
         el("span", { class: "label", text: row.name + (row.free ? "" : " · " + w("taken")) })]);
    }));
    if (locked) say("room_locked");
    else if ($("join-message").dataset.why === "room_locked") say("");
  }

  function join(seat) {
    var code = $("code").value.replace(/\s+/g, "");
    if (!code) { say("pick_code"); $("code").focus(); return; }
    busy = true;
    say("joining");
    fetch("/api/join", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: code, seat: seat, device: store.getItem("mush.device") }) })
      .then(function (r) { return r.json(); }).then(function (answer) {
        busy = false;
        if (answer.ok) {
          store.setItem("mush.token", answer.token);
          store.setItem("mush.device", answer.device);
          location.href = "/seat";
          return;
        }
        say(answer.why === "locked" ? "room_locked" : answer.why);  // what was typed stays
        if (answer.why === "wrong_code") { $("code").focus(); $("code").select(); }
        if (state) renderPick(state.pick || [], state.locked);
      }, function () { busy = false; say("no_table"); });
  }

  var COLOURS = ["#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#cc79a7"];
  function colourOf(seat) { return COLOURS[seat % 6]; }

  function render() {
    var s = state;
    document.documentElement.lang = s.lang;
    if (s.setup && !store.getItem("mush.token")) $("join").open = true;
    renderPick(s.pick || [], s.locked);
    var head = [el("h1", { text: s.setup ? w("setting_up") : s.header })];
    if (s.order && s.order.length) head.push(el("p", { class: "order", text: w("order") + ": " + s.order.join(" → ") }));
    M.fill($("head"), head);
    M.countdown($("countdown"), s.countdown);
    if (s.hexes) MushHexes.draw($("board"), s.hexes, null);  // a game's board, to look at
    else M.fill($("board"), []);
    $("seats").classList.toggle("rings", !!s.board);
    if (s.board) M.fill($("seats"), M.boardCards(s.board));  // a game that lays out its table
    else M.fill($("seats"), (s.seats || []).map(function (seat) {
      var phone = (s.phones || [])[seat.seat];
      var lines = [
        el("div", { class: "who" }, [M.seatBadge(seat.colour, seat.letter), el("span", { class: "name", text: seat.name })]),
        el("div", { class: "line", text: seat.chips_text + " · " + w("dogs") + " " + seat.dogs + " · " + w("tired") + " " + seat.tired }),
        el("div", { class: "line", text: [seat.dice_word ? w("dice") + " " + seat.dice_word : null,
          seat.training, seat.zone, seat.place ? w("place") + " " + seat.place : null].filter(Boolean).join(" · ") })
      ];
      if (seat.locked_text) lines.push(el("div", { class: "line locked", text: "✔ " + seat.locked_text }));
      if (seat.bid_text) lines.push(el("div", { class: "line", text: seat.bid_text }));
      if (phone && phone !== "free") lines.push(el("div", { class: "line dim", text: phone === "here" ? w("phone") : w("phone_away") }));
      return el("div", { class: "seatcard" + (seat.acting ? " acting" : "") + (seat.winner ? " winner" : ""),
        style: { "--seat": seat.colour }, "data-seat": String(seat.seat) }, lines);
    }));
    var info = [];
    if (s.roll) info.push(M.rollLine(s.roll));
    if (s.canoe) info = info.concat(M.canoe(s.canoe));  // the Canoe game: the card, the scores
    if (s.board) info = info.concat(M.boardFacts(s.board));
    if (s.payments && s.payments.length) {
      info.push(el("h2", { text: w("payments") }));
      info.push(el("ul", { class: "payments" }, s.payments.map(function (p) { return el("li", { text: p }); })));
    }
    (s.notices || []).forEach(function (n) { info.push(el("p", { class: "notice", text: n })); });
    M.fill($("info"), info);
    renderOver(s.over, s.downloads);
    var ended = !!(s.over || (s.downloads && s.downloads.length));
    if (ended && !wasOver) loadFinished();  // a game just ended: it joins the list
    wasOver = ended;
  }

  /* Every box's finished games, newest first (the newest open): each with its winner,
     its standings, its chart and its files. */
  var wasOver = false, finishedKey = "";
  function loadFinished() {
    fetch("/api/games?lang=" + M.lang(), { cache: "no-store" })
      .then(function (r) { return r.json(); }).then(renderFinished, function () {});
  }

  function renderFinished(games) {
    var key = JSON.stringify(games);
    if (key === finishedKey) return;  // drawn as it is: an open game stays open
    finishedKey = key;
    var box = $("finished");
    if (!games.length) { M.fill(box, [el("h2", { text: w("finished_games") }),
      el("p", { class: "k", text: w("no_finished") })]); return; }
    M.fill(box, [el("h2", { text: w("finished_games") })].concat(games.map(function (g, i) {
      var when = new Date(g.finished);
      var head = [g.title, w("game_no", { n: g.game }),
        isNaN(when) ? "" : when.toLocaleString(document.documentElement.lang,
          { dateStyle: "medium", timeStyle: "short" }), g.wins].filter(Boolean).join(" · ");
      var rows = g.rows.map(function (r) {
        return el("tr", { "data-seat": String(r.seat) }, [
          el("td", {}, [(r.place ? r.place + ". " : ""), M.seatBadge(r.colour, r.letter), " " + r.name])
        ].concat(r.cells.map(function (c) { return el("td", { text: c }); })));
      });
      return el("details", { class: "game", id: "game-" + g.id, open: i === 0 }, [
        el("summary", { text: head }),
        el("table", { class: "results" }, [el("tr", {}, [el("th", { text: "" })].concat(
          g.columns.map(function (c) { return el("th", { text: c }); })))].concat(rows)),
        el("p", { class: "k", text: g.chart_label }),
        el("img", { class: "chart", src: g.chart, alt: g.chart_label, loading: "lazy" })
      ].concat(M.downloads(g.downloads)));
    })));
  }

  function renderOver(over, files) {
    if (!over) { M.fill($("over"), M.downloads(files)); return; }  // the Canoe game's files
    var rows = over.seats.map(function (r) {
      return el("tr", {}, [el("td", {}, [M.seatBadge(r.colour, r.letter), " " + r.name]),
        el("td", { text: (r.luck > 0 ? "+" : "") + r.luck.toFixed(1) }), el("td", { text: String(r.spent) })]);
    });
    M.fill($("over"), [
      el("h2", { text: over.wins || w("results") }),
      el("table", { class: "results" }, [el("tr", {}, [el("th", { text: "" }), el("th", { text: over.luck_label }),
        el("th", { text: over.spent_label })])].concat(rows)),
      el("p", { class: "k", text: w("luck_chart") }),
      el("img", { class: "chart", id: "luck", src: "/export/luck.svg", alt: w("luck_chart") })
    ].concat(M.downloads(over.downloads)));
  }
})();

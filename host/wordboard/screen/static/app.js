/* wordboard's screen: the board, scores, prompts and the children's mode, live over a WebSocket.
   Plain JavaScript, no build step. Every text from the board goes in with textContent. */
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let kids = params.get("mode") === "kids" || location.pathname === "/kids" || localStorage.getItem("wb-kids") === "1";
if (params.get("mode") === "normal") kids = false;

const AVATARS = ["🦊", "🐻", "🐸", "🐼"];
const KID_CHOICES = { "pass": "⏭️", "swap": "🔄", "carry on": "▶️", "give up": "🏳️", "discard": "🔄",
                      "accept": "👍", "challenge": "✋", "roll": "🎲" };
const LEVEL_NAMES = { "1": "Level 1 (copy the word)", "2": "Level 2 (guess, then write)",
                      "3": "Level 3 (across and down)", "speed": "Speed" };
const VARIANT_NAMES = { "quick": "quick", "standard": "standard", "long": "long", "long-best5": "long (best 5 words)" };
const COLOUR_NAMES = { "green": "green (easiest)", "blue": "blue", "red": "red (hardest)",
                       "green,blue": "green and blue", "blue,red": "blue and red", "green,blue,red": "all three" };
const GUESS_KINDS = ["guess", "guess-heard"];   // eXtraDICTION's guess: answered on the letter buttons
const GAME_NAMES = { lexulous: "Lexulous", scrabble: "Scrabble", hexx: "HEXX", extradiction: "eXtraDICTION",
                     dexikon: "Dexikon" };

let state = null;
let ws = null;
let admin = false;
let pinSet = false;
let lastShownVersion = -1;
let lastMoveKey = null;         // the last move shown (null: none seen yet on this page)
let summaryClosedFor = null;
let answeredQuestion = null;
let local = false;              // this page runs on the board's own screen (the Pi speaks for it)
let canPlay = false;            // this page may press the board's buttons and answer (the server decides)
// The game's code: from the QR code's address (#join=CODE, never sent to the server as part of
// the address) or typed; kept for this tab so a reconnect plays on.
if (location.hash.startsWith("#join=")) {
  sessionStorage.setItem("wb-join", decodeURIComponent(location.hash.slice(6)));
  history.replaceState(null, "", location.pathname + location.search);
}
const kiosk = !!params.get("kiosk");
// The board's speech on this page: "on" (played), "off", or "blocked" (the browser refused to
// play without a tap). The kiosk (?kiosk=1, Chromium with --autoplay-policy=no-user-gesture-
// required) plays by default; other pages once their viewer turns it on (the 🔇 button).
let sound = kiosk ? "on" : "off";
const pick = { question: null, chosen: [], filter: null };   // squares tapped for the question

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

function toast(text, bad) {
  const t = $("toast");
  t.textContent = text;
  t.classList.toggle("bad", !!bad);
  t.classList.remove("hidden");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => t.classList.add("hidden"), 3500);
}

/* -- the board's voice ------------------------------------------------------------------------------
   The board makes the sound (espeak-ng, a WAV clip per sentence) and sends {type: "say", id, text}
   to the pages whose sound is on; the page plays /speech/<id>.wav, one clip after another. What
   this page asked to hear (asked: true) is played at once. A page on the Pi's own display that
   plays sound is the Pi's voice: the board's own audio device then stays quiet. */

const voice = { queue: [], busy: false, n: 0, pending: null };

function note(entry) {
  // What became of a clip, in the browser's console ("speech <id> playing|ended|blocked|error"):
  // for whoever looks at a silent kiosk, and for the tests, which read it there because running
  // a script in the page (as reading a variable would) counts as a tap and lets it play.
  console.info(`speech ${entry}`);
}

function setSound(value) {
  const was = sound;
  sound = value;
  const b = $("sound");
  b.textContent = value === "on" ? "🔊" : "🔇";
  b.classList.toggle("blocked", value === "blocked");
  b.setAttribute("aria-pressed", value === "on" ? "true" : "false");
  b.title = value === "on" ? "sound on" : value === "blocked" ? "tap for sound" : "sound off";
  if (value === "blocked") document.addEventListener("click", resumeSound, { capture: true, once: true });
  if ((was === "on") !== (value === "on") && ws && ws.readyState === WebSocket.OPEN) {
    ws.send(JSON.stringify({ type: "audio", on: value === "on" }));
  }
  if (value !== "on") { voice.queue = []; stopVoice(); }
}

function resumeSound(event) {
  // Blocked until a tap: the first tap anywhere (a gesture) lets the page play again.
  if (sound !== "blocked" || (event && event.target.closest && event.target.closest("#sound"))) return;
  unblock();
}

function unblock() {
  const missed = voice.pending;
  voice.pending = null;
  setSound("on");
  if (missed) hear(missed);
}

function stopVoice() {
  voice.n += 1;                        // callbacks of the clip stopped are ignored
  voice.busy = false;
  const a = $("voice");
  if (!a.paused) a.pause();
  if ("speechSynthesis" in window) speechSynthesis.cancel();
}

function hear(msg) {
  // A say event from the board.
  if (sound === "off") return;
  if (sound === "blocked") { voice.pending = msg; return; }
  if (msg.asked) { voice.queue = []; stopVoice(); }
  voice.queue.push(msg);
  if (voice.queue.length > 4) voice.queue.shift();
  if (!voice.busy) playNext();
}

function playNext() {
  const msg = voice.queue.shift();
  if (!msg) { voice.busy = false; return; }
  voice.busy = true;
  const n = ++voice.n;
  const done = (what) => { if (n !== voice.n) return; note(`${msg.id || "-"} ${what}`); voice.busy = false; playNext(); };
  if (!msg.id || !/^[0-9a-f]{32}$/.test(msg.id)) {      // no espeak-ng on the board: the browser's voice
    browserVoice(msg.text, () => done("spoken"));
    return;
  }
  const a = $("voice");
  a.onended = () => done("ended");
  a.onerror = () => done("error");
  a.src = `/speech/${msg.id}.wav`;
  note(`${msg.id} started`);
  a.play().then(() => { if (n === voice.n) note(`${msg.id} playing`); }, (err) => {
    if (n !== voice.n) return;           // stopped for another clip
    if (err && err.name === "NotAllowedError") {
      // no sound without a tap (a phone, or a kiosk without the autoplay flag): say so, let the
      // board's own device speak meanwhile, and play this clip at the next tap
      note(`${msg.id} blocked`);
      voice.busy = false;
      voice.queue = [];
      setSound("blocked");
      voice.pending = msg;
    } else done("error");
  });
}

function browserVoice(text, then) {
  if (!text || !("speechSynthesis" in window)) { then(); return; }
  try {
    const u = new SpeechSynthesisUtterance(text);
    u.rate = 0.85;
    u.onend = then;
    u.onerror = then;
    speechSynthesis.cancel();
    speechSynthesis.speak(u);
  } catch (e) { then(); }
}

function ask(what, letter) {
  // Something to hear again (a tapped letter, the card, the word, the question): the board says
  // it to this page when its sound is on, else aloud (the Pi's speaker). A tap to hear something
  // on a phone turns its sound on (a tap is what a browser wants before it plays).
  if (sound === "blocked") unblock();
  else if (sound === "off" && !local) setSound("on");
  const message = { type: "say", what };
  if (letter) message.letter = letter;
  send(message);
}

function sayLetter(ch) { ask("letter", ch.toUpperCase()); }

$("sound").addEventListener("click", () => {
  if (sound === "on") setSound("off");
  else if (sound === "blocked") unblock();
  else {
    setSound("on");
    const a = $("voice");        // played inside the tap: some browsers (Safari) allow it from then on
    if (!a.src) a.play().catch(() => {});
  }
});

function send(message) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  else toast("not connected to the board", true);
}

/* -- the connection ------------------------------------------------------------------------------ */

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws`);
  ws.onopen = () => {
    $("conn").className = "conn on";
    // sound first: a children's page on the Pi's display turns speech on, and the board must
    // know by then that this page plays it (else the Pi's own device would say it as well)
    if (sound === "on") send({ type: "audio", on: true });
    send({ type: "hello", mode: kids ? "kids" : (kiosk ? "kiosk" : "normal") });
  };
  ws.onclose = () => {
    $("conn").className = "conn off";
    admin = false;
    setTimeout(connect, 1500);
  };
  ws.onmessage = (event) => {
    let msg;
    try { msg = JSON.parse(event.data); } catch (e) { return; }
    if (msg.type === "state") render(msg.state);
    else if (msg.type === "say") hear(msg);
    else if (msg.type === "welcome") {
      pinSet = !!msg.pin; local = !!msg.local; setRole(!!msg.play);
      if (msg.code) showCode(msg.code);
      const code = sessionStorage.getItem("wb-join");
      if (!msg.play && code) send({ type: "join", code });
    }
    else if (msg.type === "joined") { setRole(true); toast(kids ? "🎟️" : "you can play from this page"); $("join-form").classList.add("hidden"); }
    else if (msg.type === "code") showCode(msg);
    else if (msg.type === "error") {
      if (msg.code === false) sessionStorage.removeItem("wb-join");
      if (msg.watching) $("join-form").classList.remove("hidden");
      toast(msg.message, true);
      $("admin-status").textContent = msg.message;
      if (answeredQuestion !== null) { answeredQuestion = null; $("prompt").dataset.question = ""; if (state) render(state); }
    }
    else if (msg.type === "unlocked") { admin = true; setRole(true); if (msg.code) showCode(msg.code); $("admin-status").textContent = ""; showAdmin(); toast("unlocked"); }
    else if (msg.type === "locked") { admin = false; setRole(!!msg.play); if (!msg.play) $("join-code").classList.add("hidden"); showAdmin(); }
    else if (msg.type === "ok") { toast(msg.message || "done"); $("admin-status").textContent = msg.message || ""; }
    else if (msg.type === "words") showWords(msg);
    else if (msg.type === "answered") { toast(kids ? "✔" : "answered: " + msg.value); }
  };
}

/* -- each game's own view: register(type, {side, cell}) ------------------------------------------- */

const Views = {
  registry: {},
  register(type, view) { this.registry[type] = view; },
  get(type) { return this.registry[type] || this.registry.generic; },
};

function brighten(hex) {
  // The LEDs' colours are dim on purpose (30 % base scenes): show them bright enough to read.
  const r = parseInt(hex.slice(0, 2), 16), g = parseInt(hex.slice(2, 4), 16), b = parseInt(hex.slice(4, 6), 16);
  const m = Math.max(r, g, b);
  if (m < 8) return null;
  const f = Math.min(3, 190 / m);
  const c = (v) => Math.min(255, Math.round(v * f));
  return `rgb(${c(r)}, ${c(g)}, ${c(b)})`;
}

Views.register("generic", { side() {}, cell() {} });

Views.register("crossword", {
  cell(st, key, cell) {
    const p = st.view.premiums && st.view.premiums[key];
    if (p && !cell.classList.contains("has-tile")) {
      cell.appendChild(el("span", "premium", p === "DW" && key === centreKey(st) ? "★" : p));
      cell.classList.add("p-" + p);
    }
  },
  side(st, box) {
    // the club tracking sheet: the tiles not on the board, letter by letter (? for blanks)
    const unseen = st.view.unseen;
    if (!unseen || kids) return;
    const counts = {};
    for (const t of unseen) counts[t] = (counts[t] || 0) + 1;
    const sheet = el("div", "tracking", "");
    sheet.appendChild(el("div", "tracking-title", `unseen: ${unseen.length}`));
    sheet.appendChild(el("div", "tracking-tiles",
      Object.keys(counts).sort().map((t) => t.repeat(counts[t])).join(" ")));
    box.appendChild(sheet);
  },
});

function centreKey(st) { return `${Math.floor(st.board.rows / 2)},${Math.floor(st.board.cols / 2)}`; }

Views.register("hexx", {
  cell(st, key, cell) {
    const t = st.board.tiles[key];
    if (!t) return;
    cell.classList.add("owner-" + t.owner);
    if (t.hexx) cell.classList.add("hexx-tile");
    if (st.last && (st.last.flipped_squares || []).some((s) => `${s[0]},${s[1]}` === key)) cell.classList.add("flipped");
  },
  side(st, box) {
    const v = st.view;
    if (v.pending && v.pending_for) {
      box.appendChild(el("div", "hexx-pending", `${v.pending_for}: ${v.pending}`));
    }
    if (v.last_effect) {
      const rolled = el("div", "effect rolled");
      rolled.appendChild(el("span", "d20", String(v.last_effect.number)));
      const text = el("div", "effect-text");
      text.appendChild(el("b", null, "HEXX! " + v.last_effect.name));
      if (!kids) text.appendChild(el("span", null, v.last_effect.text));
      rolled.appendChild(text);
      box.appendChild(rolled);
    }
    for (const e of v.effects || []) {
      // a lasting HEXX: what it does, to whom, and how long it lasts (this turn, or the next one)
      const item = el("div", "effect lasting colour-" + e.colour + " " + (e.active ? "active" : "waiting"));
      item.dataset.kind = e.kind;
      item.appendChild(el("span", "d20 small", String(e.number)));
      const text = el("div", "effect-text");
      text.appendChild(el("b", "effect-name", e.name));
      text.appendChild(el("span", "effect-does", e.does || `${e.player}: ${e.text}`));
      item.appendChild(text);
      const left = el("span", "remaining", `⏳ ${e.remaining || (e.active ? "this turn" : "next turn")}` +
        (e.plays_left ? ` · ${e.plays_left} plays` : ""));
      item.appendChild(left);
      box.appendChild(item);
    }
    if (v.plays_left > 1) box.appendChild(el("div", "note", `${v.plays_left} plays left this turn`));
  },
});

const SHAPES = { circle: "⚪", square: "⬜", triangle: "🔺", star: "⭐", heart: "❤️", diamond: "🔷",
                 oval: "🥚", line: "➖", cross: "➕", arrow: "➡️", rectangle: "▭" };

Views.register("extradiction", {
  cell(st, key, cell) {
    // the stars printed on an empty square (! a Chance square), as on the real board
    const printed = (st.view.squares || {})[key];
    if (printed && !cell.classList.contains("has-tile")) {
      const mark = el("span", "star-count" + (printed === "!" ? " chance" : ""), printed === "!" ? "!" : `${printed}`);
      if (printed !== "!") mark.appendChild(el("span", "star-glyph", "★"));
      mark.setAttribute("aria-label", printed === "!" ? "Chance square" : `${printed} stars`);
      cell.appendChild(mark);
    }
  },
  side(st, box) {
    const v = st.view;
    if (v.card) {
      const card = el("div", "clue-card colour-" + v.card.colour + " level-" + v.level + (v.card.pictured === false ? " no-picture" : ""));
      // Level 3 gives the first letter, the length and the meaning, not the picture (the rulebook)
      if (v.card.pictured !== false) card.appendChild(el("div", "picture", v.card.picture || SHAPES[v.card.shape] || "❔"));
      const word = el("div", "card-word");
      const letters = v.card.word ? v.card.word.split("") : [v.card.first].concat(Array(v.card.length - 1).fill(""));
      word.style.setProperty("--n", String(letters.length));     // one line, however long the word
      for (const ch of letters) {
        const tile = el("button", "letter-tile", ch || " ");
        tile.type = "button";
        if (ch) tile.addEventListener("click", () => sayLetter(ch));
        word.appendChild(tile);
      }
      card.appendChild(word);
      const info = el("div", "card-info");
      info.appendChild(el("span", "first", `${v.card.first}…`));
      info.appendChild(el("span", "length", `${v.card.length} letters`));
      card.appendChild(info);
      card.appendChild(el("p", "meaning", v.card.meaning));
      const hear = el("button", "icon say", "🔊");
      hear.type = "button";
      hear.setAttribute("aria-label", "say the meaning");
      hear.addEventListener("click", () => ask("card"));
      card.appendChild(hear);
      box.appendChild(card);
    }
    if (v.turns) {
      const progress = el("div", "progress");
      for (let i = 1; i <= v.turns; i++) progress.appendChild(el("span", "dot" + (i < v.turn ? " done" : i === v.turn ? " now" : "")));
      box.appendChild(progress);
    }
    if (!kids) box.appendChild(el("div", "note", `card ${Math.min(v.turn, v.turns)} of ${v.turns} · ${v.chance_cards_left} Chance cards left` +
      (v.level ? ` · ${LEVEL_NAMES[v.level] || v.level}` : "")));
  },
});

function dexCard(c) {
  const card = el("div", "card role-" + (c.role || "pool"));
  card.appendChild(el("b", null, c.letters || (c.role === "penalty" || c.role === "special" ? "✖" : "?")));
  const meta = [];
  if (c.points) meta.push(`${c.points} pt`);
  if (c.cost) meta.push(`$${c.cost}`);
  if (c.letters && c.name !== c.letters) meta.unshift(c.name);
  if (!c.letters) meta.unshift(c.name.toLowerCase());
  if (meta.length) card.appendChild(el("span", "cost", meta.join(" · ")));
  return card;
}

Views.register("dexikon", {
  cell(st, key, cell) {
    const t = st.board.tiles[key];
    if (t && t.card) cell.classList.add("card-cell");
  },
  side(st, box) {
    const v = st.view;
    if (v.phase) box.appendChild(el("div", "phase", v.phase));
    if ((v.table || []).length) {
      const table = el("div", "pool table-row");
      table.appendChild(el("h3", null, "On the table"));
      const row = el("div", "cards");
      for (const c of v.table) row.appendChild(dexCard(c));
      table.appendChild(row);
      box.appendChild(table);
    }
    const pool = el("div", "pool");
    pool.appendChild(el("h3", null, `Pool (${st.bag ?? 0} in the stack)`));
    const row = el("div", "cards");
    for (const c of v.pool || []) row.appendChild(dexCard(c));
    pool.appendChild(row);
    box.appendChild(pool);
    const sheets = el("div", "dex-sheets");
    st.players.forEach((p, i) => {
      const sheet = el("div", "dex-sheet" + (i === st.to_move ? " to-move" : ""));
      const head = el("div", "dex-head");
      head.appendChild(el("b", null, p.name + (p.first ? " ①" : "")));
      head.appendChild(el("span", "muted", `${(p.banked || []).length}/${v.words_to_end || "?"} words · ${p.cards} cards` +
        (p.challenges_won ? ` · ${p.challenges_won} ✓` : "")));
      sheet.appendChild(head);
      const words = el("div", "words");
      for (const b of p.banked || []) {
        const chip = el("span", "word", b.word);
        chip.appendChild(el("small", null, ` ${b.value}`));
        words.appendChild(chip);
      }
      if (p.last_word) {
        const chip = el("span", "word last-word", p.last_word);
        chip.appendChild(el("small", null, ` ${p.last_word_value}`));
        words.appendChild(chip);
      }
      if (!words.childNodes.length) words.appendChild(el("span", "muted", "no word banked yet"));
      sheet.appendChild(words);
      sheets.appendChild(sheet);
    });
    box.appendChild(sheets);
  },
});

/* -- rendering ------------------------------------------------------------------------------------ */

function render(st) {
  // the challenge button: only for a game played under a challenge rule (not void)
  const rule = st.view && st.view.challenge;
  $("challenge-button").classList.toggle("hidden", !rule || rule === "void" || st.over);
  state = st;
  document.body.classList.toggle("kids", kids);
  $("title").textContent = st.game.title + (st.ended ? " (ended)" : "");
  $("bag").textContent = st.bag === null || st.bag === undefined ? "" : (kids ? `👜 ${st.bag}` : `bag ${st.bag}`);
  const mover = st.to_move !== null && st.to_move !== undefined ? st.players[st.to_move] : null;
  $("turn").textContent = kids ? (st.over || st.ended ? "🏁" : mover ? `${AVATARS[st.to_move % 4]} ${mover.name}` : "")
    : st.over ? "game over" : st.ended ? "" : (mover ? `${mover.name} to play` : "");
  renderBoard(st);
  const fixing = $("correct-box").dataset.square;
  if (fixing && (!mayCorrect(st) || st.board.tiles[fixing])) closeCorrection();
  renderPairing(st);
  renderNotices(st);
  renderScores(st);
  renderLast(st);
  renderView(st);
  const refused = renderRefusal(st);
  const guessing = st.question && GUESS_KINDS.includes(st.question.kind);    // the guess panel says it
  $("message").textContent = kids || guessing ? "" : (st.live && !st.over && !refused ? (st.live.status === "valid" ? `✔ ${st.live.message}` : `✖ ${st.live.message}`) : st.message || "");
  $("message").className = "message" + (st.live ? " live-" + st.live.status : "");
  renderHistory(st);
  renderPrompt(st);
  renderSummary(st);
  $("lock").textContent = admin ? "🔓" : "🔒";
}

/* what the table must know for the whole run (a damaged journal, a game that could not be
   resumed): kept on the screen, never replaced by the next message */
function renderNotices(st) {
  const box = $("notices");
  const notices = st.notices || [];
  box.classList.toggle("hidden", !notices.length);
  clear(box);
  for (const text of notices) box.appendChild(el("p", "notice", `⚠ ${text}`));
}

/* a game night's pairing for this board: "Round 2 · table 3: Ann v Bob" for the game being
   played, "Next: round 3 · table 1: Ann v Cy" for the one to start when this one ends */
function renderPairing(st) {
  const box = $("pairing");
  const p = st.pairing;
  box.classList.toggle("hidden", !p);
  if (!p) return;
  const same = (a, b) => a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);
  const current = !st.over && !st.ended && same(p.players, st.players.map((pl) => pl.name));
  clear(box);
  box.appendChild(el("span", "what", current ? `Round ${p.round} · table ${p.table}` : `Next: round ${p.round} · table ${p.table}`));
  box.appendChild(document.createTextNode(`: ${p.players.join(" v ")}`));
  box.title = p.event || "game night";
  box.classList.toggle("new", !!p.new);
}

function renderBoard(st) {
  const board = $("board");
  const { rows, cols } = st.board;
  board.style.setProperty("--rows", rows);
  board.style.setProperty("--cols", cols);
  if (board.childNodes.length !== rows * cols) {
    clear(board);
    for (let i = 0; i < rows * cols; i++) board.appendChild(el("div", "cell"));
    // the squares' names around the board: column letters, row numbers (E5)
    const top = $("coords-cols"), side = $("coords-rows");
    clear(top); clear(side);
    top.style.setProperty("--cols", cols);
    side.style.setProperty("--rows", rows);
    for (let c = 0; c < cols; c++) top.appendChild(el("span", "coord", String.fromCharCode(65 + c)));
    for (let r = 0; r < rows; r++) side.appendChild(el("span", "coord", String(r + 1)));
  }
  sizeBoard();
  const view = Views.get(st.view.type);
  const marks = new Map();
  const mark = (list, cls) => { for (const s of list || []) marks.set(`${s[0]},${s[1]}`, (marks.get(`${s[0]},${s[1]}`) || "") + " " + cls); };
  if (st.last) mark(st.last.squares, "last");
  if (st.live) { mark(st.live.squares, "pending-" + st.live.status); mark(st.live.at_fault, "fault"); }
  mark(st.hint, "hint");
  const q = st.question && answeredQuestion !== st.question.id ? st.question : null;
  if (q && pick.question !== q.id) { pick.question = q.id; pick.chosen = []; pick.filter = null; }
  if (q && q.pick && q.pick.mode !== "candidates") {
    // a question answered on the board: its squares can be tapped
    mark(pickKeys(q).map((k) => k.split(",")), "pickable");
    mark(pick.chosen.concat(pick.filter ? [pick.filter] : []).map((k) => k.split(",")), "picked");
  } else if (st.question) mark(st.question.squares, "asked");
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const key = `${r},${c}`;
      const cell = board.childNodes[r * cols + c];
      cell.className = "cell" + (marks.get(key) || "");
      clear(cell);
      const led = st.board.leds[r * cols + c];
      const colour = led ? brighten(led) : null;
      cell.style.backgroundColor = colour || "";
      const t = st.board.tiles[key];
      const seen = (st.board.seen || {})[key];
      if (t) {
        cell.classList.add("has-tile");
        const tile = el("span", "tile" + (t.blank ? " blank" : "") + (t.card ? " card-tile" : "") + (t.hexx ? " hexx" : ""), t.letter);
        if (t.points) tile.appendChild(el("sub", null, t.points));
        cell.appendChild(tile);
      } else if (seen) {
        // a letter written on the board, not yet taken: what the camera reads there
        cell.classList.add("has-tile", "has-seen");
        cell.appendChild(el("span", "tile seen", seen));
      }
      view.cell(st, key, cell);
    }
  }
}

/* -- answering on the board: tapping squares ------------------------------------------------------- */

function pickKeys(q) {
  const p = q && q.pick;
  if (!p) return [];
  if (p.mode === "one" || p.mode === "filter") return Object.keys(p.answers);
  if (p.mode === "many") return Object.keys(p.names);
  return [p.square];
}

$("board").addEventListener("click", (event) => {
  const cell = event.target.closest(".cell");
  if (!cell || !state) return;
  const index = Array.prototype.indexOf.call($("board").childNodes, cell);
  if (index < 0) return;
  tapSquare(`${Math.floor(index / state.board.cols)},${index % state.board.cols}`);
});

function tapSquare(key) {
  const q = state && state.question;
  if (!q || !q.pick || answeredQuestion === q.id) { openCorrection(key); return; }
  const p = q.pick;
  if (p.mode === "one" && p.answers[key]) {
    answer(q, p.answers[key]);
  } else if (p.mode === "filter" && p.answers[key]) {
    pick.filter = pick.filter === key ? null : key;      // tap again: every answer again
    updatePick(q);
  } else if (p.mode === "many" && p.names[key]) {
    const at = pick.chosen.indexOf(key);
    if (at >= 0) pick.chosen.splice(at, 1);
    else if (pick.chosen.length < p.count) pick.chosen.push(key);
    updatePick(q);
  } else if (p.mode === "candidates" && key === p.square) {
    const box = $("square-choices");
    box.classList.remove("nudge"); void box.offsetWidth; box.classList.add("nudge");
  }
}

function updatePick(q) {
  // the board's marks, the answers left after a square was tapped, the squares chosen so far
  renderBoard(state);
  const p = q.pick;
  const bar = $("prompt-pick");
  bar.classList.toggle("hidden", !p || p.mode !== "many");
  if (p && p.mode === "filter") {
    for (const b of $("prompt-choices").querySelectorAll(".choice")) {
      const keep = !pick.filter || p.answers[pick.filter].includes(b.dataset.value) || !pickKeys(q).some((k) => p.answers[k].includes(b.dataset.value));
      b.classList.toggle("hidden", !keep);
    }
  }
  if (p && p.mode === "many") {
    const names = pick.chosen.map((k) => p.names[k]);
    $("pick-count").textContent = `${pick.chosen.length} of ${p.count}: ${names.join(" ") || "tap the squares on the board"}`;
    $("pick-ok").disabled = pick.chosen.length !== p.count;
    $("prompt-input").value = names.join(" ");
  }
  placeCandidates(q);
}

$("pick-ok").addEventListener("click", () => {
  const q = state && state.question;
  if (!q || !q.pick || q.pick.mode !== "many" || pick.chosen.length !== q.pick.count) return;
  answer(q, pick.chosen.map((k) => q.pick.names[k]).join(" "));
});
$("pick-clear").addEventListener("click", () => { pick.chosen = []; if (state && state.question) updatePick(state.question); });

/* -- a game written on the board: "that square is empty", or the letter written there ------------ */

function mayCorrect(st) {
  // the board says who may: a grown-up with the PIN, and on Level 1 the players (a big button);
  // tiles read by the camera alone: the players
  const who = st && st.board.correct;
  return !!who && !st.over && (admin || ((who === "players" || who === "tiles") && canPlay));
}

function openCorrection(key) {
  const box = $("correct-box");
  if (!mayCorrect(state) || state.board.tiles[key]) { closeCorrection(); return; }
  if (box.dataset.square === key && !box.classList.contains("hidden")) { closeCorrection(); return; }
  box.dataset.square = key;
  clear(box);
  const [r, c] = key.split(",").map(Number);
  const name = String.fromCharCode(65 + c) + (r + 1);
  const seen = (state.board.seen || {})[key];
  const chosen = { r, c };              // the square tapped, or the one chosen near it (kids)
  const pick = (value) => (event) => {
    event.stopPropagation();
    send({ type: "correct", row: chosen.r, col: chosen.c, value });
    closeCorrection();
  };
  const head = el("div", "correct-head");
  head.appendChild(el("span", "correct-name", kids ? `${name}` : (seen ? `${name}: the camera reads ${seen}` : `${name}: the camera reads nothing`)));
  const shut = el("button", "btn correct-close", "✖");
  shut.type = "button";
  shut.setAttribute("aria-label", "close");
  shut.addEventListener("click", (event) => { event.stopPropagation(); closeCorrection(); });
  head.appendChild(shut);
  box.appendChild(head);
  const empty = el("button", "btn primary correct-empty", kids ? "🧽" : "🧽 empty");
  empty.type = "button";
  empty.dataset.value = ".";
  empty.setAttribute("aria-label", "that square is empty");
  if (kids) {
    // a child's finger is wider than a square of the board: the squares around the one tapped,
    // big, to choose the right one before saying it is empty
    const row = el("div", "correct-pick");
    row.appendChild(zoomAround(r, c, (rr, cc) => {
      [chosen.r, chosen.c] = [rr, cc];
      head.firstChild.textContent = String.fromCharCode(65 + cc) + (rr + 1);
    }));
    empty.addEventListener("click", pick("."));
    row.appendChild(empty);
    box.appendChild(row);
  } else {
    empty.addEventListener("click", pick("."));
    box.appendChild(empty);
  }
  if (state.board.correct === "tiles") {
    const blank = el("button", "btn correct-blank", "blank tile");
    blank.type = "button";
    blank.dataset.value = "?";
    blank.setAttribute("aria-label", "a blank tile");
    blank.addEventListener("click", pick("?"));
    box.appendChild(blank);
  }
  if (!kids || admin) {
    const letters = el("div", "correct-letters");
    for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
      const b = el("button", "btn correct-letter", ch);
      b.type = "button";
      b.dataset.value = ch;
      b.addEventListener("click", pick(ch));
      letters.appendChild(b);
    }
    box.appendChild(letters);
  }
  box.classList.remove("hidden");
  const cell = $("board").childNodes[r * state.board.cols + c];
  const wrap = $("board-wrap").getBoundingClientRect();
  const rect = cell.getBoundingClientRect();
  const below = rect.bottom - wrap.top + 4;
  const top = below + box.offsetHeight > wrap.height ? rect.top - wrap.top - box.offsetHeight - 4 : below;
  const left = Math.min(Math.max(0, rect.left - wrap.left + rect.width / 2 - box.offsetWidth / 2), wrap.width - box.offsetWidth);
  box.style.top = `${Math.max(0, top)}px`;
  box.style.left = `${Math.max(0, left)}px`;
}

function zoomAround(r, c, choose) {
  // the 3 x 3 squares around (r, c) (kept on the board at its edges), each a big button; the
  // square tapped on the board is chosen first; squares with a letter taken are not for saying empty
  const { rows, cols } = state.board;
  const top = Math.min(Math.max(0, r - 1), Math.max(0, rows - 3));
  const left = Math.min(Math.max(0, c - 1), Math.max(0, cols - 3));
  const zoom = el("div", "correct-zoom");
  zoom.setAttribute("aria-label", "the squares near the one tapped");
  for (let rr = top; rr < Math.min(rows, top + 3); rr++) {
    for (let cc = left; cc < Math.min(cols, left + 3); cc++) {
      const key = `${rr},${cc}`;
      const seen = (state.board.seen || {})[key];
      const taken = state.board.tiles[key];
      const b = el("button", "btn zoom-square" + (seen ? " seen" : "") + (rr === r && cc === c ? " chosen" : ""),
        taken ? taken.letter : (seen || ""));
      b.type = "button";
      b.dataset.square = key;
      b.setAttribute("aria-label", String.fromCharCode(65 + cc) + (rr + 1));
      b.disabled = !!taken;
      b.addEventListener("click", (event) => {
        event.stopPropagation();
        for (const other of zoom.querySelectorAll(".chosen")) other.classList.remove("chosen");
        b.classList.add("chosen");
        choose(rr, cc);
      });
      zoom.appendChild(b);
    }
  }
  return zoom;
}

function closeCorrection() {
  const box = $("correct-box");
  box.classList.add("hidden");
  box.dataset.square = "";
}

function placeCandidates(q) {
  // a question about one square with a few answers (the tag or the camera): they are shown on
  // the board at the square, tapped there
  const box = $("square-choices");
  const p = q && q.pick;
  if (!p || p.mode !== "candidates" || answeredQuestion === q.id) { box.classList.add("hidden"); box.dataset.question = ""; return; }
  if (box.dataset.question !== String(q.id)) {
    box.dataset.question = String(q.id);
    clear(box);
    for (const choice of q.choices) {
      const b = el("button", "btn candidate", (q.labels || {})[choice] || choice);
      b.type = "button";
      b.dataset.value = choice;
      b.addEventListener("click", (event) => { event.stopPropagation(); answer(q, choice); });
      box.appendChild(b);
    }
  }
  box.classList.remove("hidden");
  const [r, c] = p.square.split(",").map(Number);
  const cell = $("board").childNodes[r * state.board.cols + c];
  const wrap = $("board-wrap").getBoundingClientRect();
  const rect = cell.getBoundingClientRect();
  const below = rect.bottom - wrap.top + 4;
  const top = below + box.offsetHeight > wrap.height ? rect.top - wrap.top - box.offsetHeight - 4 : below;
  const left = Math.min(Math.max(0, rect.left - wrap.left + rect.width / 2 - box.offsetWidth / 2), wrap.width - box.offsetWidth);
  box.style.top = `${Math.max(0, top)}px`;
  box.style.left = `${Math.max(0, left)}px`;
}

function sizeBoard() {
  const board = $("board");
  if (!state) return;
  const cell = (board.clientWidth - 8) / state.board.cols;
  board.style.setProperty("--cell", `${Math.max(8, cell).toFixed(1)}px`);
}
window.addEventListener("resize", sizeBoard);

function renderScores(st) {
  const box = $("scores");
  clear(box);
  const corrections = st.corrections || {};
  st.players.forEach((p, i) => {
    const row = el("div", "player" + (i === st.to_move && !st.over ? " to-move" : "") + (p.colour ? " colour-" + p.colour : ""));
    if (kids) row.appendChild(el("span", "avatar", AVATARS[i % 4]));
    row.appendChild(el("span", "name", p.name));
    const score = (p.score || 0) + (corrections[String(i)] || 0);
    if (kids && st.view.type === "extradiction") row.appendChild(el("span", "score-star", "⭐"));
    const s = el("span", "score", score);
    if (corrections[String(i)]) s.title = `corrected ${corrections[String(i)] > 0 ? "+" : ""}${corrections[String(i)]}`;
    const clock = st.clocks && st.clocks.players[i];
    if (clock) {
      // the game clock: time left (negative over time), ticking for the mover unless paused
      const c = el("span", "clock" + (clock.over ? " over" : "") + (st.clocks.running === i ? (st.clocks.paused ? " paused" : " running") : ""), clock.text);
      c.title = clock.penalty ? `over time: -${clock.penalty} points at the end` : st.clocks.describe;
      row.appendChild(c);
    }
    row.appendChild(s);
    box.appendChild(row);
  });
  const kt = $("kid-turn");
  clear(kt);
  if (kids && !st.over && st.to_move !== null && st.to_move !== undefined) {
    kt.appendChild(el("span", "big-avatar", AVATARS[st.to_move % 4]));
    kt.appendChild(el("span", "kid-name", st.players[st.to_move].name));
    kt.appendChild(el("span", "hand", "👉"));
  }
}

function renderLast(st) {
  const box = $("last");
  clear(box);
  const last = st.last;
  if (!last) { box.appendChild(el("div", "empty", kids ? "🎲" : "No moves yet")); lastMoveKey = `${st.game.id}:-`; return; }
  const key = `${st.game.id}:${last.n}`;
  if (kids && last.kind !== "play") {
    // a pass or a wrong guess: pictures only
    box.appendChild(el("div", "kid-points", `${AVATARS[last.player % 4]} ${last.kind === "wrong" ? "❌" : "⏭️"}`));
  } else if (kids && /[^A-Za-z]/.test(((last.words && last.words[0] && last.words[0].word) || last.text || "").trim())) {
    // a word the children's gate does not name ("Let's pick another word."): no letters, no sound
    box.appendChild(el("div", "kid-points", `${AVATARS[last.player % 4]} ⭐ ${last.score}`));
  } else if (kids) {
    const word = (last.words && last.words[0] && last.words[0].word) || last.text || "";
    const tiles = el("div", "kid-word");
    tiles.style.setProperty("--n", String(Math.max(1, word.replace(/[^A-Za-z]/g, "").length)));
    for (const ch of word.toUpperCase().replace(/[^A-Z]/g, "")) {
      const t = el("button", "letter-tile", ch);
      t.type = "button";
      t.addEventListener("click", () => sayLetter(ch));
      tiles.appendChild(t);
    }
    const hear = el("button", "icon say", "🔊");
    hear.type = "button";
    hear.setAttribute("aria-label", "say the word");
    hear.addEventListener("click", () => ask("last"));
    tiles.appendChild(hear);
    box.appendChild(tiles);
    box.appendChild(el("div", "kid-points", `${AVATARS[last.player % 4]} ⭐ ${last.score}`));
  } else {
    const head = el("div", "last-head");
    head.appendChild(el("span", "who", last.name));
    head.appendChild(el("span", "points", `${last.score >= 0 ? "+" : ""}${last.score}`));
    box.appendChild(head);
    const words = el("div", "words");
    for (const w of last.words || []) {
      const chip = el("span", "word", w.word);
      chip.appendChild(el("small", null, ` ${w.score}`));
      words.appendChild(chip);
    }
    if (!(last.words || []).length) words.appendChild(el("span", "word muted", last.text));
    if (last.bingo) words.appendChild(el("span", "bingo", "BINGO!"));
    if (last.flipped) words.appendChild(el("span", "flips", `🔄 ${last.flipped} flipped`));
    box.appendChild(words);
  }
  if (lastMoveKey !== null && lastMoveKey !== key) {
    box.classList.remove("flash"); void box.offsetWidth; box.classList.add("flash");
    if (kids) {
      countStars(last.score);
      // the board says new words itself when its speech is on; else a page with sound asks
      if (sound === "on" && !st.speech) ask("last");
    }
  }
  lastMoveKey = key;
}

function countStars(points) {
  // The stars won, counted up one by one.
  const pop = $("stars");
  const count = $("stars-count");
  if (points <= 0) return;
  pop.classList.remove("hidden");
  let n = 0;
  count.textContent = "0";
  clearInterval(countStars.timer);
  const step = Math.max(1, Math.ceil(points / 20));
  countStars.timer = setInterval(() => {
    n = Math.min(points, n + step);
    count.textContent = String(n);
    pop.classList.remove("bump"); void pop.offsetWidth; pop.classList.add("bump");
    if (n >= points) {
      clearInterval(countStars.timer);
      setTimeout(() => pop.classList.add("hidden"), 1400);
    }
  }, 90);
}

function renderView(st) {
  const box = $("view");
  // rebuilt only when it changed (the snapshots come several times a second while the LEDs move)
  const key = JSON.stringify([st.view, st.players, st.to_move, st.bag, st.last && st.last.n, kids]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  clear(box);
  box.className = "view view-" + st.view.type;
  Views.get(st.view.type).side(st, box);
}

function renderHistory(st) {
  const list = $("history");
  clear(list);
  const items = (st.history || []).slice().reverse();
  for (const h of items) {
    const li = el("li", "h-" + h.kind);
    li.appendChild(el("span", "n", h.n));
    li.appendChild(el("span", "who", kids ? AVATARS[h.player % 4] : h.name));
    li.appendChild(el("span", "what", h.text));
    li.appendChild(el("span", "pts", h.score));
    list.appendChild(li);
  }
  $("history-box").classList.toggle("hidden", kids || !items.length);
}

/* -- prompts -------------------------------------------------------------------------------------- */

function renderPrompt(st) {
  const box = $("prompt");
  const q = st.question;
  const guessing = !!(q && answeredQuestion !== q.id && GUESS_KINDS.includes(q.kind) && st.view.type === "extradiction");
  renderGuess(st, guessing ? q : null);
  if (!q || answeredQuestion === q.id || guessing) {
    box.classList.add("hidden"); box.dataset.question = ""; placeCandidates(null);
    return;
  }
  if (box.dataset.question === String(q.id)) { placeCandidates(q); return; }    // already shown
  box.dataset.question = String(q.id);
  box.dataset.kind = q.kind;
  // a question about squares leaves the board in sight (and in reach: its squares are tapped)
  box.classList.toggle("docked", !!(q.pick || (q.squares && q.squares.length)));
  $("prompt-text").textContent = q.short || q.prompt;
  const choices = $("prompt-choices");
  clear(choices);
  choices.className = "choices " + (q.style || (q.choices.length > 6 ? "letters" : "words"));
  const pictured = q.choices.length > 0 && q.choices.every((c) => KID_CHOICES[c] || c.length === 1);
  box.classList.toggle("pictured", pictured);      // the children's mode needs no reading here
  for (const choice of q.choices) {
    const label = kids && KID_CHOICES[choice] ? KID_CHOICES[choice] : (q.labels || {})[choice] || choice;
    const b = el("button", "btn choice", label);
    b.type = "button";
    b.dataset.value = choice;
    if (kids && KID_CHOICES[choice]) b.setAttribute("aria-label", choice);
    b.addEventListener("click", () => {
      if (kids && choice.length === 1) sayLetter(choice);
      answer(q, choice);
    });
    choices.appendChild(b);
  }
  // squares to tap (a HEXX Poached Pair) are chosen on the board, not typed
  $("prompt-free").classList.toggle("hidden", !q.free || !!(q.pick && q.pick.mode === "many"));
  $("prompt-input").value = "";
  $("prompt-hint").textContent = !q.pick ? "" : q.pick.mode === "many" ? `Tap ${q.pick.count} squares on the board.`
    : q.pick.mode === "candidates" ? "Tap the answer on the board, or here." : "Tap a square on the board, or an answer here.";
  box.classList.remove("hidden");
  updatePick(q);
  if (kids && sound === "on" && !st.speech) ask("prompt");
}

/* -- eXtraDICTION's guess: big letter buttons over the board (the clue card stays in sight) ------
   In the rulebook the guess is said aloud, and only the writing on the board tests the spelling:
   the child spells it on the buttons, or says it and the grown-up (the reader, at Level 3) taps
   "said it right" or "another word". A guess spelt otherwise asks the grown-up (guess-heard). */

const guess = { question: null, typed: "" };

function renderGuess(st, q) {
  const box = $("guess");
  if (!q) { box.classList.add("hidden"); box.dataset.question = ""; guess.question = null; return; }
  box.classList.remove("hidden");
  if (box.dataset.question === String(q.id)) return;        // already shown: keep what was typed
  box.dataset.question = String(q.id);
  guess.question = q.id;
  guess.typed = "";
  const v = st.view;
  const player = st.to_move !== null && st.to_move !== undefined && st.players[st.to_move] ? st.players[st.to_move].name : "";
  const checker = v.checker && v.checker !== "grown-up" ? v.checker : "Grown-up";
  box.classList.toggle("heard", q.kind === "guess-heard");
  const keys = $("guess-keys");
  const said = $("guess-said");
  clear(keys); clear(said);
  if (q.kind === "guess-heard") {
    // a guess spelt otherwise than the card: is it the card's word, said? (not the spelling)
    $("guess-head").textContent = q.short || q.prompt;
    $("guess-slots").classList.add("hidden");
    for (const [value, label] of [["yes", "✔ Yes, that is the word"], ["no", "✖ No, another word"]]) {
      const b = el("button", "btn choice guess-answer" + (value === "yes" ? " primary" : ""), label);
      b.type = "button";
      b.dataset.value = value;
      grownUps(b, q, () => answer(q, value));
      said.appendChild(b);
    }
    return;
  }
  $("guess-head").textContent = kids ? `${AVATARS[(st.to_move || 0) % 4]} ${player}: what is the word?` : `${player}: what is the word? Say it, or spell it.`;
  $("guess-slots").classList.remove("hidden");
  for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
    const b = el("button", "btn key letter-key", ch);
    b.type = "button";
    b.dataset.letter = ch;
    b.addEventListener("click", () => {
      if (guess.typed.length >= 16) return;
      guess.typed += ch;
      if (kids) sayLetter(ch);
      showTyped(st);
    });
    keys.appendChild(b);
  }
  const back = el("button", "btn key back-key", "⌫");
  back.type = "button";
  back.setAttribute("aria-label", "rub out a letter");
  back.addEventListener("click", () => { guess.typed = guess.typed.slice(0, -1); showTyped(st); });
  keys.appendChild(back);
  const ok = el("button", "btn key primary ok-key", "✔");
  ok.type = "button";
  ok.id = "guess-ok";
  ok.setAttribute("aria-label", "that is my guess");
  ok.addEventListener("click", () => { if (guess.typed) answer(q, guess.typed); });
  keys.appendChild(ok);
  said.appendChild(el("span", "said-label", kids ? `🗣️ ${checker}:` : `🗣️ Said aloud? ${checker}:`));
  for (const [value, label] of [["=right", "✔ the word"], ["=wrong", "✖ another word"]]) {
    const b = el("button", "btn said-answer" + (value === "=right" ? " primary" : ""), label);
    b.type = "button";
    b.dataset.value = value;
    grownUps(b, q, () => answer(q, value));
    said.appendChild(b);
  }
  showTyped(st);
}

/* A grown-up's answer (is it the card's word?): pressed and held for HOLD_MS (a child's tap
   does nothing), or tapped on a page unlocked with the PIN. The press is told to the board
   ("hold"), which takes the answer only after it was held (the server checks it too). */
const HOLD_MS = 1200;

function grownUps(button, q, action) {
  button.classList.add("hold");
  button.style.setProperty("--hold-ms", `${HOLD_MS}ms`);
  button.title = "a grown-up: press and hold";
  button.appendChild(el("span", "hold-note", " ⏳"));
  let timer = null;
  let held = false;
  const stop = () => { clearTimeout(timer); timer = null; button.classList.remove("holding"); };
  button.addEventListener("pointerdown", (event) => {
    held = false;
    if (admin || event.button > 0) return;
    send({ type: "hold", question: q.id });
    button.classList.add("holding");
    timer = setTimeout(() => { stop(); held = true; action(); }, HOLD_MS);
  });
  for (const name of ["pointerup", "pointerleave", "pointercancel"]) button.addEventListener(name, stop);
  button.addEventListener("contextmenu", (event) => event.preventDefault());   // a long touch
  button.addEventListener("click", () => {
    if (held) held = false;
    else if (admin) action();
    else toast(kids ? "✋ ⏳" : "a grown-up: press and hold");
  });
}

function showTyped(st) {
  const slots = $("guess-slots");
  clear(slots);
  const length = (st.view.card && st.view.card.length) || 0;
  const n = Math.max(length, guess.typed.length);
  slots.style.setProperty("--n", String(Math.max(1, n)));
  for (let i = 0; i < n; i++) slots.appendChild(el("span", "slot" + (guess.typed[i] ? " filled" : ""), guess.typed[i] || ""));
  const ok = $("guess-ok");
  if (ok) ok.disabled = !guess.typed;
}

$("guess-say").addEventListener("click", () => ask("card"));

/* -- a refused word: said in words, the squares lit on the board (never hidden) ------------------ */

function renderRefusal(st) {
  const box = $("refusal");
  const live = st.live;
  const show = !!(live && live.status === "invalid" && !st.over && live.message);
  box.classList.toggle("hidden", !show);
  if (!show) { box.dataset.text = ""; return false; }
  const text = live.message.charAt(0).toUpperCase() + live.message.slice(1);
  // words the list lacks: the players may accept them for this game (a house ruling), never on
  // the children's screen
  const unlisted = !kids && canPlay && live.unlisted && live.unlisted.length ? live.unlisted : [];
  const key = text + "|" + unlisted.join(",");
  if (box.dataset.text !== key) {
    box.dataset.text = key;
    clear(box);
    box.appendChild(el("span", "refusal-icon", "✋"));
    box.appendChild(el("span", "refusal-text", text));
    if (unlisted.length) {
      const accept = el("button", "house-ruling", `Accept ${unlisted.join(", ")} (house ruling)`);
      accept.id = "house-ruling";
      accept.addEventListener("click", () => {
        if (confirm(`Accept ${unlisted.join(", ")} for this game, although the word list lacks it?`)) send({ type: "house" });
      });
      box.appendChild(accept);
    }
  }
  return true;
}

function answer(q, value) {
  answeredQuestion = q.id;
  $("prompt").classList.add("hidden");
  $("guess").classList.add("hidden");
  placeCandidates(null);
  send({ type: "answer", question: q.id, value: value });
  if (state) renderBoard(state);
}

$("prompt-free").addEventListener("submit", (event) => {
  event.preventDefault();
  if (!state || !state.question) return;
  const value = $("prompt-input").value.trim();
  if (value) answer(state.question, value);
});
$("prompt-say").addEventListener("click", () => {
  if (!state || !state.question) return;
  ask("prompt");
});

/* -- who may play: the kiosk, pages with the game's code, pages unlocked with the PIN ---------- */

function setRole(play) {
  canPlay = play;
  document.body.classList.toggle("watching", !play);
}

let joinCode = null;

function showCode(msg) {
  // the kiosk's display (?kiosk=1) shows the game's code and its QR code; other pages that get
  // it (the Pi's own browser, a page unlocked with the PIN) show it on the 🎟️ button
  joinCode = msg.code || null;
  const box = $("join-code");
  if (!msg.code || !(kiosk || admin)) { box.classList.add("hidden"); return; }
  $("join-text").textContent = msg.code;
  if (msg.qr) $("join-qr").src = msg.qr;
  $("join-qr").title = msg.url || "";
  box.classList.remove("hidden");
}

$("join").addEventListener("click", () => {
  if (canPlay) { toast(joinCode ? "players join with the code " + joinCode : "this page can play"); return; }
  $("join-form").classList.toggle("hidden");
  $("join-input").focus();
});

$("join-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const code = $("join-input").value.trim();
  if (!code) return;
  sessionStorage.setItem("wb-join", code);
  send({ type: "join", code });
  $("join-input").value = "";
});

/* -- the board's buttons -------------------------------------------------------------------------- */

for (const b of document.querySelectorAll("[data-button]")) {
  b.addEventListener("click", () => send({ type: "button", name: b.dataset.button }));
}

/* -- the end -------------------------------------------------------------------------------------- */

function renderSummary(st) {
  const box = $("summary");
  const key = `${st.game.id}`;
  const show = (st.over || st.ended) && summaryClosedFor !== key;
  box.classList.toggle("hidden", !show);
  if (!show) return;
  const r = st.result;
  $("summary-title").textContent = st.ended && !st.over ? "Game ended" : "Game over";
  const winner = $("summary-winner");
  clear(winner);
  if (r && r.winners && r.winners.length) {
    const names = r.winners.map((w) => st.players[w] ? st.players[w].name : "?").join(" and ");
    winner.appendChild(el("span", "trophy", "🏆"));
    winner.appendChild(el("span", "winner-name", `${names} ${r.winners.length > 1 ? "tie" : "wins"}!`));
  }
  const scores = $("summary-scores");
  clear(scores);
  st.players.forEach((p, i) => {
    const row = el("div", "final" + (r && r.winners && r.winners.includes(i) ? " won" : ""));
    row.appendChild(el("span", "name", (kids ? AVATARS[i % 4] + " " : "") + p.name));
    const final = r && r.final ? r.final[i] : p.score;
    row.appendChild(el("span", "score", final + ((st.corrections || {})[String(i)] || 0)));
    if (r && r.adjustments && r.adjustments[i]) row.appendChild(el("small", null, ` (${r.adjustments[i] > 0 ? "+" : ""}${r.adjustments[i]} for the racks)`));
    if (r && r.time_penalties && r.time_penalties[i]) row.appendChild(el("small", null, ` (-${r.time_penalties[i]} overtime)`));
    scores.appendChild(row);
  });
  renderSheet(st);
  renderAnalysis(st);
  $("summary-new").classList.toggle("hidden", !st.setup || !st.setup.games);
}

function renderSheet(st) {
  const box = $("summary-sheet");
  clear(box);
  if (st.view.sheets && st.view.sheets.length) {
    for (const s of st.view.sheets) {
      const img = el("img", "sheet-svg");
      img.alt = `score sheet: ${s.name}`;
      img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(s.svg);
      box.appendChild(img);
    }
    return;
  }
  const table = el("table", "sheet");
  const head = el("tr");
  head.appendChild(el("th", null, "#"));
  for (const p of st.players) head.appendChild(el("th", null, p.name));
  table.appendChild(head);
  const rounds = [];
  for (const h of st.history || []) {
    const last = rounds[rounds.length - 1];
    if (!last || last[h.player] !== undefined) rounds.push({});
    rounds[rounds.length - 1][h.player] = h;
  }
  rounds.forEach((round, i) => {
    const tr = el("tr");
    tr.appendChild(el("td", "n", i + 1));
    st.players.forEach((p, j) => {
      const h = round[j];
      const td = el("td");
      if (h) {
        td.appendChild(el("span", "w", h.text));
        td.appendChild(el("b", null, ` ${h.score}`));
        if (h.total !== null && h.total !== undefined) td.appendChild(el("small", null, ` = ${h.total}`));
      }
      tr.appendChild(td);
    });
    table.appendChild(tr);
  });
  box.appendChild(table);
}

function renderAnalysis(st) {
  const box = $("summary-analysis");
  clear(box);
  const a = st.analysis;
  if (!a || st.view.type !== "crossword") return;
  if (!a.available) { if (a.error) box.appendChild(el("p", "small", "analysis: " + a.error)); return; }
  box.appendChild(el("h3", null, "Best moves missed"));
  const totals = el("div", "missed-totals");
  for (const [name, missed] of Object.entries(a.missed || {})) {
    const found = (a.best_found || {})[name];
    totals.appendChild(el("span", "chip", `${name}: ${missed} points missed` + (found ? `, best move ${found[0]} of ${found[1]}` : "")));
  }
  box.appendChild(totals);
  const table = el("table", "sheet analysis-table");
  const head = el("tr");
  for (const t of ["#", "player", "played", "", "best", "", "missed"]) head.appendChild(el("th", null, t));
  table.appendChild(head);
  for (const m of (a.moves || []).filter((m) => m.missed > 0).sort((x, y) => y.missed - x.missed).slice(0, 12)) {
    const tr = el("tr");
    for (const v of [m.turn, m.player, m.played, m.score, m.best || "", m.best_score ?? "", m.missed]) tr.appendChild(el("td", null, v));
    table.appendChild(tr);
  }
  box.appendChild(table);
}

/* -- changing the game (PIN) ---------------------------------------------------------------------- */

function openOverlay(id) { $(id).classList.remove("hidden"); }
function closeOverlay(id) {
  $(id).classList.add("hidden");
  if (id === "summary" && state) summaryClosedFor = `${state.game.id}`;
}
for (const b of document.querySelectorAll("[data-close]")) b.addEventListener("click", () => closeOverlay(b.dataset.close));

function showAdmin() {
  $("pin-form").classList.toggle("hidden", admin);
  $("admin-menu").classList.toggle("hidden", !admin);
  $("lock").textContent = admin ? "🔓" : "🔒";
  if (admin) send({ type: "words", action: "list" });
  const edit = $("score-edit");
  clear(edit);
  if (!state) return;
  state.players.forEach((p, i) => {
    const row = el("div", "edit-row");
    row.appendChild(el("span", "name", p.name));
    for (const d of [-10, -1, 1, 10]) {
      const b = el("button", "btn small", (d > 0 ? "+" : "") + d);
      b.type = "button";
      b.addEventListener("click", () => send({ type: "score", player: i, delta: d }));
      row.appendChild(b);
    }
    edit.appendChild(row);
  });
}

$("lock").addEventListener("click", () => {
  $("admin-status").textContent = pinSet ? "" : "No PIN is set on the board: run 'wordboard screen set-pin' there.";
  showAdmin();
  openOverlay("admin");
  if (!admin) $("pin").focus();
});

(function pinpad() {
  const pad = $("pinpad");
  for (const k of ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "OK"]) {
    const b = el("button", "btn key" + (k === "OK" ? " primary" : ""), k);
    b.type = "button";
    b.addEventListener("click", () => {
      const input = $("pin");
      if (k === "⌫") input.value = input.value.slice(0, -1);
      else if (k === "OK") $("pin-form").requestSubmit();
      else if (input.value.length < 8) input.value += k;
    });
    pad.appendChild(b);
  }
})();

$("pin-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const pin = $("pin").value;
  $("pin").value = "";
  if (!/^[0-9]{4,8}$/.test(pin)) { $("admin-status").textContent = "a PIN is 4 to 8 digits"; return; }
  send({ type: "unlock", pin });
});
$("admin-undo").addEventListener("click", () => send({ type: "undo" }));
$("admin-end").addEventListener("click", () => { if (confirm("End this game?")) send({ type: "end" }); });
$("admin-lock").addEventListener("click", () => { send({ type: "lock" }); closeOverlay("admin"); });
$("admin-new").addEventListener("click", () => { closeOverlay("admin"); openSetup(); });
/* the grown-up's own words for the children's filter: allow, block, forget (a slur: confirm) */
function showWords(msg) {
  $("words-lists").textContent = `allowed: ${msg.allowed.join(" ") || "none"} · blocked: ${msg.blocked.join(" ") || "none"}`;
  if (msg.message) $("admin-status").textContent = msg.message;
  if (msg.confirm && confirm(msg.message)) send({ type: "words", action: "allow", word: msg.confirm, confirm: true });
}
$("words-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const word = $("words-word").value.trim();
  if (!/^[A-Za-z]{2,30}$/.test(word)) { $("admin-status").textContent = "a word is 2 to 30 letters A-Z"; return; }
  send({ type: "words", action: event.submitter ? event.submitter.value : "block", word });
  $("words-word").value = "";
});
$("summary-new").addEventListener("click", () => {
  if (!admin) { closeOverlay("summary"); $("lock").click(); return; }
  closeOverlay("summary");
  openSetup();
});

function currentGame(st) {
  const kind = st.game.kind;
  if (kind === "lexulous") return st.game.edition === "scrabble" ? "scrabble" : "lexulous";
  return kind;
}

function setupOptions() {
  const s = state.setup;
  const game = $("setup-game").value;
  $("setup-level-box").classList.toggle("hidden", game !== "extradiction");
  $("setup-turns-box").classList.toggle("hidden", game !== "extradiction");
  $("setup-colours-box").classList.toggle("hidden", game !== "extradiction");
  $("setup-variant-box").classList.toggle("hidden", game !== "dexikon");
  // the owner's clue card packs (the configuration folder's cards/), added to the shipped deck
  $("setup-cards-box").classList.toggle("hidden", !(s.card_packs || []).length || !(s.card_games || []).includes(game));
  // the owner's own edition files for this game (the board and tile set as shipped otherwise)
  const editions = (s.editions || {})[game] || [];
  $("setup-edition-box").classList.toggle("hidden", !editions.length);
  const select = $("setup-edition");
  if (select.dataset.game !== game) {
    select.dataset.game = game;
    clear(select);
    for (const name of [""].concat(editions)) {
      const o = el("option", null, name ? `${name} (your edition)` : "as shipped");
      o.value = name;
      select.appendChild(o);
    }
  }
  fillLexicons(s, game);
  const clocked = (s.clock_games || []).includes(game);
  $("setup-clock-box").classList.toggle("hidden", !clocked);
  $("setup-increment-box").classList.toggle("hidden", !clocked || !Number($("setup-clock").value));
  const [low, high] = (s.player_counts || {})[game] || [2, 4];
  $("setup-players-legend").textContent = low === high ? `Players (${low})` : `Players (${low}-${high})`;
  Array.from($("setup-players").querySelectorAll("input")).forEach((input, i) => input.classList.toggle("hidden", i >= high));
}

function fillLexicons(s, game) {
  // each game starts on its own word list (never the list of the game being played); "none" is
  // not offered where the game checks every word (eXtraDICTION's Level 3 and Speed)
  const select = $("setup-lexicon");
  const needs = Object.entries((s.word_list_options || {})[game] || {})
    .some(([name, values]) => { const box = $(`setup-${name}`); return !!box && values.includes(box.value); });
  const keep = select.dataset.game === game ? select.value : (s.lexicon || "default");
  select.dataset.game = game;
  clear(select);
  for (const name of s.lexicons || []) {
    if (name === "none" && needs) continue;
    const own = (s.default_lexicons || {})[game];
    const o = el("option", null, name === "default" && own ? `the game's own (${own})` : name === "none" ? "none (no word checks)" : name);
    o.value = name;
    select.appendChild(o);
  }
  select.value = Array.from(select.options).some((o) => o.value === keep) ? keep : (s.lexicon || "default");
}

function openSetup() {
  if (!state || !state.setup) return;
  const s = state.setup;
  const fill = (select, values, current, label) => {
    clear(select);
    for (const v of values || []) {
      const o = el("option", null, label ? label(v) : v);
      o.value = String(v);
      if (String(v) === String(current)) o.selected = true;
      select.appendChild(o);
    }
  };
  fill($("setup-game"), s.games, s.games.includes(currentGame(state)) ? currentGame(state) : s.games[0], (g) => GAME_NAMES[g] || g);
  $("setup-lexicon").dataset.game = "";
  fill($("setup-quiet"), s.quiet, 0, (v) => v ? `${v} s untouched` : "never (button only)");
  // the children's mode starts at Level 1 (copy the word from the card)
  fill($("setup-level"), s.levels, kids ? "1" : s.level, (v) => LEVEL_NAMES[v] || v);
  fill($("setup-colours"), s.colours, s.colour, (v) => COLOUR_NAMES[v] || v);
  fill($("setup-turns"), s.turns, s.turn_count);
  fill($("setup-cards"), [""].concat(s.card_packs || []), "", (v) => v ? `${v} (added to the shipped cards)` : "the shipped cards only");
  fill($("setup-variant"), s.variants, s.variant, (v) => VARIANT_NAMES[v] || v);
  fill($("setup-clock"), s.clocks, s.clock || 0, (v) => v ? `${v} min each` : "no clock");
  fill($("setup-increment"), s.increments, s.increment || 0, (v) => v ? `+${v} s a turn` : "none");
  $("setup-edition").dataset.game = "";
  const players = $("setup-players");
  clear(players);
  const names = state.players.map((p) => p.name);
  const known = (s.players || []);
  for (let i = 0; i < 4; i++) {
    const input = el("input");
    input.maxLength = 16;
    input.placeholder = `player ${i + 1}`;
    // HEXX's players are named after their colours on the screen when no name was given
    input.value = known[i] || (state.view.type === "hexx" ? "" : names[i]) || "";
    input.setAttribute("aria-label", `player ${i + 1}`);
    players.appendChild(input);
  }
  setupOptions();
  $("setup-status").textContent = "";
  openOverlay("setup");
}
$("setup-game").addEventListener("change", setupOptions);
$("setup-level").addEventListener("change", setupOptions);
$("setup-clock").addEventListener("change", setupOptions);

$("setup-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const game = $("setup-game").value;
  const [low, high] = ((state && state.setup && state.setup.player_counts) || {})[game] || [2, 4];
  const players = Array.from($("setup-players").querySelectorAll("input")).slice(0, high)
    .map((i) => i.value.trim()).filter(Boolean);
  if (players.length < low) { $("setup-status").textContent = low === high ? `${low} players` : `${low} players at least`; return; }
  const message = { type: "new", game, players, lexicon: $("setup-lexicon").value,
                    quiet: Number($("setup-quiet").value) };
  if (game === "extradiction") {
    message.level = $("setup-level").value; message.turns = Number($("setup-turns").value);
    if ($("setup-colours").value) message.colours = $("setup-colours").value;
  }
  if ($("setup-cards").value && (state.setup.card_games || []).includes(game)) message.cards = $("setup-cards").value;
  if (game === "dexikon") message.variant = $("setup-variant").value;
  if ($("setup-edition").value && ((state.setup.editions || {})[game] || []).includes($("setup-edition").value)) {
    message.edition = $("setup-edition").value;
  }
  if ((state.setup.clock_games || []).includes(game) && Number($("setup-clock").value)) {
    message.clock = Number($("setup-clock").value); message.increment = Number($("setup-increment").value);
  }
  send(message);
  closeOverlay("setup");
  summaryClosedFor = null;
});

/* -- children's mode ------------------------------------------------------------------------------ */

$("kids-toggle").addEventListener("click", () => {
  kids = !kids;
  localStorage.setItem("wb-kids", kids ? "1" : "0");
  lastMoveKey = null;
  $("prompt").dataset.question = "";
  if (ws && ws.readyState === WebSocket.OPEN) send({ type: "hello", mode: kids ? "kids" : "normal" });
  if (state) render(state);
});

document.body.classList.toggle("kids", kids);
setSound(sound);
connect();

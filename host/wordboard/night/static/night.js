/* wordboard's game-night page: every table's board updating as moves are made, the standings and
   the round's pairings, live over a WebSocket; a click on a table opens its game move by move.
   The page only watches: the one thing it sends is which table to show. */
"use strict";

let ws = null;
let openTable = null;
let state = null;
const $ = (id) => document.getElementById(id);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

/* a board of squares: rows of letters ("." empty, lower case a blank, "?" a tile face down) and,
   where tiles belong to players (HEXX), rows of owners ("." no one, "0", "1": the player) */
function gridInto(box, rows, size, owners) {
  box.replaceChildren();
  box.className = box.className.replace(/\bcards\b/, "grid");
  const n = rows ? rows.length : size;
  box.style.gridTemplateColumns = `repeat(${rows ? rows[0].length : size}, 1fr)`;
  for (let r = 0; r < n; r++) {
    const row = rows ? rows[r] : ".".repeat(size);
    for (let c = 0; c < row.length; c++) {
      const ch = row[c];
      const owner = owners ? owners[r][c] : ".";
      const blank = ch !== "." && ch !== "?" && ch === ch.toLowerCase();
      const sq = el("div", "sq" + (ch === "." ? "" : " t") + (blank ? " b" : "") + (owner !== "." ? ` o${owner}` : ""));
      if (ch !== ".") sq.textContent = ch.toUpperCase();
      box.appendChild(sq);
    }
  }
}

/* a game of cards (Dexikon): the row of cards on the table, left to right */
function cardsInto(box, cards) {
  box.replaceChildren();
  box.className = box.className.replace(/\bgrid\b/, "cards");
  box.style.gridTemplateColumns = "";
  if (!cards.length) box.appendChild(el("span", "none", "no cards on the table"));
  // a card's letters in capitals; a card without letters (a Penalty) by its name, in small letters
  for (const card of cards) box.appendChild(el("span", card === card.toUpperCase() ? "card" : "card named", card));
}

/* whatever board the game has: its grid, its row of cards, or (no game yet) an empty 15x15 */
function boardInto(box, g, size) {
  if (g && g.cards) cardsInto(box, g.cards);
  else if (g && !g.grid && g.kind) { box.replaceChildren(); box.style.gridTemplateColumns = ""; }
  else gridInto(box, g ? g.grid : null, size, g ? g.owners : null);
}

/* a clock's face: 24:59, -1:05 over time (whole seconds) */
function clockText(seconds) {
  const sign = seconds < 0 ? "-" : "";
  const s = Math.abs(seconds);
  return `${sign}${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function clockInto(parent, clock, i) {
  if (!clock || clock.remaining[i] === undefined) return;
  const left = clock.remaining[i];
  parent.appendChild(el("span", "clock" + (left < 0 ? " over" : "") + (clock.running === i ? " running" : ""),
    clockText(left)));
}

function renderTables(s) {
  const box = $("tables");
  box.replaceChildren();
  for (const t of s.tables) {
    const card = el("article", "table" + (t.over ? " over" : ""));
    card.dataset.table = t.table;
    const h = el("h3");
    h.appendChild(el("span", "name", `Table ${t.table}`));
    h.appendChild(el("span", t.online ? "board" : "offline", t.online ? t.board : `${t.board} offline`));
    card.appendChild(h);
    const players = el("div", "players");
    t.players.forEach((name, i) => {
      const p = el("span", "player" + (t.turn === i ? " turn" : "") + (t.owners ? ` o${i}` : ""), name);
      p.appendChild(el("span", "score", t.scores ? t.scores[i] : "–"));
      clockInto(p, t.clock, i);
      players.appendChild(p);
    });
    card.appendChild(players);
    const grid = el("div", "grid");
    boardInto(grid, t, 15);
    card.appendChild(grid);
    const last = t.last ? `${t.last.player}: ${t.last.text}` + (t.last.score !== null ? ` ${t.last.score}` : "") : (t.moves ? "" : "waiting for the first move");
    card.appendChild(el("div", "last", `${t.moves} moves${last ? " · " + last : ""}${t.over ? " · over" : ""}`));
    card.addEventListener("click", () => openGame(t.table));
    box.appendChild(card);
  }
}

function renderSide(s) {
  const body = $("standings").querySelector("tbody");
  body.replaceChildren();
  for (const p of s.standings) {
    const tr = el("tr");
    tr.appendChild(el("td", "", p.rank));
    tr.appendChild(el("td", "", p.name));
    tr.appendChild(el("td", "", `${p.wins}-${p.losses}`));
    tr.appendChild(el("td", "", (p.spread > 0 ? "+" : "") + p.spread));
    body.appendChild(tr);
  }
  const list = $("pairings");
  list.replaceChildren();
  for (const p of s.pairings) {
    list.appendChild(el("li", "", p.bye ? `bye: ${p.players[0]}` : `table ${p.table}: ${p.players.join(" v ")}`));
  }
}

function render(s) {
  state = s;
  $("event").textContent = s.event;
  $("round").textContent = s.round ? `round ${s.round}` : "no round paired yet";
  const games = s.tables.length;
  $("progress").textContent = games ? `${s.results} of ${games} results in` : "";
  renderTables(s);
  renderSide(s);
}

function renderGame(msg) {
  if (msg.table === null || openTable === null) return;
  const g = msg.game;
  $("game-title").textContent = g ? `Table ${g.table}: ${g.players.join(" v ")}` +
    (g.scores ? ` (${g.scores.join("–")})` : "") : `Table ${msg.table}: no game yet`;
  boardInto($("game-board"), g, 15);
  const clocks = $("game-clocks");
  clocks.replaceChildren();
  if (g && g.clock) g.players.forEach((name, i) => {
    const p = el("span", "player", name);
    clockInto(p, g.clock, i);
    clocks.appendChild(p);
  });
  const list = $("game-moves");
  list.replaceChildren();
  for (const m of g ? g.moves : []) {
    const li = el("li", "", `${g.players[m.player] ?? ""} ${m.text ?? ""}`);
    if (m.score !== undefined && m.score !== null) {
      li.appendChild(el("span", "pts", m.total !== undefined && m.total !== null ? `${m.score} (${m.total})` : `${m.score}`));
    }
    if (m.clock && m.player !== undefined && m.clock[m.player] !== undefined) {
      li.appendChild(el("span", "clock" + (m.clock[m.player] < 0 ? " over" : ""), clockText(m.clock[m.player])));
    }
    list.appendChild(li);
  }
}

function openGame(table) {
  openTable = table;
  $("game").classList.remove("hidden");
  send({ type: "open", table });
}

function closeGame() {
  openTable = null;
  $("game").classList.add("hidden");
  send({ type: "open", table: null });
}

function send(message) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws`);
  ws.onopen = () => {
    $("conn").className = "conn on";
    if (openTable !== null) send({ type: "open", table: openTable });
  };
  ws.onclose = () => { $("conn").className = "conn off"; setTimeout(connect, 1000); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "night") render(msg.state);
    else if (msg.type === "game") renderGame(msg);
  };
}

$("game-close").addEventListener("click", closeGame);
$("game").addEventListener("click", (ev) => { if (ev.target === $("game")) closeGame(); });
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") closeGame(); });
connect();

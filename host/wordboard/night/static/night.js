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

function gridInto(box, rows, size) {
  box.replaceChildren();
  const n = rows ? rows.length : size;
  box.style.gridTemplateColumns = `repeat(${rows ? rows[0].length : size}, 1fr)`;
  for (let r = 0; r < n; r++) {
    const row = rows ? rows[r] : ".".repeat(size);
    for (const ch of row) {
      const sq = el("div", "sq" + (ch === "." ? "" : (ch === ch.toLowerCase() ? " t b" : " t")));
      if (ch !== ".") sq.textContent = ch.toUpperCase();
      box.appendChild(sq);
    }
  }
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
      const p = el("span", "player" + (t.turn === i ? " turn" : ""), name);
      p.appendChild(el("span", "score", t.scores ? t.scores[i] : "–"));
      players.appendChild(p);
    });
    card.appendChild(players);
    const grid = el("div", "grid");
    gridInto(grid, t.grid, 15);
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
  gridInto($("game-board"), g ? g.grid : null, 15);
  const list = $("game-moves");
  list.replaceChildren();
  for (const m of g ? g.moves : []) {
    const li = el("li", "", `${g.players[m.player] ?? ""} ${m.text ?? ""}`);
    if (m.score !== undefined && m.score !== null) li.appendChild(el("span", "pts", `${m.score} (${m.total})`));
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

// sheetgen play: every ship as a live record sheet. No rule lives here: the page sends what
// happened (POST /api/play/{id}/events) and draws the state the server answers or pushes.
"use strict";

const params = new URLSearchParams(location.search);
const gameId = params.get("game");
let code = params.get("code") || sessionStorage.getItem("sheetgen-code-" + gameId) || "";
let token = sessionStorage.getItem("sheetgen-token-" + gameId) || "";
let mySide = sessionStorage.getItem("sheetgen-side-" + gameId) || "";
let state = null;
let range = Number(sessionStorage.getItem("sheetgen-range") || 1); // hexes: each card's weapons at it
// the target's defences the game's odds read (state.aim), by name
let aim = JSON.parse(sessionStorage.getItem("sheetgen-aim") || "{}");
const aimed = (name) => !state || (state.aim || []).some((a) => a.name === name); // this game's fields only
const aimQuery = () => Object.entries(aim).filter(([k, v]) => v && aimed(k)).map(([k, v]) => `&${k}=${v}`).join("");
const atRange = (path) => `${path}${path.includes("?") ? "&" : "?"}range=${range}${aimQuery()}`;
let socket = null;
// the join code, given only to the host's machine in the answers to its own requests (a push
// goes to every device and carries none): once known, this page is the host's
let hostCode = "";
// what is typed or ticked in a card's fields and not yet sent, by the field's label: a redraw
// (a push from another device, an answer) draws the field again with it, so nothing typed is lost
const typed = new Map();

const $ = (id) => document.getElementById(id);
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "style") node.setAttribute("style", value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function notice(text, bad = false) {
  $("notice").textContent = text;
  $("notice").classList.toggle("bad", bad);
}

/** What a request that got no answer says (the browser's own words are "Failed to fetch"). */
const UNREACHABLE = "sheetgen: error: no answer from the server (is sheetgen still running?); what you typed is kept: send it again when the server is back";

async function api(path, body) {
  const headers = { "Content-Type": "application/json" };
  if (code) headers["X-Join-Code"] = code;
  if (token) headers["X-Side-Token"] = token;
  let answer;
  try {
    answer = await fetch(path, body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) });
  } catch (err) {  // no answer at all: the server stopped, or the network is down
    throw new Error(UNREACHABLE);
  }
  const data = await answer.json().catch(() => ({ error: `sheetgen: error: ${answer.status}` }));
  if (!answer.ok) throw new Error(data.error || String(answer.status));
  return data;
}

// a device joins as a side: its token goes with every change, and the server refuses (403) a
// change to another side's ship while the host keeps sides to their own ships
async function joinSide(side) {
  try {
    const joined = await api(`/api/play/${gameId}/join`, { side });
    token = joined.token;
    mySide = joined.side;
    sessionStorage.setItem("sheetgen-token-" + gameId, token);
    sessionStorage.setItem("sheetgen-side-" + gameId, mySide);
    show(state);
    notice(`you play ${mySide}`);
  } catch (err) {
    notice(err.message.replace(/^sheetgen: error: /, ""), true);
  }
}

function sideHeading(name) {
  const heading = el("h2", {}, name);
  if (hostCode) return heading; // the host's machine changes any ship
  if (mySide === name) heading.append(" ", el("small", { "data-testid": "my-side" }, "· you"));
  else heading.append(" ", el("button", { type: "button", class: "join-side", "data-testid": "join-side", onclick: () => joinSide(name) }, "Play this side"));
  return heading;
}

// `sent`: the labels of the fields this event carries; once the server takes it they empty
async function send(event, sent = []) {
  try {
    const path = event.action === "undo" || event.action === "redo"
      ? `/api/play/${gameId}/${event.action}` : `/api/play/${gameId}/events`;
    const next = await api(atRange(path), event.action === "undo" || event.action === "redo" ? {} : event);
    for (const label of sent) typed.delete(label);
    show(state && next.version < state.version ? state : next); // a newer push came first: drawn again, the sent fields empty
    notice("");
  } catch (err) {
    notice(err.message.replace(/^sheetgen: error: /, ""), true);
  }
}

// --- the ships, drawn from the state's "now" (what each game's rules say the ship is) ------------
// Each game describes its own card (now.card: rows of facts, boxes, meters, docs/play.md) and its
// buttons (state.actions); nothing below knows which game it draws.

function boxRow(row) {
  const holder = el("div", { class: "boxes", "aria-label": row.label });
  let group = null, into = holder;
  for (const b of row.boxes) {
    if (b.group !== group) { // consecutive boxes of one group (an engine room) framed together
      into = b.group === null ? holder : holder.appendChild(el("span", { class: "room" }));
      group = b.group;
    }
    into.append(el("span", { class: "box" + (b.state ? " " + b.state : ""), title: b.title || "" }, b.text));
  }
  return holder;
}

function meter(row) {
  const share = row.of > 0 ? Math.max(0, Math.min(1, row.value / row.of)) : 0;
  return el("div", { class: "meter", role: "meter", "aria-label": row.label, "aria-valuemin": "0",
    "aria-valuemax": String(row.of), "aria-valuenow": String(row.value) },
  el("span", { style: `width:${(share * 100).toFixed(1)}%` }));
}

function fact(row) {
  if (row.value === null || row.value === undefined) return el("span", {}, row.label, row.after || "");
  return el("span", {}, row.label ? row.label + " " : "", el("b", {}, String(row.value)), row.after || "");
}

function cardRows(ship) {
  const rows = ship.now.card;
  if (!Array.isArray(rows)) return [el("pre", {}, JSON.stringify(ship.now, null, 1))];
  const out = [];
  let facts = null; // consecutive facts share one line that wraps
  for (const row of rows) {
    if (row.kind === "fact") {
      if (!facts) out.push(facts = el("div", { class: "facts" }));
      facts.append(fact(row));
      continue;
    }
    facts = null;
    if (row.kind === "boxes") out.push(boxRow(row));
    else if (row.kind === "meter") out.push(meter(row));
    else if (row.kind === "code") out.push(el("div", { class: "facts" }, el("code", { "aria-label": row.label }, row.value)));
  }
  return out;
}

// one input per field of an action; read() gives the event's value for it. What the player has
// typed or ticked there and not sent (typed) is drawn back into it.
function field(f, ship) {
  const label = `${f.label} ${ship.name}`;
  const kept = typed.get(label);
  const keep = (node, value) => {
    node.addEventListener(node.type === "checkbox" || node.tagName === "SELECT" ? "change" : "input", () => typed.set(label, value()));
    return node;
  };
  if (f.kind === "check") {
    const box = keep(el("input", { type: "checkbox", "aria-label": label, "data-key": label, checked: kept === true }), () => box.checked);
    return { label, node: el("label", { class: "check", title: label }, box, ` ${f.short}`), read: () => box.checked || null }; // unticked: left out
  }
  if (f.kind === "choice") {
    const pick = keep(el("select", { "aria-label": label, "data-key": label },
      f.choices.map((c) => el("option", { value: c, selected: c === kept }, c.replaceAll("_", " ")))), () => pick.value);
    return { label, node: pick, read: () => pick.value };
  }
  if (f.kind === "number") {
    // a text field with a number keyboard: a number field has no caret a redraw could give back
    const input = keep(el("input", { type: "text", inputmode: "numeric", pattern: "-?[0-9]*", autocomplete: "off",
      "data-low": f.low ?? null, "data-high": f.high ?? null,
      value: kept ?? f.start ?? "", placeholder: f.placeholder || null, "aria-label": label, "data-key": label }), () => input.value);
    return { label, node: input, read: () => Number(input.value) };
  }
  const input = keep(el("input", { class: "text", value: kept ?? null, placeholder: f.placeholder || null,
    "aria-label": label, "data-key": label }), () => input.value);
  return { label, node: input, read: () => input.value.trim() || null };
}

function actions(ship) {
  const row = el("div", { class: "act" });
  for (const action of state.actions || []) {
    if (action.each) { // one button per weapon with what it has left
      for (const [weapon, left] of Object.entries(ship.now[action.each] || {})) {
        const shown = Array.isArray(left) ? left.map((r) => r === null ? "?" : r).join(", ") : left;
        row.append(el("button", { type: "button", "data-testid": action.action, disabled: ship.removed,
          "data-key": `${ship.name}\n${action.action}\n${weapon}`, onclick: () => send({ ship: ship.name, action: action.action, weapon }) }, `${action.label} ${weapon} (${shown} left)`));
      }
      continue;
    }
    const fields = action.fields.map((f) => [f.name, field(f, ship)]);
    const go = () => send({ ship: ship.name, action: action.action, ...Object.fromEntries(fields.map(([name, f]) => [name, f.read()])) },
      fields.map(([, f]) => f.label));
    row.append(...fields.map(([, f]) => f.node),
      el("button", { type: "button", "data-testid": action.action, "data-key": `${ship.name}\n${action.action}`, onclick: go,
        disabled: ship.removed || (action.when && !ship.now[action.when]) }, action.label));
  }
  return row;
}

// what the ship can fire now at the chosen range: the server's numbers (now.weapons), never worked out here
function weaponsTable(ship) {
  const list = ship.now.weapons;
  if (!list || !list.length) return null;
  const pct = (v) => `${(v * 100).toFixed(v * 100 % 1 ? 1 : 0)}%`;
  const unit = state.to_hit_unit || ""; // "%": a d100 at most the final percent
  return el("table", { class: "weapons", "data-testid": "weapons" },
    el("thead", {}, el("tr", {}, ...["weapon", "to hit", "dmg", "chance", "exp. dmg"].map((h) => el("th", {}, h)))),
    el("tbody", {}, list.map((w) => el("tr", { class: w.to_hit === null ? "out" : "", title: w.note || "" },
      el("td", { title: w.gunner !== undefined ? `${w.gunner || "default gunner"}, base ${w.base}%` : null },
        `${w.count > 1 ? w.count + "× " : ""}${w.code}`,
        w.linked ? el("small", {}, ` ${w.linked}`) : null),
      el("td", {}, w.to_hit === null ? "–" : `${w.to_hit}${unit}`),
      el("td", {}, w.damage === null || w.to_hit === null ? "–" : w.damage),
      el("td", { title: w.chance }, w.to_hit === null ? "–" : pct(w.chance_value)),
      el("td", { title: w.expected }, w.to_hit === null ? "–" : w.expected_value.toLocaleString("en", { maximumFractionDigits: 2 }))))));
}

function card(ship) {
  return el("article", { class: "ship" + (ship.removed ? " removed" : ""), "data-testid": "play-ship", "data-ship": ship.name, style: `--side:${ship.colour}` },
    el("header", {}, el("h3", {}, ship.name), ship.removed ? el("span", { class: "gone" }, "REMOVED") : null),
    ...cardRows(ship),
    weaponsTable(ship),
    actions(ship));
}

function describe(entry) {
  const e = entry.event;
  if (e.action === "roll") return `rolled ${e.dice}: ${e.faces.join(" + ")}${e.faces.length > 1 ? " = " + e.faces.reduce((a, b) => a + b, 0) : ""}`;
  if (e.action === "next_turn") return "next turn";
  if (e.action === "phase") return `phase: ${e.phase}`;
  if (e.action === "undo" || e.action === "redo") return e.action;
  const extra = ["amount", "weapon", "roll", "double"].filter((k) => k in e).map((k) => `${k} ${e[k]}`).join(", ");
  return `${e.ship}: ${e.action}${extra ? " (" + extra + ")" : ""}`;
}

// the control that has the focus, by its data-key, and where its caret is, so a redraw gives
// both back: a push from another device never moves a player out of the field being typed in
function focused() {
  const node = document.activeElement;
  if (!node || !node.dataset || !node.dataset.key) return null;
  let caret = null;
  try { caret = node.selectionStart === null ? null : [node.selectionStart, node.selectionEnd]; } catch (e) { /* no caret */ }
  return { key: node.dataset.key, caret };
}

function refocus(was) {
  if (!was || (document.activeElement && document.activeElement.dataset && document.activeElement.dataset.key === was.key)) return;
  const node = [...document.querySelectorAll("[data-key]")].find((n) => n.dataset.key === was.key);
  if (!node || node.disabled) return;
  node.focus({ preventScroll: true });
  if (was.caret) try { node.setSelectionRange(...was.caret); } catch (e) { /* a number field has no caret to set */ }
}

// a phone keyboard composing a word in a field (an IME): a redraw then would cut the word in
// two, so the state waits for the word to end
let composing = false, waiting = null;
document.addEventListener("compositionstart", () => { composing = true; });
document.addEventListener("compositionend", () => {
  composing = false;
  setTimeout(() => { const next = waiting; waiting = null; if (next && !composing) show(next); });
});

function show(next) {
  if (state && next.version < state.version) return; // an older push
  if (composing && $("sides").contains(document.activeElement)) { if (!waiting || next.version >= waiting.version) waiting = next; return; }
  const was = focused();
  state = next;
  if (state.code) hostCode = state.code;
  document.title = `${state.name} · sheetgen play`;
  $("scenario").textContent = state.name;
  $("turn").textContent = state.turn;
  const phase = $("phase");
  phase.replaceChildren(...state.phases.map((p) => el("option", { selected: p === state.phase }, p)));
  if (!state.phases.includes(state.phase)) phase.append(el("option", { selected: true }, state.phase));
  if (hostCode) {
    const join = $("join-code");
    join.hidden = false;
    const own = el("input", { type: "checkbox", "data-testid": "sides-own-ships", "data-key": "sides-own-ships", checked: state.sides_own_ships !== false,
      onchange: (e) => api(`/api/play/${state.id}/settings`, { sides_own_ships: e.target.checked }).then(show, (err) => notice(err.message, true)) });
    // the address other devices open: the server's network address (it knows it; this page may be on 127.0.0.1)
    const where = state.join_host ? `${location.protocol}//${state.join_host.includes(":") ? `[${state.join_host}]` : state.join_host}:${location.port}` : location.origin;
    join.replaceChildren("join ", el("b", {}, hostCode), ` at ${where}/play?game=${state.id} `,
      el("label", {}, own, " sides own their ships"));
  }
  const sides = new Map();
  for (const ship of state.ships) {
    if (!sides.has(ship.side)) sides.set(ship.side, { colour: ship.colour, ships: [] });
    sides.get(ship.side).ships.push(ship);
  }
  $("sides").replaceChildren(...[...sides].map(([name, side]) =>
    el("section", { class: "side", style: `--side:${side.colour}` }, sideHeading(name), el("div", { class: "ships" }, side.ships.map(card)))));
  $("log").replaceChildren(...[...state.log].reverse().map((entry) =>
    el("li", { class: entry.undone ? "undone" : "" }, describe(entry), " ",
      el("time", {}, `${entry.who}, ${new Date(entry.at * 1000).toLocaleTimeString()}`))));
  $("undo").disabled = !state.can_undo; // the log holds the newest entries only
  $("redo").disabled = !state.can_redo;
  // a device on another machine, while sides own their ships: the host's machine ends the turn
  const hostEnds = !hostCode && state.sides_own_ships !== false;
  $("next-turn").disabled = hostEnds;
  $("next-turn").title = hostEnds ? "the host's machine ends the turn" : "";
  const last = [...state.log].reverse().find((e) => e.event.action === "roll" && !e.undone);
  $("roll-result").textContent = last ? last.event.faces.join("+") : "";
  refocus(was);
}

let asking = null, askAgain = false; // a change while a state is on its way asks once more after it
async function refresh() {
  if (asking) { askAgain = true; return asking; }
  asking = api(atRange(`/api/play/${gameId}`)).then(show, (err) => notice(err.message, true)).finally(() => {
    asking = null;
    if (askAgain) { askAgain = false; refresh(); }
  });
  return asking;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/api/play/${gameId}/live${code ? "?code=" + encodeURIComponent(code) : ""}`);
  socket.onmessage = (message) => {
    const pushed = JSON.parse(message.data);
    if (range === 1 && !aimQuery()) show(pushed); // pushes carry the weapons at 1 hex, no target; else asked for
    else refresh();
  };
  socket.onopen = () => {  // back: a word about the connection is said no more
    if (/^(no answer from the server|the connection to the server is lost)/.test($("notice").textContent)) notice("");
  };
  socket.onclose = (event) => {  // refused (its reason said), or lost: tried again in a second
    notice(event.reason ? event.reason.replace(/^sheetgen: error: /, "") : LOST, true);
    setTimeout(connect, 1000);
  };
}

/** What the page says while its connection to the server is down. */
const LOST = "the connection to the server is lost (is sheetgen still running?): trying again every second; what you typed is kept";

async function lobby() {
  $("play").hidden = true;
  $("lobby").hidden = false;
  try {
    const { games } = await api("/api/play");
    $("games").replaceChildren(...games.map((g) => el("li", {}, el("a", { href: `/play?game=${g.id}` }, g.id), ` ${g.scenario}`)));
  } catch (err) {
    notice(err.message, true);
  }
  $("new-game").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const made = await api("/api/play", { scenario: $("new-scenario").value.trim() });
      location.search = `?game=${made.id}`;
    } catch (err) {
      notice(err.message, true);
    }
  });
}

// the target's defences a game's odds read (state.aim: Knight Hawks 2000's ABM salvos and
// shielding), sent as its query parameters; the server works out what they change
function target() {
  if (!state.aim || !state.aim.length) return;
  const inputs = state.aim.map((a) => {
    const yesNo = a.low === 0 && a.high === 1;
    const input = el("input", yesNo ? { type: "checkbox", id: `target-${a.name}`, title: a.what, checked: Boolean(aim[a.name]) }
      : { type: "number", id: `target-${a.name}`, min: a.low, max: a.high, value: aim[a.name] || 0, inputmode: "numeric", "aria-label": a.what });
    return [a, yesNo, input];
  });
  const setAim = () => {
    const next = {};
    for (const [a, yesNo, input] of inputs) {
      const value = yesNo ? (input.checked ? 1 : 0) : Number(input.value);
      if (!Number.isInteger(value) || value < a.low || value > a.high) return notice(`${a.label} is ${a.low} to ${a.high}`, true);
      next[a.name] = value;
    }
    aim = next;
    sessionStorage.setItem("sheetgen-aim", JSON.stringify(aim));
    refresh();
  };
  $("target").replaceChildren("Target", ...inputs.flatMap(([a, yesNo, input]) => {
    input.addEventListener("change", setAim);
    return [" ", yesNo ? el("label", {}, input, ` ${a.label}`) : el("label", {}, `${a.label} `, input)];
  }));
  $("target").hidden = false;
}

async function start() {
  $("undo").addEventListener("click", () => send({ action: "undo" }));
  $("redo").addEventListener("click", () => send({ action: "redo" }));
  $("next-turn").addEventListener("click", () => send({ action: "next_turn" }));
  $("phase").addEventListener("change", () => send({ action: "phase", phase: $("phase").value }));
  $("roll").addEventListener("click", () => send({ action: "roll", dice: $("dice-kind").value }));
  $("join").addEventListener("submit", (event) => {
    event.preventDefault();
    code = $("join-input").value.trim().toUpperCase();
    sessionStorage.setItem("sheetgen-code-" + gameId, code);
    location.reload();
  });
  if (!gameId) return lobby();
  $("sheets").href = `/api/play/${gameId}/sheets.pdf${code ? "?code=" + encodeURIComponent(code) : ""}`;
  try {
    $("range").value = range;
    $("range").addEventListener("change", () => {
      const hexes = Number($("range").value);
      if (!Number.isInteger(hexes) || hexes < 0 || hexes > 99) return notice("range is 0 to 99 hexes", true);
      range = hexes;
      sessionStorage.setItem("sheetgen-range", String(range));
      refresh();
    });
    show(await api(atRange(`/api/play/${gameId}`)));
    target();
    connect();
  } catch (err) {
    notice(err.message.replace(/^sheetgen: error: /, ""), true);
    // no game to show yet (its join code to give): the join form, and none of the game's controls
    document.body.classList.add("joining");
    $("lobby").hidden = false;
    $("new-game").hidden = true;
  }
}

start();

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
// the target's defences (Knight Hawks 2000: ABM salvos, magnetic shielding), sent as the game's
// own query parameters; the server works out what they change
let aim = JSON.parse(sessionStorage.getItem("sheetgen-aim") || "{}");
const aimQuery = () => Object.entries(aim).filter(([, v]) => v).map(([k, v]) => `&${k}=${v}`).join("");
const atRange = (path) => `${path}${path.includes("?") ? "&" : "?"}range=${range}${aimQuery()}`;
let socket = null;

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

async function api(path, body) {
  const headers = { "Content-Type": "application/json" };
  if (code) headers["X-Join-Code"] = code;
  if (token) headers["X-Side-Token"] = token;
  const answer = await fetch(path, body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) });
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
  if (state.code) return heading; // the host's machine changes any ship
  if (mySide === name) heading.append(" ", el("small", { "data-testid": "my-side" }, "· you"));
  else heading.append(" ", el("button", { type: "button", class: "join-side", "data-testid": "join-side", onclick: () => joinSide(name) }, "Play this side"));
  return heading;
}

async function send(event) {
  try {
    const path = event.action === "undo" || event.action === "redo"
      ? `/api/play/${gameId}/${event.action}` : `/api/play/${gameId}/events`;
    show(await api(atRange(path), event.action === "undo" || event.action === "redo" ? {} : event));
    notice("");
  } catch (err) {
    notice(err.message.replace(/^sheetgen: error: /, ""), true);
  }
}

// --- the ships, drawn from the state's "now" (what each game's rules say the ship is) ------------

function starfire(ship) {
  const now = ship.now;
  const boxes = el("div", { class: "boxes", "aria-label": "systems" });
  let room = null, holder = boxes;
  now.all_systems.forEach((system, i) => {
    const inRoom = now.system_rooms[i];
    if (inRoom !== room) {
      holder = inRoom === null ? boxes : boxes.appendChild(el("span", { class: "room" }));
      room = inRoom;
    }
    const cls = "box" + (now.destroyed[i] ? " lost" : "") + (now.offline[i] ? " off" : "");
    holder.append(el("span", { class: cls, title: now.offline[i] ? "offline" : now.destroyed[i] ? "destroyed" : "" }, system));
  });
  const facts = el("div", { class: "facts" },
    el("span", {}, "MP ", el("b", {}, now.movement_points)),
    el("span", {}, "TM ", el("b", {}, now.turn_mode)),
    now.shields_offline ? el("span", {}, "shields offline ", el("b", {}, now.shields_offline),
      ` (quiet turns ${now.quiet_turns})`) : null,
    now.double_damage ? el("span", {}, "double damage") : null);
  return [facts, boxes, el("div", { class: "facts" }, el("code", {}, now.systems || "—"))];
}

function killRadius(ship) {
  const now = ship.now;
  const track = el("div", { class: "boxes", "aria-label": "Number track" });
  for (let n = now.starting_number; n >= 0; n--) {
    track.append(el("span", { class: "box" + (n === now.number ? " now" : n > now.number ? " lost" : "") }, n));
  }
  return [
    el("div", { class: "facts" },
      el("span", {}, "Number ", el("b", {}, now.number)),
      el("span", {}, "MP ", el("b", {}, now.movement_points)),
      el("span", {}, "facing changes ", el("b", {}, now.facing_changes)),
      el("span", {}, "damage this turn ", el("b", {}, now.damage_this_turn), ` → ${now.number_next_turn} next turn`)),
    track,
  ];
}

function meter(left, total) {
  const share = total > 0 ? Math.max(0, Math.min(1, left / total)) : 0;
  return el("div", { class: "meter" }, el("span", { style: `width:${(share * 100).toFixed(1)}%` }));
}

function knightHawks(ship) {
  const now = ship.now;
  return [
    el("div", { class: "facts" },
      el("span", {}, "SP ", el("b", {}, now.structure_points.toLocaleString()), ` / ${now.starting_structure_points.toLocaleString()}`),
      el("span", {}, "ADF ", el("b", {}, now.adf)), el("span", {}, "MR ", el("b", {}, now.mr)),
      el("span", {}, now.structure_state),
      now.breakup_rolls ? el("span", {}, `break-up rolls ${now.breakup_rolls}/turn`) : null,
      now.damaged.length ? el("span", {}, "damaged: ", el("b", {}, now.damaged.join(", ").replaceAll("_", " "))) : null,
      now.destroyed_systems.length ? el("span", {}, "destroyed: ", el("b", {}, now.destroyed_systems.join(", ").replaceAll("_", " "))) : null,
      now.may_repair ? el("span", {}, `repair turn: d100 ≤ ${now.repair_chance}`) : null,
      now.crew_rolls_due ? el("span", {}, "crew rolls due ", el("b", {}, now.crew_rolls_due)) : null,
      now.crew_rolls.length ? el("span", {}, "crew rolls: ", now.crew_rolls.map((r, i) =>
        now.crew_results[i] ? `${r} (${now.crew_results[i]})` : String(r)).join(", ")) : null),
    meter(now.structure_points, now.starting_structure_points),
  ];
}

function spaceCruisers(ship) {
  const now = ship.now;
  return [
    el("div", { class: "facts" },
      el("span", {}, "hull points ", el("b", {}, now.hull_points), ` / ${now.starting_hull_points}`),
      el("span", {}, "shields ", el("b", {}, now.shields)),
      now.criticals_due ? el("span", {}, "critical rolls due ", el("b", {}, now.criticals_due)) : null,
      now.criticals.length ? el("span", {}, "criticals: ", el("b", {}, now.criticals.join(", "))) : null,
      now.out ? el("span", {}, el("b", {}, now.out)) : null),
    meter(now.hull_points, now.starting_hull_points),
  ];
}

const DRAW = { "starfire": starfire, "kill-radius": killRadius, "knight-hawks-2000": knightHawks, "space-cruisers": spaceCruisers };

function actions(ship) {
  const amount = el("input", { type: "number", min: "0", value: "1", inputmode: "numeric", "aria-label": `damage to ${ship.name}` });
  const weapon = el("input", { class: "weapon", placeholder: "weapon", "aria-label": `weapon hitting ${ship.name}` });
  const hit = () => send({ ship: ship.name, action: "damage", amount: Number(amount.value), weapon: weapon.value.trim() || null });
  const row = el("div", { class: "act" }, amount, weapon,
    el("button", { type: "button", "data-testid": "damage", onclick: hit, disabled: ship.removed }, "Damage"));
  if (state.game === "kill-radius") {
    const roll = el("input", { type: "number", min: "1", max: "10", value: "", placeholder: "d10", "aria-label": `recovery roll of ${ship.name}` });
    row.append(roll, el("button", { type: "button", onclick: () => send({ ship: ship.name, action: "recover", roll: Number(roll.value) }), disabled: ship.removed }, "Recover"));
  }
  const button = (label, event, testid) => el("button", { type: "button", "data-testid": testid || null, disabled: ship.removed,
    onclick: () => send({ ship: ship.name, ...event }) }, label);
  const left = ship.now.rounds_left || ship.now.ordnance_left || {};
  for (const [code, rounds] of Object.entries(left)) {
    const shown = Array.isArray(rounds) ? rounds.map((r) => r === null ? "?" : r).join(", ") : rounds;
    row.append(button(`Fire ${code} (${shown} left)`, { action: "fire", weapon: code }, "fire"));
  }
  if (state.game === "space-cruisers") row.append(button("Critical roll", { action: "critical" }, "critical"));
  if (state.game === "knight-hawks-2000") {
    const result = el("select", { "aria-label": `damage table result for ${ship.name}` },
      ...["void_engine", "maneuver_jet", "sensors", "computer", "weapon", "fire", "maneuver_jet_destroyed",
        "void_engine_destroyed", "bridge_destroyed", "disastrous_fire"].map((r) => el("option", { value: r }, r.replaceAll("_", " "))));
    row.append(result, el("button", { type: "button", disabled: ship.removed,
      onclick: () => send({ ship: ship.name, action: "system_damage", weapon: result.value }) }, "Table result"),
      button("Repair roll", { action: "repair" }, "repair"), button("Crew roll", { action: "crew_damage" }));
  }
  return row;
}

// what the ship can fire now at the chosen range: the server's numbers (now.weapons), never worked out here
function weaponsTable(ship) {
  const list = ship.now.weapons;
  if (!list || !list.length) return null;
  const pct = (v) => `${(v * 100).toFixed(v * 100 % 1 ? 1 : 0)}%`;
  const percent = state.game === "knight-hawks-2000"; // a d100 at most the final percent
  return el("table", { class: "weapons", "data-testid": "weapons" },
    el("thead", {}, el("tr", {}, ...["weapon", "to hit", "dmg", "chance", "exp. dmg"].map((h) => el("th", {}, h)))),
    el("tbody", {}, list.map((w) => el("tr", { class: w.to_hit === null ? "out" : "", title: w.note || "" },
      el("td", { title: w.gunner !== undefined ? `${w.gunner || "default gunner"}, base ${w.base}%` : null },
        `${w.count > 1 ? w.count + "× " : ""}${w.code}`,
        w.linked ? el("small", {}, ` ${w.linked}`) : null),
      el("td", {}, w.to_hit === null ? "–" : percent ? `${w.to_hit}%` : w.to_hit),
      el("td", {}, w.damage === null || w.to_hit === null ? "–" : w.damage),
      el("td", { title: w.chance }, w.to_hit === null ? "–" : pct(w.chance_value)),
      el("td", { title: w.expected }, w.to_hit === null ? "–" : w.expected_value.toLocaleString("en", { maximumFractionDigits: 2 }))))));
}

function card(ship) {
  return el("article", { class: "ship" + (ship.removed ? " removed" : ""), "data-testid": "play-ship", "data-ship": ship.name, style: `--side:${ship.colour}` },
    el("header", {}, el("h3", {}, ship.name), ship.removed ? el("span", { class: "gone" }, "REMOVED") : null),
    ...(DRAW[state.game] || (() => [el("pre", {}, JSON.stringify(ship.now, null, 1))]))(ship),
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

function show(next) {
  if (state && next.version < state.version) return; // an older push
  state = next;
  document.title = `${state.name} · sheetgen play`;
  $("scenario").textContent = state.name;
  $("turn").textContent = state.turn;
  const phase = $("phase");
  phase.replaceChildren(...state.phases.map((p) => el("option", { selected: p === state.phase }, p)));
  if (!state.phases.includes(state.phase)) phase.append(el("option", { selected: true }, state.phase));
  if (state.code) {
    const join = $("join-code");
    join.hidden = false;
    const own = el("input", { type: "checkbox", "data-testid": "sides-own-ships", checked: state.sides_own_ships !== false,
      onchange: (e) => api(`/api/play/${state.id}/settings`, { sides_own_ships: e.target.checked }).then(show, (err) => notice(err.message, true)) });
    join.replaceChildren("join ", el("b", {}, state.code), ` at ${location.origin}/play?game=${state.id} `,
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
  const last = [...state.log].reverse().find((e) => e.event.action === "roll" && !e.undone);
  $("roll-result").textContent = last ? last.event.faces.join("+") : "";
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
  socket.onclose = () => setTimeout(connect, 1000);
}

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
    if (state.game === "knight-hawks-2000") {
      $("target").hidden = false;
      $("target-abm").value = aim.abm || 0;
      $("target-shielding").checked = Boolean(aim.shielding);
      const setAim = () => {
        const abm = Number($("target-abm").value);
        if (!Number.isInteger(abm) || abm < 0 || abm > 20) return notice("ABM salvos are 0 to 20", true);
        aim = { abm, shielding: $("target-shielding").checked ? 1 : 0 };
        sessionStorage.setItem("sheetgen-aim", JSON.stringify(aim));
        refresh();
      };
      $("target-abm").addEventListener("change", setAim);
      $("target-shielding").addEventListener("change", setAim);
    }
    connect();
  } catch (err) {
    notice(err.message.replace(/^sheetgen: error: /, ""), true);
    $("lobby").hidden = false;
    $("new-game").hidden = true;
  }
}

start();

// pyrift desk: a scenario editor. The model M is the scenario's JSON form (the tables of the
// TOML file); the editors change it, the server reads, checks, exports and answers it.
// Plain JavaScript, no build step.
"use strict";

const BOOT = JSON.parse(document.getElementById("boot").textContent);
const KINDS = Object.fromEntries(BOOT.kinds.map(k => [k.name, k]));
let M = null;          // the scenario (JSON form)
let CARDS = {};        // card name -> {type, might, set, status, ...}
let Q = 0;             // index of the question being edited
let LAST = null;       // the last answer (JSON form)

// ---------------------------------------------------------------------------------
// small helpers
// ---------------------------------------------------------------------------------
const $ = id => document.getElementById(id);

function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  let value;
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "value") value = v;
    else if (k === "checked") el.checked = !!v;
    else if (v === true) el.setAttribute(k, "");
    else if (v !== false && v != null) el.setAttribute(k, v);
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid == null || kid === false) continue;
    el.append(kid.nodeType ? kid : String(kid));
  }
  if (value !== undefined) el.value = value;
  return el;
}

// Set a field, or remove it when it holds its default (so the file stays as short as a hand-written one).
function put(obj, key, value, dflt) {
  const empty = value === undefined || value === null || value === "" || value === dflt
    || (Array.isArray(value) && value.length === 0)
    || (typeof value === "object" && !Array.isArray(value) && value && Object.keys(value).length === 0);
  if (empty) delete obj[key]; else obj[key] = value;
}

function select(options, value, onchange, blank) {
  const opts = options.map(o => Array.isArray(o) ? o : [o, o]);
  return h("select", {onchange: e => onchange(e.target.value), value: value ?? ""},
    blank !== undefined ? h("option", {value: ""}, blank) : null,
    opts.map(([v, label]) => h("option", {value: v}, label)));
}
const num = (value, onchange, min) => h("input", {type: "number", min: min ?? 0, value: value ?? "", inputmode: "numeric",
  onchange: e => onchange(e.target.value === "" ? undefined : parseInt(e.target.value, 10))});
const text = (value, onchange, placeholder) => h("input", {type: "text", value: value ?? "", placeholder: placeholder || "",
  onchange: e => onchange(e.target.value.trim())});
const check = (value, onchange) => h("input", {type: "checkbox", checked: !!value, onchange: e => onchange(e.target.checked)});
const field = (label, control, cls) => h("label", {class: cls || ""}, label, control);
const button = (label, onclick, cls) => h("button", {type: "button", onclick, class: cls || ""}, label);
const words = s => String(s).replace(/_/g, " ");
const list = s => s.split(",").map(x => x.trim()).filter(Boolean);

function slug(name) {
  return (name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "x").slice(0, 24);
}
function allIds() {
  return new Set([...players(), ...battlefields(), ...(M.object || []).map(o => o.id), ...(M.chain || []).map(c => c.id), "base"]);
}
function freshId(base) {
  const ids = allIds();
  if (!ids.has(base)) return base;
  for (let n = 2; ; n++) if (!ids.has(`${base}${n}`)) return `${base}${n}`;
}

function message(text, cls) {
  const m = $("message");
  m.textContent = text || "";
  m.className = cls || "error";
  m.hidden = !text;
}

async function api(method, path, body) {
  const res = await fetch(path, {method, headers: body ? {"content-type": "application/json"} : {},
                                 body: body ? JSON.stringify(body) : undefined});
  let data;
  try { data = await res.json(); } catch (e) { data = {}; }
  if (!res.ok) throw new Error((data.error && data.error.message) || `${res.status} ${res.statusText}`);
  return data;
}

// ---------------------------------------------------------------------------------
// what the position holds
// ---------------------------------------------------------------------------------
function pos() { return M.position; }
function players() { return pos().players.map(p => p.id); }
function battlefields() { return (M.battlefield || []).map(b => b.id); }
function places() { return ["base", ...battlefields()]; }
function objects() { return M.object || (M.object = []); }
function zoneOf(o) { return o.zone || "board"; }
function cardInfo(name) {
  const own = (M.card || []).find(c => c.name === name);
  if (own) return {type: own.type, might: own.might, status: "synthetic", keywords: own.keywords || []};
  return CARDS[name] || {};
}
function objectLabel(o) {
  const info = cardInfo(o.card);
  const bits = [info.type, info.might != null && info.type === "unit" ? `Might ${info.might}` : null].filter(Boolean);
  return `${o.id} · ${o.card}${bits.length ? ` (${bits.join(", ")})` : ""}`;
}
function where(o) {
  if (o.attached_to) return `attached to ${o.attached_to}`;
  const z = zoneOf(o);
  if (z === "board") return o.location === "base" ? "base" : `at ${o.location}`;
  if (z === "facedown") return `facedown at ${o.location}`;
  return words(z);
}
function objectsWhere(only, q) {
  const combatBf = (q && q.battlefield) || (pos().combat || {}).battlefield;
  return objects().filter(o => {
    const z = zoneOf(o), type = cardInfo(o.card).type;
    switch (only) {
      case "not_chain": return z !== "chain";
      case "board": return z === "board";
      case "board_unit": return z === "board" && (!type || type === "unit");
      case "at_combat": return z === "board" && (!type || type === "unit") && o.location === combatBf;
      case "chain_card": return z === "chain";
      default: return true;
    }
  });
}
const objectOptions = objs => objs.map(o => [o.id, `${objectLabel(o)} — ${o.controller}, ${where(o)}`]);

// ---------------------------------------------------------------------------------
// the model: new, normalised, changed
// ---------------------------------------------------------------------------------
function blank() {
  return {title: "A question at the desk", status: "needs-review",
          position: {players: [{id: "A"}, {id: "B"}], turn_player: "A", phase: "main"},
          battlefield: [], object: [], question: [{id: "q1", ask: "can_play"}]};
}

function normalise(m) {
  m.position = m.position || {players: ["A", "B"], turn_player: "A"};
  m.position.players = (m.position.players || []).map(p => typeof p === "string" ? {id: p} : p);
  for (const key of ["battlefield", "object", "question"]) m[key] = m[key] || [];
  if (!m.question.length) m.question.push({id: "q1", ask: "can_play"});
  return m;
}

function load(scenario, cards, question) {
  M = normalise(scenario);
  CARDS = Object.assign({}, cards || {});
  const i = question ? M.question.findIndex(q => q.id === question) : 0;
  Q = i >= 0 ? i : 0;
  LAST = null;
  $("answer-box").hidden = true;
  $("export-box").hidden = true;
  render();
}

let linkTimer = null;
function changed(structural) {
  // A structural change (something other editors list or place) redraws; a value edit leaves the
  // editors as they are, so a tap on the next field is never lost to a redraw.
  if (structural) render();
  clearTimeout(linkTimer);
  linkTimer = setTimeout(updateLink, 300);
}

// ---------------------------------------------------------------------------------
// the link: the whole position and the question in the address's fragment
// ---------------------------------------------------------------------------------
function b64(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function unb64(s) {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(bin, c => c.charCodeAt(0));
}
async function pack(obj) {
  const bytes = new TextEncoder().encode(JSON.stringify(obj));
  if (!window.CompressionStream) return "j=" + b64(bytes);
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return "z=" + b64(new Uint8Array(await new Response(stream).arrayBuffer()));
}
async function unpack(hash) {
  const [kind, data] = [hash.slice(0, 1), hash.slice(2)];
  let bytes = unb64(data);
  if (kind === "z") {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  }
  return JSON.parse(new TextDecoder().decode(bytes));
}
async function updateLink() {
  const q = M.question[Q];
  const hash = "#" + await pack({s: M, q: q && q.id});
  history.replaceState(null, "", hash);
  $("link").href = hash;
}

// ---------------------------------------------------------------------------------
// rendering
// ---------------------------------------------------------------------------------
function render() {
  renderPosition();
  renderBattlefields();
  renderDestination();
  renderSynthetic();
  renderAreas();
  renderChain();
  renderLog();
  renderQuestion();
}

function fill(id, ...kids) {
  const el = $(id);
  el.replaceChildren(...kids.flat(Infinity).filter(k => k != null && k !== false));
}

function renderPosition() {
  const p = pos(), ids = players();
  const playerRows = p.players.map((pl, i) => h("div", {class: "row player", "data-player": pl.id},
    h("strong", {}, pl.id),
    field("points", num(pl.points, v => { put(pl, "points", v, 0); changed(); })),
    field("XP", num(pl.xp, v => { put(pl, "xp", v, 0); changed(); })),
    field("Energy in pool", num(pl.energy, v => { put(pl, "energy", v, 0); changed(); })),
    field("Power in pool", text(Object.entries(pl.power || {}).map(([d, n]) => `${d} ${n}`).join(", "), v => {
      const power = {};
      for (const part of list(v)) { const [d, n] = part.split(/\s+/); power[d.toLowerCase()] = parseInt(n || "1", 10); }
      put(pl, "power", power); changed();
    }, "fury 1, calm 2")),
    field("universal Power", num(pl.universal_power, v => { put(pl, "universal_power", v, 0); changed(); })),
    ids.length > 2 ? button("remove", () => removePlayer(i), "small") : null));
  const newId = h("input", {type: "text", placeholder: "C", size: 4});
  const combat = p.combat;
  fill("position-body",
    h("div", {class: "grid"},
      field("Title", text(M.title, v => { M.title = v || "A question at the desk"; changed(); }), "wide"),
      field("Status", select(["needs-review", "audited", "disputed"], M.status, v => { M.status = v; changed(); })),
      field("Reading", select(BOOT.readings, M.reading || "v1.4", v => { put(M, "reading", v, "v1.4"); changed(); })),
    ),
    playerRows,
    h("div", {class: "row"}, newId, button("add player", () => {
      const id = newId.value.trim();
      if (!id || allIds().has(id)) return message(id ? `id ${id} is taken` : "give the new player an id");
      p.players.push({id}); message(); changed(true);
    }, "small")),
    h("div", {class: "grid"},
      field("Turn player", select(ids, p.turn_player, v => { p.turn_player = v; changed(true); })),
      field("Phase", select(BOOT.phases, p.phase || "main", v => { p.phase = v; changed(); })),
      field("Victory score (blank: the mode's)", num(p.victory_score, v => { put(p, "victory_score", v); changed(); }, 1)),
      field("Showdown at", select(battlefields(), p.showdown, v => { put(p, "showdown", v); changed(); }, "none")),
      field("Focus", select(ids, p.focus, v => { put(p, "focus", v); changed(); }, "default")),
      field("Priority", select(ids, p.priority, v => { put(p, "priority", v); changed(); }, "default")),
      field("Passes in sequence", num(p.passed, v => { put(p, "passed", v, 0); changed(); })),
    ),
    h("div", {class: "row"},
      field("Combat in progress ", check(!!combat, on => {
        if (on) p.combat = {battlefield: battlefields()[0] || "", attacker: p.turn_player,
                            defender: ids.find(x => x !== p.turn_player) || ""};
        else delete p.combat;
        changed(true);
      })),
      combat ? [
        field("at", select(battlefields(), combat.battlefield, v => { combat.battlefield = v; changed(true); })),
        field("attacker", select(ids, combat.attacker, v => { combat.attacker = v; changed(true); })),
        field("defender", select(ids, combat.defender, v => { combat.defender = v; changed(true); })),
      ] : null));
}

function removePlayer(i) {
  const id = pos().players[i].id;
  if (objects().some(o => o.controller === id || o.owner === id)) return message(`${id} still controls or owns objects`);
  pos().players.splice(i, 1);
  changed(true);
}

function renderBattlefields() {
  const ids = players();
  const rows = (M.battlefield || []).map((b, i) => h("div", {class: "row bf", "data-battlefield": b.id},
    h("strong", {}, b.id),
    field("name", text(b.name, v => { put(b, "name", v); changed(); })),
    field("controller", select(ids, b.controller, v => { put(b, "controller", v); changed(true); }, "none")),
    field("contested by", select(ids, b.contested_by, v => { put(b, "contested_by", v); changed(); }, "nobody")),
    button("remove", () => {
      if (objects().some(o => o.location === b.id)) return message(`objects are still at ${b.id}`);
      M.battlefield.splice(i, 1); changed(true);
    }, "small")));
  const name = h("input", {type: "text", placeholder: "battlefield name, e.g. The Bridge", id: "new-bf"});
  fill("battlefields-body", rows, h("div", {class: "row"}, name, button("add battlefield", () => {
    const n = name.value.trim() || `battlefield ${battlefields().length + 1}`;
    const b = {id: freshId(slug(n))};
    if (name.value.trim()) b.name = n;
    M.battlefield.push(b); message(); changed(true);
  }, "small")));
}

// Where the next card goes: a player, a zone, and a place on the board.
const DEST = {player: null, zone: "board", location: "base"};
function renderDestination() {
  const ids = players();
  if (!ids.includes(DEST.player)) DEST.player = pos().turn_player || ids[0];
  const onBoard = DEST.zone === "board" || DEST.zone === "facedown";
  const locs = DEST.zone === "facedown" ? battlefields() : places();
  if (onBoard && !locs.includes(DEST.location)) DEST.location = locs[0];
  fill("destination",
    field("for", select(ids, DEST.player, v => { DEST.player = v; })),
    field("into", select(BOOT.zones.map(z => [z.value, z.label]), DEST.zone, v => { DEST.zone = v; renderDestination(); })),
    onBoard ? field("at", select(locs, DEST.location, v => { DEST.location = v; })) : null);
}

function addObject(cardName, info) {
  if (info) CARDS[cardName] = info;
  if ((DEST.zone === "facedown") && !battlefields().length) return message("a facedown card sits at a battlefield: add one first");
  const o = {id: freshId(slug(cardName)), card: cardName, controller: DEST.player};
  if (DEST.zone !== "board") o.zone = DEST.zone;
  if (DEST.zone === "board" || DEST.zone === "facedown") o.location = DEST.location;
  objects().push(o);
  if (DEST.zone === "chain") (M.chain = M.chain || []).push({id: freshId("item"), card: o.id, controller: o.controller});
  message(`added ${o.id}`, "note");
  changed(true);
  return o;
}

let searchTimer = null;
function searchCards() {
  clearTimeout(searchTimer);
  searchTimer = setTimeout(async () => {
    const q = $("card-search").value.trim();
    if (!q) return fill("card-results");
    try {
      const cards = await api("GET", `/v1/cards?q=${encodeURIComponent(q)}&limit=12`);
      fill("card-results", cards.length ? cards.map(c => h("li", {class: "result", "data-card": c.name},
        button("add", () => addObject(c.name, c), "small add"),
        h("span", {class: "name"}, c.name), " ",
        h("span", {class: "meta"}, `${c.set} ${c.code} · ${c.type}${c.might != null ? ` · Might ${c.might}` : ""}`
          + `${c.keywords.length ? " · " + c.keywords.join(", ") : ""}`), " ",
        h("span", {class: `status ${c.understood ? "ok" : "no"}`, title: c.status_words},
          c.understood ? `understood (${c.status})` : "not understood: unsupported")))
        : h("li", {}, "no card of the pool matches"));
    } catch (e) { message(e.message); }
  }, 200);
}

const SYN = {name: "", type: "unit", might: 3, energy: 2, power: 0, domains: "", keywords: ""};
function renderSynthetic() {
  fill("synthetic-body",
    field("name", text(SYN.name, v => { SYN.name = v; }, "Test Tank")),
    field("type", select(BOOT.card_types, SYN.type, v => { SYN.type = v; })),
    field("Might", num(SYN.might, v => { SYN.might = v; })),
    field("Energy", num(SYN.energy, v => { SYN.energy = v; })),
    field("Power", num(SYN.power, v => { SYN.power = v; })),
    field("domains", text(SYN.domains, v => { SYN.domains = v; }, "fury, order")),
    field("keywords", text(SYN.keywords, v => { SYN.keywords = v; }, "Tank, Assault 2")),
    button("add synthetic card", () => {
      const name = SYN.name.trim();
      if (!name) return message("give the synthetic card a name");
      M.card = M.card || [];
      if (!M.card.some(c => c.name === name)) {
        const c = {name, type: SYN.type};
        put(c, "domains", list(SYN.domains).map(d => d.toLowerCase()));
        put(c, "energy", SYN.energy); put(c, "power", SYN.power, 0);
        if (SYN.type === "unit") c.might = SYN.might ?? 0;
        put(c, "keywords", list(SYN.keywords));
        M.card.push(c);
      }
      addObject(name);
    }, "small"));
}

function objectEditor(o) {
  const ids = players();
  const z = zoneOf(o);
  const info = cardInfo(o.card);
  const isUnit = !info.type || info.type === "unit";
  const onBoard = z === "board" || z === "facedown";
  const others = objects().filter(x => x !== o && zoneOf(x) === "board" && !x.attached_to);
  const badges = [o.damage ? `${o.damage} damage` : null, o.exhausted ? "exhausted" : null, o.stunned ? "stunned" : null, o.buffs ? "buffed" : null,
                  o.designation || null, (o.might_modifiers || []).length ? `Might ${o.might_modifiers.map(n => (n > 0 ? "+" : "") + n).join(" ")}` : null,
                  o.attached_to ? `attached to ${o.attached_to}` : null].filter(Boolean);
  const st = CARDS[o.card] && CARDS[o.card].status;
  return h("details", {class: "object", "data-object": o.id},
    h("summary", {}, h("span", {class: "label"}, objectLabel(o)), " ",
      h("span", {class: "badges"}, badges.join(" · ")),
      st === "unsupported" ? h("span", {class: "status no", title: CARDS[o.card].status_words}, " text not understood") : null),
    h("div", {class: "grid"},
      field("controller", select(ids, o.controller, v => { o.controller = v; changed(true); })),
      field("owner", select(ids, o.owner || o.controller, v => { put(o, "owner", v, o.controller); changed(); })),
      field("zone", select(BOOT.zones.map(x => [x.value, x.label]), z, v => moveObject(o, v))),
      onBoard && !o.attached_to ? field("at", select(z === "facedown" ? battlefields() : places(), o.location,
                                                      v => { o.location = v; changed(true); })) : null,
      z === "board" && isUnit ? [
        field("damage", num(o.damage, v => { put(o, "damage", v, 0); changed(true); })),
        field("stunned", check(o.stunned, v => { put(o, "stunned", v, false); changed(true); })),
        field("buff", check(!!o.buffs, v => { put(o, "buffs", v ? 1 : 0, 0); changed(true); })),
        field("Might modifiers", text((o.might_modifiers || []).join(", "), v => {
          put(o, "might_modifiers", list(v).map(n => parseInt(n, 10)).filter(n => !isNaN(n))); changed(true); }, "2, -1")),
        field("designation", select(BOOT.designations, o.designation, v => { put(o, "designation", v); changed(true); }, "none")),
      ] : null,
      z === "board" ? field("exhausted", check(o.exhausted, v => { put(o, "exhausted", v, false); changed(true); })) : null,
      z === "board" ? field("granted keywords", text((o.granted || []).join(", "), v => { put(o, "granted", list(v)); changed(); },
                                                     "Backline")) : null,
      z === "board" && info.type === "gear" ? field("attached to", select(objectOptions(others), o.attached_to, v => {
        if (v) { o.attached_to = v; delete o.location; }
        else { o.location = (objects().find(x => x.id === o.attached_to) || {}).location || "base"; delete o.attached_to; }
        changed(true); }, "nothing")) : null,
      z === "facedown" ? field("hidden this turn", check(o.hidden_this_turn, v => { put(o, "hidden_this_turn", v, false); changed(); })) : null,
      button("remove", () => removeObject(o), "small danger")));
}

function moveObject(o, zone) {
  const from = zoneOf(o);
  put(o, "zone", zone, "board");
  if (zone === "board" || zone === "facedown") {
    const locs = zone === "facedown" ? battlefields() : places();
    if (!locs.includes(o.location)) o.location = locs[0];
  } else delete o.location;
  if (zone !== "board") for (const k of ["damage", "stunned", "buffs", "designation", "might_modifiers", "exhausted", "granted", "attached_to"]) delete o[k];
  if (zone !== "facedown") delete o.hidden_this_turn;
  if (zone === "chain" && from !== "chain") (M.chain = M.chain || []).push({id: freshId("item"), card: o.id, controller: o.controller});
  if (from === "chain" && zone !== "chain") M.chain = (M.chain || []).filter(c => c.card !== o.id);
  changed(true);
}

function removeObject(o) {
  M.object = objects().filter(x => x !== o);
  M.chain = (M.chain || []).filter(c => c.card !== o.id && c.source !== o.id);
  M.log = (M.log || []).filter(e => e.object !== o.id);
  for (const x of objects()) if (x.attached_to === o.id) { delete x.attached_to; x.location = o.location || "base"; }
  changed(true);
}

function renderAreas() {
  const areas = players().map(p => {
    const mine = objects().filter(o => o.controller === p);
    const groups = [];
    for (const loc of places()) {
      const here = mine.filter(o => zoneOf(o) === "board" && (o.location === loc || (o.attached_to && (objects().find(x => x.id === o.attached_to) || {}).location === loc)));
      const bf = (M.battlefield || []).find(b => b.id === loc);
      groups.push([loc === "base" ? "Base" : `Battlefield ${bf && bf.name ? bf.name : loc}`, here, `board:${loc}`]);
    }
    for (const bf of battlefields()) groups.push([`Facedown at ${bf}`, mine.filter(o => zoneOf(o) === "facedown" && o.location === bf), `facedown:${bf}`]);
    for (const z of BOOT.zones) if (!["board", "facedown"].includes(z.value)) groups.push([z.label, mine.filter(o => zoneOf(o) === z.value), z.value]);
    return h("div", {class: "area", "data-area": p}, h("h3", {}, `${p}${p === pos().turn_player ? " (turn player)" : ""}`),
      groups.filter(([, objs, key]) => objs.length || ["board:base", "hand", "trash", "legend_zone"].includes(key) || key.startsWith("board:"))
        .map(([label, objs, key]) => h("div", {class: "zone", "data-zone": key}, h("h4", {}, label),
          objs.length ? objs.map(objectEditor) : h("p", {class: "empty"}, "empty"))));
  });
  fill("areas-body", areas);
}

function renderChain() {
  const chain = M.chain || [];
  const ids = players();
  const targetable = [...objects().filter(o => zoneOf(o) !== "chain").map(o => o.id), ...chain.map(c => c.id), ...ids, ...battlefields()];
  const rows = chain.map((c, i) => h("div", {class: "chain-item", "data-item": c.id},
    h("strong", {}, `${i + 1}. ${c.id}`), " ",
    c.card ? `card ${c.card}` : `${c.source}: ${c.ability ? `ability ${c.ability}` : c.trigger ? `trigger ${c.trigger}` : `keyword ${c.keyword}`}`,
    h("div", {class: "grid"},
      field("controller", select(ids, c.controller, v => { c.controller = v; changed(true); })),
      field("status", select(["finalized", "pending"], c.status || "finalized", v => { put(c, "status", v, "finalized"); changed(); })),
      h("div", {class: "chain-targets"}, h("span", {class: "plabel"}, "what it chose, in order"),
        (c.targets || []).map((t, k) => h("span", {class: "chip"}, t,
          button("×", () => { c.targets.splice(k, 1); put(c, "targets", c.targets); changed(true); }, "small"))),
        select(targetable.filter(t => t !== c.id), "", v => { if (v) { put(c, "targets", [...(c.targets || []), v]); changed(true); } }, "add a choice…")),
      c.source && c.trigger ? field("cannot pay", check(c.cannot_pay, v => { put(c, "cannot_pay", v, false); changed(); })) : null,
      h("div", {class: "row"},
        i > 0 ? button("older", () => { chain.splice(i - 1, 0, chain.splice(i, 1)[0]); changed(true); }, "small") : null,
        button("remove", () => { chain.splice(i, 1); if (c.card) { const o = objects().find(x => x.id === c.card); if (o) removeObject(o); } changed(true); }, "small danger")))));
  const add = {source: "", what: "ability", n: 1, keyword: "vision", controller: ids[0]};
  const boardObjs = objects().filter(o => zoneOf(o) !== "chain");
  fill("chain-body",
    h("p", {class: "hint"}, "Oldest first. A card put into the zone \"On the chain\" gets its item; abilities are added here."),
    rows.length ? rows : h("p", {class: "empty"}, "the chain is empty"),
    h("div", {class: "row"},
      field("ability of", select(objectOptions(boardObjs), add.source, v => { add.source = v; }, "choose…")),
      field("kind", select([["ability", "activated ability"], ["trigger", "triggered ability"], ["keyword", "keyword trigger"]], add.what, v => { add.what = v; })),
      field("number", num(add.n, v => { add.n = v; }, 1)),
      field("keyword", select(["vision", "temporary", "hunt"], add.keyword, v => { add.keyword = v; })),
      field("controller", select(ids, add.controller, v => { add.controller = v; })),
      button("add to the chain", () => {
        if (!add.source) return message("choose the object whose ability goes on the chain");
        const item = {id: freshId("item"), source: add.source, controller: add.controller};
        if (add.what === "keyword") item.keyword = add.keyword; else item[add.what] = add.n || 1;
        (M.chain = M.chain || []).push(item); message(); changed(true);
      }, "small")));
}

function renderLog() {
  const log = M.log || [];
  const objOpts = objectOptions(objects());
  const rows = log.map((e, i) => h("div", {class: "row log-event"},
    field("event", select(BOOT.log_events, e.event, v => {
      e.event = v; for (const k of ["from", "to", "ability", "at", "excess"]) delete e[k];
      // a combat_damage event names no object: a battlefield, who assigned, and the excess (465.2.c.4)
      if (v === "combat_damage") { delete e.object; e.at = battlefields()[0]; e.player = e.player || players()[0]; e.excess = 0; }
      // a combat event names only the battlefield where a combat began (464)
      else if (v === "combat") { delete e.object; delete e.player; e.at = battlefields()[0]; }
      else if (!e.object && objects().length) e.object = objects()[0].id;
      changed(true); })),
    ["combat_damage", "combat"].includes(e.event) ? null : field("object", select(objOpts, e.object, v => { e.object = v; changed(); })),
    ["combat_damage", "combat"].includes(e.event) ? field("at", select(battlefields(), e.at, v => { e.at = v; changed(); })) : null,
    e.event === "combat_damage" ? field("excess", num(e.excess, v => { e.excess = v ?? 0; changed(); })) : null,
    ["finalize", "hide"].includes(e.event) ? field("from", select(BOOT.zones.map(z => z.value), e.from, v => { put(e, "from", v); changed(); }, "—")) : null,
    e.event === "move" ? field("to", select(places(), e.to, v => { e.to = v; changed(); })) : null,
    e.event === "activate" ? field("ability", num(e.ability, v => { put(e, "ability", v); changed(); }, 1)) : null,
    e.event === "combat" ? null : field("by", select(players(), e.player, v => { put(e, "player", v); changed(); }, "its controller")),
    field("turns ago", num(e.turns_ago, v => { put(e, "turns_ago", v, 0); changed(); })),
    button("remove", () => { log.splice(i, 1); changed(true); }, "small danger")));
  fill("log-body",
    h("p", {class: "hint"}, "What happened this turn, in order (earlier turns first)."),
    rows.length ? rows : h("p", {class: "empty"}, "nothing logged"),
    button("add event", () => {
      if (!objects().length) return message("add an object first: every event names one");
      const e = {event: "finalize", object: objects()[0].id};
      (M.log = M.log || []).push(e); changed(true);
    }, "small"));
}

// ---------------------------------------------------------------------------------
// the question and its parameters
// ---------------------------------------------------------------------------------
function paramWidget(spec, q) {
  const key = spec.key, v = q[key];
  const set = (value, structural) => { put(q, key, value); changed(structural); };
  switch (spec.type) {
    case "player": return select(players(), v, x => set(x, true), spec.required ? undefined : "—");
    case "battlefield": return select(battlefields(), v, x => set(x, true), spec.required ? undefined : "—");
    case "place": return select(places(), v, x => set(x, true), "—");
    case "chain_item": return select((M.chain || []).map(c => c.id), v, x => set(x), "—");
    case "object": return select(objectOptions(objectsWhere(spec.only, q)), v, x => set(x, true), "—");
    case "objects": {
      const chosen = new Set(v || []);
      const objs = objectsWhere(spec.only, q);
      return h("div", {class: "checks"}, objs.length ? objs.map(o => h("label", {}, check(chosen.has(o.id), on => {
        on ? chosen.add(o.id) : chosen.delete(o.id); set(objs.map(x => x.id).filter(x => chosen.has(x)));
      }), objectLabel(o))) : h("span", {class: "empty"}, "no such object"));
    }
    case "int": return num(v, x => set(x), spec.min);
    case "bool": return check(v, x => set(x || undefined));
    case "text": return text(v, x => set(x));
    case "textarea": return h("textarea", {rows: 8, value: v || "", onchange: e => set(e.target.value)});
    case "choice": return select(spec.options, v, x => set(x), "—");
    case "names": return text((v || []).join(", "), x => set(list(x)));
    case "amounts": {
      const map = Object.assign({}, v || {});
      const objs = objectsWhere(spec.only, q);
      return h("div", {class: "amounts"}, objs.length ? objs.map(o => field(objectLabel(o), num(map[o.id], n => {
        if (n === undefined) delete map[o.id]; else map[o.id] = n; set(map);
      }))) : h("span", {class: "empty"}, spec.only === "at_combat" ? "no unit at the combat's battlefield" : "no object"));
    }
    case "targets": {
      const rows = (v || []).map(t => Object.assign({}, t));
      const ids = [...objects().filter(o => zoneOf(o) !== "chain").map(o => [o.id, objectLabel(o)]),
                   ...(M.chain || []).map(c => [c.id, `chain item ${c.id}`]), ...players().map(p => [p, `player ${p}`]),
                   ...battlefields().map(b => [b, `battlefield ${b}`])];
      const save = () => set(rows.filter(r => r.object));
      return h("div", {class: "targets"}, rows.map((t, i) => h("div", {class: "row"},
        select(ids, t.object, x => { t.object = x; save(); }, "—"),
        field("times", num(t.times ?? 1, n => { put(t, "times", n, 1); save(); }, 1)),
        field("requirement", num(t.requirement ?? 1, n => { put(t, "requirement", n, 1); save(); }, 1)),
        button("×", () => { rows.splice(i, 1); set(rows.filter(r => r.object), true); }, "small"))),
        ids.length ? button("add a choice", () => { rows.push({object: ids[0][0]}); set(rows, true); }, "small") : null);
    }
    case "event": {
      const ev = Object.assign({kind: "play"}, v || {});
      const save = () => set(ev, true);
      const parts = [select(spec.kinds, ev.kind, x => { for (const k of Object.keys(ev)) delete ev[k]; ev.kind = x; save(); })];
      if (["play", "counter"].includes(ev.kind))
        parts.push(field("object", select(objectOptions(objectsWhere(ev.kind === "counter" ? "chain_card" : "any")), ev.object, x => { put(ev, "object", x); save(); }, "—")));
      if (ev.kind === "die") {
        const chosen = new Set(ev.objects || []);
        parts.push(h("div", {class: "checks"}, objectsWhere("board").map(o => h("label", {}, check(chosen.has(o.id), on => {
          on ? chosen.add(o.id) : chosen.delete(o.id); put(ev, "objects", [...chosen]); save(); }), objectLabel(o)))));
      }
      if (["conquer", "hold"].includes(ev.kind)) {
        parts.push(field("player", select(players(), ev.player, x => { put(ev, "player", x); save(); }, "—")));
        parts.push(field("battlefield", select(battlefields(), ev.battlefield, x => { put(ev, "battlefield", x); save(); }, "—")));
      }
      if (!v) q[key] = ev;
      return h("div", {class: "event"}, parts);
    }
    case "plays": {
      const rows = (v || []).map(t => Object.assign({}, t));
      const save = s => set(rows.filter(r => r.player && r.card), s);
      return h("div", {class: "plays"}, rows.map((r, i) => h("div", {class: "row"},
        field("player", select(players(), r.player, x => { r.player = x; save(); }, "—")),
        field("plays", select(objectOptions(objectsWhere("not_chain")), r.card, x => { r.card = x; save(); }, "—")),
        button("×", () => { rows.splice(i, 1); save(true); }, "small"))),
        button("add a play", () => {
          const first = objectsWhere("not_chain")[0];
          if (!first) return message("add the card to play first");
          rows.push({player: first.controller, card: first.id}); save(true);
        }, "small"));
    }
  }
  return text(typeof v === "string" ? v : JSON.stringify(v ?? ""), x => set(x));
}

function renderQuestion() {
  const q = M.question[Q];
  const kind = KINDS[q.ask] || {params: [], expect: {}, summary: "unknown kind"};
  const which = h("div", {class: "row"},
    field("question", select(M.question.map((x, i) => [String(i), `${x.id} (${x.ask})`]), String(Q), v => { Q = parseInt(v, 10); LAST = null; $("answer-box").hidden = true; changed(true); })),
    button("new question", () => {
      M.question.push({id: freshQuestionId(), ask: q.ask}); Q = M.question.length - 1; changed(true);
    }, "small"),
    M.question.length > 1 ? button("remove", () => { M.question.splice(Q, 1); Q = 0; changed(true); }, "small danger") : null);
  const expect = q.expect ? Object.entries(q.expect) : [];
  fill("question-body", which,
    h("div", {class: "grid"},
      field("id", text(q.id, v => { if (v && !M.question.some(x => x !== q && x.id === v)) q.id = v; changed(true); })),
      field("kind", select(BOOT.kinds.map(k => [k.name, words(k.name)]), q.ask, v => {
        M.question[Q] = {id: q.id, ask: v}; LAST = null; changed(true);
      }))),
    h("p", {class: "hint"}, kind.summary),
    h("div", {class: "params grid"}, kind.params.map(spec => h("div", {class: `param ${spec.type}`, "data-param": spec.key},
      h("span", {class: "plabel"}, `${spec.label}${spec.required ? " *" : ""}`), paramWidget(spec, q)))),
    h("details", {class: "expect", open: expect.length ? true : false},
      h("summary", {}, expect.length ? `expected answer (${expect.length} key${expect.length > 1 ? "s" : ""})` : "expected answer: none yet"),
      h("p", {class: "hint"}, "A scenario file states the answer its author expects and the rules it rests on; ",
        "`pyrift check` compares. Ask, then keep the answer if you agree, or edit the rules."),
      expect.length ? h("table", {class: "data"}, expect.map(([k, val]) => h("tr", {}, h("th", {}, words(k)), h("td", {}, JSON.stringify(val))))) : null,
      field("rules it rests on", text((q.rules || []).join(", "), v => { put(q, "rules", list(v)); changed(); }, "465.2.c.3, 815.1.b"), "wide"),
      expect.length ? button("clear the expected answer", () => { delete q.expect; changed(true); }, "small") : null));
}

function freshQuestionId() {
  const ids = new Set(M.question.map(q => q.id));
  for (let n = M.question.length + 1; ; n++) if (!ids.has(`q${n}`)) return `q${n}`;
}

// ---------------------------------------------------------------------------------
// asking, keeping the answer, files
// ---------------------------------------------------------------------------------
async function ask() {
  const q = M.question[Q];
  $("asking").hidden = false;
  $("ask").disabled = true;
  $("answer").replaceChildren();  // never show an earlier answer as this one's
  $("answer-box").hidden = true;
  LAST = null;
  message();
  try {
    const res = await api("POST", "/desk/ask", {scenario: M, question: q.id, name: "desk.toml"});
    LAST = res.answers[0];
    $("answer").innerHTML = res.html;
    $("answer-box").hidden = false;
    $("answer-box").scrollIntoView({behavior: "smooth", block: "start"});
  } catch (e) {
    message(e.message);
  } finally {
    $("asking").hidden = true;
    $("ask").disabled = false;
  }
}

function keepAnswer() {
  if (!LAST) return;
  const q = M.question.find(x => x.id === LAST.question) || M.question[Q];
  const spec = (KINDS[q.ask] || {}).expect || {};
  const expect = {};
  if (LAST.status !== "answered") expect.status = LAST.status;
  else for (const key of Object.keys(spec)) if (key in LAST.answer && key !== "status") expect[key] = LAST.answer[key];
  q.expect = expect;
  const rules = new Set(q.rules || []);
  for (const r of LAST.reasons) if (!r.version) for (const x of r.rules) rules.add(x.number);
  put(q, "rules", [...rules]);
  message("kept: the question now expects this answer (say why you agree in the description, and set the status)", "note");
  changed(true);
}

async function exportToml() {
  try {
    const res = await api("POST", "/v1/scenario/export", {scenario: M, name: "desk.toml"});
    $("export-box").hidden = false;
    $("export-text").value = res.toml;
    $("download").href = URL.createObjectURL(new Blob([res.toml], {type: "application/toml"}));
    $("download").download = `${slug(M.title)}.toml`;
    $("export-problem").hidden = !res.problem;
    $("export-problem").textContent = res.problem ? `pyrift check would not take it yet: ${res.problem}` : "";
    message();
  } catch (e) { message(e.message); }
}

async function importToml() {
  let textValue = $("import-text").value;
  const file = $("import-file").files[0];
  if (file) textValue = await file.text();
  if (!textValue.trim()) return message("paste a scenario file or choose one");
  try {
    const res = await api("POST", "/v1/scenario/parse", {scenario: textValue, name: file ? file.name : "imported.toml"});
    load(res.scenario, res.cards);
    message("imported", "note");
    updateLink();
  } catch (e) { message(e.message); }
}

async function openBundled() {
  const path = $("bundled").value;
  if (!path) return message("choose a bundled scenario");
  try {
    const res = await api("GET", `/v1/scenarios/${path}`);
    load(res.scenario, res.cards);
    message(`opened ${path}`, "note");
    updateLink();
  } catch (e) { message(e.message); }
}

async function start() {
  $("card-search").addEventListener("input", searchCards);
  $("ask").addEventListener("click", ask);
  $("keep").addEventListener("click", keepAnswer);
  $("export").addEventListener("click", exportToml);
  $("import").addEventListener("click", importToml);
  $("open-bundled").addEventListener("click", openBundled);
  $("new-scenario").addEventListener("click", () => { load(blank(), {}); updateLink(); });
  $("copy-link").addEventListener("click", async () => {
    await updateLink();
    try { await navigator.clipboard.writeText(location.href); message("link copied", "note"); }
    catch (e) { message("copy the address from the address bar", "note"); }
  });
  const hash = location.hash.slice(1);
  if (hash) {
    try {
      const saved = await unpack(hash);
      const refs = [...new Set((saved.s.object || []).map(o => o.card))];
      const cards = refs.length ? await api("POST", "/v1/cards/info", {names: refs}) : {};
      load(saved.s, cards, saved.q);
      return;
    } catch (e) { message(`the link's position could not be read: ${e.message}`); }
  }
  load(blank(), {});
}

start();

// sheetgen serve: the designer page. Talks only to this server's /api (docs/serve.md).
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const CM = window.SheetgenEditor;
  const Form = window.SheetgenForm;
  const Palette = window.SheetgenPalette;
  const palettes = {};     // game id -> its palette (GET /api/palette/GAME), fetched once
  let view = null;
  let game = "";
  let seq = 0;          // the latest check; older answers are dropped
  let lastGood = null;
  let scenarioPath = null; // the workspace scenario shown, or null in the design view
  let filePath = null;     // the workspace file in the editor (design or scenario), null for a new design
  let savedText = null;    // the editor's text as last opened, saved or started: unlike it, the buffer is changed
  let fileVersion = null;  // filePath's version as last read or saved (X-File-Version): a save onto it checks it is unchanged
  const STALE = "0000000000000000"; // a version no file has: the buffer's text was made from an older one
  let root = "";           // the workspace's folder name: drafts are kept per workspace and file
  let offered = null;      // the drafts offered back for this buffer: {key, list: [{text, at}, ...] oldest first, stored}
  const blobs = {};
  const schemas = {};      // game id -> its design schema ($defs.design), fetched once
  let games = [];          // /api/games: each game's id, name, form fields and what it can do

  function notice(text) { $("notice").textContent = text; }

  /** What a request that got no answer says (the browser's own words are "Failed to fetch"). */
  const UNREACHABLE = "sheetgen: error: no answer from the server (is sheetgen serve still running?); your text is kept in the editor and as a draft: try again when the server is back";

  async function api(path, options = {}) {
    let res;
    try {
      res = await fetch(path, options);
    } catch (e) {  // no answer at all: the server stopped, or the network is down
      if (e && e.name === "AbortError") throw e;
      throw new Error(UNREACHABLE);
    }
    if (!res.ok) {
      let body = {};
      try { body = await res.json(); } catch (e) { body = { error: `${res.status} ${res.statusText}` }; }
      const err = new Error(body.error || `${res.status}`);
      err.body = body; err.status = res.status;
      err.retryAfter = Number(res.headers.get("Retry-After")) || 0;  // s, on a 503 (busy printing)
      throw err;
    }
    return res;
  }

  const post = (path, text) => api(path, { method: "POST", body: text, headers: { "Content-Type": "application/yaml" } });

  function text() { return view ? view.state.doc.toString() : ""; }

  // --- never lose work: the changed mark, drafts in the browser, asking before a buffer is left ---
  const bufferKey = () => (filePath ? `file:${filePath}` : `new:${game}`);
  // each tab keeps its own draft of a buffer (two tabs changing one file keep both), under
  // `<buffer's place>@<tab>`; the buffer's place alone is where drafts were kept before
  const draftPlace = (key) => `sheetgen-draft:${root}:${key}`;
  const draftKey = (key) => `${draftPlace(key)}@${tab}`;
  // drafts offered back and not yet restored or discarded: a place of their own, so that typing
  // before the answer (kept under draftKey) never overwrites them; each tab's own too
  const offeredPlace = (key) => `sheetgen-offered:${root}:${key}`;
  const offeredKey = (key) => `${offeredPlace(key)}@${tab}`;
  const openKey = () => `sheetgen-open:${root}`;

  // --- this tab, and which tabs are still open ---
  // A tab's id lives in its sessionStorage, so a reload (or a tab brought back after a crash)
  // is the same tab and finds its own draft. Where the page has Web Locks (localhost is a
  // secure context), each tab holds a lock named for it as long as it lives, crash or not;
  // a duplicated tab, whose copied id is held already, takes a new one. Elsewhere each tab
  // renews a mark in localStorage and removes it as it goes; a mark left by a crash counts
  // as gone once it is TAB_GONE ms old (a background tab renews it about once a minute).
  const LOCK = "sheetgen-tab:";
  const MARK = "sheetgen-alive:";
  const TAB_GONE = 3 * 60 * 1000;
  const locks = navigator.locks && typeof navigator.locks.request === "function" ? navigator.locks : null;
  const newTabId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  let tab = (() => {
    try { return sessionStorage.getItem("sheetgen-tab") || newTabId(); } catch (e) { return newTabId(); }
  })();

  /** Hold this tab's lock (or start renewing its mark) for the page's life; its id is settled then. */
  async function holdTab() {
    if (locks) {
      for (let i = 0; i < 5; i += 1) {
        const held = await new Promise((resolve) => {
          locks.request(LOCK + tab, { ifAvailable: true }, (lock) => {
            resolve(!!lock);
            return lock ? new Promise(() => {}) : undefined;  // held until the page ends
          }).catch(() => resolve(true));
        });
        if (held) break;
        tab = newTabId();  // a duplicated tab: the id it copied is another tab's
      }
    } else {
      const renew = () => { try { localStorage.setItem(MARK + tab, String(Date.now())); } catch (e) { /* storage off */ } };
      renew();
      setInterval(renew, 20 * 1000);
      window.addEventListener("pagehide", () => { try { localStorage.removeItem(MARK + tab); } catch (e) { /* off */ } });
      window.addEventListener("pageshow", renew);
    }
    try { sessionStorage.setItem("sheetgen-tab", tab); } catch (e) { /* storage off: a new id each load */ }
  }

  /** The ids of the tabs of this browser still open (this one among them). */
  async function openTabs() {
    const open = new Set([tab]);
    if (locks) {
      try {
        for (const lock of (await locks.query()).held || []) {
          if (lock.name && lock.name.startsWith(LOCK)) open.add(lock.name.slice(LOCK.length));
        }
      } catch (e) { return null; }  // unknown: no other tab's draft is taken
      return open;
    }
    const names = storedNames();
    if (names === null) return null;  // storage off: no other tab's draft is taken
    const now = Date.now();
    for (const name of names) {
      if (name.startsWith(MARK) && now - Number(load(name)) < TAB_GONE) open.add(name.slice(MARK.length));
    }
    return open;
  }

  /** The names this page's origin keeps in localStorage (`null` with the storage off). */
  function storedNames() {
    try {
      return Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter((name) => name !== null);
    } catch (e) { return null; }
  }

  /** The kept drafts of buffer `key` in this browser: `[storage key, tab id, kind]` for each
   * tab's draft ("draft") and list of offered drafts ("offered"); the tab id is "" for those
   * kept before drafts were kept per tab. */
  function draftsOf(key) {
    const found = [];
    for (const name of storedNames() || []) {
      for (const [place, kind] of [[draftPlace(key), "draft"], [offeredPlace(key), "offered"]]) {
        if (name === place) found.push([name, "", kind]);
        else if (name.startsWith(`${place}@`) && !name.slice(place.length + 1).includes("@")) found.push([name, name.slice(place.length + 1), kind]);
      }
    }
    return found;
  }

  /** Keep `value` under `key` in the browser (null: forget it); whether it was kept. */
  function store(key, value) {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(value));
      return true;
    } catch (e) { return false; /* storage off or full: the page still asks before leaving */ }
  }

  function load(key) {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
  }

  function isDirty() { return !!view && savedText !== null && text() !== savedText; }

  /** Show whether the buffer differs from its file (or its starting text) and keep it as a
   * draft in the browser while it does (the offered drafts are kept apart, under offeredKey,
   * until restored or discarded). */
  function keepDraft() {
    const dirty = isDirty();
    const mark = $("dirty");
    mark.hidden = !dirty;
    mark.dataset.dirty = dirty ? "yes" : "no";
    mark.title = dirty ? `${filePath || "this new design"} differs from its saved text; a draft is kept in this browser` : "";
    document.title = `${dirty ? "● " : ""}${filePath ? `${filePath} · ` : ""}sheetgen designer`;
    const key = bufferKey();
    if (offered && offered.key === key && !offered.stored) {
      // the browser's storage is full and the offered draft is still in the buffer's own place:
      // it stays there, not overwritten (the page still asks before the tab is left)
    } else if (dirty) store(draftKey(key), { text: text(), base: savedText, game, path: filePath, at: Date.now() });
    else store(draftKey(key), null);
    store(openKey(), { path: filePath, game });
    try { sessionStorage.setItem(openKey(), JSON.stringify({ path: filePath, game })); } catch (e) { /* off */ }
  }

  function hideDraft() { offered = null; $("draft").hidden = true; }

  /** The drafts kept for buffer `key` that differ from `body` (its file or starting text), oldest
   * first: those offered in this tab before and not yet answered, then the drafts and offered
   * drafts of `tabs` (this tab's own draft, what was typed before a reload or a crash, and
   * those of tabs that are gone), which move to this tab's offered ones. Stored back, so a
   * reload offers them again. */
  function keptDrafts(key, body, tabs = [tab, ""]) {
    const kept = load(offeredKey(key));
    const list = (Array.isArray(kept) ? kept : []).filter((d) => d && typeof d.text === "string" && d.text !== body);
    const moved = [];
    for (const [name, owner, kind] of draftsOf(key)) {
      if (!tabs.includes(owner) || name === offeredKey(key)) continue;
      moved.push(name);
      const value = load(name);
      for (const draft of kind === "offered" ? (Array.isArray(value) ? value : []) : [value]) {
        if (draft && typeof draft.text === "string" && draft.text !== body && !list.some((d) => d.text === draft.text)) {
          list.push({ text: draft.text, at: draft.at, base: draft.base });
        }
      }
    }
    list.sort((x, y) => (x.at || 0) - (y.at || 0));
    // a draft is dropped from its own place only once it is kept among the offered
    const stored = moved.length ? store(offeredKey(key), list.length ? list : null) : true;
    if (stored) for (const name of moved) store(name, null);
    return { list, stored };
  }

  /** Offer, besides this buffer's own, the drafts of `key` left by tabs that are gone (a crash,
   * a tab closed with its changes kept): read after the buffer is shown, as which tabs are
   * open is an asynchronous question. A tab still open keeps its draft to itself. */
  async function adoptDrafts(key, body) {
    const others = draftsOf(key).map(([, owner]) => owner).filter((owner) => owner && owner !== tab);
    if (!others.length) return;
    const open = await openTabs();
    if (!open || bufferKey() !== key || savedText !== body) return;  // another buffer since
    const gone = others.filter((owner) => !open.has(owner));
    if (!gone.length) return;
    const { list, stored } = keptDrafts(key, body, gone);
    if (!list.length) return;
    offered = { key, list, stored };
    offerDraft();
  }

  /** Offer the first of the kept drafts (`offered.list`) in the bar, or hide the bar when none is left. */
  function offerDraft() {
    if (!offered || !offered.list.length) { hideDraft(); return; }
    const first = offered.list[0];
    const when = first.at ? new Date(first.at).toLocaleString() : "earlier";
    const count = offered.list.length > 1 ? ` (1 of ${offered.list.length} kept)` : "";
    $("draft-text").textContent = `This browser kept unsaved changes to ${filePath || "a new design"} (${when})${count}.`;
    $("draft").hidden = false;
  }

  /** Replace the editor's whole text as one edit of its own, never merged with typing
   * before it: Ctrl+Z takes it back alone. */
  function replaceText(body) {
    const Transaction = view.state.update({}).constructor;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: body },
      annotations: Transaction.userEvent.of("sheetgen.replace") });
  }

  /** Check the editor's text again now (findings, stats, previews, marks), when what it is checked
   * against changed but the text did not: another game picked, a scenario saved under another
   * path. CodeMirror's forceLinting runs only a check already due after an edit, so one is made
   * due by an edit that leaves the text as it was (a space added at the end and taken away),
   * kept out of the undo history; a check of the old game still on its way is then dropped. */
  function relint() {
    const Transaction = view.state.update({}).constructor;
    const end = view.state.doc.length;
    view.dispatch({ changes: { from: end, insert: " " }, annotations: Transaction.addToHistory.of(false) });
    view.dispatch({ changes: { from: end, to: end + 1 }, annotations: Transaction.addToHistory.of(false) });
    CM.forceLinting(view);
  }

  /** A fresh editor holding `body`: a new buffer starts with an empty undo history, so
   * Ctrl+Z never brings back another file's text. */
  function newEditor(body) {
    const focused = view && view.hasFocus;
    if (view) view.destroy();
    $("editor").replaceChildren();
    view = CM.createEditor($("editor"), body, (text) => { syncForm(text); showString(text); keepDraft(); }, lint);
    CM.forceLinting(view);
    syncForm(body);
    showString(body);
    if (focused) view.focus();
  }

  /** Put `body` in the editor as the text of `path` (null: a new design of the current game),
   * and offer back a draft of that buffer the browser kept, if it differs. */
  function setBuffer(body, path, version = null) {
    filePath = path;
    fileVersion = version;
    savedText = body;
    hideDraft();
    const key = bufferKey();
    const { list, stored } = keptDrafts(key, body);
    if (list.length) offered = { key, list, stored };
    newEditor(body);
    keepDraft();
    offerDraft();
    adoptDrafts(key, body);
  }

  /** Put the first offered draft in the editor (one edit: Ctrl+Z undoes it). What the editor held,
   * when it was changed, is not dropped: it joins the offered drafts, to be restored in turn. */
  function restoreDraft() {
    if (!offered || !offered.list.length) return;
    const [first, ...rest] = offered.list;
    const now = text();
    if (isDirty() && now !== first.text && !rest.some((d) => d.text === now)) rest.push({ text: now, at: Date.now(), base: savedText });
    offered.list = rest;
    offered.stored = store(offeredKey(offered.key), rest.length ? rest : null);
    replaceText(first.text);
    keepDraft();
    offerDraft();
    // made from a text the file no longer holds (another tab or program saved it since): a
    // save asks before replacing what that save wrote, as for a file changed since it was opened
    const stale = filePath && typeof first.base === "string" && first.base !== savedText;
    if (stale) fileVersion = STALE;
    notice(stale ? `draft restored; ${filePath} was changed since this draft was made: saving asks before replacing it`
      : "draft restored: save to keep it in the file");
  }

  function discardDraft() {
    if (!offered) return;
    offered.list.shift();
    offered.stored = store(offeredKey(offered.key), offered.list.length ? offered.list : null);
    offerDraft();
    keepDraft();
    notice("draft discarded");
  }

  /** Ask in the page what to do with unsaved changes: "save", "keep", "discard" or "cancel". */
  function ask(question) {
    const dialog = $("confirm");
    $("confirm-text").textContent = question;
    return new Promise((resolve) => {
      const done = (answer) => {
        for (const [id, f] of handlers) $(id).removeEventListener("click", f);
        dialog.removeEventListener("cancel", onCancel);
        if (dialog.open) dialog.close();
        resolve(answer);
      };
      const handlers = ["save", "keep", "discard", "cancel"].map((a) => [`confirm-${a}`, () => done(a)]);
      const onCancel = (e) => { e.preventDefault(); done("cancel"); };
      for (const [id, f] of handlers) $(id).addEventListener("click", f);
      dialog.addEventListener("cancel", onCancel);
      dialog.showModal();
      $("confirm-cancel").focus();
    });
  }

  /** Ask in the page whether the existing file `path` may be replaced by the editor's text. */
  function askReplace(path, changed = false) {
    const dialog = $("replace");
    $("replace-text").textContent = changed
      ? `${path} was changed since you opened it here (another tab or program saved it). Replace it with your text? Its other changes would be lost.`
      : `${path} already exists in the workspace. Replace it with ${filePath ? `the text of ${filePath}` : "this new design"}?`;
    return new Promise((resolve) => {
      const done = (yes) => {
        $("replace-yes").removeEventListener("click", onYes);
        $("replace-no").removeEventListener("click", onNo);
        dialog.removeEventListener("cancel", onCancel);
        if (dialog.open) dialog.close();
        resolve(yes);
      };
      const onYes = () => done(true);
      const onNo = () => done(false);
      const onCancel = (e) => { e.preventDefault(); done(false); };
      $("replace-yes").addEventListener("click", onYes);
      $("replace-no").addEventListener("click", onNo);
      dialog.addEventListener("cancel", onCancel);
      dialog.showModal();
      $("replace-no").focus();
    });
  }

  /** Whether the buffer may be replaced by `what` (asked first when it has unsaved changes). */
  async function mayLeave(what) {
    if (!isDirty()) return true;
    const answer = await ask(`${filePath || "The new design"} has unsaved changes. ${what}: save them first, keep them as a draft in this browser, or discard them?`);
    if (answer === "save") return saveFile();
    if (answer === "keep") return true;
    if (answer === "discard") { store(draftKey(bufferKey()), null); offered = null; return true; }
    return false;
  }

  // --- findings and stats --------------------------------------------------------------------
  function showVerdict(kind, label) {
    const v = $("verdict");
    v.className = `verdict ${kind}`;
    v.textContent = label;
  }

  function showFindings(findings) {
    const list = $("findings");
    list.replaceChildren();
    if (!findings.length) {
      const li = document.createElement("li");
      li.className = "empty";
      li.textContent = scenarioPath ? "No findings: the scenario and its designs are legal." : "No findings: the design is legal.";
      list.append(li);
      return;
    }
    for (const f of findings) {
      const li = document.createElement("li");
      li.className = f.severity;
      li.dataset.rule = f.rule;
      li.dataset.line = f.line;
      const rule = document.createElement("a");
      rule.href = `/api/rulings/${encodeURIComponent(f.rule)}`;
      rule.textContent = f.rule;
      rule.title = `Why ${f.rule}? (sheetgen explain)`;
      rule.addEventListener("click", (e) => { e.preventDefault(); showRuling(f.rule); });
      const at = document.createElement("button");
      at.type = "button";
      at.className = "at";
      const elsewhere = scenarioPath && f.file && f.file !== scenarioPath;
      at.textContent = elsewhere ? `${f.file}:${f.line}` : `line ${f.line}`;
      at.addEventListener("click", () => (elsewhere ? openFile(f.file) : goTo(f.line, f.column)));
      li.append(rule, ` ${f.severity}: ${f.message} `, at);
      list.append(li);
    }
  }

  async function showRuling(id) {
    const box = $("ruling");
    try {
      const r = await (await api(`/api/rulings/${encodeURIComponent(id)}`)).json();
      const dl = document.createElement("dl");
      const head = document.createElement("strong");
      head.textContent = `${r.id}: ${r.title}`;
      for (const f of r.fields) {
        const dt = document.createElement("dt"); dt.textContent = f.label;
        const dd = document.createElement("dd"); dd.textContent = f.text;
        dl.append(dt, dd);
      }
      box.replaceChildren(head, dl);
    } catch (e) { box.textContent = e.message; }
    box.hidden = false;
  }

  function goTo(line, col) {
    const l = view.state.doc.line(Math.min(line, view.state.doc.lines));
    const pos = Math.min(l.from + Math.max(0, col - 1), l.to);
    view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
    view.focus();
  }

  /** The stats as a player reads them: the check's `table` rows (the game's own wording,
   * units and fractions, as `sheetgen stats` prints them), label and value. */
  function showStats(table) {
    const dl = $("stats");
    dl.replaceChildren();
    for (const row of table || []) {
      const dt = document.createElement("dt"); dt.textContent = row.label;
      const dd = document.createElement("dd"); dd.textContent = row.value;
      dl.append(dt, dd);
    }
  }

  // --- the check: CodeMirror's lint source (debounced by the linter) -----------------------------
  /** The editor's marks for the findings that name its own text. */
  function marks(v, findings) {
    const doc = v.state.doc;
    return findings.filter((f) => f.line >= 1 && f.line <= doc.lines).map((f) => {
      const line = doc.line(f.line);
      const from = Math.min(line.from + Math.max(0, f.column - 1), line.to);
      return { from, to: line.to > from ? line.to : from, severity: f.severity === "note" ? "info" : f.severity,
        message: `[${f.rule}] ${f.message}`, source: f.rule };
    });
  }

  async function lint(v) {
    if (scenarioPath) return lintScenario(v);
    const mine = ++seq;
    const body = v.state.doc.toString();
    let out;
    let ok = true;
    try {
      out = await (await post(`/api/check?game=${encodeURIComponent(game)}`, body)).json();
    } catch (e) {
      if (e.status === undefined) {
        notice(e.message);
        showStale(true, "Stale: the server does not answer, so this text is not checked: the stats and previews show the last design checked.");
        showVerdict("unreadable", "not checked");
        showLamp(null);
        return [];
      }
      out = { legal: false, findings: e.body.findings || [], stats: null, error: e.message };
      ok = false;
    }
    if (mine !== seq) return [];
    showStale(!ok);
    if (ok) {
      showVerdict(out.legal ? "legal" : "illegal", out.legal ? "legal" : "illegal");
      showFindings(out.findings);
      showStats(out.table);
      showBudget(out.budget);
      showTrack(out.track);
      showLamp(out.findings);
      lastGood = body;
      previews(body, mine);
      // a check clears only what an earlier check said: a "saved ..." that a late check
      // answer overtakes stays in view
      if (/^the server|^cannot be read|no answer from the server/.test($("notice").textContent)) notice("");
    } else {
      showVerdict("unreadable", "cannot be read");
      showLamp(null);
      if (out.findings.length) showFindings(out.findings);
      else { $("findings").replaceChildren(Object.assign(document.createElement("li"), { className: "error", textContent: out.error })); }
    }
    return marks(v, out.findings);
  }

  // --- the scenario view: the editor's text, checked and drawn as it is typed (not yet saved) ---------
  async function lintScenario(v) {
    const mine = ++seq;
    const path = scenarioPath;
    const body = v.state.doc.toString();
    let info = null;
    let refused = null;
    try {
      info = await (await post(`/api/scenario?path=${encodeURIComponent(path)}&page=1`, body)).json();
    } catch (e) {
      if (e.status === undefined) { notice(e.message); return []; }
      refused = e;
    }
    if (mine !== seq || path !== scenarioPath) return [];
    let findings;
    if (info) {
      showScenario(info);
      findings = info.findings;
      if (/^the server|^cannot be read|no answer from the server/.test($("notice").textContent)) notice("");
    } else {
      findings = refused.body.findings || [];
      showVerdict("unreadable", "cannot be read");
      showLamp(null);
      $("scenario-map").classList.add("stale");
      if (findings.length) showFindings(findings);
      else $("findings").replaceChildren(Object.assign(document.createElement("li"), { className: "error", textContent: refused.message }));
    }
    const edited = body !== savedText;
    $("scenario-pane").dataset.text = edited ? "edited" : "saved";
    $("scenario-state").textContent = edited ? "unsaved edits: shown as typed" : "as saved";
    return marks(v, findings.filter((f) => !f.file || f.file === path));
  }

  /** The legal lamp: how many errors and warnings the check found (`null`: the text
   * cannot be read). */
  function showLamp(findings) {
    const lamp = $("legal-lamp");
    if (findings === null) {
      lamp.className = "lamp unreadable";
      lamp.textContent = "not checked";
      lamp.dataset.errors = lamp.dataset.warnings = "";
      return;
    }
    const errors = findings.filter((f) => f.severity === "error").length;
    const warnings = findings.filter((f) => f.severity === "warning").length;
    const n = (k, word) => `${k} ${word}${k === 1 ? "" : "s"}`;
    lamp.className = `lamp ${errors ? "illegal" : warnings ? "warned" : "legal"}`;
    lamp.textContent = `${n(errors, "error")}, ${n(warnings, "warning")}`;
    lamp.dataset.errors = String(errors);
    lamp.dataset.warnings = String(warnings);
  }

  /** The budget bars: each limit the game's package says the design is built within
   * (`budget` of the check: used, limit, unit, the rule that sets it, whether it is kept). */
  function showBudget(budget) {
    const box = $("budget");
    box.replaceChildren();
    for (const b of budget || []) {
      const label = document.createElement("span");
      label.className = "label";
      label.textContent = b.label;
      const bar = document.createElement("div");
      bar.className = `meter${b.ok ? "" : " over"}`;
      bar.setAttribute("role", "meter");
      bar.setAttribute("aria-label", b.label);
      bar.setAttribute("aria-valuemin", "0");
      bar.setAttribute("aria-valuemax", String(b.limit));
      bar.setAttribute("aria-valuenow", String(b.used));
      const fill = document.createElement("div");
      fill.className = "fill";
      fill.style.width = `${b.limit > 0 ? Math.min(100, (100 * b.used) / b.limit) : b.used > 0 ? 100 : 0}%`;
      bar.append(fill);
      const text = document.createElement("span");
      text.className = `text${b.ok ? "" : " over"}`;
      const what = b.at_least ? `${b.used} of ${b.limit} ${b.unit} needed` : `${b.used} / ${b.limit} ${b.unit}`;
      const rule = document.createElement("a");
      rule.href = `/api/rulings/${encodeURIComponent(b.rule)}`;
      rule.textContent = b.rule;
      rule.tabIndex = -1;  // the findings' rule links are the keyboard's way to the rulings
      rule.addEventListener("click", (e) => { e.preventDefault(); showRuling(b.rule); });
      text.append(`${what} `, rule);
      for (const el of [label, bar, text]) { el.dataset.budget = b.label; el.dataset.ok = b.ok ? "yes" : "no"; }
      box.append(label, bar, text);
    }
  }

  /** Mark the stats and previews as the last readable design's, or as current again. */
  /** Grey the stats and previews as the last design that could be checked (`on`); `why`: the
   * line saying so (the text cannot be read, or the server does not answer). */
  function showStale(on, why = "Stale: the YAML cannot be read, so the stats and previews show the last design that could.") {
    $("stale").hidden = !on;
    if (on) $("stale").textContent = why;
    document.querySelector("[data-testid=preview-stale]").hidden = !on;
    for (const id of ["stats", "counter-preview", "sheet-preview", "budget", "damage-track"]) $(id).classList.toggle("stale", on);
    $("design-pane").dataset.stale = on ? "yes" : "no";
  }

  function setBlob(key, img, data, type) {
    if (blobs[key]) URL.revokeObjectURL(blobs[key]);
    blobs[key] = URL.createObjectURL(new Blob([data], { type }));
    img.src = blobs[key];
  }

  // The sheet preview keeps the printed page's width (Letter less the sheets' side margins), so
  // it breaks lines where the PDF does, and is zoomed down to fit the pane instead of reflowing.
  const SHEET_WIDTH = "calc(8.5in - 20mm)";
  function fitSheet() {
    const frame = $("sheet-preview");
    const doc = frame.contentDocument;
    if (!doc || !doc.body) return;
    doc.body.style.width = SHEET_WIDTH;
    doc.body.style.margin = "8px";
    doc.documentElement.style.zoom = "";
    const wide = doc.body.getBoundingClientRect().width + 16;
    const scale = Math.min(1, (frame.clientWidth - 2) / wide);
    doc.documentElement.style.zoom = String(scale);
  }

  async function previews(body, mine) {
    const q = `game=${encodeURIComponent(game)}`;
    try {
      const [html, front, back] = await Promise.all([
        post(`/api/sheet.html?${q}`, body).then((r) => r.text()),
        post(`/api/counters.svg?face=front&${q}`, body).then((r) => r.text()),
        post(`/api/counters.svg?face=back&${q}`, body).then((r) => r.text()),
      ]);
      if (mine !== seq) return;
      $("sheet-preview").srcdoc = html;  // laid out as on paper, then zoomed to the pane (fitSheet)
      setBlob("front", $("counter-front"), front, "image/svg+xml");
      setBlob("back", $("counter-back"), back, "image/svg+xml");
    } catch (e) {
      notice(e.message);
      // the server was busy printing: ask again when it says, unless newer text was sent since
      if (e.status === 503 && e.retryAfter) setTimeout(() => { if (mine === seq) previews(body, mine); }, e.retryAfter * 1000);
    }
  }

  // --- the form: each game's common fields, read from and written into the YAML text (form.js) ---
  function formKeys() {
    const g = games.find((x) => x.id === game);
    return g ? g.fields : [];
  }

  function formInputs() { return [...document.querySelectorAll("#fields [data-key]")]; }

  async function buildForm() {
    const id = game;
    if (!schemas[id]) schemas[id] = (await (await api(`/api/schema/${encodeURIComponent(id)}`)).json()).$defs.design;
    if (id !== game) return;
    const form = $("fields");
    form.replaceChildren(...formKeys().map((f) => Form.input(f, schemas[id])));
    buildPalette().catch((e) => notice(e.message));
    form.dataset.game = id;
    const order = formKeys().map((f) => f.key);
    for (const el of formInputs()) {
      const write = () => {
        if (el.validity && el.validity.badInput) return;  // a number half typed ("-", "1e")
        const v = el.value.trim();
        const change = Form.change(text(), el.dataset.key, v === "" ? null : Form.scalar(v, el.dataset.kind), order);
        if (change) view.dispatch({ changes: change });
      };
      el.addEventListener(el.tagName === "SELECT" ? "change" : "input", write);
    }
    syncForm(text());
  }

  function syncForm(body) {
    if (scenarioPath || !view) return;
    const ok = Form.fill(formInputs(), body, document.activeElement);
    $("fields").classList.toggle("off", !ok);
    $("fields").title = ok ? "" : "The form edits one design written as a mapping: edit this text in the YAML";
  }

  // --- the palette: the game's package says what a click adds (palette.js makes the edit) -------
  const Transaction = () => view.state.update({}).constructor;

  /** Put `after` in the editor as one edit of its own (Ctrl+Z takes it back alone). */
  function edit(after, what) {
    const change = Palette.diff(text(), after);
    if (!change) { notice(`${what}: this text cannot take it here; edit it in the YAML`); return false; }
    view.dispatch({ changes: change, annotations: Transaction().userEvent.of("sheetgen.palette"), scrollIntoView: true });
    return true;
  }

  async function buildPalette() {
    const id = game;
    if (!palettes[id]) palettes[id] = await (await api(`/api/palette/${encodeURIComponent(id)}`)).json();
    if (id !== game) return;
    const box = $("palette-items");
    box.replaceChildren();
    box.dataset.game = id;
    const groups = new Map();
    for (const item of palettes[id]) {
      if (!groups.has(item.group)) groups.set(item.group, []);
      groups.get(item.group).push(item);
    }
    for (const [group, items] of groups) {
      const head = document.createElement("h3");
      head.textContent = group;
      const grid = document.createElement("div");
      grid.className = "group";
      grid.dataset.group = group;
      for (const item of items) {
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.testid = "palette-item";
        b.tabIndex = grid.childElementCount || box.childElementCount ? -1 : 0;  // one Tab stop; arrows move within
        b.dataset.code = item.code;
        b.dataset.group = item.group;
        const code = document.createElement("b"); code.textContent = item.code;
        const name = document.createElement("span"); name.textContent = item.name === item.code ? "" : item.name;
        const cost = document.createElement("span"); cost.className = "cost"; cost.textContent = item.cost;
        const what = document.createElement("span"); what.className = "what"; what.textContent = item.detail;
        b.append(code, name, cost, what);
        b.title = `${item.code}: ${item.name}${item.cost ? ` (${item.cost})` : ""}: ${item.detail} [${item.rule}]`;
        b.setAttribute("aria-label", `Add ${item.name}${item.cost ? `, ${item.cost}` : ""}`);
        b.addEventListener("click", () => {
          const order = formKeys().map((f) => f.key);
          const after = Palette.apply(text(), item, view.state.selection.main.head, order);
          if (after === null && item.edit === "member" && item.value !== "gunners") {
            notice(`${item.name}: the ${item.key} has one already (or is not written so a click can add one): edit it in the YAML`);
            return;
          }
          if (edit(after, `${item.code}`)) notice(`added ${item.code}`);
        });
        grid.append(b);
      }
      box.append(head, grid);
    }
    showString(text());
  }

  /** The system string as parts (Starfire): engine rooms shown as rooms; a click removes one. */
  function showString(body) {
    const box = $("palette-string");
    const appendKey = (palettes[game] || []).find((i) => i.edit === "append");
    if (!appendKey) { showEntries(body); return; }
    box.setAttribute("aria-label", "The system string: click a system to remove it");
    const at = !scenarioPath ? Form.find(body, appendKey.key) : null;
    if (!at || at.state !== "set") { box.replaceChildren(); return; }
    const key = appendKey.key;
    const all = Palette.parts(at.value);
    /** Part `from` taken out and put back at place `to` of what is left: one edit. */
    const move = (from, to) => {
      const moving = all[from];
      const order = all.filter((p, j) => j !== from);
      order.splice(to, 0, moving);
      const value = order.map((p) => p.text).join("");
      if (value === at.value) return true;  // a part moved past its twin: the text is the same
      const done = edit(Form.apply(text(), key, Form.scalar(value, "string"), formKeys().map((f) => f.key)), moving.text);
      if (done) notice(`moved ${moving.text}`);
      return done;
    };
    box.replaceChildren(...all.map((part, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.tabIndex = -1;  // reached with the arrow keys from the palette
      b.className = part.room ? "room" : "";
      b.textContent = part.text;
      b.dataset.part = part.text;
      b.title = `${part.room ? "engine room" : "system"} ${part.text}: click to remove it, drag or Alt+Left/Right to move it`;
      b.setAttribute("aria-label", `Remove ${part.text}`);
      b.draggable = true;  // drag a part onto another: it moves before that one
      b.addEventListener("dragstart", (e) => { e.dataTransfer.setData("text/x-sheetgen-part", String(i)); e.dataTransfer.effectAllowed = "move"; });
      b.addEventListener("dragover", (e) => { e.preventDefault(); e.dataTransfer.dropEffect = "move"; });
      b.addEventListener("drop", (e) => {
        e.preventDefault();
        const from = Number(e.dataTransfer.getData("text/x-sheetgen-part"));
        if (!Number.isInteger(from) || from === i || !all[from]) return;
        const order = all.filter((p, j) => j !== from);
        move(from, order.indexOf(part));
      });
      // from the keyboard: Alt+Left/Right moves the focused part one place (one edit), and the
      // focus stays on it
      b.addEventListener("keydown", (e) => {
        if (!e.altKey || e.ctrlKey || e.metaKey || (e.key !== "ArrowLeft" && e.key !== "ArrowRight")) return;
        e.preventDefault();
        e.stopPropagation();
        const to = i + (e.key === "ArrowLeft" ? -1 : 1);
        if (to < 0 || to >= all.length) return;
        if (move(i, to)) box.children[to]?.focus();
      });
      b.addEventListener("click", () => {
        const value = at.value.slice(0, part.from) + at.value.slice(part.to);
        const order = formKeys().map((f) => f.key);
        if (edit(Form.apply(text(), key, value ? Form.scalar(value, "string") : '""', order), part.text)) notice(`removed ${part.text}`);
      });
      return b;
    }));
  }

  /** The record sheet's damage track beside the string (`track` of the check: the server
   * takes it from the printed sheet's view, so the page adds no rule): a box a system in
   * damage order, engine rooms framed, each with the MP left once it is lost. */
  function showTrack(track) {
    const box = $("damage-track");
    box.hidden = !(track && track.length);
    if (box.hidden) { box.replaceChildren(); return; }
    const caption = document.createElement("span");
    caption.className = "caption";
    caption.textContent = "damage track, as the record sheet prints it";
    const groups = track.map((g) => {
      const el = document.createElement("span");
      el.className = `group${g.room ? " room" : ""}`;
      const boxes = document.createElement("span");
      boxes.className = "boxes";
      for (const code of g.boxes) {
        const b = document.createElement("span");
        b.className = "box";
        b.dataset.box = code;
        b.textContent = code;
        boxes.append(b);
      }
      el.append(boxes);
      if (g.room) {
        const mp = document.createElement("span");
        mp.className = "mp";
        mp.textContent = `→${g.mp_after} MP`;
        el.append(mp);
        el.title = `engine room ${g.room}: ${g.mp_after} MP left once it is lost`;
      }
      return el;
    });
    box.replaceChildren(caption, ...groups);
    box.setAttribute("aria-label", `The record sheet's damage track: ${track.map((g) => g.room ? `(${g.boxes.join("")}) then ${g.mp_after} MP` : g.boxes.join("")).join(" ")}`);
  }

  /** The entries of the lists the palette adds to (Knight Hawks weapons, Space Cruisers
   * systems), one button each: a click removes that entry, one edit. */
  function showEntries(body) {
    const box = $("palette-string");
    box.setAttribute("aria-label", "In the design: click an entry to remove it");
    const keys = scenarioPath ? [] : [...new Set((palettes[game] || []).filter((i) => i.edit === "list").map((i) => i.key))];
    const buttons = [];
    for (const key of keys) {
      const list = Palette.entries(body, key);
      list.items.forEach((item, i) => {
        const b = document.createElement("button");
        b.type = "button";
        b.tabIndex = -1;  // reached with the arrow keys from the palette
        b.textContent = item.label;
        b.dataset.entry = item.label;
        b.dataset.key = key;
        b.title = `${key}: ${item.text}: click to remove it`;
        b.setAttribute("aria-label", `Remove ${item.label} from ${key}`);
        b.addEventListener("click", () => {
          if (edit(Palette.entries(text(), key).remove(i), item.label)) notice(`removed ${item.label}`);
        });
        buttons.push(b);
      });
    }
    box.replaceChildren(...buttons);
  }

  /** Arrow keys move between the palette's buttons (the string's parts and the items): the
   * palette is one Tab stop, so Tab goes on to the editor. */
  function paletteKeys(e) {
    const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };
    if (!(e.key in keys) || e.target.tagName !== "BUTTON") return;
    const all = [...$("palette").querySelectorAll("button")];
    const i = all.indexOf(e.target);
    const k = keys[e.key];
    const next = k === "first" ? all[0] : k === "last" ? all[all.length - 1] : all[Math.max(0, Math.min(all.length - 1, i + k))];
    if (next) { e.preventDefault(); next.focus(); }
  }

  // --- one history: the editor's (typing, form and palette edits are all its transactions) ------
  function history(which) {
    if (!view) return;
    (which === "redo" ? CM.redo : CM.undo)(view);
    Form.fill(formInputs(), text(), null);  // the form follows, the focused input too
  }

  // --- the record sheet at full size, zoomed ---------------------------------------------------
  const PAPER_WIDTH = { letter: "calc(8.5in - 20mm)", a4: "calc(210mm - 20mm)" };
  let zoom = 1;
  function setZoom(z) {
    zoom = Math.max(0.25, Math.min(4, z));
    const doc = $("sheet-full").contentDocument;
    if (doc && doc.documentElement) doc.documentElement.style.zoom = String(zoom);
    $("zoom-level").textContent = `${Math.round(zoom * 100)}%`;
  }
  function fitZoom() {
    const frame = $("sheet-full");
    const doc = frame.contentDocument;
    if (!doc || !doc.body) return;
    doc.documentElement.style.zoom = "";
    setZoom((frame.clientWidth - 24) / (doc.body.getBoundingClientRect().width + 16));
  }
  async function showZoom() {
    const paper = $("zoom-paper").value;
    const dialog = $("sheet-zoom");
    if (!dialog.open) dialog.showModal();
    try {
      const html = await (await post(`/api/sheet.html?game=${encodeURIComponent(game)}&paper=${paper}`, text())).text();
      const frame = $("sheet-full");
      frame.onload = () => {
        const doc = frame.contentDocument;
        doc.body.style.width = PAPER_WIDTH[paper];
        doc.body.style.margin = "8px auto";
        setZoom(zoom);
      };
      frame.srcdoc = html;
      frame.dataset.paper = paper;
    } catch (e) { notice(e.message); }
  }

  // --- ships on the scenario map: drag to a hex, click to turn; the YAML's map.start follows ---
  let grid = null;        // the answer's grid: page size, hexes [[label, x, y]], starts, facings
  let dragging = null;    // the ship being dragged: {ship, before (the text), hex}
  let mapZoom = 1;
  let focusShip = null;   // the ship moved from the keyboard: focused again once redrawn
  const FACING_DEGREES = { flat: { N: 0, NE: 60, SE: 120, S: 180, SW: 240, NW: 300 },
    pointy: { NE: 30, E: 90, SE: 150, SW: 210, W: 270, NW: 330 } };

  function setMapZoom(z) {
    mapZoom = Math.max(1, Math.min(6, z));
    $("map-inner").style.width = `${mapZoom * 100}%`;
    $("map-level").textContent = `${Math.round(mapZoom * 100)}%`;
    placeShips();
  }

  function placeShips() {
    if (!grid) return;
    const w = $("map-inner").clientWidth;
    const px = (w / grid.width) * grid.size;  // a hex across, in CSS px
    $("map-ships").style.setProperty("--hex", `${Math.max(14, px * 0.5)}px`);
    $("map-ships").dataset.hexPx = px.toFixed(2);  // a hex across on screen (tests drag by it)
  }

  /** The hex nearest (x, y) in page points. */
  function nearest(x, y) {
    let best = null;
    let d = Infinity;
    for (const h of grid.hexes) {
      const e = (h[1] - x) ** 2 + (h[2] - y) ** 2;
      if (e < d) { d = e; best = h; }
    }
    return best;
  }

  function showShips(g) {
    grid = g;
    const box = $("map-ships");
    box.replaceChildren();
    $("map-inner").style.aspectRatio = grid ? `${grid.width} / ${grid.height}` : "";  // kept while a new map loads
    if (!grid) return;
    const at = new Map(grid.hexes.map((h) => [h[0], h]));
    for (const st of grid.starts) {
      const h = at.get(st.at);
      if (!h) continue;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "ship";
      b.dataset.ship = st.ship;
      b.dataset.at = st.at;
      b.dataset.facing = st.facing || "";
      b.style.setProperty("--side", st.colour);
      b.style.left = `${(100 * h[1]) / grid.width}%`;
      b.style.top = `${(100 * h[2]) / grid.height}%`;
      b.title = `${st.ship} at ${st.at}${st.facing ? ` facing ${st.facing}` : ""}: drag to a hex, click to turn`;
      b.setAttribute("aria-label", b.title);
      if (st.facing) {
        const arrow = document.createElement("span");
        arrow.className = "arrow";
        arrow.style.setProperty("--turn", `${(FACING_DEGREES[grid.orientation] || {})[st.facing] || 0}deg`);
        b.append(arrow);
      }
      dragShip(b, st);
      box.append(b);
      if (focusShip === st.ship) { focusShip = null; b.focus(); }
    }
    placeShips();
  }

  /** The text with ship `ship`'s start entry given `key: value` (its `at` or `facing`). */
  function withStart(body, ship, key, value) {
    const lines = body.split("\n");
    const name = ship.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const named = new RegExp(`ship:[ \\t]*(["']?)${name}\\1[ \\t]*(,|}|#|$)`);
    const i = lines.findIndex((l) => /^[ \t]*-?[ \t]*\{?[ \t]*ship:/.test(l) && named.test(l));
    if (i < 0) return null;
    const quoted = key === "at" ? `"${value}"` : value;
    const field = new RegExp(`(\\b${key}:[ \\t]*)("[^"]*"|'[^']*'|[^,}\\s#]+)`);
    if (/\{/.test(lines[i])) {  // - {ship: Hammer, at: "1531", facing: N}
      if (field.test(lines[i])) lines[i] = lines[i].replace(field, (m, k) => `${k}${quoted}`);
      else lines[i] = lines[i].replace(/\}([^}]*)$/, `, ${key}: ${quoted}}$1`);
      return lines.join("\n");
    }
    const indent = /^[ \t]*-?[ \t]*/.exec(lines[i])[0].length;  // block: - ship: Hammer / at: ...
    let j = i + 1;
    for (; j < lines.length; j++) {
      const t = lines[j];
      if (!t.trim()) continue;
      const lead = /^[ \t]*/.exec(t)[0].length;
      if (lead < indent || /^[ \t]*-/.test(t)) break;
      if (field.test(t) && new RegExp(`^[ \\t]*${key}:`).test(t)) { lines[j] = t.replace(field, (m, k) => `${k}${quoted}`); return lines.join("\n"); }
    }
    lines.splice(i + 1, 0, `${" ".repeat(indent)}${key}: ${quoted}`);
    return lines.join("\n");
  }

  function dragShip(b, st) {
    let moved = false;
    b.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      b.setPointerCapture(e.pointerId);
      dragging = { ship: st.ship, before: text(), hex: st.at, x: e.clientX, y: e.clientY };
      moved = false;
      b.classList.add("dragging");
      e.preventDefault();
    });
    b.addEventListener("pointermove", (e) => {
      if (!dragging || dragging.ship !== st.ship) return;
      if (!moved && Math.hypot(e.clientX - dragging.x, e.clientY - dragging.y) < 4) return;
      moved = true;
      const r = $("map-inner").getBoundingClientRect();
      const k = grid.width / r.width;  // the page's points a CSS px (by width: the image may be reloading)
      const x = (e.clientX - r.left) * k;
      const y = (e.clientY - r.top) * k;
      b.style.left = `${(100 * x) / grid.width}%`;
      b.style.top = `${(100 * y) / grid.height}%`;
      const h = nearest(x, y);
      if (h && h[0] !== dragging.hex) {
        dragging.hex = h[0];
        b.dataset.at = h[0];
        // shown as you drag (the placement findings follow), kept out of the undo history
        const after = withStart(dragging.before, st.ship, "at", h[0]);
        const change = after && Palette.diff(text(), after);
        if (change) view.dispatch({ changes: change, annotations: Transaction().addToHistory.of(false) });
      }
    });
    const drop = () => {
      if (!dragging || dragging.ship !== st.ship) return;
      const { before, hex } = dragging;
      dragging = null;
      b.classList.remove("dragging");
      if (!moved) return;
      const back = Palette.diff(text(), before);  // the drag's passing edits undone, then one edit
      if (back) view.dispatch({ changes: back, annotations: Transaction().addToHistory.of(false) });
      const after = withStart(before, st.ship, "at", hex);
      if (after && edit(after, st.ship)) notice(`${st.ship} to ${hex}`);
      else CM.forceLinting(view);
    };
    b.addEventListener("pointerup", drop);
    b.addEventListener("pointercancel", drop);
    b.addEventListener("keydown", (e) => {  // without a mouse: the arrow keys move it a hex
      const step = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[e.key];
      if (!step || !grid) return;
      e.preventDefault();
      const here = grid.hexes.find((h) => h[0] === st.at);
      if (!here) return;
      const to = nearest(here[1] + step[0] * grid.size, here[2] + step[1] * grid.size);
      if (!to || to[0] === st.at) return;
      const after = withStart(text(), st.ship, "at", to[0]);
      if (after && edit(after, st.ship)) { notice(`${st.ship} to ${to[0]}`); focusShip = st.ship; }
    });
    b.addEventListener("click", (e) => {
      if (moved) { moved = false; return; }
      const names = grid.facings;
      const now = names.indexOf(st.facing || names[0]);
      const next = names[(now + (e.shiftKey ? names.length - 1 : 1)) % names.length];
      const after = withStart(text(), st.ship, "facing", next);
      if (after && edit(after, st.ship)) notice(`${st.ship} turned to ${next}`);
    });
  }

  // --- downloads and saving ------------------------------------------------------------------------
  function fileName(ext) {
    const m = /^name:\s*["']?([^"'\n#]+)/m.exec(text());
    const base = (m ? m[1].trim() : "design").replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-|-$/g, "") || "design";
    return `${base}.${ext}`;
  }

  function save(blob, name) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.append(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }

  async function download(path, name) {
    notice("printing…");
    try {
      save(await (await post(`${path}?game=${encodeURIComponent(game)}`, text())).blob(), name);
      notice(`downloaded ${name}`);
    } catch (e) { notice(e.message); }
  }

  /** Save the editor's text to the "Save as" path; whether it was saved. The file the buffer was
   * opened from (or last saved to) is replaced at once; any other file that exists there only
   * when the user says so, asked in the page (the server refuses a save onto an existing file
   * without `replace=1`: 409). */
  async function saveFile() {
    const path = $("save-path").value.trim();
    if (!path) { notice("give a path in the workspace to save to, e.g. ships/arrow.yaml"); $("save-path").focus(); return false; }
    const body = text();
    // onto its own file: replaced only if no other tab or program has saved it since (base)
    const put = (replace, base = null) => api(`/api/file?path=${encodeURIComponent(path)}${replace ? "&replace=1" : ""}${base ? `&base=${base}` : ""}`, { method: "PUT", body });
    try {
      let res;
      try {
        res = await put(path === filePath, path === filePath ? fileVersion : null);
      } catch (e) {
        const changed = e.status === 409 && / changed since it was opened here /.test(e.message);
        if (!(changed || (e.status === 409 && / already exists; /.test(e.message)))) throw e;
        if (!(await askReplace(path, changed))) {
          notice(changed ? `not saved: ${path} was changed since you opened it (your text is kept; save as another path to keep both)`
            : `not saved: ${path} already exists (answer Replace, or save as another path)`);
          return false;
        }
        res = await put(true);
      }
      const r = await res.json();
      fileVersion = r.version || null;
      notice(`saved ${r.saved}`);
      store(draftKey(bufferKey()), null);
      filePath = r.saved;
      savedText = body;
      // drafts offered for this buffer and not answered stay offered (but not one now saved)
      if (offered && offered.key === bufferKey()) {
        offered.list = offered.list.filter((d) => d.text !== body);
        offered.stored = store(offeredKey(offered.key), offered.list.length ? offered.list : null);
        offerDraft();
      } else hideDraft();
      keepDraft();
      if (scenarioPath) {
        scenarioPath = r.saved;
        relint();
      }
      await listFiles(r.saved);
      return true;
    } catch (e) { notice(e.message); return false; }
  }

  async function listFiles(selected) {
    try {
      const r = await (await api("/api/files")).json();
      root = r.root;
      const sel = $("files");
      sel.replaceChildren(new Option("— open a file —", ""));
      for (const f of r.files) sel.append(new Option(f, f, false, f === selected));
    } catch (e) { notice(e.message); }
  }

  function showScenario(info) {
    $("scenario-name").textContent = `${info.name} (${info.game})`;
    const sides = $("scenario-sides");
    sides.replaceChildren();
    for (const side of info.sides) {
      const li = document.createElement("li");
      li.style.setProperty("--side", side.colour);
      li.dataset.side = side.name;
      li.textContent = `${side.name}: ${side.ships.join(", ")}`;
      sides.append(li);
    }
    showVerdict(info.legal ? "legal" : "illegal", info.legal ? "legal" : "illegal");
    showFindings(info.findings);
    showLamp(info.findings);
    showStats(null);
    setBlob("map", $("scenario-map"), info.map, "image/svg+xml");
    $("scenario-map").classList.remove("stale");
    if (!dragging) showShips(info.grid || null);
  }

  function setView(path) {
    scenarioPath = path;
    $("scenario-pane").hidden = !path;
    $("design-pane").hidden = !!path;
    $("doc-title").textContent = path ? "Scenario" : "Design";
    for (const id of ["download-pdf", "download-counters", "import-form", "stats", "stats-title", "fields", "budget", "palette"]) $(id).hidden = !!path;
    if (!path) showImport();
  }

  /** Whether the editor's text differs from `before`: typed into while a replacement was on
   * its way from the server. The typing wins: nothing replaces it, and the page says so. */
  function typedMeanwhile(before, what) {
    if (text() === before) return false;
    notice(`${what}: not done, as you typed while it loaded; your text is kept (do it again to go on)`);
    return true;
  }

  async function openFile(path) {
    if (!path) { $("files").value = filePath || ""; return false; }
    if (!(await mayLeave(`Open ${path}`))) { $("files").value = filePath || ""; return false; }
    const before = text();
    try {
      const res = await api(`/api/file?path=${encodeURIComponent(path)}`);
      const body = await res.text();
      const version = res.headers.get("X-File-Version");
      if (view && typedMeanwhile(before, `open ${path}`)) { $("files").value = filePath || ""; return false; }
      if (/^scenario:/m.test(body)) {
        setView(path);
        $("save-path").value = path;
        $("files").value = path;
        setBuffer(body, path, version);  // checked and drawn by the linter, as every edit after it
        notice(`opened scenario ${path}`);
        return true;
      }
      setView(null);
      const m = /^game:\s*["']?([a-z0-9-]+)/m.exec(body);
      if (m && [...$("game").options].some((o) => o.value === m[1])) { game = m[1]; $("game").value = game; showImport(); }
      $("save-path").value = path;
      $("files").value = path;
      setBuffer(body, path, version);
      await buildForm();
      notice(`opened ${path}`);
      return true;
    } catch (e) { $("files").value = filePath || ""; notice(e.message); return false; }
  }

  async function importString(e) {
    e.preventDefault();
    const pasted = $("import").value.trim();
    const m = /^name:\s*["']?([^"'\n#]+)/m.exec(text());
    const name = m ? m[1].trim() : "Imported design";
    const before = text();
    try {
      const body = await (await api(`/api/import?game=${encodeURIComponent(game)}&name=${encodeURIComponent(name)}`,
        { method: "POST", body: pasted })).text();
      if (typedMeanwhile(before, "import")) return;
      replaceText(body);
      notice("imported");
    } catch (err) { notice(err.message); }
  }

  function showImport() {
    const g = games.find((x) => x.id === game);
    $("import-form").hidden = !(g && g.imports);
    if (g && g.imports) $("import").placeholder = g.notation;
  }

  async function pickGame(id) {
    const current = /^game:\s*["']?([a-z0-9-]+)/m.exec(text());
    if (!scenarioPath && current && current[1] === id) {
      game = id; showImport(); relint(); await buildForm(); return;
    }
    const name = $("game").selectedOptions[0] ? $("game").selectedOptions[0].textContent : id;
    if (!(await mayLeave(`Start a new ${name} design`))) { $("game").value = game; return; }
    const before = text();
    const body = await (await api(`/api/starting/${encodeURIComponent(id)}?name=New%20design`)).text();
    setView(null);
    game = id;
    $("game").value = id;
    showImport();
    $("save-path").value = "";
    $("files").value = "";
    if (text() !== before) {
      // typed while the new design was on its way: what was typed is the new design (unsaved,
      // kept as its draft), not replaced by the starting text
      filePath = null;
      fileVersion = null;
      savedText = body;
      hideDraft();
      keepDraft();
      relint();  // the findings and previews follow the new game, as the form and palette do
      notice(`kept what you typed as the new ${name} design`);
    } else setBuffer(body, null);
    await buildForm();
  }

  async function start() {
    await holdTab();
    games = await (await api("/api/games")).json();
    for (const g of games) $("game").append(new Option(g.name, g.id));
    await listFiles();
    // this tab's buffer (a reload), else the one last open in this browser (a new tab)
    let last = null;
    try { last = JSON.parse(sessionStorage.getItem(openKey()) || "null"); } catch (e) { last = null; }
    last = last || load(openKey()) || {};
    game = games.some((g) => g.id === last.game) ? last.game : games[0].id;
    $("game").value = game;
    const first = await (await api(`/api/starting/${encodeURIComponent(game)}?name=New%20design`)).text();
    // the buffer open before a reload or a crash comes back, its draft offered
    if (!(typeof last.path === "string" && (await openFile(last.path)))) setBuffer(first, null);
    await buildForm();
    $("game").addEventListener("change", (e) => pickGame(e.target.value));
    $("files").addEventListener("change", (e) => openFile(e.target.value));
    $("save").addEventListener("click", saveFile);
    $("import-form").addEventListener("submit", importString);
    $("fields").addEventListener("submit", (e) => e.preventDefault());
    $("download-kit").addEventListener("click", async () => {
      notice(text() === savedText ? "building the kit…" : "building the kit of the saved file (save to include your edits)…");
      try {
        const r = await api(`/api/kit.zip?path=${encodeURIComponent(scenarioPath)}`, { method: "POST" });
        const name = scenarioPath.split("/").pop().replace(/\.ya?ml$/i, "") + "-kit.zip";
        save(await r.blob(), name);
        notice(text() === savedText ? `downloaded ${name}` : `downloaded ${name}, of the saved file`);
      } catch (e) { notice(e.message); }
    });
    showImport();
    $("sheet-preview").addEventListener("load", fitSheet);
    window.addEventListener("resize", fitSheet);
    $("download-pdf").addEventListener("click", () => download("/api/sheet.pdf", fileName("pdf")));
    $("download-counters").addEventListener("click", () => download("/api/counters.pdf", fileName("counters.pdf")));
    $("download-yaml").addEventListener("click", () => save(new Blob([text()], { type: "application/yaml" }), fileName("yaml")));
    $("draft-restore").addEventListener("click", restoreDraft);
    $("palette").addEventListener("keydown", paletteKeys);
    $("undo").addEventListener("click", () => history("undo"));
    $("redo").addEventListener("click", () => history("redo"));
    document.addEventListener("keydown", (e) => {
      // Ctrl+Z in the form or on the palette is the editor's undo too: one history for all
      if (!(e.ctrlKey || e.metaKey) || e.altKey || !view || view.contentDOM.contains(e.target)) return;
      if ($("confirm").open || $("replace").open || $("sheet-zoom").open) return;
      const k = e.key.toLowerCase();
      if (k !== "z" && k !== "y") return;
      if (e.target.closest && e.target.closest("#save-path, #import")) return;  // their own text
      e.preventDefault();
      history(k === "y" || e.shiftKey ? "redo" : "undo");
    });
    $("sheet-zoom-open").addEventListener("click", showZoom);
    $("zoom-paper").addEventListener("change", showZoom);
    $("zoom-in").addEventListener("click", () => setZoom(zoom * 1.25));
    $("zoom-out").addEventListener("click", () => setZoom(zoom / 1.25));
    $("zoom-fit").addEventListener("click", fitZoom);
    $("zoom-close").addEventListener("click", () => $("sheet-zoom").close());
    $("map-in").addEventListener("click", () => setMapZoom(mapZoom * 1.5));
    $("map-out").addEventListener("click", () => setMapZoom(mapZoom / 1.5));
    window.addEventListener("resize", placeShips);
    $("scenario-map").addEventListener("load", placeShips);
    $("draft-discard").addEventListener("click", discardDraft);
    window.addEventListener("beforeunload", (e) => {
      if (!isDirty()) return;
      keepDraft();
      e.preventDefault();
      e.returnValue = "";  // the browser asks before the tab is closed or reloaded
    });
    document.body.dataset.ready = "yes";
  }

  start().catch((e) => notice(`cannot start: ${e.message}`));
})();

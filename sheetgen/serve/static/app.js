// sheetgen serve: the designer page. Talks only to this server's /api (docs/serve.md).
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const CM = window.SheetgenEditor;
  let view = null;
  let game = "";
  let seq = 0;          // the latest check; older answers are dropped
  let lastGood = null;
  let scenarioPath = null; // the workspace scenario shown, or null in the design view  // the text of the last design that read (for previews and downloads)
  const blobs = {};

  function notice(text) { $("notice").textContent = text; }

  async function api(path, options = {}) {
    const res = await fetch(path, options);
    if (!res.ok) {
      let body = {};
      try { body = await res.json(); } catch (e) { body = { error: `${res.status} ${res.statusText}` }; }
      const err = new Error(body.error || `${res.status}`);
      err.body = body; err.status = res.status;
      throw err;
    }
    return res;
  }

  const post = (path, text) => api(path, { method: "POST", body: text, headers: { "Content-Type": "application/yaml" } });

  function text() { return view ? view.state.doc.toString() : ""; }

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
      at.textContent = `line ${f.line}`;
      at.addEventListener("click", () => goTo(f.line, f.col));
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

  function value(v) {
    if (v === null || v === undefined) return "—";
    if (Array.isArray(v)) return v.map((x) => (typeof x === "object" && x !== null ? x.name || x.code || JSON.stringify(x) : String(x))).join(", ");
    if (typeof v === "object") return Object.entries(v).map(([k, x]) => `${k}: ${x}`).join(", ");
    if (typeof v === "boolean") return v ? "yes" : "no";
    return String(v);
  }

  function showStats(stats) {
    const dl = $("stats");
    dl.replaceChildren();
    for (const [k, v] of Object.entries(stats || {})) {
      const dt = document.createElement("dt"); dt.textContent = k.replace(/_/g, " ");
      const dd = document.createElement("dd"); dd.textContent = value(v);
      dl.append(dt, dd);
    }
  }

  // --- the check: CodeMirror's lint source (debounced by the linter) -----------------------------
  async function lint(v) {
    if (scenarioPath) return [];
    const mine = ++seq;
    const body = v.state.doc.toString();
    let out;
    let ok = true;
    try {
      out = await (await post(`/api/check?game=${encodeURIComponent(game)}`, body)).json();
    } catch (e) {
      if (e.status === undefined) { notice("the server does not answer"); return []; }
      out = { legal: false, findings: e.body.findings || [], stats: null, error: e.message };
      ok = false;
    }
    if (mine !== seq) return [];
    if (ok) {
      showVerdict(out.legal ? "legal" : "illegal", out.legal ? "legal" : "illegal");
      showFindings(out.findings);
      showStats(out.stats);
      fillFields(out.stats);
      lastGood = body;
      previews(body, mine);
      notice("");
    } else {
      showVerdict("unreadable", "cannot be read");
      if (out.findings.length) showFindings(out.findings);
      else { $("findings").replaceChildren(Object.assign(document.createElement("li"), { className: "error", textContent: out.error })); }
    }
    const doc = v.state.doc;
    return out.findings.filter((f) => f.line >= 1 && f.line <= doc.lines).map((f) => {
      const line = doc.line(f.line);
      const from = Math.min(line.from + Math.max(0, f.col - 1), line.to);
      return { from, to: line.to > from ? line.to : from, severity: f.severity === "note" ? "info" : f.severity,
        message: `[${f.rule}] ${f.message}`, source: f.rule };
    });
  }

  function setBlob(key, img, data, type) {
    if (blobs[key]) URL.revokeObjectURL(blobs[key]);
    blobs[key] = URL.createObjectURL(new Blob([data], { type }));
    img.src = blobs[key];
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
      $("sheet-preview").srcdoc = html;
      setBlob("front", $("counter-front"), front, "image/svg+xml");
      setBlob("back", $("counter-back"), back, "image/svg+xml");
    } catch (e) { notice(e.message); }
  }

  // --- the form: common fields written into the YAML text -------------------------------------------
  const PLAIN = /^[A-Za-z][A-Za-z0-9 ._()'-]*$/;
  const SPECIAL = /^(y|n|yes|no|on|off|true|false|null|~)$/i;

  function scalar(v) {
    return PLAIN.test(v) && !SPECIAL.test(v) && v === v.trim() && !/ #|: /.test(v) ? v : JSON.stringify(v);
  }

  /** Set the top-level `key:` of the YAML text to `value` (commented out when empty), keeping a trailing comment. */
  function setField(key, value) {
    const doc = view.state.doc;
    const found = new RegExp(`^(#\\s*)?${key}:[^\\n]*$`, "m").exec(doc.toString());
    const line = value.trim() ? `${key}: ${scalar(value.trim())}` : `# ${key}:`;
    if (found) {
      const comment = found[1] ? "" : (/\s+#.*$/.exec(found[0].replace(/"(?:[^"\\]|\\.)*"|'[^']*'/g, "")) || [""])[0];
      view.dispatch({ changes: { from: found.index, to: found.index + found[0].length, insert: line + comment } });
      return;
    }
    const name = /^name:[^\n]*$/m.exec(doc.toString());
    const at = name ? name.index + name[0].length : doc.length;
    view.dispatch({ changes: { from: at, insert: (name ? "\n" : "") + line + (name ? "" : "\n") } });
  }

  function fillFields(stats) {
    for (const input of document.querySelectorAll("#fields input")) {
      if (document.activeElement === input) continue;
      const v = stats ? stats[input.dataset.key] : "";
      input.value = v === null || v === undefined ? "" : String(v);
    }
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

  async function saveFile() {
    const path = $("save-path").value.trim();
    if (!path) { notice("give a path in the workspace to save to, e.g. ships/arrow.yaml"); $("save-path").focus(); return; }
    try {
      const r = await (await api(`/api/file?path=${encodeURIComponent(path)}`, { method: "PUT", body: text() })).json();
      notice(`saved ${r.saved}`);
      if (scenarioPath) await showScenario(r.saved);
      await listFiles(r.saved);
    } catch (e) { notice(e.message); }
  }

  async function listFiles(selected) {
    try {
      const r = await (await api("/api/files")).json();
      const sel = $("files");
      sel.replaceChildren(new Option("— open a file —", ""));
      for (const f of r.files) sel.append(new Option(f, f, false, f === selected));
    } catch (e) { notice(e.message); }
  }

  async function showScenario(path) {
    const info = await (await api(`/api/scenario?path=${encodeURIComponent(path)}`)).json();
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
    showStats(null);
    const svg = await (await api(`/api/scenario/map.svg?path=${encodeURIComponent(path)}&page=1`)).text();
    setBlob("map", $("scenario-map"), svg, "image/svg+xml");
  }

  function setView(path) {
    scenarioPath = path;
    $("scenario-pane").hidden = !path;
    $("design-pane").hidden = !!path;
    for (const id of ["download-pdf", "download-counters", "import-form", "stats", "stats-title", "fields"]) $(id).hidden = !!path;
    if (!path) showImport();
  }

  async function openFile(path) {
    if (!path) return;
    try {
      const body = await (await api(`/api/file?path=${encodeURIComponent(path)}`)).text();
      if (/^scenario:/m.test(body)) {
        setView(path);
        $("save-path").value = path;
        CM.setText(view, body);
        await showScenario(path);
        notice(`opened scenario ${path}`);
        return;
      }
      setView(null);
      const m = /^game:\s*["']?([a-z0-9-]+)/m.exec(body);
      if (m && [...$("game").options].some((o) => o.value === m[1])) { game = m[1]; $("game").value = game; showImport(); }
      $("save-path").value = path;
      CM.setText(view, body);
      notice(`opened ${path}`);
    } catch (e) { notice(e.message); }
  }

  async function importString(e) {
    e.preventDefault();
    const pasted = $("import").value.trim();
    const m = /^name:\s*["']?([^"'\n#]+)/m.exec(text());
    const name = m ? m[1].trim() : "Imported design";
    try {
      const body = await (await api(`/api/import?game=${encodeURIComponent(game)}&name=${encodeURIComponent(name)}`,
        { method: "POST", body: pasted })).text();
      CM.setText(view, body);
      notice("imported");
    } catch (err) { notice(err.message); }
  }

  function showImport() { $("import-form").hidden = game !== "starfire"; }

  async function pickGame(id) {
    setView(null);
    game = id;
    showImport();
    const current = /^game:\s*["']?([a-z0-9-]+)/m.exec(text());
    if (current && current[1] === id) { CM.forceLinting(view); return; }
    const body = await (await api(`/api/starting/${encodeURIComponent(id)}?name=New%20design`)).text();
    CM.setText(view, body);
  }

  async function start() {
    const games = await (await api("/api/games")).json();
    for (const g of games) $("game").append(new Option(g.name, g.id));
    game = games[0].id;
    const first = await (await api(`/api/starting/${encodeURIComponent(game)}?name=New%20design`)).text();
    view = CM.createEditor($("editor"), first, () => {}, lint);
    CM.forceLinting(view);
    $("game").addEventListener("change", (e) => pickGame(e.target.value));
    $("files").addEventListener("change", (e) => openFile(e.target.value));
    $("save").addEventListener("click", saveFile);
    $("import-form").addEventListener("submit", importString);
    $("fields").addEventListener("submit", (e) => e.preventDefault());
    for (const input of document.querySelectorAll("#fields input")) {
      input.addEventListener("input", () => setField(input.dataset.key, input.value));
    }
    $("download-kit").addEventListener("click", async () => {
      notice("building the kit…");
      try {
        const r = await api(`/api/kit.zip?path=${encodeURIComponent(scenarioPath)}`, { method: "POST" });
        const name = scenarioPath.split("/").pop().replace(/\.ya?ml$/i, "") + "-kit.zip";
        save(await r.blob(), name);
        notice(`downloaded ${name}`);
      } catch (e) { notice(e.message); }
    });
    showImport();
    $("download-pdf").addEventListener("click", () => download("/api/sheet.pdf", fileName("pdf")));
    $("download-counters").addEventListener("click", () => download("/api/counters.pdf", fileName("counters.pdf")));
    $("download-yaml").addEventListener("click", () => save(new Blob([text()], { type: "application/yaml" }), fileName("yaml")));
    listFiles();
    document.body.dataset.ready = "yes";
  }

  start().catch((e) => notice(`cannot start: ${e.message}`));
})();

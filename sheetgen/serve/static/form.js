// sheetgen serve: the design form (docs/serve.md). The editor's YAML text stays the source of
// truth: the form reads each top-level scalar key from its line and writes a change back to that
// line only, keeping the comments and the rest of the text as they are. The inputs are built
// from the game's JSON Schema (`sheetgen schema GAME`) for the keys the game lists (its "fields" in /api/games).
"use strict";
window.SheetgenForm = (() => {
  const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const SPECIAL = /^(y|n|yes|no|on|off|true|false|null|~)$/i;
  const PLAIN = /^[A-Za-z(][A-Za-z0-9 ._()'+×*/-]*$/;

  /** What follows `key:` on a line: {scalar, value, valueStart, valueEnd, comment, commentAt}
   * (positions in `rest`); scalar is false for flow collections, block scalars, anchors, tags. */
  function parseValue(rest) {
    const lead = /^[ \t]*/.exec(rest)[0].length;
    const s = rest.slice(lead);
    let end;
    let value;
    if (s.startsWith('"')) {
      let i = 1;
      while (i < s.length && s[i] !== '"') i += s[i] === "\\" ? 2 : 1;
      if (i >= s.length) return { scalar: false };
      end = i + 1;
      try { value = JSON.parse(s.slice(0, end)); } catch (e) { return { scalar: false }; }
    } else if (s.startsWith("'")) {
      let i = 1;
      for (;;) {
        const j = s.indexOf("'", i);
        if (j < 0) return { scalar: false };
        if (s[j + 1] === "'") { i = j + 2; continue; }
        end = j + 1;
        break;
      }
      value = s.slice(1, end - 1).replace(/''/g, "'");
    } else if (/^[[{|>&*!%@`]/.test(s)) {
      return { scalar: false };
    } else {
      const m = /(^|[ \t])#/.exec(s);
      value = s.slice(0, m ? m.index : s.length).trimEnd();
      end = value.length;
    }
    const tail = /^([ \t]*)(#.*)?$/.exec(s.slice(end));
    if (!tail) return { scalar: false };
    return {
      scalar: true, value, valueStart: lead, valueEnd: lead + end,
      comment: tail[2] || "", commentAt: tail[2] ? lead + end + tail[1].length : -1,
    };
  }

  /** The lines of `text` with their offsets, up to the end of the first YAML document. */
  function lines(text) {
    const out = [];
    let from = 0;
    let content = false;
    for (const line of text.split("\n")) {
      if (content && /^(---|\.\.\.)([ \t]|$)/.test(line)) break;
      if (/^[^\s#-]/.test(line)) content = true;
      out.push({ text: line.replace(/\r$/, ""), from });
      from += line.length + 1;
    }
    return out;
  }

  /** Whether the line after `i` continues its value (an indented line or a block list item). */
  function continued(ls, i) {
    for (let j = i + 1; j < ls.length; j++) {
      const t = ls[j].text;
      if (!t.trim() || /^[ \t]*#/.test(t)) continue;
      return /^[ \t]/.test(t) || /^-([ \t]|$)/.test(t);
    }
    return false;
  }

  /** Where `key` stands in `text`: {state: "absent" | "commented" | "set" | "complex", value,
   * line} — "set" a scalar on its own line (value "" when written empty), "commented" a
   * commented-out `# key: value` line (when the key is not set), "complex" any other value. */
  function find(text, key) {
    const ls = lines(text);
    const head = new RegExp(`^${esc(key)}:(?=[ \\t]|$)`);
    const commented = new RegExp(`^#[ \\t]*${esc(key)}:(?=[ \\t]|$)`);
    let off = null;
    for (let i = 0; i < ls.length; i++) {
      const t = ls[i].text;
      if (head.test(t)) {
        const p = parseValue(t.slice(key.length + 1));
        if (!p.scalar || continued(ls, i)) return { state: "complex", value: "", line: ls[i], index: i, lines: ls };
        return { state: "set", value: p.value, parsed: p, prefix: 0, line: ls[i], index: i, lines: ls };
      }
      if (off === null && commented.test(t)) {
        const prefix = /^#[ \t]*/.exec(t)[0].length;
        const p = parseValue(t.slice(prefix + key.length + 1));
        if (p.scalar) off = { state: "commented", value: p.value, parsed: p, prefix, line: ls[i], index: i, lines: ls };
      }
    }
    return off || { state: "absent", value: "", lines: ls };
  }

  /** Whether `text` is one design written as a block mapping (the form edits only that). */
  function editable(text) {
    const ls = lines(text);
    const first = ls.find((l) => /^[^\s#]/.test(l.text) && !/^---/.test(l.text));
    if (!first || /^[-[{]/.test(first.text)) return false;
    return ls.some((l) => /^game:[ \t]/.test(l.text)) && !ls.some((l) => /^designs:([ \t]|$)/.test(l.text));
  }

  /** `value` (the input's text) as a YAML scalar of `kind` (integer, boolean, string). */
  function scalar(value, kind) {
    const v = value.trim();
    if (kind === "integer" && /^[-+]?\d+(\.\d*)?$/.test(v)) return v;
    if (kind === "boolean" && /^(true|false)$/.test(v)) return v;
    return PLAIN.test(v) && !SPECIAL.test(v) && !/ #|: /.test(v) ? v : JSON.stringify(v);
  }

  /** The change ({from, to, insert}) that sets top-level `key` of `text` to the YAML scalar
   * `yaml` (null: comment the line out), or null when nothing is to change. A new key goes
   * after the nearest key before it in `order` that is set (else after `game:`). */
  function change(text, key, yaml, order = []) {
    const at = find(text, key);
    if (at.state === "complex") return null;
    if (at.state === "absent") {
      if (yaml === null) return null;
      const ls = at.lines;
      const before = order.slice(0, Math.max(0, order.indexOf(key))).reverse().concat(["name", "game"]);
      for (const other of before) {
        const o = find(text, other);
        if (o.state !== "set") continue;
        let i = o.index;
        while (i + 1 < ls.length && /^[ \t]+\S/.test(ls[i + 1].text)) i++;
        const end = ls[i].from + ls[i].text.length;
        return { from: end, to: end, insert: `\n${key}: ${yaml}` };
      }
      const sep = text === "" || text.endsWith("\n") ? "" : "\n";
      return { from: text.length, to: text.length, insert: `${sep}${key}: ${yaml}\n` };
    }
    const { line, parsed, prefix } = at;
    if (yaml === null) {  // commented out, its own comment kept at its column when there is room
      if (at.state !== "set") return null;
      let out = `# ${line.text}`;
      if (parsed.comment && parsed.commentAt - parsed.valueEnd >= 4) {
        const cut = key.length + 1 + parsed.valueEnd;
        out = `# ${line.text.slice(0, cut)}${line.text.slice(cut + 2)}`;
      }
      return { from: line.from, to: line.from + line.text.length, insert: out };
    }
    let out = `${key}: ${yaml}`;
    if (parsed.comment) {  // kept, at its column when the new value leaves room
      const col = prefix + key.length + 1 + parsed.commentAt;
      const gap = parsed.commentAt - parsed.valueEnd;
      out += " ".repeat(Math.max(gap > 1 ? 2 : 1, col - out.length)) + parsed.comment;
    }
    if (out === line.text) return null;
    return { from: line.from, to: line.from + line.text.length, insert: out };
  }

  /** `change` applied to `text`: the new text. */
  function apply(text, key, yaml, order = []) {
    const c = change(text, key, yaml, order);
    return c ? text.slice(0, c.from) + c.insert + text.slice(c.to) : text;
  }

  // --- the inputs, from the JSON Schema ---------------------------------------------------------
  function kindOf(prop) {
    const types = [].concat(prop.type || []);
    if (prop.enum) return "enum";
    // a choice the reader forgives in any letter case (choice_schema: a pattern over its examples)
    if (prop.pattern && prop.patternErrorMessage && Array.isArray(prop.examples)) return "enum";
    if (types.length === 1 && types[0] === "integer") return "integer";
    if (types.length === 1 && types[0] === "boolean") return "boolean";
    return "string";
  }

  /** A labelled input for `field` ({key, label, span}) of the design schema `design`. */
  function input(field, design) {
    const prop = (design.properties || {})[field.key] || {};
    const required = (design.required || []).includes(field.key);
    const kind = kindOf(prop);
    const label = document.createElement("label");
    if (field.span) label.style.gridColumn = `span ${field.span}`;
    label.append(field.label + " ");
    let el;
    if (kind === "enum" || kind === "boolean") {
      el = document.createElement("select");
      if (!required) {
        const d = prop.default !== undefined ? `default: ${prop.default === true ? "yes" : prop.default === false ? "no" : prop.default}` : "not set";
        el.append(new Option(`— ${d} —`, ""));
      }
      const values = kind === "enum" ? prop.enum || prop.examples : [true, false];
      for (const v of values) el.append(new Option(kind === "boolean" ? (v ? "yes" : "no") : String(v), String(v)));
    } else {
      el = document.createElement("input");
      if (kind === "integer") {
        el.type = "number";
        el.step = "1";
        el.inputMode = "numeric";
        if (prop.minimum !== undefined) el.min = String(prop.minimum);
        if (prop.maximum !== undefined) el.max = String(prop.maximum);
        if (prop.default !== undefined) el.placeholder = `${prop.default}`;
        else if (!required) el.placeholder = "optional";
      } else {
        el.type = "text";
        el.spellcheck = false;
        if (!required) el.placeholder = "optional";
        if (prop.examples) {
          const list = document.createElement("datalist");
          list.id = `field-${field.key}-examples`;
          for (const v of prop.examples) list.append(new Option(String(v)));
          label.append(list);
          el.setAttribute("list", list.id);
        }
      }
    }
    el.id = `field-${field.key}`;
    el.dataset.testid = `field-${field.key}`;
    el.dataset.key = field.key;
    el.dataset.kind = kind === "enum" ? "string" : kind;
    if (prop.description) el.title = prop.description;
    if (required) el.required = true;
    label.append(el);
    return label;
  }

  /** Show `text`'s values in the inputs (all but `skip`, the one being typed in). */
  function fill(inputs, text, skip) {
    const ok = editable(text);
    for (const el of inputs) {
      if (el === skip) continue;
      const at = ok ? find(text, el.dataset.key) : { state: "complex", value: "" };
      const off = at.state === "complex";
      el.disabled = off;
      const value = at.state === "set" ? at.value : "";
      if (el.tagName === "SELECT") {
        for (const o of [...el.options]) if (o.dataset.extra) o.remove();
        // the reader forgives letter case and spaces around a choice (hull: ct is CT)
        const same = [...el.options].find((o) => o.value === value)
          || [...el.options].find((o) => o.value !== "" && o.value.toLowerCase() === value.trim().toLowerCase());
        if (!same) {
          const o = new Option(value === "" ? "—" : `${value} (not one of these)`, value);
          o.dataset.extra = "yes";
          el.append(o);
        }
        el.value = same ? same.value : value;
      } else if (el.type === "number") {
        const number = /^[-+]?\d+(\.\d*)?$/.test(value.trim());
        el.value = number ? value.trim() : "";
        if (el.dataset.hint === undefined) el.dataset.hint = el.placeholder;
        el.placeholder = off ? "in the YAML" : number || value === "" ? el.dataset.hint : value;
      } else {
        el.value = value;
        if (el.dataset.hint === undefined) el.dataset.hint = el.placeholder;
        el.placeholder = off ? "in the YAML" : el.dataset.hint;
      }
    }
    return ok;
  }

  return { find, editable, scalar, change, apply, input, fill, parseValue };
})();

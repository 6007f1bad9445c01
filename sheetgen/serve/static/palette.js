// sheetgen serve: the palette (docs/serve.md). Each game's package says what it offers and how
// a click edits the YAML (GET /api/palette/GAME: edit append, list, count, flag or set under a
// top-level key); this file only turns that into the new text. The page makes the difference
// one editor transaction, so Ctrl+Z takes a click back like any edit.
"use strict";
window.SheetgenPalette = (() => {
  const Form = window.SheetgenForm;
  const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

  /** The top-level line of `key` in `text` (not commented out): {index, lines, rest} or null. */
  function keyLine(text, key) {
    const lines = text.split("\n");
    const head = new RegExp(`^${esc(key)}:(?=[ \\t]|$)`);
    const index = lines.findIndex((l) => head.test(l));
    if (index < 0) return null;
    return { index, lines, rest: lines[index].slice(key.length + 1) };
  }

  /** The last line of the block under line `index` (indented lines and `- ` items). */
  function blockEnd(lines, index) {
    let last = index;
    for (let j = index + 1; j < lines.length; j++) {
      const t = lines[j];
      if (!t.trim() || /^[ \t]*#/.test(t)) continue;
      if (/^[ \t]/.test(t) || /^-([ \t]|$)/.test(t)) last = j;
      else break;
    }
    return last;
  }

  /** `rest` (after `key:`) split into the flow collection's inside and what is around it:
   * {open, inner, close} for `[...]` or `{...}` on the one line, else null. */
  function flow(rest, open, close) {
    const m = new RegExp(`^([ \\t]*\\${open})(.*)(\\${close}[ \\t]*(#.*)?)$`).exec(rest);
    return m ? { open: m[1], inner: m[2], close: m[3] } : null;
  }

  function withLine(text, found, line) {
    const lines = found.lines.slice();
    lines[found.index] = line;
    return lines.join("\n");
  }

  function addKey(text, yaml) {
    const sep = text === "" || text.endsWith("\n") ? "" : "\n";
    return `${text}${sep}${yaml}\n`;
  }

  /** `value` added to the scalar string under `key`, at `cursor` (an offset in `text`) when
   * it stands inside that string, else at its end. */
  function append(text, key, value, cursor, order) {
    const at = Form.find(text, key);
    if (at.state === "set" && at.parsed && at.line) {
      const from = at.line.from + key.length + 1 + at.parsed.valueStart;
      const to = at.line.from + key.length + 1 + at.parsed.valueEnd;
      const plain = !/^["']/.test(text.slice(from, to));
      if (plain && cursor !== null && cursor >= from && cursor <= to) return text.slice(0, cursor) + value + text.slice(cursor);
      return Form.apply(text, key, Form.scalar(at.value + value, "string"), order);
    }
    if (at.state === "complex") return null;
    return Form.apply(text, key, Form.scalar(value, "string"), order);
  }

  /** One item added at the end of the list under `key` (block or flow), or a new flow list. */
  function list(text, key, value) {
    const found = keyLine(text, key);
    if (!found) return addKey(text, `${key}: [${value}]`);
    const f = flow(found.rest, "[", "]");
    if (f) {
      const inner = f.inner.trim() ? `${f.inner.replace(/[ \t]+$/, "")}, ${value}` : value;
      return withLine(text, found, `${key}:${f.open}${inner}${f.close}`);
    }
    const p = Form.parseValue(found.rest);
    if (p.scalar && p.value !== "") {  // one comma-separated line (Space Cruisers)
      return Form.apply(text, key, Form.scalar(`${p.value}, ${value}`, "string"));
    }
    if (!/^[ \t]*(#.*)?$/.test(found.rest)) return null;
    const last = blockEnd(found.lines, found.index);
    const first = found.lines.slice(found.index + 1, last + 1).find((l) => /^[ \t]*- /.test(l));
    const indent = first ? /^[ \t]*/.exec(first)[0] : "  ";
    const lines = found.lines.slice();
    lines.splice(last + 1, 0, `${indent}- ${value}`);
    return lines.join("\n");
  }

  /** `sub` of the mapping under `key` counted up by one (`count`) or set true (`flag`). */
  function entry(text, key, sub, kind) {
    const next = (old) => (kind === "flag" ? "true" : String((parseInt(old, 10) || 0) + 1));
    const fresh = kind === "flag" ? "true" : "1";
    const found = keyLine(text, key);
    if (!found) return addKey(text, `${key}: {${sub}: ${fresh}}`);
    const f = flow(found.rest, "{", "}");
    const item = new RegExp(`(^|,)([ \\t]*${esc(sub)}:[ \\t]*)([^,]*?)([ \\t]*)(?=,|$)`);
    if (f) {
      let inner;
      if (item.test(f.inner)) inner = f.inner.replace(item, (all, a, b, old, c) => `${a}${b}${next(old)}${c}`);
      else inner = f.inner.trim() ? `${f.inner.replace(/[ \t]+$/, "")}, ${sub}: ${fresh}` : `${sub}: ${fresh}`;
      return withLine(text, found, `${key}:${f.open}${inner}${f.close}`);
    }
    if (!/^[ \t]*(#.*)?$/.test(found.rest)) return null;
    const last = blockEnd(found.lines, found.index);
    const child = new RegExp(`^([ \\t]+${esc(sub)}:[ \\t]*)([^ \\t#]*)(.*)$`);
    const lines = found.lines.slice();
    for (let j = found.index + 1; j <= last; j++) {
      const m = child.exec(lines[j]);
      if (m) { lines[j] = `${m[1]}${next(m[2])}${m[3]}`; return lines.join("\n"); }
    }
    const first = lines.slice(found.index + 1, last + 1).find((l) => /^[ \t]+\S/.test(l));
    const indent = first ? /^[ \t]*/.exec(first)[0] : "  ";
    lines.splice(last + 1, 0, `${indent}${sub}: ${fresh}`);
    return lines.join("\n");
  }

  /** A crew member `{name: Station}` added under mapping `key` for `station` (a flow or
   * block mapping, or a new one); `gunners` is a list and gets one item more. Null when the
   * station is taken (one a station) or the text is not written so that a click can add. */
  function member(text, key, station) {
    const gunners = station === "gunners";
    const name = gunners ? "Gunner" : station.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
    const one = `{name: ${name}}`;
    const fresh = gunners ? `gunners: [${one}]` : `${station}: ${one}`;
    const found = keyLine(text, key);
    if (!found) return addKey(text, `${key}: {${fresh}}`);
    const comment = /([ \t]+#.*)?$/.exec(found.rest)[0];
    const f = flow(found.rest.slice(0, found.rest.length - comment.length), "{", "}");
    if (f) {
      const items = splitFlow(f.inner);
      const at = items.findIndex((t) => t.startsWith(`${station}:`));
      if (at < 0) items.push(fresh);
      else if (!gunners) return null;
      else {
        const list = flow(items[at].slice(station.length + 1), "[", "]");
        if (!list) return null;
        items[at] = `${station}:${list.open}${list.inner.trim() ? `${list.inner.replace(/[ \t]+$/, "")}, ` : ""}${one}${list.close}`;
      }
      return withLine(text, found, `${key}:${f.open}${items.join(", ")}${f.close}${comment}`);
    }
    if (!/^[ \t]*(#.*)?$/.test(found.rest)) return null;
    const last = blockEnd(found.lines, found.index);
    const lines = found.lines.slice();
    const kids = [];
    for (let j = found.index + 1; j <= last; j++) if (lines[j].trim() && !/^[ \t]*#/.test(lines[j])) kids.push(j);
    const indent = kids.length ? /^[ \t]*/.exec(lines[kids[0]])[0] : "  ";
    const head = new RegExp(`^${indent}${esc(station)}:(?=[ \t]|$)`);
    const at = kids.find((j) => head.test(lines[j]));
    if (at === undefined) { lines.splice(last + 1, 0, `${indent}${fresh}`); return lines.join("\n"); }
    if (!gunners) return null;
    const rest = lines[at].slice(indent.length + station.length + 1);
    const list = flow(rest, "[", "]");
    if (list) {
      lines[at] = `${indent}${station}:${list.open}${list.inner.trim() ? `${list.inner.replace(/[ \t]+$/, "")}, ` : ""}${one}${list.close}`;
      return lines.join("\n");
    }
    if (!/^[ \t]*(#.*)?$/.test(rest)) return null;
    const items = kids.filter((j) => j > at && /^[ \t]*/.exec(lines[j])[0].length > indent.length);
    let end = at;
    for (const j of kids) { if (j <= at) continue; if (items.includes(j)) end = j; else break; }
    const item = items.find((j) => /^[ \t]*- /.test(lines[j]));
    const itemIndent = item !== undefined ? /^[ \t]*/.exec(lines[item])[0] : `${indent}  `;
    lines.splice(end + 1, 0, `${itemIndent}- ${one}`);
    return lines.join("\n");
  }

  /** The text after a click on palette `item` (null: the text is not written so that the
   * click can edit it). `cursor` is the editor's cursor, `order` the form's key order. */
  function apply(text, item, cursor = null, order = []) {
    switch (item.edit) {
      case "append": return append(text, item.key, item.value, cursor, order);
      case "list": return list(text, item.key, item.value);
      case "count": case "flag": return entry(text, item.key, item.value, item.edit);
      case "member": return member(text, item.key, item.value);
      case "set": {
        let out = Form.apply(text, item.key, Form.scalar(item.value, "string"), order);
        for (const [k, v] of Object.entries(item.also || {})) out = Form.apply(out, k, Form.scalar(v, /^\d+$/.test(v) ? "integer" : "string"), order);
        return out;
      }
      default: return null;
    }
  }

  /** The one change ({from, to, insert}) that turns `before` into `after`, or null. */
  function diff(before, after) {
    if (after === null || after === before) return null;
    let a = 0;
    while (a < before.length && a < after.length && before[a] === after[a]) a++;
    let b = 0;
    while (b < before.length - a && b < after.length - a && before[before.length - 1 - b] === after[after.length - 1 - b]) b++;
    return { from: a, to: before.length - b, insert: after.slice(a, after.length - b) };
  }

  /** The parts of a Starfire-style system string, each {text, from, to, room}: repeats
   * (`3xA`), engine rooms (`(II)`), the two-letter codes and single letters. */
  function parts(value) {
    const out = [];
    const re = /\d+x(?:Mg|Pt|[A-Z])|\([^()]*\)|Mg|Pt|[A-Za-z]|\S/g;
    let m;
    while ((m = re.exec(value))) out.push({ text: m[0], from: m.index, to: m.index + m[0].length, room: m[0].startsWith("(") });
    return out;
  }

  /** `inner` split at its top-level commas (not inside brackets, braces or quotes). */
  function splitFlow(inner) {
    const out = [];
    let depth = 0, quote = null, start = 0;
    for (let i = 0; i < inner.length; i++) {
      const c = inner[i];
      if (quote) { if (c === quote) quote = null; continue; }
      if (c === '"' || c === "'") quote = c;
      else if (c === "[" || c === "{") depth++;
      else if (c === "]" || c === "}") depth--;
      else if (c === "," && depth === 0) { out.push(inner.slice(start, i)); start = i + 1; }
    }
    out.push(inner.slice(start));
    return out.map((t) => t.trim()).filter((t) => t);
  }

  /** How an entry reads on its button: `{code: LP, count: 2, ...}` as `LP ×2`, else its text. */
  function label(item) {
    const code = /^\{.*\bcode:[ \t]*([^,}]+?)[ \t]*(,|\})/.exec(item);
    if (!code) return item.replace(/^\{[ \t]*|[ \t]*\}$/g, "");
    const count = /\bcount:[ \t]*(\d+)/.exec(item);
    return count && count[1] !== "1" ? `${code[1]} ×${count[1]}` : code[1];
  }

  /** The entries of the list (or mapping) under top-level `key`, each {text, label}, and
   * `remove(i)`: the text without entry i (null when the text is not written so that a
   * click can edit it). A flow list or mapping on the key's line, a block of `- ` items or
   * of `sub: value` lines, or one comma-separated line (Space Cruisers). */
  function entries(text, key) {
    const none = { items: [], remove: () => null };
    const found = keyLine(text, key);
    if (!found) return none;
    const comment = /([ \t]+#.*)?$/.exec(found.rest)[0];
    const rest = found.rest.slice(0, found.rest.length - comment.length);
    for (const [open, close] of [["[", "]"], ["{", "}"]]) {
      const f = flow(rest, open, close);
      if (f) {
        const items = splitFlow(f.inner);
        return {
          items: items.map((t) => ({ text: t, label: label(t) })),
          remove: (i) => withLine(text, found, `${key}:${f.open}${items.filter((_, j) => j !== i).join(", ")}${f.close}${comment}`),
        };
      }
    }
    const p = Form.parseValue(found.rest);
    if (p.scalar && p.value !== "") {
      const items = p.value.split(",").map((t) => t.trim()).filter((t) => t);
      return {
        items: items.map((t) => ({ text: t, label: t })),
        remove: (i) => {
          const left = items.filter((_, j) => j !== i);
          return Form.apply(text, key, left.length ? Form.scalar(left.join(", "), "string") : "[]");
        },
      };
    }
    if (!/^[ \t]*(#.*)?$/.test(found.rest)) return none;
    // a block: each entry is a line at the first entry's indent and the deeper lines after it
    const last = blockEnd(found.lines, found.index);
    const spans = [];
    let indent = null;
    for (let j = found.index + 1; j <= last; j++) {
      const t = found.lines[j];
      if (!t.trim() || /^[ \t]*#/.test(t)) continue;
      const ind = /^[ \t]*/.exec(t)[0].length;
      if (indent === null) indent = ind;
      if (ind === indent) spans.push({ from: j, to: j, text: t.trim().replace(/^-[ \t]*/, "").replace(/[ \t]+#.*$/, "") });
      else if (spans.length) spans[spans.length - 1].to = j;
    }
    return {
      items: spans.map((sp) => ({ text: sp.text, label: label(sp.text) })),
      remove: (i) => {
        const lines = found.lines.slice();
        const sp = spans[i];
        lines.splice(sp.from, sp.to - sp.from + 1);
        if (spans.length === 1) lines[found.index] = `${key}: []${comment}`;
        return lines.join("\n");
      },
    };
  }

  return { apply, diff, parts, entries };
})();

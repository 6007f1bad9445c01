// The parts of CodeMirror 6 sheetgen serve's page uses, bundled into one file
// (sheetgen/serve/static/codemirror.js) so nothing is fetched at run time.
// Rebuild: npm ci && npm run build (in this folder).
import { EditorState } from "@codemirror/state";
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, undo, redo, undoDepth, redoDepth } from "@codemirror/commands";
import { syntaxHighlighting, defaultHighlightStyle, indentOnInput, bracketMatching } from "@codemirror/language";
import { yaml } from "@codemirror/lang-yaml";
import { linter, lintGutter, forceLinting } from "@codemirror/lint";

/** An editor in `parent` holding `doc`; `onChange(text)` after each edit; `lint(view)` gives diagnostics. */
export function createEditor(parent, doc, onChange, lint) {
  return new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        lineNumbers(), highlightActiveLineGutter(), highlightActiveLine(), drawSelection(), history(),
        indentOnInput(), bracketMatching(), syntaxHighlighting(defaultHighlightStyle), yaml(),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ "aria-label": "Design YAML", "data-testid": "editor-text" }),
        EditorView.updateListener.of((u) => { if (u.docChanged) onChange(u.state.doc.toString()); }),
        linter(lint, { delay: 200 }), lintGutter(),
      ],
    }),
  });
}

/** Replace the whole text of `view`. */
export function setText(view, text) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

/** Undo and redo the editor's last change (the page's one history: typing, form and palette
 * edits are all editor transactions); each answers whether it changed anything. */
export { forceLinting, undo, redo, undoDepth, redoDepth };

// Owns the playground's code editor: CodeMirror 6 (the `codemirror` basic setup: line numbers, history, bracket
// matching and closing, search, folding) with TypeScript highlighting from @codemirror/lang-javascript, the
// playground's completions, Tab to indent (Esc then Tab leaves the editor, CodeMirror's accessible default), and
// Mod-Enter to run. Refuses nothing.

import { EditorView, basicSetup } from "codemirror";
import { javascript } from "@codemirror/lang-javascript";
import { autocompletion } from "@codemirror/autocomplete";
import { indentWithTab } from "@codemirror/commands";
import { keymap } from "@codemirror/view";
import { Prec } from "@codemirror/state";
import { playgroundCompletions, type CompletionState } from "./completions.js";

export interface PlaygroundEditor {
  text(): string;
  setText(text: string): void;
  focus(): void;
}

export interface EditorOptions {
  parent: HTMLElement;
  text: string;
  completions: CompletionState;
  onChange(text: string): void;
  onRun(): void;
}

export function createEditor(options: EditorOptions): PlaygroundEditor {
  const run = () => {
    options.onRun();
    return true;
  };
  const view = new EditorView({
    doc: options.text,
    parent: options.parent,
    extensions: [
      basicSetup,
      // Guests are JavaScript or TypeScript; TypeScript's grammar highlights both.
      javascript({ typescript: true }),
      autocompletion({ override: [playgroundCompletions(options.completions)], activateOnTyping: true }),
      Prec.highest(keymap.of([{ key: "Mod-Enter", run }])),
      keymap.of([indentWithTab]),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) options.onChange(update.state.doc.toString());
      }),
      EditorView.contentAttributes.of({ "aria-label": "Guest source", spellcheck: "false" }),
      EditorView.theme({
        "&": { height: "100%", fontSize: "13px" },
        ".cm-scroller": { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", lineHeight: "1.5" },
      }),
    ],
  });
  return {
    text: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    focus: () => view.focus(),
  };
}

import type * as Monaco from 'monaco-editor/editor/editor.api';
import { languageBasics, lua51Language, luauLanguage } from './luau-grammar';

/**
 * Indentation for Lua and Luau, as VS Code's Lua configuration does it: a line that opens a block (`then`, `do`,
 * `function ...(...)`, `repeat`, `else`, or a trailing `{`) and does not close it again indents the next line; a line
 * that starts with `end`, `until`, `else`, `elseif` or `}` is outdented as it is typed. Text after `--` is ignored.
 */
const CODE = String.raw`(?:(?!--).)`; // a character before any `--` comment
const OPENER = String.raw`\b(?:else|function|then|do|repeat)\b`;
/*
 * Written so that nothing is scanned twice (Monaco tests whole lines, and a line of many openers took seconds):
 * the plain form `^((?!--).)*(OPENER((?!\b(end|until)\b).)*|\{\s*)$` retried the rest of the line from every
 * opener. Here only the last opener before the comment is tried (if it is closed later, so is every earlier one),
 * taken by a lookahead and a backreference, which do not backtrack. The unit spec checks both forms agree.
 */
export const LUA_INCREASE_INDENT = new RegExp(
  String.raw`^(?:(?=(${CODE}*?${OPENER}(?!${CODE}*?${OPENER})))\1(?:(?!\b(?:end|until)\b).)*$|${CODE}*\{\s*$)`,
);
export const LUA_DECREASE_INDENT = /^\s*((\b(elseif|else|end|until)\b)|(\})|(\)))/;

/** Indentation rules and Enter between an opener and its closer, for both languages. */
export const luaIndentation: Monaco.languages.LanguageConfiguration = {
  indentationRules: { increaseIndentPattern: LUA_INCREASE_INDENT, decreaseIndentPattern: LUA_DECREASE_INDENT },
  onEnterRules: [
    // Enter between an opener and what closes it on one line (`if x then|end`, `Connect(function()|)`): the body
    // indented, the closer on the line below at the opener's indentation.
    {
      // `^((?!--).)*(\b(then|do|repeat|else)|\bfunction\b[^()]*\([^()]*\))\s*$`, except that the text after
      // `function` may not hold another `function` before a comment or line break: that later one is tried instead
      // (so each stretch is read once, not once per `function` before it).
      beforeText: /^(?:(?!--).)*(?:\b(?:then|do|repeat|else)|\bfunction\b(?:(?!\bfunction\b|--)[^()\n\r\u2028\u2029])*(?:(?:--|[\n\r\u2028\u2029])[^()]*)?\([^()]*\))\s*$/,
      afterText: /^\s*(end\b|until\b|[)\]}])/,
      action: { indentAction: 2 /* IndentAction.IndentOutdent */ },
    },
  ],
};

let registered = false;

/** The editor's two languages: `luau` (every script but `.lua` files) and `lua` (Lua 5.1), both our own grammars. */
export const EDITOR_LANGUAGES = ['luau', 'lua'] as const;
export type EditorLanguage = (typeof EDITOR_LANGUAGES)[number];

export function registerLuaLanguage(monaco: typeof Monaco): void {
  if (registered) return;
  registered = true;
  monaco.languages.register({ id: 'luau', extensions: ['.luau'], aliases: ['Luau', 'luau'] });
  monaco.languages.register({ id: 'lua', extensions: ['.lua'], aliases: ['Lua', 'lua'] });
  monaco.languages.setMonarchTokensProvider('luau', luauLanguage);
  monaco.languages.setMonarchTokensProvider('lua', lua51Language);
  monaco.languages.setLanguageConfiguration('luau', { ...languageBasics(true), ...luaIndentation });
  monaco.languages.setLanguageConfiguration('lua', { ...languageBasics(false), ...luaIndentation });
}

type InternalTokenization = { isCheapToTokenize(line: number): boolean; forceTokenization(line: number): void };
type TypingEditor = Pick<Monaco.editor.ICodeEditor, 'getModel' | 'getPosition' | 'onDidChangeModelContent'>;
/** Edits larger than this are pastes or replacements, not typing: the background tokenizer catches up on those. */
const TYPED_EDIT_MAX = 64;

/**
 * Monaco applies the outdent of a typed `end` or `}` only when the line's tokens are current ("cheap to
 * tokenize"); they lag behind the background tokenizer after a quick Enter, on a busy machine, and the outdent is
 * silently skipped. After each typed edit, bring the cursor's line up to date (a few short lines, synchronously).
 */
export function keepTokensCurrentWhileTyping(editor: TypingEditor): Monaco.IDisposable {
  return editor.onDidChangeModelContent((e) => {
    if (e.isFlush || e.changes.some((c) => c.text.length > TYPED_EDIT_MAX || c.rangeLength > TYPED_EDIT_MAX)) return;
    // the model's tokenization part is not in Monaco's public typings (it is what the cursor code itself calls)
    const tokens = (editor.getModel() as unknown as { tokenization?: InternalTokenization } | null)?.tokenization;
    const line = editor.getPosition()?.lineNumber;
    if (tokens && line && !tokens.isCheapToTokenize(line)) tokens.forceTokenization(line);
  });
}

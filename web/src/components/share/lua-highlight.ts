/** Token kinds the plain view colours (a light pass until Monaco arrives; Monaco does the real highlighting). */
export type LuaTokenKind = 'comment' | 'string' | 'keyword' | 'number' | 'text';
export type LuaToken = { kind: LuaTokenKind; text: string };

/** Longer scripts are shown uncoloured: the plain view must stay instant. */
export const HIGHLIGHT_MAX_CHARS = 100_000;

const KEYWORDS = new Set([
  'and', 'break', 'continue', 'do', 'else', 'elseif', 'end', 'false', 'for', 'function', 'if', 'in', 'local', 'nil',
  'not', 'or', 'repeat', 'return', 'then', 'true', 'until', 'while', 'export', 'type',
]);

// Long comments/strings (`--[==[ ... ]==]`, `[[ ... ]]`), line comments, quoted strings (escapes kept inside), numbers, words.
const TOKEN =
  /(--\[(=*)\[[\s\S]*?(?:\]\2\]|$(?![\s\S])))|(--[^\n]*)|(\[(=*)\[[\s\S]*?(?:\]\5\]|$(?![\s\S])))|("(?:[^"\\\n]|\\[\s\S])*"?|'(?:[^'\\\n]|\\[\s\S])*'?)|(\b(?:0[xX][0-9a-fA-F_]+|\d[\d_]*(?:\.\d*)?(?:[eE][+-]?\d+)?)\b)|([A-Za-z_][A-Za-z0-9_]*)/g;

/** Splits Lua/Luau source into coloured tokens; joined back, the tokens are exactly `code`. */
export function tokenizeLua(code: string): LuaToken[] {
  if (code.length > HIGHLIGHT_MAX_CHARS) return [{ kind: 'text', text: code }];
  const tokens: LuaToken[] = [];
  const push = (kind: LuaTokenKind, text: string) => {
    const last = tokens[tokens.length - 1];
    if (last && last.kind === kind) last.text += text;
    else if (text) tokens.push({ kind, text });
  };
  let at = 0;
  for (const m of code.matchAll(TOKEN)) {
    push('text', code.slice(at, m.index));
    const [text] = m;
    if (m[1] !== undefined || m[3] !== undefined) push('comment', text);
    else if (m[4] !== undefined || m[6] !== undefined) push('string', text);
    else if (m[7] !== undefined) push('number', text);
    else push(KEYWORDS.has(text) ? 'keyword' : 'text', text);
    at = m.index + text.length;
  }
  push('text', code.slice(at));
  return tokens;
}

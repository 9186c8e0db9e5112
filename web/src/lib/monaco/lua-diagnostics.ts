import luaparse from 'luaparse';

/** One syntax problem, 1-based line and column (Monaco's convention). */
export type LuaSyntaxError = { line: number; column: number; endColumn: number; message: string };

/**
 * Luau (the game platform's dialect) adds compound assignments (`+=`, `..=` ...). luaparse reads Lua 5.1-5.3 only,
 * so those operators are masked with same-length text outside strings and comments before parsing: positions stay
 * exact and valid Luau compound assignments are not reported as errors.
 */
export function maskLuauCompoundAssignments(src: string): string {
  const out = src.split('');
  let i = 0;
  const n = src.length;
  const longBracketLevel = (at: number): number => {
    // '[' '='* '[' → level, else -1
    if (src[at] !== '[') return -1;
    let j = at + 1;
    while (src[j] === '=') j++;
    return src[j] === '[' ? j - at - 1 : -1;
  };
  const skipLong = (at: number, level: number): number => {
    const close = `]${'='.repeat(level)}]`;
    const end = src.indexOf(close, at);
    return end < 0 ? n : end + close.length;
  };
  while (i < n) {
    const c = src[i]!;
    if (c === '-' && src[i + 1] === '-') {
      const level = longBracketLevel(i + 2);
      if (level >= 0) i = skipLong(i + 2 + level + 2, level);
      else {
        const nl = src.indexOf('\n', i);
        i = nl < 0 ? n : nl;
      }
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < n && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      i = j + 1;
      continue;
    }
    if (c === '[') {
      const level = longBracketLevel(i);
      if (level >= 0) {
        i = skipLong(i + level + 2, level);
        continue;
      }
    }
    const three = src.slice(i, i + 3);
    if (three === '..=' || three === '//=') {
      out[i] = ' ';
      out[i + 1] = ' ';
      i += 3;
      continue;
    }
    if ('+-*/%^'.includes(c) && src[i + 1] === '=' && src[i + 2] !== '=') {
      out[i] = ' ';
      i += 2;
      continue;
    }
    i++;
  }
  return out.join('');
}

/** Parse `code`; null when it is valid Lua (5.3, plus Luau compound assignments). */
export function checkLuaSyntax(code: string): LuaSyntaxError | null {
  try {
    luaparse.parse(maskLuauCompoundAssignments(code), { luaVersion: '5.3', comments: false, scope: false, locations: false });
    return null;
  } catch (err) {
    const e = err as { line?: number; column?: number; message?: string };
    if (typeof e.line !== 'number') return null;
    const message = (e.message ?? 'Syntax error').replace(/^\[\d+:\d+\]\s*/, '');
    const column = (e.column ?? 0) + 1;
    return { line: e.line, column, endColumn: column + 1, message };
  }
}

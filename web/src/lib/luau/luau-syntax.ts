import { loadStylua } from '../monaco/stylua';
import { checkLuauWith, type StyluaApi } from './check';
import type { LuauSyntaxError } from './syntax-report';

export type { LuauSyntaxError } from './syntax-report';

/**
 * The editor's syntax check: Luau parse errors of `code`, via the StyLua WebAssembly (full-moon), fetched from our
 * own origin the first time an editor screen checks a script. Empty when the script parses.
 */
export async function checkLuauSyntax(code: string): Promise<LuauSyntaxError[]> {
  if (!code.trim()) return [];
  const stylua = await loadStylua();
  return checkLuauWith(stylua as unknown as StyluaApi, code);
}

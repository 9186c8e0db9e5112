/**
 * The Luau check off the page's main thread: parsing a long script takes up to a second or two, which would
 * freeze typing. Loads its own instance of the StyLua WebAssembly (the same file the Format button fetches).
 */
import init, * as stylua from '@johnnymorganz/stylua/web';
import wasmUrl from '@johnnymorganz/stylua/stylua_lib_bg.wasm?url';
import { checkLuauWith, type StyluaApi } from './check';

export type CheckRequest = { id: number; code: string };
export type CheckReply = { id: number; errors: ReturnType<typeof checkLuauWith> } | { id: number; failed: string };

const ready = init({ module_or_path: wasmUrl });

self.onmessage = async (event: MessageEvent<CheckRequest>) => {
  const { id, code } = event.data;
  let reply: CheckReply;
  try {
    await ready;
    reply = { id, errors: checkLuauWith(stylua as unknown as StyluaApi, code) };
  } catch (err) {
    reply = { id, failed: err instanceof Error ? err.message : String(err) };
  }
  (self as unknown as Worker).postMessage(reply);
};

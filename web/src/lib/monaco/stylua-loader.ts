/**
 * The StyLua WebAssembly (@johnnymorganz/stylua, its `web` entry), fetched from our own origin when an editor screen
 * first checks or formats a script (about 0.9 MB gzipped). Kept apart from ./stylua.ts (formatting), which loads only
 * with the first format.
 */
type StyluaModule = typeof import('@johnnymorganz/stylua/web');
let ready: Promise<StyluaModule> | null = null;

/** The StyLua module, instantiated once per page (also the editor's Luau parser, see ../luau). */
export function loadStylua(): Promise<StyluaModule> {
  ready ??= Promise.all([import('@johnnymorganz/stylua/web'), import('@johnnymorganz/stylua/stylua_lib_bg.wasm?url')]).then(
    async ([mod, wasm]) => {
      await mod.default({ module_or_path: wasm.default });
      return mod;
    },
  );
  ready.catch(() => (ready = null));
  return ready;
}

/**
 * Format Lua/Luau with StyLua compiled to WebAssembly (@johnnymorganz/stylua, its `web` entry).
 * The wasm (about 0.9 MB gzipped) is fetched from our own origin on the first Format click only.
 */
type StyluaModule = typeof import('@johnnymorganz/stylua/web');
let ready: Promise<StyluaModule> | null = null;

function load(): Promise<StyluaModule> {
  ready ??= Promise.all([import('@johnnymorganz/stylua/web'), import('@johnnymorganz/stylua/stylua_lib_bg.wasm?url')]).then(
    async ([mod, wasm]) => {
      await mod.default({ module_or_path: wasm.default });
      return mod;
    },
  );
  ready.catch(() => (ready = null));
  return ready;
}

export async function formatLua(code: string): Promise<string> {
  const stylua = await load();
  const config = stylua.Config.new();
  config.syntax = stylua.LuaVersion.All;
  config.indent_type = stylua.IndentType.Spaces;
  config.indent_width = 4;
  config.column_width = 120;
  // formatCode takes the config by value: wasm-bindgen frees it (calling config.free() afterwards throws).
  return stylua.formatCode(code, config, undefined, stylua.OutputVerification.None);
}

import type * as Monaco from 'monaco-editor/editor/editor.api';
import { LUA_RESERVED } from './luau-grammar';

/** Completion data: Lua and Luau keywords and types, the standard library, and the game platform's common globals (Roblox style). */
export const LUA_KEYWORDS = [...LUA_RESERVED, 'continue', 'type', 'export', 'typeof'];

/** Luau's built-in types, offered where a type is expected (after `x:`, `->`, `::`, `type T =`). */
export const LUAU_TYPES = ['number', 'string', 'boolean', 'any', 'unknown', 'never', 'nil', 'thread', 'buffer', 'userdata', 'vector', '{ }', '...any'];

/** The platform's common classes and data types, as types. */
export const PLATFORM_TYPES = [
  'Instance', 'Player', 'Model', 'BasePart', 'Part', 'MeshPart', 'Humanoid', 'Tool', 'Folder', 'Script', 'LocalScript', 'ModuleScript',
  'RemoteEvent', 'RemoteFunction', 'BindableEvent', 'ScreenGui', 'Frame', 'TextLabel', 'TextButton', 'ImageLabel', 'Camera', 'Sound',
  'Vector3', 'Vector2', 'CFrame', 'Color3', 'UDim2', 'UDim', 'BrickColor', 'TweenInfo', 'Tween', 'RaycastParams', 'RaycastResult',
  'RBXScriptSignal', 'RBXScriptConnection', 'InputObject', 'EnumItem',
];

/** Class names offered inside `Instance.new("`. */
export const INSTANCE_CLASSES = [
  'Part', 'Model', 'Folder', 'MeshPart', 'WedgePart', 'SpawnLocation', 'Attachment', 'WeldConstraint', 'Motor6D', 'Humanoid', 'Tool',
  'Sound', 'PointLight', 'SpotLight', 'ParticleEmitter', 'Beam', 'Trail', 'Highlight', 'ProximityPrompt', 'ClickDetector',
  'RemoteEvent', 'RemoteFunction', 'BindableEvent', 'BindableFunction', 'UnreliableRemoteEvent',
  'ScreenGui', 'BillboardGui', 'SurfaceGui', 'Frame', 'ScrollingFrame', 'TextLabel', 'TextButton', 'TextBox', 'ImageLabel', 'ImageButton',
  'UICorner', 'UIStroke', 'UIListLayout', 'UIGridLayout', 'UIPadding', 'UIGradient',
  'IntValue', 'NumberValue', 'StringValue', 'BoolValue', 'ObjectValue', 'Vector3Value', 'CFrameValue', 'Animation', 'Camera',
];

/** Items of the enums scripts use most, offered after `Enum.Name.`. */
export const ENUM_ITEMS: Record<string, string[]> = {
  KeyCode: ['E', 'F', 'Q', 'R', 'W', 'A', 'S', 'D', 'Space', 'LeftShift', 'LeftControl', 'Return', 'Tab', 'One', 'Two', 'Three', 'ButtonA', 'ButtonB', 'ButtonX', 'ButtonY'],
  Material: ['Plastic', 'SmoothPlastic', 'Neon', 'Wood', 'Metal', 'Glass', 'Grass', 'Concrete', 'Brick', 'Sand', 'Ice', 'ForceField'],
  EasingStyle: ['Linear', 'Sine', 'Quad', 'Cubic', 'Quart', 'Quint', 'Exponential', 'Circular', 'Back', 'Bounce', 'Elastic'],
  EasingDirection: ['In', 'Out', 'InOut'],
  UserInputType: ['MouseButton1', 'MouseButton2', 'MouseMovement', 'MouseWheel', 'Touch', 'Keyboard', 'Gamepad1'],
  HumanoidStateType: ['Running', 'Jumping', 'Freefall', 'Landed', 'Climbing', 'Swimming', 'Seated', 'Dead', 'Physics'],
  PartType: ['Block', 'Ball', 'Cylinder', 'Wedge', 'CornerWedge'],
  Font: ['SourceSans', 'SourceSansBold', 'Gotham', 'GothamBold', 'Arial', 'Code', 'Roboto', 'FredokaOne'],
  RaycastFilterType: ['Exclude', 'Include'],
  SortOrder: ['LayoutOrder', 'Name'],
  FillDirection: ['Horizontal', 'Vertical'],
  NormalId: ['Top', 'Bottom', 'Front', 'Back', 'Left', 'Right'],
};

type Member = { name: string; kind: 'function' | 'property' | 'module' | 'class' | 'variable'; detail?: string };
const fn = (name: string, detail?: string): Member => ({ name, kind: 'function', detail });
const prop = (name: string, detail?: string): Member => ({ name, kind: 'property', detail });

export const LUA_GLOBALS: Member[] = [
  { name: 'game', kind: 'variable', detail: 'DataModel: the root of the game' },
  { name: 'workspace', kind: 'variable', detail: 'Workspace: the 3D world' },
  { name: 'script', kind: 'variable', detail: 'The running script' },
  { name: 'shared', kind: 'variable', detail: 'Table shared between scripts' },
  { name: '_G', kind: 'variable', detail: 'The global environment' },
  { name: 'Instance', kind: 'class', detail: 'Instance.new(className, parent?)' },
  { name: 'Vector3', kind: 'class', detail: 'Vector3.new(x, y, z)' },
  { name: 'Vector2', kind: 'class', detail: 'Vector2.new(x, y)' },
  { name: 'CFrame', kind: 'class', detail: 'CFrame.new(x, y, z)' },
  { name: 'Color3', kind: 'class', detail: 'Color3.fromRGB(r, g, b)' },
  { name: 'BrickColor', kind: 'class', detail: 'BrickColor.new(name)' },
  { name: 'UDim2', kind: 'class', detail: 'UDim2.new(xScale, xOffset, yScale, yOffset)' },
  { name: 'UDim', kind: 'class', detail: 'UDim.new(scale, offset)' },
  { name: 'TweenInfo', kind: 'class', detail: 'TweenInfo.new(time, style?, direction?)' },
  { name: 'Enum', kind: 'module', detail: 'Enumerations' },
  { name: 'Ray', kind: 'class', detail: 'Ray.new(origin, direction)' },
  { name: 'RaycastParams', kind: 'class', detail: 'RaycastParams.new()' },
  { name: 'NumberSequence', kind: 'class' },
  { name: 'ColorSequence', kind: 'class' },
  { name: 'task', kind: 'module', detail: 'Task scheduler library' },
  { name: 'math', kind: 'module' },
  { name: 'string', kind: 'module' },
  { name: 'table', kind: 'module' },
  { name: 'coroutine', kind: 'module' },
  { name: 'os', kind: 'module' },
  { name: 'debug', kind: 'module' },
  { name: 'utf8', kind: 'module' },
  { name: 'bit32', kind: 'module' },
  { name: 'buffer', kind: 'module', detail: 'Fixed-size byte buffers' },
  fn('print', 'print(...)'),
  fn('warn', 'warn(...)'),
  fn('error', 'error(message, level?)'),
  fn('assert', 'assert(value, message?)'),
  fn('wait', 'wait(seconds?) (deprecated: use task.wait)'),
  fn('spawn', 'spawn(callback) (deprecated: use task.spawn)'),
  fn('delay', 'delay(seconds, callback) (deprecated: use task.delay)'),
  fn('tick', 'tick(): seconds since the epoch'),
  fn('time', 'time(): seconds since the game started'),
  fn('pairs', 'pairs(t)'),
  fn('ipairs', 'ipairs(t)'),
  fn('next', 'next(t, key?)'),
  fn('select', 'select(index, ...)'),
  fn('type', 'type(value)'),
  fn('typeof', 'typeof(value): includes platform types'),
  fn('tostring', 'tostring(value)'),
  fn('tonumber', 'tonumber(value, base?)'),
  fn('require', 'require(module)'),
  fn('pcall', 'pcall(f, ...)'),
  fn('xpcall', 'xpcall(f, handler, ...)'),
  fn('setmetatable', 'setmetatable(t, mt)'),
  fn('getmetatable', 'getmetatable(t)'),
  fn('rawget', 'rawget(t, k)'),
  fn('rawset', 'rawset(t, k, v)'),
  fn('rawequal', 'rawequal(a, b)'),
  fn('rawlen', 'rawlen(t)'),
  fn('unpack', 'unpack(t, i?, j?)'),
  fn('loadstring', 'loadstring(source)'),
  fn('newproxy', 'newproxy(addMetatable?)'),
];

export const LUA_MEMBERS: Record<string, Member[]> = {
  task: [fn('wait', 'task.wait(seconds?)'), fn('spawn', 'task.spawn(f, ...)'), fn('defer', 'task.defer(f, ...)'), fn('delay', 'task.delay(seconds, f, ...)'), fn('cancel', 'task.cancel(thread)'), fn('synchronize'), fn('desynchronize')],
  math: [
    ...['abs', 'ceil', 'floor', 'max', 'min', 'sqrt', 'random', 'randomseed', 'clamp', 'sign', 'round', 'noise', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'exp', 'log', 'log10', 'fmod', 'modf', 'pow', 'rad', 'deg', 'lerp'].map((n) => fn(n)),
    prop('pi'),
    prop('huge'),
  ],
  string: ['byte', 'char', 'find', 'format', 'gmatch', 'gsub', 'len', 'lower', 'match', 'rep', 'reverse', 'split', 'sub', 'upper', 'pack', 'unpack'].map((n) => fn(n)),
  table: ['insert', 'remove', 'concat', 'sort', 'unpack', 'pack', 'find', 'clear', 'clone', 'freeze', 'isfrozen', 'create', 'move'].map((n) => fn(n)),
  coroutine: ['create', 'resume', 'yield', 'status', 'wrap', 'running', 'isyieldable', 'close'].map((n) => fn(n)),
  os: ['time', 'clock', 'date', 'difftime'].map((n) => fn(n)),
  debug: ['traceback', 'info', 'profilebegin', 'profileend'].map((n) => fn(n)),
  utf8: ['char', 'codes', 'codepoint', 'len', 'offset', 'graphemes'].map((n) => fn(n)),
  Instance: [fn('new', 'Instance.new(className, parent?)'), fn('fromExisting')],
  Vector3: [fn('new', 'Vector3.new(x, y, z)'), prop('zero'), prop('one'), prop('xAxis'), prop('yAxis'), prop('zAxis'), fn('FromNormalId'), fn('FromAxis')],
  Vector2: [fn('new', 'Vector2.new(x, y)'), prop('zero'), prop('one'), prop('xAxis'), prop('yAxis')],
  CFrame: [fn('new'), fn('lookAt'), fn('Angles'), fn('fromEulerAnglesXYZ'), fn('fromEulerAnglesYXZ'), fn('fromAxisAngle'), fn('fromMatrix'), fn('fromOrientation'), prop('identity')],
  Color3: [fn('new'), fn('fromRGB'), fn('fromHSV'), fn('fromHex')],
  UDim2: [fn('new'), fn('fromScale'), fn('fromOffset')],
  UDim: [fn('new')],
  BrickColor: [fn('new'), fn('random'), fn('White'), fn('Black'), fn('Red'), fn('Blue'), fn('Green')],
  TweenInfo: [fn('new')],
  Enum: Object.keys(ENUM_ITEMS).map((n) => prop(n)),
  bit32: ['band', 'bor', 'bxor', 'bnot', 'btest', 'lshift', 'rshift', 'arshift', 'lrotate', 'rrotate', 'extract', 'replace', 'countlz', 'countrz', 'byteswap'].map((n) => fn(n)),
  buffer: ['create', 'fromstring', 'tostring', 'len', 'copy', 'fill', 'readu8', 'readi8', 'readu16', 'readi16', 'readu32', 'readi32', 'readf32', 'readf64', 'writeu8', 'writei8', 'writeu16', 'writei16', 'writeu32', 'writei32', 'writef32', 'writef64', 'readstring', 'writestring'].map((n) => fn(n)),
  game: [...['Players', 'Workspace', 'ReplicatedStorage', 'ServerStorage', 'ServerScriptService', 'StarterGui', 'StarterPack', 'StarterPlayer', 'Lighting', 'Teams', 'SoundService'].map((n) => prop(n, 'Service')), prop('PlaceId'), prop('GameId'), prop('JobId'), fn('GetService', 'game:GetService(name)'), fn('BindToClose', 'game:BindToClose(callback)')],
  workspace: [prop('CurrentCamera'), prop('Gravity'), prop('Terrain'), fn('Raycast', 'workspace:Raycast(origin, direction, params?)'), fn('GetPartBoundsInBox'), fn('GetPartBoundsInRadius'), fn('GetServerTimeNow')],
  script: [prop('Parent'), prop('Name'), fn('FindFirstChild'), fn('WaitForChild'), fn('GetAttribute')],
};

/** Methods offered after `x:` (services and common instance methods). */
export const LUA_METHODS: Member[] = [
  fn('GetService', 'game:GetService(name)'),
  fn('FindFirstChild', 'FindFirstChild(name, recursive?)'),
  fn('FindFirstChildOfClass'),
  fn('FindFirstChildWhichIsA'),
  fn('FindFirstAncestor'),
  fn('WaitForChild', 'WaitForChild(name, timeout?)'),
  fn('GetChildren'),
  fn('GetDescendants'),
  fn('IsA', 'IsA(className)'),
  fn('Destroy'),
  fn('Clone'),
  fn('Connect', 'signal:Connect(callback)'),
  fn('Once'),
  fn('Wait'),
  fn('Disconnect'),
  fn('GetAttribute'),
  fn('SetAttribute'),
  fn('GetPropertyChangedSignal'),
  fn('FireServer'),
  fn('FireClient'),
  fn('FireAllClients'),
  fn('InvokeServer'),
  fn('Play'),
  fn('Stop'),
  fn('Create', 'TweenService:Create(instance, tweenInfo, goals)'),
  fn('GetPlayers'),
  fn('HttpGet', 'game:HttpGet(url)'),
  fn('Raycast'),
  fn('MoveTo'),
  fn('TakeDamage'),
  fn('LoadAnimation'),
];

export const SERVICES = ['Players', 'Workspace', 'ReplicatedStorage', 'ServerStorage', 'ServerScriptService', 'StarterGui', 'StarterPack', 'StarterPlayer', 'Lighting', 'TweenService', 'RunService', 'UserInputService', 'HttpService', 'DataStoreService', 'MemoryStoreService', 'MessagingService', 'SoundService', 'Debris', 'CollectionService', 'ContextActionService', 'MarketplaceService', 'BadgeService', 'TeleportService', 'TextChatService', 'PathfindingService', 'PhysicsService', 'ProximityPromptService', 'GuiService', 'Teams'];

const SNIPPETS: { label: string; insert: string; detail: string }[] = [
  { label: 'function', insert: 'function ${1:name}(${2})\n\t$0\nend', detail: 'function ... end' },
  { label: 'local function', insert: 'local function ${1:name}(${2})\n\t$0\nend', detail: 'local function ... end' },
  { label: 'if', insert: 'if ${1:condition} then\n\t$0\nend', detail: 'if ... then ... end' },
  { label: 'ifelse', insert: 'if ${1:condition} then\n\t$2\nelse\n\t$0\nend', detail: 'if ... else ... end' },
  { label: 'for', insert: 'for ${1:i} = ${2:1}, ${3:10} do\n\t$0\nend', detail: 'numeric for' },
  { label: 'forin', insert: 'for ${1:key}, ${2:value} in pairs(${3:t}) do\n\t$0\nend', detail: 'for ... in pairs' },
  { label: 'fori', insert: 'for ${1:index}, ${2:value} in ipairs(${3:t}) do\n\t$0\nend', detail: 'for ... in ipairs' },
  { label: 'while', insert: 'while ${1:true} do\n\t$0\nend', detail: 'while ... do ... end' },
  { label: 'repeat', insert: 'repeat\n\t$0\nuntil ${1:condition}', detail: 'repeat ... until' },
  { label: 'getservice', insert: 'local ${1:Players} = game:GetService("${1:Players}")', detail: 'local Service = game:GetService(...)' },
  { label: 'type', insert: 'type ${1:Name} = {\n\t${2:field}: ${3:number},\n}', detail: 'type Name = { ... }' },
  { label: 'export type', insert: 'export type ${1:Name} = {\n\t${2:field}: ${3:number},\n}', detail: 'export type Name = { ... }' },
  { label: 'typeof', insert: 'typeof(${1:value})', detail: 'typeof(value): the value\'s type, platform types included' },
  { label: 'ifexpr', insert: 'if ${1:condition} then ${2:a} else ${3:b}', detail: 'if-expression: if c then a else b' },
  { label: 'interp', insert: '`${1:text} {${2:value}}`', detail: 'string interpolation: `text {value}`' },
  { label: 'connect', insert: '${1:signal}:Connect(function(${2})\n\t$0\nend)', detail: 'signal:Connect(function ... end)' },
];

/** `sort`: Monaco's sortText, when the list's own order matters (Luau's built-in types before platform classes). */
export type CompletionEntry = { label: string; kind: Member['kind'] | 'keyword' | 'type' | 'method' | 'service' | 'enum'; detail?: string; sort?: string };

const asEntries = (list: Member[]): CompletionEntry[] => list.map((m) => ({ label: m.name, kind: m.kind, detail: m.detail }));

/** Where a type is expected: `local x: |`, `(a: |`, `): |`, `-> |`, `:: |`, `type T = |`, `export type T<U> = |`, `A | |`. */
const TYPE_POSITION = [
  /\blocal\s+[A-Za-z_]\w*\s*:\s*$/,
  /\blocal\s+[\w\s:,|?]*,\s*[A-Za-z_]\w*\s*:\s*$/,
  // a parameter or the return type: only on a function's line, since `f(obj:` and `f():` are method calls
  /\bfunction\b[^)]*[(,]\s*[A-Za-z_]\w*\s*:\s*$/,
  /\bfunction\b.*\)\s*:\s*$/,
  /->\s*$/,
  /::\s*$/,
  /\btype\s+[A-Za-z_]\w*(<[^>]*>)?\s*=\s*$/,
  /\b[A-Za-z_]\w*\??\s*[|&]\s*$/,
  /\{\s*([A-Za-z_]\w*\s*:[^}]*,\s*)?[A-Za-z_]\w*\s*:\s+$/,
];

/** Characters before the cursor the patterns below read. */
export const CONTEXT_CHARS = 500;

/**
 * What to offer given the text of the line before the word being typed, or null for the general list
 * (keywords, globals, snippets). Pure, so it is unit-tested without Monaco.
 */
export function completionsAt(line: string): CompletionEntry[] | null {
  // Only the end of a long line: several patterns below backtrack quadratically over it (seconds for 100 K on a
  // keystroke), and what decides the list is the last few tokens.
  const before = line.length > CONTEXT_CHARS ? line.slice(-CONTEXT_CHARS) : line;
  // services and classes in the lists' order: the ones scripts use most come first
  const ordered = (i: number) => String(i).padStart(3, '0');
  if (/:GetService\(\s*["']$/.test(before)) return SERVICES.map((s, i) => ({ label: s, kind: 'service', detail: 'Service', sort: ordered(i) }));
  if (/\bInstance\.new\(\s*["']$/.test(before)) return INSTANCE_CLASSES.map((c, i) => ({ label: c, kind: 'class', detail: 'Instance class', sort: ordered(i) }));
  const enumItem = /\bEnum\.([A-Za-z_]\w*)\.$/.exec(before);
  if (enumItem) return (ENUM_ITEMS[enumItem[1]!] ?? []).map((i) => ({ label: i, kind: 'enum', detail: `Enum.${enumItem[1]}.${i}` }));
  if (TYPE_POSITION.some((re) => re.test(before))) {
    return [
      ...LUAU_TYPES.map((t, i) => ({ label: t, kind: 'type' as const, detail: 'Luau type', sort: `0${String(i).padStart(2, '0')}` })),
      ...PLATFORM_TYPES.map((t) => ({ label: t, kind: 'type' as const, detail: 'Platform type', sort: `1${t}` })),
      { label: 'typeof', kind: 'keyword', sort: '2' },
    ];
  }
  if (/[)\]]\s*:$/.test(before)) return LUA_METHODS.map((m) => ({ label: m.name, kind: 'method', detail: m.detail }));
  const member = /([A-Za-z_][A-Za-z0-9_]*)\s*([.:])$/.exec(before);
  if (member) {
    const [, owner = '', sep] = member;
    if (sep === ':') return LUA_METHODS.map((m) => ({ label: m.name, kind: 'method', detail: m.detail }));
    return asEntries(LUA_MEMBERS[owner] ?? []);
  }
  return null;
}

/**
 * Whether the end of `before` (a line's text up to the cursor) is inside a quoted string, outside an interpolated
 * string's `{...}`. One pass, no regex. Long strings over several lines are not seen (they offer the list).
 */
export function insideString(before: string): boolean {
  let quote: string | null = null;
  let braces = 0; // depth of `{` inside a backtick string's code part
  for (let i = 0; i < before.length; i++) {
    const c = before[i]!;
    if (quote && braces === 0) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      else if (quote === '`' && c === '{') braces = 1;
    } else if (quote) {
      if (c === '{') braces++;
      else if (c === '}') braces--;
    } else if (c === '-' && before[i + 1] === '-') return false;
    else if (c === '"' || c === "'" || c === '`') quote = c;
  }
  return quote !== null && braces === 0;
}

/** The characters that open the list by themselves. */
export const TRIGGER_CHARACTERS = ['.', ':'] as const;

let registered = false;

/** Registers the Lua completion provider once per page. */
export function registerLuaCompletion(monaco: typeof Monaco): void {
  if (registered) return;
  registered = true;
  const K = monaco.languages.CompletionItemKind;
  const KINDS: Record<CompletionEntry['kind'], Monaco.languages.CompletionItemKind> = {
    function: K.Function, property: K.Property, module: K.Module, class: K.Class, variable: K.Variable,
    keyword: K.Keyword, type: K.TypeParameter, method: K.Method, service: K.Module, enum: K.EnumMember,
  };
  const kindOf = (m: Member) => KINDS[m.kind];
  const kindOfEntry = (e: CompletionEntry) => KINDS[e.kind];

  monaco.languages.registerCompletionItemProvider(['luau', 'lua'], {
    // VS Code's (and luau-lsp's) model: only `.` and `:` open the list by themselves; everything else opens it
    // once a word is being typed. Punctuation and operators (`>`, `(`, a space) open nothing, so Enter after them
    // is a new line, never an item nobody asked for.
    triggerCharacters: [...TRIGGER_CHARACTERS],
    provideCompletionItems(model, position, context) {
      const word = model.getWordUntilPosition(position);
      const range = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: word.startColumn, endColumn: word.endColumn };
      const before = model.getLineContent(position.lineNumber).slice(0, word.startColumn - 1);

      const special = completionsAt(before);
      // `.` or `:` with nothing known to follow (`Inventory.`, a table's `{ x:`): no list rather than every global
      if (!special && context.triggerCharacter) return { suggestions: [] };
      // typing in a string offers only what belongs there (services, class names), never the globals
      if (!special && insideString(before)) return { suggestions: [] };
      if (special) {
        // no spaces in what the typed text is matched against: a space typed after `x:` must close the list, not
        // keep `{ }` selected for the next Enter
        return { suggestions: special.map((e) => ({ label: e.label, kind: kindOfEntry(e), insertText: e.label, filterText: e.label.replace(/\s+/g, ''), detail: e.detail, range, sortText: e.sort })) };
      }
      const suggestions: Monaco.languages.CompletionItem[] = [
        ...LUA_KEYWORDS.map((k) => ({ label: k, kind: K.Keyword, insertText: k, range })),
        ...LUA_GLOBALS.map((g) => ({ label: g.name, kind: kindOf(g), insertText: g.name, detail: g.detail, range })),
        ...SNIPPETS.map((s) => ({
          label: s.label,
          kind: K.Snippet,
          insertText: s.insert,
          insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
          detail: s.detail,
          range,
          sortText: `~${s.label}`,
        })),
      ];
      // identifiers already used in this script
      const seen = new Set(suggestions.map((s) => String(s.label)));
      for (const m of model.getValue().matchAll(/[A-Za-z_][A-Za-z0-9_]{2,}/g)) {
        const w = m[0];
        if (!seen.has(w) && w !== word.word) {
          seen.add(w);
          suggestions.push({ label: w, kind: K.Text, insertText: w, range, sortText: `~~${w}` });
        }
        if (seen.size > 2000) break;
      }
      return { suggestions };
    },
  });
}

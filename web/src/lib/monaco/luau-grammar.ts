import type * as Monaco from 'monaco-editor/editor/editor.api';

/**
 * Monarch grammars for Luau and for plain Lua 5.1 (one builder, Luau's rules switched off for Lua).
 *
 * Luau: contextual keywords (`type`, `export`, `continue` only where they are keywords, `typeof`), type annotations
 * and generics (after `local x:`, a parameter's `:`, `):`, `::`, `type T =`, with `->`, `|`, `&`, `?`, tables and
 * function types), string interpolation (its `{...}` parts tokenized as code), compound assignment, attributes
 * (`@native`, `@[native, checked]`) and integer literals (`1i`). Types are tracked with a few states: a type that
 * is complete hands over to `typeAfter`, which continues it on `|`, `&`, `->`, `<` or `.` and otherwise pops.
 */
type Rule = Monaco.languages.IMonarchLanguageRule;

const WS: Rule = { include: '@whitespace' };
/** leaves a state without reading anything (the state below reads the character) */
const POP: Rule = [/(?=.)/, '', '@pop'];
/** a token that replaces the current state by another */
const to = (token: string, state: string) => ({ token, switchTo: `@${state}` });

/** Lua 5.1's reserved words (no `goto`: neither Lua 5.1 nor Luau has it); Luau's own keywords are contextual (rules below). */
export const LUA_RESERVED = ['and', 'break', 'do', 'else', 'elseif', 'end', 'false', 'for', 'function', 'if', 'in', 'local', 'nil', 'not', 'or', 'repeat', 'return', 'then', 'true', 'until', 'while'];
const ID = /[A-Za-z_]\w*/;
/** a word after `type` that makes it a declaration (`type Point =`), not the `type(x)` function or an operand */
const TYPE_DECL = /type(?=\s+(?!(?:and|or|then|do|end|else|elseif|in|not|function)\b)[A-Za-z_])/;
/** `continue` is a statement unless it is used as a name: followed by a call, an index, an operator or `=` */
const CONTINUE = /continue(?!\s*(?:[=(.:[{"'`,+*/%^<>~]|-(?!-)|\.\.))/;

function build(luau: boolean): Monaco.languages.IMonarchLanguage {
  const whitespace: Rule[] = [
    [/[ \t\r\n]+/, ''],
    [/--\[(=*)\[/, 'comment', '@longComment.$1'],
    [/--.*$/, 'comment'],
  ];
  const numbers: Rule[] = luau
    ? [
        [/0(?:[xX][\da-fA-F_]+|[bB][01_]+)i?/, 'number.hex'],
        [/(?:\d[\d_]*)?\.\d[\d_]*(?:[eE][+-]?\d+)?|\d[\d_]*(?:\.(?!\.)[\d_]*)?(?:[eE][+-]?\d+)?i?/, 'number'],
      ]
    : [
        [/0[xX][\da-fA-F]+/, 'number.hex'],
        [/\d*\.\d+(?:[eE][+-]?\d+)?|\d+(?:\.(?!\.)\d*)?(?:[eE][+-]?\d+)?/, 'number'],
      ];
  const strings: Rule[] = [
    [/\[(=*)\[/, 'string', '@longString.$1'],
    [/"/, 'string', '@string."'],
    [/'/, 'string', "@string.'"],
    ...(luau ? ([[/`/, 'string', '@interp']] as Rule[]) : []),
  ];
  const luauCode: Rule[] = luau
    ? [
        [/@\[/, 'annotation', '@attributeList'],
        [/@[A-Za-z_]\w*/, 'annotation'],
        [/export(?=\s+type\b)/, 'keyword'],
        [/type(?=\s+function\b)/, 'keyword'],
        [TYPE_DECL, 'keyword', '@typeDeclName'],
        [CONTINUE, 'keyword'],
        [/typeof\b/, 'keyword'],
        [/::/, 'operator', '@type'],
        [/(?:\/\/|\.\.|[+\-*/%^])=/, 'operator.assignment'],
        [/\/\//, 'operator'],
      ]
    : [];
  const code: Rule[] = [
    WS,
    ...luauCode,
    [/local\b/, 'keyword', '@localNames'],
    [/function\b/, 'keyword', '@funcName'],
    [/self\b/, 'variable.predefined'],
    [ID, { cases: { '@keywords': 'keyword', '@default': 'identifier' } }],
    ...numbers,
    ...strings,
    [/[{}()[\]]/, '@brackets'],
    [/\.\.\.|\.\.|==|~=|<=|>=|[+\-*/%^#<>=]/, 'operator'],
    [/[;,.:]/, 'delimiter'],
  ];
  /**
   * In a container (table, parentheses, generic arguments): one more type, for a character that starts one; any
   * other character is passed over (the `type` state would pop without reading it, and the container push it again).
   */
  const pushType: Rule[] = [
    [/(?=[A-Za-z_{("'|&]|\.\.\.)/, '', '@type'],
    [/[^\s]/, ''],
  ];
  const luauStates: Record<string, Rule[]> = luau
    ? {
        interp: [
          [/[^`{\\]+/, 'string'],
          [/\\./, 'string.escape'],
          [/\{/, 'delimiter.interpolation', '@interpCode'],
          [/`/, 'string', '@pop'],
        ],
        interpCode: [[/\}/, 'delimiter.interpolation', '@pop'], [/\{/, 'delimiter.bracket', '@braceCode'], { include: '@code' }],
        braceCode: [[/\}/, 'delimiter.bracket', '@pop'], [/\{/, 'delimiter.bracket', '@braceCode'], { include: '@code' }],
        parenCode: [[/\)/, 'delimiter.parenthesis', '@pop'], [/\(/, 'delimiter.parenthesis', '@parenCode'], { include: '@code' }],
        attributeList: [WS, [/\]/, 'annotation', '@pop'], [ID, 'annotation'], [/,/, 'delimiter'], [/\{/, 'delimiter.bracket', '@braceCode'], [/\(/, 'delimiter.parenthesis', '@parenCode'], ...strings, ...numbers],
        typeDeclName: [
          WS,
          [ID, 'type'],
          [/</, 'delimiter.angle', '@genericParams'],
          [/=/, to('operator', 'type')],
          POP,
        ],
        genericParams: [WS, [/>/, 'delimiter.angle', '@pop'], [/\.\.\./, 'type'], [ID, 'type'], [/,/, 'delimiter'], [/=/, 'operator', '@type'], POP],
        type: [
          WS,
          [/typeof\b/, to('keyword', 'typeofArgs')],
          [ID, to('type', 'typeAfter')],
          [/\{/, to('delimiter.bracket', 'typeTable')],
          [/\(/, to('delimiter.parenthesis', 'typeParen')],
          [/"(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?/, to('string', 'typeAfter')],
          [/\.\.\./, 'type'],
          [/[|&]/, 'operator'],
          POP,
        ],
        typeAfter: [
          WS,
          [/[|&]/, to('operator', 'type')],
          [/->/, to('operator', 'type')],
          [/\?/, 'operator'],
          [/\.\.\./, 'type'],
          [/\.(?=\s*[A-Za-z_])/, to('delimiter', 'type')],
          [/</, to('delimiter.angle', 'typeArgs')],
          POP,
        ],
        typeArgs: [WS, [/,/, 'delimiter'], [/>/, to('delimiter.angle', 'typeAfter')], ...pushType],
        typeTable: [
          WS,
          [/(?:read|write)(?=\s+[A-Za-z_])/, 'keyword'],
          [/[A-Za-z_]\w*(?=\s*:(?!:))/, 'key'],
          [/:(?!:)/, 'delimiter', '@type'],
          [/\[/, 'delimiter.array', '@typeIndexer'],
          [/[,;]/, 'delimiter'],
          [/\}/, to('delimiter.bracket', 'typeAfter')],
          ...pushType,
        ],
        typeIndexer: [WS, [/\]/, 'delimiter.array', '@pop'], ...pushType],
        typeParen: [
          WS,
          [/[A-Za-z_]\w*(?=\s*:(?!:))/, 'identifier'],
          [/:(?!:)/, 'delimiter'],
          [/,/, 'delimiter'],
          [/\)/, to('delimiter.parenthesis', 'typeAfter')],
          ...pushType,
        ],
        typeofArgs: [WS, [/\(/, to('delimiter.parenthesis', 'typeofCode')], POP],
        typeofCode: [[/\)/, to('delimiter.parenthesis', 'typeAfter')], [/\(/, 'delimiter.parenthesis', '@parenCode'], { include: '@code' }],
      }
    : {};
  const colonType: Rule[] = luau ? [[/:(?!:)/, 'delimiter', '@type']] : [];
  return {
    defaultToken: '',
    tokenPostfix: luau ? '.luau' : '.lua',
    keywords: LUA_RESERVED,
    brackets: [
      { token: 'delimiter.bracket', open: '{', close: '}' },
      { token: 'delimiter.array', open: '[', close: ']' },
      { token: 'delimiter.parenthesis', open: '(', close: ')' },
    ],
    tokenizer: {
      root: [{ include: '@code' }],
      code,
      whitespace,
      longComment: [
        [/[^\]]+/, 'comment'],
        [/\](=*)\]/, { cases: { '$1==$S2': { token: 'comment', next: '@pop' }, '@default': 'comment' } }],
        [/./, 'comment'],
      ],
      longString: [
        [/[^\]]+/, 'string'],
        [/\](=*)\]/, { cases: { '$1==$S2': { token: 'string', next: '@pop' }, '@default': 'string' } }],
        [/./, 'string'],
      ],
      string: [
        [/[^\\"']+/, 'string'],
        [/\\(?:[abfnrtvz\\"'\n]|x[\da-fA-F]{2}|\d{1,3}|u\{[\da-fA-F]+\})/, 'string.escape'],
        [/\\./, 'string.escape.invalid'],
        [/["']/, { cases: { '$#==$S2': { token: 'string', next: '@pop' }, '@default': 'string' } }],
      ],
      // `local a: T, b`, `local function`: names, each optionally typed; anything else ends the list
      localNames: [
        WS,
        [/function\b/, to('keyword', 'funcName')],
        [ID, { cases: { '@keywords': { token: '@rematch', next: '@pop' }, '@default': 'identifier' } }],
        ...colonType,
        [/,/, 'delimiter'],
        POP,
      ],
      // `function a.b:c<T>(x: T): R`, or `function(`: the name, generics, then the parameters
      funcName: [
        WS,
        [ID, 'identifier'],
        [/[.:]/, 'delimiter'],
        ...(luau ? ([[/</, 'delimiter.angle', '@genericParams']] as Rule[]) : []),
        [/\(/, to('delimiter.parenthesis', 'params')],
        POP,
      ],
      params: [
        WS,
        luau ? [/\)/, to('delimiter.parenthesis', 'funcReturn')] : [/\)/, 'delimiter.parenthesis', '@pop'],
        [ID, 'identifier'],
        [/\.\.\./, 'delimiter'],
        ...colonType,
        [/,/, 'delimiter'],
        POP,
      ],
      funcReturn: [[/[ \t]+/, ''], [/:(?!:)/, to('delimiter', 'type')], POP],
      ...luauStates,
    },
  } as Monaco.languages.IMonarchLanguage;
}

export const luauLanguage = build(true);
export const lua51Language = build(false);

const pairs = (luau: boolean) => [
  { open: '{', close: '}' },
  { open: '[', close: ']' },
  { open: '(', close: ')' },
  { open: '"', close: '"', notIn: ['string'] },
  { open: "'", close: "'", notIn: ['string', 'comment'] },
  ...(luau ? [{ open: '`', close: '`', notIn: ['string', 'comment'] }] : []),
];

/** Comments, brackets and auto-closing pairs (backticks too in Luau); indentation comes from ./lua-language.ts. */
export const languageBasics = (luau: boolean): Monaco.languages.LanguageConfiguration => ({
  comments: { lineComment: '--', blockComment: ['--[[', ']]'] },
  brackets: [
    ['{', '}'],
    ['[', ']'],
    ['(', ')'],
  ],
  autoClosingPairs: pairs(luau),
  surroundingPairs: pairs(luau),
});

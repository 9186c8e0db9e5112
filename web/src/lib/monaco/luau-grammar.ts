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

const LUA_KEYWORDS = ['and', 'break', 'do', 'else', 'elseif', 'end', 'false', 'for', 'function', 'goto', 'if', 'in', 'local', 'nil', 'not', 'or', 'repeat', 'return', 'then', 'true', 'until', 'while'];
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
        [/0[xX][\da-fA-F_]+i?/, 'number.hex'],
        [/0[bB][01_]+i?/, 'number.binary'],
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
    { include: '@whitespace' },
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
        attributeList: [{ include: '@whitespace' }, [/\]/, 'annotation', '@pop'], [ID, 'annotation'], [/,/, 'delimiter'], [/\{/, 'delimiter.bracket', '@braceCode'], [/\(/, 'delimiter.parenthesis', '@parenCode'], ...strings, ...numbers],
        typeDeclName: [
          { include: '@whitespace' },
          [ID, 'type'],
          [/</, 'delimiter.angle', '@genericParams'],
          [/=/, { token: 'operator', switchTo: '@type' }],
          [/(?=.)/, '', '@pop'],
        ],
        genericParams: [{ include: '@whitespace' }, [/>/, 'delimiter.angle', '@pop'], [/\.\.\./, 'type'], [ID, 'type'], [/,/, 'delimiter'], [/=/, 'operator', '@type'], [/(?=.)/, '', '@pop']],
        type: [
          { include: '@whitespace' },
          [/typeof\b/, { token: 'keyword', switchTo: '@typeofArgs' }],
          [ID, { token: 'type', switchTo: '@typeAfter' }],
          [/\{/, { token: 'delimiter.bracket', switchTo: '@typeTable' }],
          [/\(/, { token: 'delimiter.parenthesis', switchTo: '@typeParen' }],
          [/"(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?/, { token: 'string', switchTo: '@typeAfter' }],
          [/\.\.\./, 'type'],
          [/[|&]/, 'operator'],
          [/(?=.)/, '', '@pop'],
        ],
        typeAfter: [
          { include: '@whitespace' },
          [/[|&]/, { token: 'operator', switchTo: '@type' }],
          [/->/, { token: 'operator', switchTo: '@type' }],
          [/\?/, 'operator'],
          [/\.\.\./, 'type'],
          [/\.(?=\s*[A-Za-z_])/, { token: 'delimiter', switchTo: '@type' }],
          [/</, { token: 'delimiter.angle', switchTo: '@typeArgs' }],
          [/(?=.)/, '', '@pop'],
        ],
        typeArgs: [{ include: '@whitespace' }, [/,/, 'delimiter'], [/>/, { token: 'delimiter.angle', switchTo: '@typeAfter' }], ...pushType],
        typeTable: [
          { include: '@whitespace' },
          [/(?:read|write)(?=\s+[A-Za-z_])/, 'keyword'],
          [/[A-Za-z_]\w*(?=\s*:(?!:))/, 'key'],
          [/:(?!:)/, 'delimiter', '@type'],
          [/\[/, 'delimiter.array', '@typeIndexer'],
          [/[,;]/, 'delimiter'],
          [/\}/, { token: 'delimiter.bracket', switchTo: '@typeAfter' }],
          ...pushType,
        ],
        typeIndexer: [{ include: '@whitespace' }, [/\]/, 'delimiter.array', '@pop'], ...pushType],
        typeParen: [
          { include: '@whitespace' },
          [/[A-Za-z_]\w*(?=\s*:(?!:))/, 'identifier'],
          [/:(?!:)/, 'delimiter'],
          [/,/, 'delimiter'],
          [/\)/, { token: 'delimiter.parenthesis', switchTo: '@typeAfter' }],
          ...pushType,
        ],
        typeofArgs: [{ include: '@whitespace' }, [/\(/, { token: 'delimiter.parenthesis', switchTo: '@typeofCode' }], [/(?=.)/, '', '@pop']],
        typeofCode: [[/\)/, { token: 'delimiter.parenthesis', switchTo: '@typeAfter' }], [/\(/, 'delimiter.parenthesis', '@parenCode'], { include: '@code' }],
      }
    : {};
  const colonType: Rule[] = luau ? [[/:(?!:)/, 'delimiter', '@type']] : [];
  return {
    defaultToken: '',
    tokenPostfix: luau ? '.luau' : '.lua',
    keywords: LUA_KEYWORDS,
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
        { include: '@whitespace' },
        [/function\b/, { token: 'keyword', switchTo: '@funcName' }],
        [ID, { cases: { '@keywords': { token: '@rematch', next: '@pop' }, '@default': 'identifier' } }],
        ...colonType,
        [/<(?:const|close)>/, 'annotation'],
        [/,/, 'delimiter'],
        [/(?=.)/, '', '@pop'],
      ],
      // `function a.b:c<T>(x: T): R`, or `function(`: the name, generics, then the parameters
      funcName: [
        { include: '@whitespace' },
        [ID, 'identifier'],
        [/[.:]/, 'delimiter'],
        ...(luau ? ([[/</, 'delimiter.angle', '@genericParams']] as Rule[]) : []),
        [/\(/, { token: 'delimiter.parenthesis', switchTo: '@params' }],
        [/(?=.)/, '', '@pop'],
      ],
      params: [
        { include: '@whitespace' },
        luau ? [/\)/, { token: 'delimiter.parenthesis', switchTo: '@funcReturn' }] : [/\)/, 'delimiter.parenthesis', '@pop'],
        [ID, 'identifier'],
        [/\.\.\./, 'delimiter'],
        ...colonType,
        [/,/, 'delimiter'],
        [/(?=.)/, '', '@pop'],
      ],
      funcReturn: [[/[ \t]+/, ''], [/:(?!:)/, { token: 'delimiter', switchTo: '@type' }], [/(?=.)/, '', '@pop']],
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

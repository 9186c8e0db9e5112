import { AlertIcon, CheckIcon } from '../../../components/ui/icons';
import type { LuauSyntaxError } from '../../../lib/luau/syntax-report';
import { LANGUAGE_LABEL, type ScriptLanguage } from '../../../lib/luau/script-language';

/** The line under the editor: the language, then the parser's first error or that there is none. */
export function SyntaxStatus({ error, empty, language }: { error: LuauSyntaxError | null; empty: boolean; language: ScriptLanguage | 'json' }) {
  if (language === 'json') return <div className="editor-status muted">JSON · plain text, no Lua checks · Ctrl+S to save</div>;
  return (
    <div className={`editor-status ${error ? 'text-destructive' : 'muted'}`} aria-live="polite">
      {LANGUAGE_LABEL[language]} ·{' '}
      {error ? (
        <>
          <AlertIcon /> Syntax error on line {error.line}, column {error.column}: {error.message}
        </>
      ) : !empty ? (
        <>
          <CheckIcon /> No syntax errors
        </>
      ) : (
        'Ctrl+S to save'
      )}
    </div>
  );
}

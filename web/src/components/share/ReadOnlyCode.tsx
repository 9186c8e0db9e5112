import { useEffect, useMemo, useState } from 'react';
import { CodeEditor, EDITOR_HEIGHT } from '../code/CodeEditor';
import { loadMonaco } from '../../lib/monaco/load';
import { tokenizeLua } from './lua-highlight';

/**
 * Read-only code for visitors: the text shows at once as preformatted, lightly coloured text, and becomes Monaco (highlighting,
 * minimap, search) once Monaco has loaded and mounted. If Monaco never loads, the plain text stays.
 */
export function ReadOnlyCode({ value, label, path, plain = false }: { value: string; label: string; path: string; plain?: boolean }) {
  const [monacoLoaded, setMonacoLoaded] = useState(false);
  const [mounted, setMounted] = useState(false);
  // `plain`: a JSON file, shown without Lua's colours
  const tokens = useMemo(() => (plain ? [{ kind: 'text' as const, text: value }] : tokenizeLua(value)), [value, plain]);
  useEffect(() => {
    let live = true;
    loadMonaco().then(
      () => live && setMonacoLoaded(true),
      () => undefined, // keep the plain text: it is already the whole script
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="readonly-code" data-upgraded={mounted || undefined}>
      {!mounted && (
        <pre className="code-plain" style={{ height: EDITOR_HEIGHT }} tabIndex={0} aria-label={label} data-testid="plain-code">
          <code>
            {tokens.map((t, i) => (t.kind === 'text' ? t.text : <span key={i} className={`tok-${t.kind}`}>{t.text}</span>))}
          </code>
        </pre>
      )}
      {monacoLoaded && (
        // Laid out but invisible until Monaco has mounted, so the swap never shows a spinner or an empty box.
        <div className={mounted ? undefined : 'code-upgrading'} aria-hidden={mounted ? undefined : true}>
          <CodeEditor value={value} readOnly label={label} path={path} language={plain ? 'plaintext' : 'lua'} onMount={() => setMounted(true)} />
        </div>
      )}
    </div>
  );
}

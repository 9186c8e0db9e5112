import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/Button';
import { CopyIcon } from '../../../components/ui/icons';
import { useExampleScript } from '../api/api-keys';
import { buildExamples } from '../examples';
import { copyWithToast } from './NewKeyBanner';

/** The API Examples tab: a copyable curl command for every /api/v1 call, against this instance's origin. */
export function ApiExamples({ newKey }: { newKey: string | null }) {
  const { data: script } = useExampleScript();
  const examples = buildExamples({ origin: window.location.origin, apiKey: newKey, scriptId: script?.id ?? null });
  return (
    <div className="lv-keys__examples">
      <p className="muted">
        Every call sends your key in the <code>X-API-Key</code> header. The commands use <code>curl</code> and work as they
        are in a POSIX shell (bash, zsh) once the first one has set your key. The full reference is in the{' '}
        <Link to="/docs#api-reference">Documentation</Link>.
      </p>
      {examples.map((example) => (
        <section key={example.id} className="lv-keys__example" aria-labelledby={`example-${example.id}`} data-example={example.id}>
          <div className="lv-keys__example-head">
            <div>
              <h3 id={`example-${example.id}`}>
                {example.path && <span className={`lv-keys__method lv-keys__method--${example.method.toLowerCase()}`}>{example.method}</span>}
                {example.title}
              </h3>
              <p className="muted">{example.description}</p>
            </div>
            <Button variant="outline" size="sm" aria-label={`Copy example: ${example.title}`} onClick={() => void copyWithToast(example.command)}>
              <CopyIcon /> Copy
            </Button>
          </div>
          <pre className="lv-keys__code">
            <code>{example.command}</code>
          </pre>
        </section>
      ))}
    </div>
  );
}

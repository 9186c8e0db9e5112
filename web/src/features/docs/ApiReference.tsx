import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../components/ui/Spinner';
import { OPENAPI_URL, useOpenApi, type OpenApiDoc, type OpenApiMedia, type OpenApiOperation, type OpenApiSchema } from './api/get-openapi';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function refName(ref: string) {
  return ref.split('/').pop() ?? ref;
}

/** A one-line type for a schema: `string | null`, `Script[]`, `"ok"`, or the referenced schema's name. */
export function schemaType(schema: OpenApiSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const names = types.map((t) => {
    if (t === 'array') return `${schemaType(schema.items)}[]`;
    if (t === 'object' && schema.properties) return 'object';
    if (t === 'string' && schema.format) return `string (${schema.format})`;
    return t;
  });
  return names.length ? names.join(' | ') : 'any';
}

function constraints(schema: OpenApiSchema): string[] {
  const out: string[] = [];
  if (schema.minLength !== undefined) out.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) out.push(`max length ${schema.maxLength}`);
  if (schema.minimum !== undefined) out.push(`minimum ${schema.minimum}`);
  return out;
}

/** The description, then the limits in parentheses: 'Must not be blank. (max length 200)'. */
function describe(schema: OpenApiSchema): string {
  const limits = constraints(schema);
  return [schema.description, limits.length ? `(${limits.join(', ')})` : ''].filter(Boolean).join(' ');
}

/** Inline code spans written with backticks in descriptions. */
function Text({ text }: { text: string | undefined }) {
  if (!text) return null;
  const parts = text.split(/(`[^`]+`)/g);
  return (
    <>
      {parts.map((part, i) =>
        part.startsWith('`') && part.endsWith('`') ? <code key={i}>{part.slice(1, -1)}</code> : <Fragment key={i}>{part}</Fragment>,
      )}
    </>
  );
}

function PropertiesTable({ schema }: { schema: OpenApiSchema }) {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {});
  if (entries.length === 0) return <p className="lv-docs__muted">No fields.</p>;
  return (
    <table className="lv-docs__table">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Type</th>
          <th scope="col">Description</th>
        </tr>
      </thead>
      <tbody>
        {entries.map(([name, prop]) => (
          <tr key={name}>
            <td>
              <code>{name}</code>
              {required.has(name) ? <span className="lv-docs__required"> required</span> : null}
            </td>
            <td>
              <code>{schemaType(prop)}</code>
            </td>
            <td>
              <Text text={describe(prop)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A request body: its media type and, for an object (inline or referenced), the table of its fields. */
function MediaList({ content, schemas }: { content: Record<string, OpenApiMedia> | undefined; schemas: Record<string, OpenApiSchema> }): ReactNode {
  if (!content) return null;
  return Object.entries(content).map(([type, media]) => {
    const schema = media.schema;
    const resolved = schema?.$ref ? schemas[refName(schema.$ref)] : schema;
    return (
      <div key={type} className="lv-docs__media">
        <span className="lv-docs__muted">{type}</span>{' '}
        {schema && (schema.$ref || schema.type !== 'object') ? <code>{schemaType(schema)}</code> : null}
        {resolved?.properties ? <PropertiesTable schema={resolved} /> : null}
      </div>
    );
  });
}

function Operation({
  method,
  path,
  op,
  base,
  schemas,
}: {
  method: string;
  path: string;
  op: OpenApiOperation;
  base: string;
  schemas: Record<string, OpenApiSchema>;
}) {
  return (
    <section className="lv-docs__operation" aria-label={`${method.toUpperCase()} ${base}${path}`}>
      <h4 className="lv-docs__operation-title">
        <span className={`lv-docs__method lv-docs__method--${method}`}>{method.toUpperCase()}</span>
        <code>
          {base}
          {path}
        </code>
      </h4>
      {op.summary && <p className="lv-docs__operation-summary">{op.summary}</p>}
      {op.description && (
        <p>
          <Text text={op.description} />
        </p>
      )}
      {op.parameters && op.parameters.length > 0 && (
        <>
          <h5>Parameters</h5>
          <ul className="lv-docs__list">
            {op.parameters.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <code>{p.name}</code> ({p.in}, <code>{schemaType(p.schema)}</code>
                {p.required ? ', required' : ''}) <Text text={p.description} />
              </li>
            ))}
          </ul>
        </>
      )}
      {op.requestBody?.content && (
        <>
          <h5>Request body</h5>
          <MediaList content={op.requestBody.content} schemas={schemas} />
        </>
      )}
      {op.responses && (
        <>
          <h5>Responses</h5>
          <ul className="lv-docs__list">
            {Object.entries(op.responses).map(([code, response]) => (
              <li key={code}>
                <span className={`lv-docs__status lv-docs__status--${code[0]}xx`}>{code}</span> <Text text={response.description} />
                {response.content &&
                  Object.entries(response.content).map(([type, media]) => (
                    <span key={type} className="lv-docs__muted">
                      {' '}
                      {type}
                      {media.schema ? (
                        <>
                          {' '}
                          <code>{schemaType(media.schema)}</code>
                        </>
                      ) : null}
                    </span>
                  ))}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function operationsByTag(doc: OpenApiDoc) {
  const groups = new Map<string, { method: string; path: string; op: OpenApiOperation }[]>();
  for (const tag of doc.tags ?? []) groups.set(tag.name, []);
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method, path, op });
    }
  }
  return groups;
}

/** The public API reference, rendered from the OpenAPI document the server serves. */
export function ApiReference() {
  const state = useOpenApi();
  if (state.status === 'loading') {
    return (
      <p className="lv-docs__muted">
        <Spinner size={16} label="Loading the API reference" /> Loading the API reference...
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <p className="lv-docs__error" role="alert">
        The API reference could not be loaded ({state.message}). The machine-readable document is at{' '}
        <a href={OPENAPI_URL}>{OPENAPI_URL}</a>.
      </p>
    );
  }
  const { doc } = state;
  const base = doc.servers?.[0]?.url ?? '';
  const auth = Object.values(doc.components?.securitySchemes ?? {})[0];
  const groups = operationsByTag(doc);
  const tagInfo = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
  return (
    <div className="lv-docs__api">
      <p>
        <Text text={doc.info.description} />
      </p>
      <ul className="lv-docs__list">
        <li>
          Base URL: <code>{`${window.location.origin}${base}`}</code>
        </li>
        {auth && (
          <li>
            Authentication: header <code>{auth.name}</code> with a key from the <Link to="/api-keys">API Keys</Link> page (its API
            Examples tab has ready-to-paste commands).
          </li>
        )}
        <li>
          Machine-readable (OpenAPI {doc.openapi}): <a href={OPENAPI_URL}>{OPENAPI_URL}</a>
        </li>
      </ul>

      {[...groups.entries()].map(([tag, ops]) =>
        ops.length === 0 ? null : (
          <section key={tag} className="lv-docs__api-group">
            <h3>{tag}</h3>
            {tagInfo.get(tag) && <p className="lv-docs__muted">{tagInfo.get(tag)}</p>}
            {ops.map(({ method, path, op }) => (
              <Operation key={`${method} ${path}`} method={method} path={path} op={op} base={base} schemas={doc.components?.schemas ?? {}} />
            ))}
          </section>
        ),
      )}

      {doc.components?.schemas && (
        <section className="lv-docs__api-group">
          <h3>Schemas</h3>
          {Object.entries(doc.components.schemas).map(([name, schema]) => (
            <div key={name} className="lv-docs__schema">
              <h4>
                <code>{name}</code>
              </h4>
              {schema.description && <p>{schema.description}</p>}
              <PropertiesTable schema={schema} />
            </div>
          ))}
        </section>
      )}
    </div>
  );
}

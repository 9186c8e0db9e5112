import { find as mingoFind } from 'mingo';
import { describe, expect, it } from 'vitest';
import type { Doc } from './read-store';
import { compileSimpleProjection } from './simple-projection';

const docs: Doc[] = [
  { _id: 'a' },
  { _id: 'b', views: 3, title: 'T', content: 'print(1)', meta: { lang: 'lua' }, tags: ['x'] },
  { _id: 'c', title: null, views: 0, nested: { deep: { v: 2 } } },
];

const simple: Record<string, unknown>[] = [
  { views: 1 },
  { views: 1, title: 1 },
  { title: true, _id: 0 },
  { missing: 1 },
  { _id: 1 },
  { _id: 0 },
  { _id: 1, views: 1 },
  { content: 0 },
  { content: 0, meta: 0, _id: 0 },
  { views: 1, _id: false },
];

describe('compileSimpleProjection', () => {
  it.each(simple)('projects %j as mingo does', (projection) => {
    const project = compileSimpleProjection(projection);
    expect(project).not.toBeNull();
    for (const doc of docs) expect(project!(doc)).toStrictEqual(mingoFind([doc], {}, projection).all()[0]);
  });

  it('keeps the document untouched and shares no top-level object of its own', () => {
    const doc = structuredClone(docs[1]!);
    const out = compileSimpleProjection({ content: 0 })!(doc);
    out.title = 'changed';
    expect(doc.title).toBe('T');
  });

  it.each([{ 'meta.lang': 1 }, { views: 1, content: 0 }, { views: 2 }, { views: '$title' }, { $slice: 1 }, { views: { $elemMatch: {} } }, JSON.parse('{"__proto__":1}')])(
    'leaves %j to mingo',
    (projection) => {
      expect(compileSimpleProjection(projection as Record<string, unknown>)).toBeNull();
    },
  );

  it('keeps _id in an exclusion when asked, as MongoDB does (mingo refuses the mix)', () => {
    expect(compileSimpleProjection({ content: false, _id: 1 })!(docs[1]!)).toStrictEqual({ _id: 'b', views: 3, title: 'T', meta: { lang: 'lua' }, tags: ['x'] });
  });

  it('an empty projection is no projection', () => {
    // find() treats {} as "no projection" before asking; here it reads as "exclude nothing".
    expect(compileSimpleProjection({})!(docs[1]!)).toStrictEqual(docs[1]);
  });
});

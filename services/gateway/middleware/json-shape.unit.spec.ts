import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, MAX_JSON_TOKENS, jsonShapeProblem } from './json-shape';

describe('jsonShapeProblem', () => {
  it('accepts the bodies our routes take, whatever their strings hold', () => {
    const tricky = 'local t = {"a", [[b]], {c = 1}} -- [ { , : "\\" \\\\';
    expect(jsonShapeProblem(JSON.stringify({ title: 'x', content: tricky, comment: null, folderId: 'abc' }))).toBeNull();
    expect(jsonShapeProblem(JSON.stringify({ content: '['.repeat(100_000) + ','.repeat(100_000) }))).toBeNull();
    expect(jsonShapeProblem(JSON.stringify({ ids: Array.from({ length: 1000 }, (_, i) => `id${i}`) }))).toBeNull();
  });

  it('refuses nesting deeper than the limit, in arrays or objects', () => {
    expect(jsonShapeProblem('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonShapeProblem('['.repeat(MAX_JSON_DEPTH + 1))).toMatch(/nested too deeply/);
    expect(jsonShapeProblem('{"a":'.repeat(MAX_JSON_DEPTH + 1))).toMatch(/nested too deeply/);
  });

  it('refuses more values than the limit', () => {
    expect(jsonShapeProblem(`[${'0,'.repeat(MAX_JSON_TOKENS - 2)}0]`)).toBeNull();
    expect(jsonShapeProblem(`[${'0,'.repeat(MAX_JSON_TOKENS)}0]`)).toMatch(/too many values/);
    expect(jsonShapeProblem(`{${'"a":0,'.repeat(MAX_JSON_TOKENS / 2)}"b":0}`)).toMatch(/too many values/);
  });

  it('leaves malformed and unterminated text to JSON.parse', () => {
    expect(jsonShapeProblem('{"title": "never closed')).toBeNull();
    expect(jsonShapeProblem('not json')).toBeNull();
    expect(jsonShapeProblem('"\\\\"]]]]')).toBeNull();
  });
});

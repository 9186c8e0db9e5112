import { describe, expect, it } from 'vitest';
import { buildExamples } from './examples';

describe('API examples', () => {
  const examples = buildExamples({ origin: 'https://vault.example', apiKey: "lv_ab'c", scriptId: 'S1' });

  it('cover every /api/v1 call against the given origin', () => {
    const calls = examples.filter((e) => e.path).map((e) => `${e.method} ${e.path}`);
    expect(calls).toEqual(
      expect.arrayContaining([
        'GET /health',
        'GET /scripts',
        'GET /folders',
        'GET /scripts/{id}/content',
        'GET /scripts/{id}/raw',
        'GET /scripts/{id}/loadstring',
        'POST /scripts/{id}/share',
        'POST /scripts',
        'POST /scripts/upload',
        'PATCH /scripts/{id}',
        'PATCH /scripts/{id}/upload',
      ]),
    );
    for (const e of examples.filter((x) => x.path)) expect(e.command).toContain('https://vault.example/api/v1');
  });

  it('quote the key for the shell and fall back to placeholders', () => {
    expect(examples[0]!.command).toBe("export LUAVAULT_API_KEY='lv_ab'\\''c'\nexport SCRIPT_ID='S1'");
    const placeholders = buildExamples({ origin: 'http://x', apiKey: null, scriptId: null })[0]!.command;
    expect(placeholders).toContain("'lv_your_api_key'");
    expect(placeholders).toContain("'your_script_id'");
  });
});

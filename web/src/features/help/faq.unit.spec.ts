import { describe, expect, it } from 'vitest';
import { buildFaq, filterFaq, quotaAnswer } from './faq';

describe('FAQ', () => {
  it('states the configured script quota, or unlimited when none is set', () => {
    expect(quotaAnswer({ status: 'ready', config: { scriptQuota: null } }).join(' ')).toMatch(/unlimited number of scripts/);
    expect(quotaAnswer({ status: 'ready', config: { scriptQuota: 10 } })[0]).toBe('Each account on this LuaVault instance can keep up to 10 scripts.');
    expect(quotaAnswer({ status: 'ready', config: { scriptQuota: 1 } })[0]).toBe('Each account on this LuaVault instance can keep up to 1 script.');
    expect(quotaAnswer({ status: 'loading' })[0]).toMatch(/Checking/);
  });

  it('filters on every word of the query, case-insensitively, in questions and answers', () => {
    const items = buildFaq({ status: 'ready', config: { scriptQuota: null } });
    expect(filterFaq(items, '')).toHaveLength(items.length);
    expect(filterFaq(items, 'LOADSTRING').map((i) => i.id)).toContain('share');
    expect(filterFaq(items, 'revoke link').map((i) => i.id)).toEqual(['revoke']);
    expect(filterFaq(items, 'no such topic xyzzy')).toEqual([]);
  });
});

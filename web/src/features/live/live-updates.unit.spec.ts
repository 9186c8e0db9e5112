import { beforeEach, describe, expect, it } from 'vitest';
import { getQueryData, setQueryData, type QueryKey } from '../../lib/query';
import { applyChange, useLiveStore } from './live-updates';

const stale = (change: Parameters<typeof applyChange>[0]) => {
  const keys: QueryKey[] = [];
  applyChange(change, (key) => keys.push(key));
  return keys;
};

beforeEach(() => useLiveStore.setState({ versions: {}, deleted: {} }));

describe('applyChange', () => {
  it("remembers a script's newest version, never going back, and refreshes lists and that script's history", () => {
    expect(stale({ id: '9', type: 'script.saved', data: { scriptId: 's1', version: 3 } })).toEqual([['scripts'], ['folder'], ['script', 's1', 'versions'], ['script', 's1', 'history']]);
    stale({ id: '7', type: 'script.saved', data: { scriptId: 's1', version: 2 } });
    expect(useLiveStore.getState().versions).toEqual({ s1: 3 });
  });

  it("patches the open script's share and folder but never its content", () => {
    setQueryData(['script', 's2'], { id: 's2', content: 'mine', version: 1, shareId: null, folderId: null });
    stale({ id: '10', type: 'script.shared', data: { scriptId: 's2', version: 1, shareId: 'abc', fullHistory: false } });
    stale({ id: '11', type: 'script.moved', data: { scriptId: 's2', version: 1, folderId: 'f1' } });
    expect(getQueryData(['script', 's2'])).toEqual({ id: 's2', content: 'mine', version: 1, shareId: 'abc', shareFullHistory: false, folderId: 'f1' });
  });

  it('marks deletions, refreshes folders on folder changes and everything on reset', () => {
    stale({ id: '12', type: 'script.deleted', data: { scriptId: 's3', version: 1 } });
    expect(useLiveStore.getState().deleted).toEqual({ s3: true });
    expect(stale({ id: '13', type: 'folder.renamed', data: { folderId: 'f1', name: 'X' } })).toEqual([['folders'], ['folder'], ['scripts']]);
    expect(stale({ id: '14', type: 'reset', data: {} })).toEqual([['scripts'], ['folders'], ['folder'], ['script']]);
  });
});

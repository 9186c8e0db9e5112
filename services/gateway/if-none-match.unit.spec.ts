import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits } from './raw-fast-path';

const ETAG = '"abc123"';

describe('ifNoneMatchHits', () => {
  it('matches the exact tag, a tag in a list, a weak form of it and *', () => {
    expect(ifNoneMatchHits(ETAG, ETAG)).toBe(true);
    expect(ifNoneMatchHits(`"old", ${ETAG}`, ETAG)).toBe(true);
    expect(ifNoneMatchHits(`"old",${ETAG} , "other"`, ETAG)).toBe(true);
    expect(ifNoneMatchHits(`W/${ETAG}`, ETAG)).toBe(true);
    expect(ifNoneMatchHits(`"old", W/${ETAG}`, ETAG)).toBe(true);
    expect(ifNoneMatchHits(ETAG, `W/${ETAG}`)).toBe(true);
    expect(ifNoneMatchHits('*', ETAG)).toBe(true);
  });

  it('does not match other tags, an empty header or a tag without its quotes', () => {
    expect(ifNoneMatchHits(undefined, ETAG)).toBe(false);
    expect(ifNoneMatchHits('', ETAG)).toBe(false);
    expect(ifNoneMatchHits('"old", "other"', ETAG)).toBe(false);
    expect(ifNoneMatchHits('abc123', ETAG)).toBe(false);
    expect(ifNoneMatchHits(',', ETAG)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { acceptedEncodings } from './static-assets';

describe('acceptedEncodings (which pre-compressed copy a client gets)', () => {
  it('prefers brotli, then gzip, and always ends with identity', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip', 'identity']);
    expect(acceptedEncodings('gzip')).toEqual(['gzip', 'identity']);
    expect(acceptedEncodings(undefined)).toEqual(['identity']);
    expect(acceptedEncodings('')).toEqual(['identity']);
  });

  it('reads q-values: q=0 refuses, * stands for the unnamed ones, junk counts as refusal', () => {
    expect(acceptedEncodings('br;q=0, gzip;q=0.5')).toEqual(['gzip', 'identity']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip', 'identity']);
    expect(acceptedEncodings('*;q=0, gzip')).toEqual(['gzip', 'identity']);
    expect(acceptedEncodings('BR ; Q=1')).toEqual(['br', 'identity']);
    expect(acceptedEncodings('br;q=abc')).toEqual(['identity']);
  });
});

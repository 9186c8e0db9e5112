import { describe, expect, it } from 'vitest';
import { contentSummary, PREVIEW_CHARS, previewOf } from './content-summary';

describe('script content summary (what lists carry instead of the content)', () => {
  it('keeps a short script whole and cuts a long one at 300 characters', () => {
    expect(previewOf('print(1)')).toBe('print(1)');
    const long = 'x'.repeat(1000);
    expect(previewOf(long)).toBe('x'.repeat(PREVIEW_CHARS));
  });

  it('never ends in half of a character outside the basic plane', () => {
    const content = `${'a'.repeat(PREVIEW_CHARS - 1)}😀 and more`;
    expect(previewOf(content)).toBe('a'.repeat(PREVIEW_CHARS - 1));
  });

  it('measures the size in UTF-8 bytes', () => {
    expect(contentSummary('é😀')).toEqual({ preview: 'é😀', size: 6 });
  });
});

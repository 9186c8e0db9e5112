import { describe, expect, it } from 'vitest';
import { scriptFileName } from './admin-session';

describe('scriptFileName', () => {
  it('lowercases the title and replaces every non-alphanumeric character with an underscore', () => {
    expect(scriptFileName('My Cool Script! v2')).toBe('my_cool_script__v2.lua');
    expect(scriptFileName('ESP-Hack (v1.2)')).toBe('esp_hack__v1_2_.lua');
    expect(scriptFileName('plain')).toBe('plain.lua');
    expect(scriptFileName('Été')).toBe('_t_.lua');
  });
});

import { describe, expect, it } from 'vitest';
import { isSlashShortcut } from './slash-shortcut';

const key = (k: string, target: unknown = { tagName: 'BODY' }, mods: Partial<KeyboardEvent> = {}) =>
  ({ key: k, ctrlKey: false, metaKey: false, altKey: false, defaultPrevented: false, target, ...mods }) as KeyboardEvent;

describe('isSlashShortcut', () => {
  it('takes a plain / on the page, not in a text field or with a modifier', () => {
    expect(isSlashShortcut(key('/'))).toBe(true);
    expect(isSlashShortcut(key('/', { tagName: 'BUTTON' }))).toBe(true);
    expect(isSlashShortcut(key('?'))).toBe(false);
    expect(isSlashShortcut(key('/', { tagName: 'INPUT' }))).toBe(false);
    expect(isSlashShortcut(key('/', { tagName: 'TEXTAREA' }))).toBe(false);
    expect(isSlashShortcut(key('/', { tagName: 'DIV', isContentEditable: true }))).toBe(false);
    expect(isSlashShortcut(key('/', undefined, { ctrlKey: true }))).toBe(false);
  });
});

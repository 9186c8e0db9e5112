import { describe, expect, it } from 'vitest';
import { validateCredentials } from './AuthPage';

describe('credential validation', () => {
  it('uses the spec messages', () => {
    expect(validateCredentials({ username: 'ab', password: '12345' })).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    });
    expect(validateCredentials({ username: '', password: '' })).toEqual({ username: 'Required', password: 'Required' });
    expect(validateCredentials({ username: 'alice', password: 'secret1' })).toEqual({});
  });

  it("applies the server's username rules on registration: 3 to 32 of letters, digits, '.', '-' and '_'", () => {
    const register = (username: string) => validateCredentials({ username, password: 'secret1' }, 'register').username;
    expect(register('A.b-c_9')).toBeUndefined();
    expect(register('x'.repeat(32))).toBeUndefined();
    expect(register('x'.repeat(33))).toBe('Username must be at most 32 characters');
    for (const bad of ['bob smith', '<b>x</b>', 'bo\u200bb', 'jos\u00e9', 'p\u0430ypal']) {
      expect(register(bad)).toBe('Username may only contain letters, digits, dots (.), dashes (-) and underscores (_)');
    }
  });

  it('signs in with any existing name (older accounts may predate the rules)', () => {
    expect(validateCredentials({ username: 'old name with spaces', password: 'secret1' }, 'login')).toEqual({});
  });

  it('checks an email address as the earlier pattern did, in linear time', () => {
    const emailError = (email: string) => validateCredentials({ username: 'alice', password: 'secret1', email }).email;
    const before = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const pieces = ['a', '.', '@', ' ', 'b'];
    let seed = 3;
    for (let round = 0; round < 5000; round++) {
      let email = '';
      for (let i = 0, n = 1 + ((seed = (seed * 48271) % 2147483647) % 9); i < n; i++) email += pieces[(seed = (seed * 48271) % 2147483647) % pieces.length];
      expect(emailError(email) === undefined, JSON.stringify(email)).toBe(before.test(email));
    }
    // a domain of 50,000 dots was tried from every dot (seconds in the browser)
    const started = performance.now();
    expect(emailError(`a@${'.'.repeat(50_000)} `)).toBe('Invalid email address');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

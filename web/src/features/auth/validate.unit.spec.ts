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
});

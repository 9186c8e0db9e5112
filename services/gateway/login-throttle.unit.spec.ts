import { describe, expect, it } from 'vitest';
import { LoginThrottle, TooManyAttemptsError } from './login-throttle';

describe('login throttle', () => {
  it('refuses an address after 10 failures for one username, for the rest of the 15-minute window', () => {
    let now = 0;
    const throttle = new LoginThrottle(10, 15 * 60_000, () => now);
    for (let i = 0; i < 10; i++) {
      throttle.check('1.2.3.4', 'Alice');
      throttle.fail('1.2.3.4', 'alice');
      now += 1000;
    }
    expect(() => throttle.check('1.2.3.4', 'alice')).toThrow(TooManyAttemptsError);
    expect(() => throttle.check('1.2.3.4', 'alice')).toThrow(/Try again in 15 minute/);
    // another address, or another username, is not affected: nobody can lock a user out from elsewhere
    expect(() => throttle.check('5.6.7.8', 'alice')).not.toThrow();
    expect(() => throttle.check('1.2.3.4', 'bob')).not.toThrow();
    now += 15 * 60_000;
    expect(() => throttle.check('1.2.3.4', 'alice')).not.toThrow();
  });

  it('a successful sign-in clears the failures', () => {
    const throttle = new LoginThrottle(3, 60_000, () => 0);
    throttle.fail('a', 'u');
    throttle.fail('a', 'u');
    throttle.succeed('a', 'u');
    throttle.fail('a', 'u');
    throttle.fail('a', 'u');
    expect(() => throttle.check('a', 'u')).not.toThrow();
  });
});

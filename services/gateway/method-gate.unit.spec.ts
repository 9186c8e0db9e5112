import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { forMethods } from './method-gate';

/** Which of the router and the next handler a request of `method` reaches. */
function route(methods: ('GET' | 'POST')[], method: string): 'router' | 'next' {
  let reached: 'router' | 'next' | null = null;
  const gate = forMethods(methods, () => void (reached = 'router'));
  gate({ method } as Request, {} as Response, () => void (reached = 'next'));
  return reached!;
}

describe('forMethods', () => {
  it('lets the methods its routes answer in, HEAD with GET, and OPTIONS for the Allow answer', () => {
    expect(['GET', 'HEAD', 'OPTIONS'].map((m) => route(['GET'], m))).toEqual(['router', 'router', 'router']);
    expect(route(['GET', 'POST'], 'POST')).toBe('router');
  });

  it('sends other methods straight on, so a save never walks a read-only router', () => {
    expect(['PUT', 'PATCH', 'DELETE', 'POST'].map((m) => route(['GET'], m))).toEqual(['next', 'next', 'next', 'next']);
    expect(route(['GET', 'POST'], 'PUT')).toBe('next');
  });
});

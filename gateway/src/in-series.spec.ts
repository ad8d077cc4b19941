import { describe, expect, it } from '@jest/globals';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { inSeries } from './create-gateway';

/** Runs `handler` on a bare request and answers what it passed to `next` (and what ran, in order). */
function run(handler: RequestHandler): Promise<{ passed: unknown; ran: string[] }> {
  const req = { ran: [] as string[] } as unknown as Request & { ran: string[] };
  return new Promise((resolve) => {
    const next: NextFunction = (passed?: unknown) => resolve({ passed, ran: req.ran });
    handler(req, {} as Response, next);
  });
}

const step =
  (name: string, then: (next: NextFunction) => unknown = (next) => next()): RequestHandler =>
  (req, _res, next) => {
    (req as Request & { ran: string[] }).ran.push(name);
    return then(next) as void;
  };

describe('inSeries runs middlewares one after the other as one', () => {
  it('runs each in order when the one before calls next, then goes on with nothing', async () => {
    const later = step('b', (next) => setImmediate(() => next()));
    expect(await run(inSeries(step('a'), later, step('c')))).toEqual({ passed: undefined, ran: ['a', 'b', 'c'] });
    expect(await run(inSeries())).toEqual({ passed: undefined, ran: [] });
  });

  it('skips the rest on an error passed, thrown or rejected, and passes the error on', async () => {
    const error = new Error('bad body');
    for (const failing of [
      step('x', (next) => next(error)),
      step('x', () => {
        throw error;
      }),
      step('x', () => Promise.reject(error)),
    ])
      expect(await run(inSeries(step('a'), failing, step('never')))).toEqual({ passed: error, ran: ['a', 'x'] });
  });

  it('stops where a middleware answers without calling next', () => {
    const req = { ran: [] as string[] };
    let passed = false;
    // Every middleware here is synchronous: whatever would run after the answer has run when the call returns.
    inSeries(
      step('a'),
      step('answers', () => undefined),
      step('never'),
    )(req as unknown as Request, {} as Response, () => {
      passed = true;
    });
    expect({ ran: req.ran, passed }).toEqual({ ran: ['a', 'answers'], passed: false });
  });
});

import type { NatsConnection } from '@nats-io/transport-node';
import type { InboxView } from '@souvenir/contracts';
import type { Request, Response } from 'express';
import { InboxFreshness } from './inbox-freshness';

/** The parts of express's response that `respond` uses, recording what was answered. */
function fakeResponse() {
  const answer = { status: 200, headers: {} as Record<string, string>, body: undefined as unknown };
  const response = {
    setHeader: (name: string, value: string) => {
      answer.headers[name.toLowerCase()] = value;
    },
    status: (code: number) => {
      answer.status = code;
      return response;
    },
    end: () => undefined,
    json: (body: unknown) => {
      answer.body = body;
    },
  };
  return { response: response as unknown as Response, answer };
}

const poll = (ifNoneMatch?: string) => ({ headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} }) as Request;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('InboxFreshness', () => {
  const user = '5b0e4c1e-5f7a-4a57-9d0c-1d2b3c4d5e6f';
  let inbox: InboxFreshness;
  beforeEach(() => {
    inbox = new InboxFreshness({} as NatsConnection);
  });

  it('answers 304 to a poll that has the current version, without loading', async () => {
    const first = fakeResponse();
    await inbox.respond(poll(), first.response, user, async () => ({ inboxVersion: 1, view: [] }));
    const load = jest.fn(async (): Promise<InboxView<string[]>> => ({ inboxVersion: 1, view: [] }));
    const second = fakeResponse();
    await inbox.respond(poll(first.answer.headers.etag), second.response, user, load);
    expect(second.answer.status).toBe(304);
    expect(load).not.toHaveBeenCalled();
  });

  it('does not remember an answer that was being read when its user was forgotten: it may predate the change', async () => {
    // The page has the view at version 1.
    const first = fakeResponse();
    await inbox.respond(poll(), first.response, user, async () => ({ inboxVersion: 1, view: ['before'] }));
    // A reload starts and reads the inbox at version 1, just before the other person reads the thread...
    const staleRead = deferred<InboxView<string[]>>();
    const reload = inbox.respond(poll(), fakeResponse().response, user, () => staleRead.promise);
    // ...which raises the user's version to 2: its event arrives, then the reader's answer makes the gateway forget.
    inbox.remember(user, 2);
    inbox.forget(user);
    staleRead.resolve({ inboxVersion: 1, view: ['before'] });
    await reload;
    // The next poll with the version-1 ETag must load the new view, not be told that version 1 is current.
    const load = jest.fn(async (): Promise<InboxView<string[]>> => ({ inboxVersion: 2, view: ['after'] }));
    const next = fakeResponse();
    await inbox.respond(poll(first.answer.headers.etag), next.response, user, load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(next.answer).toMatchObject({ status: 200, body: ['after'] });
    // And from then on the new version is current again.
    const after = fakeResponse();
    await inbox.respond(poll(next.answer.headers.etag), after.response, user, load);
    expect(after.answer.status).toBe(304);
  });
});

import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ErrorCode, type RpcSubject } from '@souvenir/contracts';
import { DomainError } from '../errors/domain-error';
import { RpcClient } from './rpc-client';

// Real NATS (the machine's server, as libs/testing uses it). Each test answers on a subject of its own the way a
// service's Nest server does (`{ response }` or `{ err }`), so the client's side of that protocol is what is tested.
const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const TIMEOUT_MS = 5_000;

describe("RpcClient speaks the services' Nest NATS protocol", () => {
  let nc: NatsConnection;
  let rpc: RpcClient;
  beforeAll(async () => {
    nc = await connect({ servers: NATS_URL });
    rpc = new RpcClient(nc, TIMEOUT_MS);
  });
  afterAll(async () => {
    await nc?.close();
  });

  /** A subject of this test's own, answered by `reply` with the request's packet; typed as any subject. */
  function serve(reply: (packet: { pattern: string; data: unknown; id: string }) => string): RpcSubject {
    const subject = `rpc-spec.${randomUUID()}`;
    nc.subscribe(subject, {
      callback: (_e, msg) => {
        msg.respond(reply(msg.json()));
      },
    });
    return subject as RpcSubject;
  }
  const send = (subject: RpcSubject, payload: object) => rpc.send(subject, payload as never);

  it("sends Nest's packet (pattern, data and an id) and answers the reply's response", async () => {
    const subject = serve((packet) =>
      JSON.stringify({ response: { echoed: packet }, isDisposed: true, id: packet.id }),
    );
    const answer = (await send(subject, { productId: 'p1' })) as unknown as {
      echoed: { pattern: string; data: unknown; id: string };
    };
    expect(answer.echoed).toMatchObject({ pattern: subject, data: { productId: 'p1' } });
    expect(typeof answer.echoed.id).toBe('string'); // without an id, Nest's server takes the message for an event
  });

  it("turns a service's domain error into a DomainError with its code, message and field errors", async () => {
    const err = {
      code: ErrorCode.ValidationFailed,
      message: 'Title is required',
      errors: [{ field: 'title', message: 'Title is required' }],
    };
    const subject = serve((packet) => JSON.stringify({ err, isDisposed: true, id: packet.id }));
    await expect(send(subject, {})).rejects.toEqual(
      expect.objectContaining({ code: ErrorCode.ValidationFailed, message: 'Title is required', errors: err.errors }),
    );
  });

  it("answers Unavailable for Nest's own errors and for an empty reply", async () => {
    const noHandler = serve((packet) =>
      JSON.stringify({
        id: packet.id,
        status: 'error',
        err: 'There is no matching message handler defined in the remote service.',
      }),
    );
    await expect(send(noHandler, {})).rejects.toEqual(expect.objectContaining({ code: ErrorCode.Unavailable }));
    const empty = serve(() => '');
    await expect(send(empty, {})).rejects.toEqual(expect.objectContaining({ code: ErrorCode.Unavailable }));
  });

  it('answers Unavailable at once when no service listens, without waiting for the timeout', async () => {
    const started = Date.now();
    const error = await send(`rpc-spec.${randomUUID()}` as RpcSubject, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: ErrorCode.Unavailable });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
  });

  it('answers Unavailable when the service does not answer in time', async () => {
    const silent = `rpc-spec.${randomUUID()}`;
    nc.subscribe(silent, { callback: () => undefined });
    const quick = new RpcClient(nc, 200);
    await expect(quick.send(silent as RpcSubject, {} as never)).rejects.toEqual(
      expect.objectContaining({ code: ErrorCode.Unavailable }),
    );
  });

  it("answers a response's JSON text as the service wrote it, and errors as send does", async () => {
    const response = { total: 3, note: 'a "quoted", \\ ,"isDisposed":true,"id":"1"}', items: [{ n: 1 }] };
    const subject = serve((packet) => JSON.stringify({ response, isDisposed: true, id: packet.id }));
    expect(await rpc.sendSerialised(subject, {} as never)).toBe(JSON.stringify(response));
    // Laid out otherwise (no isDisposed): read whole, written again.
    const other = serve((packet) => JSON.stringify({ id: packet.id, response }));
    expect(await rpc.sendSerialised(other, {} as never)).toBe(JSON.stringify(response));
    const err = { code: ErrorCode.NotFound, message: 'Product not found' };
    const failing = serve((packet) => JSON.stringify({ err, isDisposed: true, id: packet.id }));
    await expect(rpc.sendSerialised(failing, {} as never)).rejects.toEqual(
      expect.objectContaining({ code: ErrorCode.NotFound, message: 'Product not found' }),
    );
  });
});

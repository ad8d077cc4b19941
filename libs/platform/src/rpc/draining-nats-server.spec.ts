import { randomUUID } from 'node:crypto';
import { Controller, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventPattern, MessagePattern, ServerNats } from '@nestjs/microservices';
import { connect, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { ErrorCode, RPC, type GetProductRequest, type RpcSubject } from '@souvenir/contracts';
import { startNatsServer, type LocalServer } from '@souvenir/testing';
import { of } from 'rxjs';
import { DomainError } from '../errors/domain-error';
import { DrainingNatsServer } from './draining-nats-server';
import { RpcClient } from './rpc-client';
import { RpcHandler } from './rpc-handler.decorator';
import { SerialisedJson } from './serialised-json';

/** Patterns of plain Nest handlers that only this spec serves (not contract subjects). */
const PLAIN = {
  THROWS: 'plain.throws',
  STREAM: 'plain.stream',
  NOTHING: 'plain.nothing',
  EVENT: 'plain.event',
  UNSERVED: 'nobody.serves.this',
} as const;

// Real NATS (the machine's server, as libs/testing uses it): a Nest microservice on DrainingNatsServer answering a
// subject of this file's own, its handler held open until the test lets it go.
const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
// Subjects of this test only, new each run so parallel runs never answer each other: not the product's, so not
// declared in libs/contracts.
const SUBJECT = `draining-spec.${randomUUID()}`;
const WRITTEN_SUBJECT = `${SUBJECT}.written` as RpcSubject;
const PLAIN_SUBJECT = `${SUBJECT}.plain` as RpcSubject;
const CONCURRENCY = 3;

const handling = { now: 0, most: 0, release: [] as (() => void)[] };

@Controller()
class HeldController {
  @MessagePattern(SUBJECT)
  async held(data: { n: number }) {
    handling.now++;
    handling.most = Math.max(handling.most, handling.now);
    await new Promise<void>((resolve) => handling.release.push(resolve));
    handling.now--;
    return { n: data.n };
  }
}

/** A value with what JSON escapes: quotes, backslashes, a packet's own member names, non-ASCII. */
const WRITTEN = {
  nextCursor: 'a"b\\c',
  note: ',"isDisposed":true,"id":"7"}',
  items: [{ title: 'Tasse à thé 茶碗 "Kyoto"', price: 12.5, isFavorited: false, seller: { rating: null } }],
};

/** One answer kept for every request, as a cached page is: its encoded head is reused, each reply's id its own. */
const KEPT = SerialisedJson.of(WRITTEN);

@Controller()
class WrittenController {
  @MessagePattern(WRITTEN_SUBJECT)
  written() {
    return KEPT;
  }

  @MessagePattern(PLAIN_SUBJECT)
  plain() {
    return WRITTEN;
  }
}

@Module({ controllers: [HeldController, WrittenController] })
class HeldModule {}

describe('DrainingNatsServer handles at most its concurrency of requests at once; the others wait in line', () => {
  let app: INestMicroservice;
  let nc: NatsConnection;
  let rpc: RpcClient;

  beforeAll(async () => {
    app = await NestFactory.createMicroservice(HeldModule, {
      strategy: new DrainingNatsServer({ servers: [NATS_URL], queue: SUBJECT }, 5_000, CONCURRENCY),
      logger: false,
    });
    await app.listen();
    nc = await connect({ servers: NATS_URL });
    rpc = new RpcClient(nc, 10_000);
  });

  afterAll(async () => {
    for (const release of handling.release) release();
    await app?.close();
    await nc?.close();
  });

  it(`runs ${CONCURRENCY} handlers together, starts the next as one ends, and answers all ten`, async () => {
    const answers = Array.from(
      { length: 10 },
      (_, n) => rpc.send(SUBJECT as RpcSubject, { n } as never) as unknown as Promise<{ n: number }>,
    );
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise((r) => setTimeout(r, 10));
    };
    await until(() => handling.release.length === CONCURRENCY);
    // Time for requests beyond the limit to reach a handler, were they let through.
    await new Promise((r) => setTimeout(r, 200));
    expect(handling.now).toBe(CONCURRENCY);

    handling.release.shift()!();
    await until(() => handling.release.length === CONCURRENCY);
    expect(handling.now).toBe(CONCURRENCY);

    const all = Promise.all(answers);
    let done = false;
    void all.then(() => (done = true));
    await until(() => {
      for (const release of handling.release.splice(0)) release();
      return done;
    });
    expect((await all).map((a) => a.n)).toEqual([...Array(10).keys()]);
    expect(handling.most).toBe(CONCURRENCY);
  });

  it('answers a SerialisedJson as the same reply as its value, its text passed on as it is', async () => {
    const [written, plain] = [WRITTEN_SUBJECT, PLAIN_SUBJECT];
    expect(await rpc.send(written, {} as never)).toEqual(WRITTEN);
    expect(await rpc.sendSerialised(written, {} as never)).toBe(JSON.stringify(WRITTEN));
    expect(await rpc.sendSerialised(plain, {} as never)).toBe(JSON.stringify(WRITTEN));
    const raw = async (subject: string, id = '1') =>
      (await nc.request(subject, JSON.stringify({ pattern: subject, data: {}, id }))).string();
    expect(await raw(written)).toBe(await raw(plain));
    expect(await raw(written, 'second')).toBe(await raw(plain, 'second'));
  });
});

// The replies DrainingNatsServer writes itself must be the bytes Nest's own ServerNats writes: the same controllers
// served by each, each on a NATS server of its own (the product's subject, so @RpcHandler validates against its
// contract, and no running service on the machine's NATS answers it too), asked the same requests.
const PRODUCT = randomUUID();
const WRITTEN_PRODUCT = randomUUID();
const MISSING = randomUUID();
const BROKEN = randomUUID();
const STORE_DOWN = randomUUID();
const HELD_PRODUCT = randomUUID();
const ANSWER = {
  id: PRODUCT,
  title: 'Tasse à thé 茶碗 "Kyoto"',
  price: 12.5,
  seller: { rating: null },
  note: 'a"b\\c',
};
const held = { release: [] as (() => void)[], events: [] as unknown[] };

@Controller()
class ProductsLikeController {
  @RpcHandler(RPC.catalog.getProduct)
  async get({ productId }: GetProductRequest) {
    if (productId === MISSING) throw new DomainError(ErrorCode.NotFound, 'Product not found');
    if (productId === BROKEN) throw new Error('a bug');
    if (productId === STORE_DOWN) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    if (productId === HELD_PRODUCT) await new Promise<void>((resolve) => held.release.push(resolve));
    // A SerialisedJson only where DrainingNatsServer serves it: Nest's own serializer knows nothing of it.
    if (productId === WRITTEN_PRODUCT) return SerialisedJson.of(ANSWER) as never;
    return ANSWER as never;
  }

  @MessagePattern(PLAIN.THROWS)
  plainThrows(): never {
    throw new Error('not an RpcException');
  }

  @MessagePattern(PLAIN.STREAM)
  stream() {
    return of({ streamed: true });
  }

  @MessagePattern(PLAIN.NOTHING)
  async nothing(): Promise<void> {}

  @EventPattern(PLAIN.EVENT)
  event(data: unknown) {
    held.events.push(data);
  }
}

@Module({ controllers: [ProductsLikeController] })
class ProductsLikeModule {}

describe('DrainingNatsServer answers every request with the bytes Nest’s own ServerNats answers', () => {
  const served = [] as { nats: LocalServer; app: INestMicroservice; nc: NatsConnection; server: ServerNats }[];
  const [ours, nest] = [0, 1];
  let closed = false;

  beforeAll(async () => {
    for (const make of [
      (url: string) => new DrainingNatsServer({ servers: [url], queue: 'catalog' }, 5_000, CONCURRENCY),
      (url: string) => new ServerNats({ servers: [url], queue: 'catalog' }),
    ]) {
      const nats = await startNatsServer();
      const url = `nats://127.0.0.1:${nats.port}`;
      const server = make(url);
      const app = await NestFactory.createMicroservice(ProductsLikeModule, { strategy: server, logger: false });
      await app.listen();
      served.push({ nats, app, server, nc: await connect({ servers: url }) });
    }
  });

  afterAll(async () => {
    for (const release of held.release) release();
    for (const [i, { nats, app, nc }] of served.entries()) {
      if (!(i === ours && closed)) await app.close();
      await nc.close();
      await nats.destroy();
    }
  });

  /** The reply's text and headers, asked as Nest's client asks (`{ pattern, data, id }`). */
  const ask = async (i: number, subject: string, data: unknown) => {
    const reply = await served[i].nc.request(subject, JSON.stringify({ pattern: subject, data, id: 'r-7' }), {
      timeout: 10_000,
    });
    return { text: reply.string(), headers: reply.headers?.toString() };
  };
  const bothAsk = async (subject: string, data: unknown) => {
    const [mine, theirs] = await Promise.all([ask(ours, subject, data), ask(nest, subject, data)]);
    expect(mine).toEqual(theirs);
    return mine.text;
  };

  it('answers a value as Nest does', async () => {
    const text = await bothAsk(RPC.catalog.getProduct, { productId: PRODUCT });
    expect(text).toBe(JSON.stringify({ response: ANSWER, isDisposed: true, id: 'r-7' }));
  });

  it('answers a SerialisedJson as the same bytes as Nest answers its value', async () => {
    const [mine, theirs] = await Promise.all([
      ask(ours, RPC.catalog.getProduct, { productId: WRITTEN_PRODUCT }),
      ask(nest, RPC.catalog.getProduct, { productId: PRODUCT }),
    ]);
    expect(mine).toEqual(theirs);
  });

  it('answers a refusal, a validation error, an outage and a bug with Nest’s error packets', async () => {
    const notFound = await bothAsk(RPC.catalog.getProduct, { productId: MISSING });
    expect(JSON.parse(notFound)).toEqual({
      err: { code: ErrorCode.NotFound, message: 'Product not found' },
      isDisposed: true,
      id: 'r-7',
    });
    const invalid = await bothAsk(RPC.catalog.getProduct, { productId: 'not-a-uuid', extra: 1 });
    expect(JSON.parse(invalid).err.code).toBe(ErrorCode.ValidationFailed);
    expect(JSON.parse(await bothAsk(RPC.catalog.getProduct, { productId: STORE_DOWN })).err.code).toBe(
      ErrorCode.Unavailable,
    );
    expect(JSON.parse(await bothAsk(RPC.catalog.getProduct, { productId: BROKEN })).err).toEqual({
      code: ErrorCode.Internal,
      message: 'An error occurred',
    });
    expect(JSON.parse(await bothAsk(RPC.catalog.getProduct, 'not an object')).err.code).toBe(
      ErrorCode.ValidationFailed,
    );
  });

  it('answers what a plain @MessagePattern throws, streams or leaves undefined as Nest does', async () => {
    expect(JSON.parse(await bothAsk(PLAIN.THROWS, {})).err).toEqual({
      status: 'error',
      message: 'Internal server error',
    });
    expect(JSON.parse(await bothAsk(PLAIN.STREAM, {}))).toEqual({
      response: { streamed: true },
      isDisposed: true,
      id: 'r-7',
    });
    expect(await bothAsk(PLAIN.NOTHING, {})).toBe('{"isDisposed":true,"id":"r-7"}');
  });

  it('answers a message for a subject it has no handler for with Nest’s "no handler" packet', async () => {
    // NATS only delivers subjects a server subscribed to: hand each server a real message under a pattern it lacks.
    const replies = await Promise.all(
      served.map(async ({ nc, server }) => {
        const inbox = `unhandled.${randomUUID()}`;
        const sub = nc.subscribe(inbox, {
          max: 1,
          callback: (_e, msg: Msg) => void server.handleMessage(PLAIN.UNSERVED, msg as never),
        });
        const reply = await nc.request(inbox, JSON.stringify({ pattern: PLAIN.UNSERVED, data: {}, id: 'r-8' }));
        sub.unsubscribe();
        return reply.string();
      }),
    );
    expect(replies[0]).toBe(replies[1]);
    expect(JSON.parse(replies[0])).toEqual({
      id: 'r-8',
      status: 'error',
      err: 'There is no matching message handler defined in the remote service.',
    });
  });

  it('hands an event (no id) to its handler and answers nothing; a request without a reply subject is handled', async () => {
    for (const { nc } of served) {
      nc.publish(PLAIN.EVENT, JSON.stringify({ pattern: PLAIN.EVENT, data: { seen: 1 } }));
      nc.publish(
        RPC.catalog.getProduct,
        JSON.stringify({ pattern: RPC.catalog.getProduct, data: { productId: PRODUCT }, id: 'r-9' }),
      );
      await nc.flush();
    }
    const until = Date.now() + 5_000;
    while (held.events.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(held.events).toEqual([{ seen: 1 }, { seen: 1 }]);
    // Still answering after the reply-less request.
    await bothAsk(RPC.catalog.getProduct, { productId: PRODUCT });
  });

  it('on close answers the requests in flight before it closes', async () => {
    const { app, server } = served[ours];
    const answers = [0, 1].map(() => ask(ours, RPC.catalog.getProduct, { productId: HELD_PRODUCT }));
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise((r) => setTimeout(r, 10));
    };
    await until(() => held.release.length === 2);
    expect((server as DrainingNatsServer).inFlightCount).toBe(2);
    let closing = true;
    closed = true;
    const close = app.close().then(() => (closing = false));
    await new Promise((r) => setTimeout(r, 200));
    expect(closing).toBe(true);
    for (const release of held.release.splice(0)) release();
    const texts = (await Promise.all(answers)).map((a) => a.text);
    await close;
    expect(texts).toEqual([0, 1].map(() => JSON.stringify({ response: ANSWER, isDisposed: true, id: 'r-7' })));
  });
});

import { randomUUID } from 'node:crypto';
import { Controller, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { RpcSubject } from '@souvenir/contracts';
import { DrainingNatsServer } from './draining-nats-server';
import { RpcClient } from './rpc-client';
import { SerialisedJson } from './serialised-json';

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

@Controller()
class WrittenController {
  @MessagePattern(WRITTEN_SUBJECT)
  written() {
    return SerialisedJson.of(WRITTEN);
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
    const raw = async (subject: string) =>
      (await nc.request(subject, JSON.stringify({ pattern: subject, data: {}, id: '1' }))).string();
    expect(await raw(written)).toBe(await raw(plain));
  });
});

import type { INestApplication } from '@nestjs/common';
import { CONTENTS_REQUIRED, CUSTOMS_RULE_KINDS } from '@souvenir/contracts';
import { startService, startTestInfra, type TestInfra, type ServiceProcess } from '@souvenir/testing';
import request from 'supertest';
import { cookieOf, join, startGateway, type Account } from './gateway-harness';

/** Over HTTP: the listing refusal, the filters, the product's customs panel and support's routes. */

let infra: TestInfra;
const services: ServiceProcess[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;
let seller: Account;
let member: Account;
let support: Account;

const listing = (extra: Record<string, unknown>) => ({
  title: 'Fijian souvenir',
  description: 'Bought at the municipal market in Suva on holiday.',
  price: 30,
  condition: 'good',
  category: 'Collectibles',
  country: 'Fiji',
  images: ['https://img.example.com/item.jpg'],
  ...extra,
});

beforeAll(async () => {
  infra = await startTestInfra();
  services.push(await startService('identity', infra));
  services.push(await startService('catalog', infra));
  gateway = await startGateway(infra, { RPC_TIMEOUT_MS: '4000' });
  http = request(gateway.getHttpServer());
  const res = await http
    .post('/api/auth/register')
    .send({
      email: 'ava@example.com',
      password: 'secret1',
      username: 'ava',
      firstName: 'Ava',
      lastName: 'Traveller',
      location: 'Sydney, Australia',
    })
    .expect(201);
  seller = { id: res.body.id, cookie: cookieOf(res) };
  member = await join(http, 'milo', 'Milo');
  support = await join(http, 'suki', 'Suki');
  await infra.database.query(`UPDATE identity.users SET role = 'support' WHERE id = $1`, [support.id]);
});

afterAll(async () => {
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await infra?.stop();
});

describe('listing with contents', () => {
  it('refuses coral in Australia with the rule and its source (400 on contents)', async () => {
    const res = await http
      .post('/api/products')
      .set('Cookie', seller.cookie)
      .send(listing({ contents: ['coral'] }))
      .expect(400);
    expect(res.body.message).toMatch(/may not be sold\. Source: .*environment\.gov\.au/);
    expect(res.body.errors).toEqual([{ field: 'contents', message: res.body.message }]);
  });

  it('refuses an empty list, an unknown contents value and "none" with anything else', async () => {
    const empty = await http
      .post('/api/products')
      .set('Cookie', seller.cookie)
      .send(listing({ contents: [] }))
      .expect(400);
    expect(empty.body.errors).toEqual([{ field: 'contents', message: CONTENTS_REQUIRED }]);
    await http
      .post('/api/products')
      .set('Cookie', seller.cookie)
      .send(listing({ contents: ['gold'] }))
      .expect(400);
    await http
      .post('/api/products')
      .set('Cookie', seller.cookie)
      .send(listing({ contents: ['none', 'wood'] }))
      .expect(400);
  });

  it('shows a documented listing its notices and provenance, and filters by contents and documented origin', async () => {
    const created = await http
      .post('/api/products')
      .set('Cookie', seller.cookie)
      .send(
        listing({
          contents: ['ivory-or-bone'],
          provenance: {
            boughtCountry: 'Fiji',
            boughtOn: '2024-05',
            documents: ['https://img.example.com/receipt.jpg'],
          },
        }),
      )
      .expect(201);
    expect(created.body).toMatchObject({
      contents: ['ivory-or-bone'],
      originLevel: 'documented',
      shipsFrom: 'Australia',
    });
    const customs = await http.get(`/api/products/${created.body.id}/customs`).expect(200);
    expect(customs.body.notices).toEqual([
      expect.objectContaining({ kind: 'documents-required', sourceUrl: expect.stringContaining('environment.gov.au') }),
    ]);
    // The receipt is evidence: the public panel says one is attached and never links it.
    expect(customs.body.provenance).toEqual({ boughtCountry: 'Fiji', boughtOn: '2024-05' });
    expect(customs.body.hasDocuments).toBe(true);
    expect(customs.text).not.toContain('receipt.jpg');
    const plain = await http
      .post('/api/products')
      .set('Cookie', seller.cookie)
      .send(listing({ contents: ['none'] }))
      .expect(201);
    // The spec's call, without contents: listed, its contents not declared, and never found as "none of these".
    const undeclared = await http.post('/api/products').set('Cookie', seller.cookie).send(listing({})).expect(201);
    expect(undeclared.body.contents).toBeNull();
    expect((await http.get(`/api/products/${undeclared.body.id}/customs`).expect(200)).body).toMatchObject({
      contents: null,
      notices: [],
    });
    const ids = async (query: string) =>
      (await http.get(`/api/products?${query}`).expect(200)).body.map((p: { id: string }) => p.id);
    expect(await ids('contents=ivory-or-bone,coral')).toEqual([created.body.id]);
    expect(await ids('documentedOrigin=true')).toEqual([created.body.id]);
    expect(await ids('contents=none')).toEqual([plain.body.id]);
    await http.get('/api/products?contents=gold').expect(400);
    await http.get('/api/products?documentedOrigin=maybe').expect(400);
    await http.get('/api/products/not-a-uuid/customs').expect(404);
  });

  it("answers a country's rules to anyone", async () => {
    const res = await http.get('/api/customs/rules?country=Australia').expect(200);
    expect(res.body.map((r: { contents: string }) => r.contents).sort()).toEqual(['coral', 'food', 'ivory-or-bone']);
    await http.get('/api/customs/rules').expect(400);
  });
});

describe('support routes', () => {
  it('reviews provenance: a member is refused, support approves and the listing shows Checked', async () => {
    const created = await http
      .post('/api/products')
      .set('Cookie', seller.cookie)
      .send(listing({ contents: ['wood'], provenance: { documents: ['https://img.example.com/declaration.jpg'] } }))
      .expect(201);
    await http.get('/api/support/provenance').set('Cookie', member.cookie).expect(403);
    const queue = await http.get('/api/support/provenance').set('Cookie', support.cookie).expect(200);
    expect(queue.body.map((i: { productId: string }) => i.productId)).toContain(created.body.id);
    await http
      .post(`/api/support/provenance/${created.body.id}/decision`)
      .set('Cookie', member.cookie)
      .send({ decision: 'approve' })
      .expect(403);
    await http
      .post(`/api/support/provenance/${created.body.id}/decision`)
      .set('Cookie', support.cookie)
      .send({ decision: 'maybe' })
      .expect(400);
    const decided = await http
      .post(`/api/support/provenance/${created.body.id}/decision`)
      .set('Cookie', support.cookie)
      .send({ decision: 'approve' })
      .expect(200);
    expect(decided.body.originLevel).toBe('checked');
    expect((await http.get(`/api/products/${created.body.id}`).expect(200)).body.originLevel).toBe('checked');
    await http
      .post(`/api/support/provenance/${created.body.id}/decision`)
      .set('Cookie', support.cookie)
      .send({ decision: 'approve' })
      .expect(409);
  });

  it('edits a rule with history; a stale edit is 409, a bad one 400, a member 403', async () => {
    await http.get('/api/support/customs-rules').set('Cookie', member.cookie).expect(403);
    const rules = await http.get('/api/support/customs-rules').set('Cookie', support.cookie).expect(200);
    const coral = rules.body.find(
      (r: { country: string; contents: string }) => r.country === 'Australia' && r.contents === 'coral',
    );
    expect(CUSTOMS_RULE_KINDS).toContain(coral.kind);
    const body = {
      country: coral.country,
      contents: coral.contents,
      kind: coral.kind,
      sentence: `${coral.sentence} (Re-read by support.)`,
      sourceUrl: coral.sourceUrl,
      sourceTitle: coral.sourceTitle,
      lastCheckedOn: '2026-11-25',
    };
    const edited = await http
      .put(`/api/support/customs-rules/${coral.id}`)
      .set('Cookie', support.cookie)
      .send({ ...body, expectedVersion: coral.version })
      .expect(200);
    expect(edited.body.version).toBe(coral.version + 1);
    await http
      .put(`/api/support/customs-rules/${coral.id}`)
      .set('Cookie', support.cookie)
      .send({ ...body, expectedVersion: coral.version })
      .expect(409);
    await http
      .put(`/api/support/customs-rules/${coral.id}`)
      .set('Cookie', support.cookie)
      .send({ ...body, sourceUrl: 'javascript:alert(1)' })
      .expect(400);
    const history = await http
      .get(`/api/support/customs-rules/${coral.id}/history`)
      .set('Cookie', support.cookie)
      .expect(200);
    expect(history.body.map((v: { version: number }) => v.version)).toEqual([coral.version + 1, coral.version]);
    await http
      .post('/api/support/customs-rules')
      .set('Cookie', support.cookie)
      .send({ ...body, contents: 'shell', kind: 'documents-required' })
      .expect(201);
    await http.post('/api/support/customs-rules').set('Cookie', support.cookie).send(body).expect(409);
  });
});

import {
  CONTENTS,
  CONTENTS_REQUIRED,
  ErrorCode,
  RPC,
  type Contents,
  type CreateProductDto,
  type CustomsRuleDto,
  type CustomsRuleInputDto,
  type ProvenanceDto,
} from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { serviceSuite } from '@souvenir/testing';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../identity/src/app.module';
import { IdentityConfig } from '../../identity/src/config/identity.config';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { CatalogConfig } from '../src/config/catalog.config';
import { SEED_RULES } from '../src/database/migrations/1735600000000-customs-rules';
import { UndeclaredContents1735700000000 } from '../src/database/migrations/1735700000000-undeclared-contents';
import type { QueryRunner } from 'typeorm';

// Customs rules and provenance on real Postgres and NATS, with identity answering who is support.

const { infra, rpc } = serviceSuite(SERVICE_NAME, AppModule, CatalogConfig, {
  before: [{ name: IDENTITY, module: IdentityModule, config: IdentityConfig }],
  rpcTimeoutMs: 8000,
});
const sellers: Record<string, string> = {};
let support: string;
let member: string;
let n = 0;

async function register(username: string, location: string | null): Promise<string> {
  const user = await rpc.send(RPC.identity.register, {
    email: `${username}@example.com`,
    password: 'secret1',
    username,
    firstName: username,
    lastName: 'Test',
    ...(location ? { location } : {}),
  });
  return user.id;
}

beforeAll(async () => {
  for (const [name, location] of [
    ['us', 'Portland, USA'],
    ['uk', 'London, UK'],
    ['ca', 'Canada'],
    ['au', 'Sydney, Australia'],
  ]) {
    sellers[location.split(', ').pop()!] = await register(`seller${name}`, location);
  }
  support = await register('sue', null);
  member = await register('max', null);
  await infra.database.query(`UPDATE identity.users SET role = 'support' WHERE id = $1`, [support]);
}, 120_000);

const COUNTRY_OF: Record<string, string> = {
  'United States': 'USA',
  'United Kingdom': 'UK',
  Canada: 'Canada',
  Australia: 'Australia',
};

function list(seller: string, contents: Contents[], extra: Partial<CreateProductDto> = {}) {
  const product: CreateProductDto = {
    title: `Souvenir ${++n}`,
    description: 'A souvenir brought home from a long journey abroad.',
    price: 20,
    condition: 'good',
    category: 'Collectibles',
    country: 'Fiji',
    images: ['https://img.example.com/item.jpg'],
    contents,
    ...extra,
  };
  return rpc.send(RPC.catalog.createProduct, { actorId: seller, product });
}

/** The editable part of a rule, as the editor sends it back. */
function input(rule: CustomsRuleDto): CustomsRuleInputDto {
  const { country, contents, kind, sentence, sourceUrl, sourceTitle, lastCheckedOn } = rule;
  return { country, contents, kind, sentence, sourceUrl, sourceTitle, lastCheckedOn };
}

async function errorOf(promise: Promise<unknown>): Promise<DomainError | null> {
  return promise.then(
    () => null,
    (e: unknown) => {
      if (e instanceof DomainError) return e;
      throw e;
    },
  );
}

describe('seeded rules', () => {
  it.each(SEED_RULES.map((rule) => [`${rule.country} × ${rule.contents}: ${rule.kind}`, rule] as const))(
    '%s, as its source says',
    async (_name, rule) => {
      const rules = await rpc.send(RPC.catalog.listCountryRules, { country: rule.country });
      expect(rules.find((r) => r.contents === rule.contents)).toMatchObject({
        kind: rule.kind,
        sentence: rule.sentence,
        sourceUrl: rule.sourceUrl,
        sourceTitle: rule.sourceTitle,
        lastCheckedOn: '2026-11-25',
        version: 1,
      });
      const seller = sellers[COUNTRY_OF[rule.country]];
      const listing = list(seller, [rule.contents as Contents]);
      if (rule.kind === 'may-not-be-sold') {
        const error = await errorOf(listing);
        expect(error?.code).toBe(ErrorCode.ValidationFailed);
        expect(error?.message).toBe(`${rule.sentence} Source: ${rule.sourceTitle} (${rule.sourceUrl}).`);
        expect(error?.errors).toEqual([{ field: 'contents', message: error?.message }]);
      } else {
        const product = await listing;
        expect(product.shipsFrom).toBe(rule.country);
        const customs = await rpc.send(RPC.catalog.getProductCustoms, { productId: product.id });
        expect(customs.notices).toEqual([
          {
            contents: rule.contents,
            kind: rule.kind,
            sentence: rule.sentence,
            sourceUrl: rule.sourceUrl,
            sourceTitle: rule.sourceTitle,
            lastCheckedOn: '2026-11-25',
          },
        ]);
      }
    },
  );
});

describe('listing', () => {
  it('refuses coral in Australia with the rule and its source, and stores nothing', async () => {
    const before = await infra.database.query(`SELECT count(*)::int AS n FROM catalog.products`);
    const error = await errorOf(list(sellers.Australia, ['coral', 'shell']));
    expect(error?.code).toBe(ErrorCode.ValidationFailed);
    expect(error?.message).toContain('may not be sold');
    expect(error?.message).toContain('environment.gov.au');
    expect(await infra.database.query(`SELECT count(*)::int AS n FROM catalog.products`)).toEqual(before);
  });

  it('lists coral elsewhere, contents left out as not declared (never "none"), and refuses an empty list or "none" with anything else', async () => {
    const coral = await list(sellers.Canada, ['coral']);
    expect(coral).toMatchObject({ contents: ['coral'], originLevel: null, shipsFrom: 'Canada' });
    expect((await rpc.send(RPC.catalog.getProductCustoms, { productId: coral.id })).notices).toEqual([]);
    const plain = await rpc.send(RPC.catalog.createProduct, {
      actorId: sellers.Canada,
      product: {
        title: 'Maple syrup tin',
        description: 'An empty decorative tin from Quebec, no syrup left.',
        price: 5,
        condition: 'good',
        category: 'Collectibles',
        country: 'Canada',
        images: ['https://img.example.com/tin.jpg'],
      },
    });
    expect(plain.contents).toBeNull();
    expect(await rpc.send(RPC.catalog.getProductCustoms, { productId: plain.id })).toMatchObject({
      contents: null,
      notices: [],
    });
    // Not declared is not "none of these": the facet's "None of these" finds only sellers who said so.
    const none = await list(sellers.Canada, ['none']);
    const ids = async (contents: Contents[]) =>
      (await rpc.send(RPC.catalog.listProducts, { query: { limit: 100, contents } })).items.map((p) => p.id);
    expect(await ids(['none'])).toContain(none.id);
    expect(await ids(['none'])).not.toContain(plain.id);
    expect(await ids([...CONTENTS])).not.toContain(plain.id);
    const error = await errorOf(list(sellers.Canada, ['none', 'wood']));
    expect(error?.code).toBe(ErrorCode.ValidationFailed);
    expect((await errorOf(list(sellers.Canada, ['gold' as Contents])))?.code).toBe(ErrorCode.ValidationFailed);
    const empty = await errorOf(list(sellers.Canada, []));
    expect(empty).toMatchObject({ code: ErrorCode.ValidationFailed, message: CONTENTS_REQUIRED });
    // The RPC's own validation names the request's field; over HTTP it is `contents` (gateway/test/customs).
    expect(empty?.errors).toEqual([{ field: 'product.contents', message: CONTENTS_REQUIRED }]);
  });

  it('does not apply rules to undeclared contents: coral in Australia is refused only when declared', async () => {
    const undeclared = await rpc.send(RPC.catalog.createProduct, {
      actorId: sellers.Australia,
      product: {
        title: 'Carved figure',
        description: 'A carved figure from a market in Cairns, material unknown.',
        price: 15,
        condition: 'good',
        category: 'Collectibles',
        country: 'Australia',
        images: ['https://img.example.com/figure.jpg'],
      },
    });
    expect(undeclared).toMatchObject({ contents: null, shipsFrom: 'Australia' });
    expect((await rpc.send(RPC.catalog.getProductCustoms, { productId: undeclared.id })).notices).toEqual([]);
  });

  it('the migration turns the old default {none} into not declared and keeps ticked contents', async () => {
    const product = (title: string) => ({
      title,
      description: 'A souvenir brought home from a long journey abroad.',
      price: 20,
      condition: 'good' as const,
      category: 'Collectibles',
      country: 'Fiji',
      images: ['https://img.example.com/item.jpg'],
    });
    const old = await rpc.send(RPC.catalog.createProduct, { actorId: sellers.Canada, product: product('Old listing') });
    const wood = await list(sellers.Canada, ['wood']);
    const contentsOf = async (id: string) =>
      (
        await infra.database.query<{ contents: string[] | null }>(
          `SELECT contents FROM catalog.products WHERE id = $1`,
          [id],
        )
      )[0]?.contents;
    // Run on this database as the migrator would: back to the column as it was first made, then forward again.
    const migration = new UndeclaredContents1735700000000();
    const runner = { query: (sql: string) => infra.database.query(sql) } as unknown as QueryRunner;
    await migration.down(runner);
    expect(await contentsOf(old.id)).toEqual(['none']);
    await migration.up(runner);
    expect(await contentsOf(old.id)).toBeNull();
    expect(await contentsOf(wood.id)).toEqual(['wood']);
    const [check] = await infra.database.query<{ def: string }>(
      `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'products_contents_declared_check'`,
    );
    expect(check?.def).toContain('cardinality(contents) > 0');
    await expect(
      infra.database.query(`UPDATE catalog.products SET contents = '{}' WHERE id = '${wood.id}'`),
    ).rejects.toThrow(/products_contents_declared_check/);
    await expect(
      infra.database.query(`UPDATE catalog.products SET contents = '{none,wood}' WHERE id = '${wood.id}'`),
    ).rejects.toThrow(/products_contents_declared_check/);
    const [column] = await infra.database.query<{ is_nullable: string; column_default: string | null }>(
      `SELECT is_nullable, column_default FROM information_schema.columns
        WHERE table_schema = 'catalog' AND table_name = 'products' AND column_name = 'contents'`,
    );
    expect(column).toEqual({ is_nullable: 'YES', column_default: null });
  });

  it('gives an origin level: self-declared by the checkbox, documented with a document', async () => {
    const declared = await list(sellers.Canada, ['none'], { isCustomsVerified: true });
    expect(declared.originLevel).toBe('self-declared');
    const provenance: ProvenanceDto = {
      boughtCountry: 'Fiji',
      boughtCity: 'Suva',
      boughtAt: 'Municipal market',
      boughtOn: '2024-05',
      documents: ['https://img.example.com/receipt.jpg'],
    };
    const documented = await list(sellers.Canada, ['wood'], { provenance });
    expect(documented.originLevel).toBe('documented');
    // Anyone reads the customs panel: it says a document exists and never links the receipt.
    const { documents: _documents, ...publicProvenance } = provenance;
    expect(await rpc.send(RPC.catalog.getProductCustoms, { productId: documented.id })).toMatchObject({
      provenance: publicProvenance,
      hasDocuments: true,
    });
    expect(JSON.stringify(await rpc.send(RPC.catalog.getProductCustoms, { productId: documented.id }))).not.toContain(
      'receipt.jpg',
    );
    // Its document photos travel with product listed, so media keeps those uploads like the listing's images.
    const [listed] = await infra.database.query<{ payload: { documents?: string[] } }>(
      `SELECT payload FROM catalog.outbox_events WHERE subject = 'events.catalog.product.listed'
          AND payload->>'productId' = $1`,
      [documented.id],
    );
    expect(listed?.payload.documents).toEqual(['https://img.example.com/receipt.jpg']);
    const blank = await list(sellers.Canada, ['wood'], { provenance: { boughtCity: ' ', documents: [] } });
    expect(blank.originLevel).toBeNull();
    expect(await rpc.send(RPC.catalog.getProductCustoms, { productId: blank.id })).toMatchObject({
      provenance: null,
      hasDocuments: false,
    });
  });
});

describe('browse filters', () => {
  it('the Contents facet finds any of the ticked contents; Documented origin only documented or checked', async () => {
    const feathers = await list(sellers['USA'], ['fur-or-feathers', 'wood']);
    const seeds = await list(sellers['USA'], ['plant-or-seeds'], {
      provenance: { documents: ['https://img.example.com/declaration.jpg'] },
    });
    const ids = async (query: Record<string, unknown>) =>
      (await rpc.send(RPC.catalog.listProducts, { query: { limit: 100, ...query } })).items.map((p) => p.id);
    const byContents = await ids({ contents: ['fur-or-feathers', 'plant-or-seeds'] });
    expect(byContents.sort()).toEqual([feathers.id, seeds.id].sort());
    const documented = await ids({ documentedOrigin: true });
    expect(documented).toContain(seeds.id);
    expect(documented).not.toContain(feathers.id);
    expect(await ids({ documentedOrigin: true, contents: ['fur-or-feathers'] })).toEqual([]);
    const indexes = await infra.database.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE schemaname = 'catalog'
          AND indexname IN ('products_contents_idx', 'products_documented_recent_idx') ORDER BY indexname`,
    );
    expect(indexes.map((i) => i.indexdef)).toEqual([
      expect.stringMatching(/USING gin \(contents\) WHERE \(status = 'active'/),
      expect.stringMatching(
        /\(created_at DESC, id DESC\) WHERE \(\(status = 'active'::text\) AND \(origin_level IS NOT NULL\)\)/,
      ),
    ]);
  });

  it('"Ships to" finds only what ships within that country, read like a location', async () => {
    const inCanada = await list(sellers['Canada'], ['none'], { title: 'Maple sugar mould' });
    const inUk = await list(sellers['UK'], ['none'], { title: 'Tartan scarf from Edinburgh' });
    const ids = async (query: Record<string, unknown>) =>
      (await rpc.send(RPC.catalog.listProducts, { query: { limit: 100, ...query } })).items.map((p) => p.id);
    const toCanada = await ids({ shipsTo: 'Canada' });
    expect(toCanada).toContain(inCanada.id);
    expect(toCanada).not.toContain(inUk.id);
    // "UK" is the United Kingdom, as a seller's "London, UK" is; a search narrows it like any filter.
    expect(await ids({ shipsTo: 'UK', search: 'tartan' })).toEqual([inUk.id]);
    const page = await rpc.send(RPC.catalog.listProducts, { query: { limit: 100, shipsTo: 'Canada' } });
    expect(page.items.every((p) => p.shipsFrom === 'Canada')).toBe(true);
    expect(page.totalCount).toBe(page.items.length);
    const [index] = await infra.database.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE schemaname = 'catalog' AND indexname = 'sellers_ships_from_idx'`,
    );
    expect(index.indexdef).toMatch(/ON catalog\.sellers USING btree \(ships_from\)/);
  });
});

describe('support', () => {
  it('reviews documents: members are refused, approval makes the listing checked, once', async () => {
    const product = await list(sellers.Australia, ['wood'], {
      provenance: { boughtCountry: 'Fiji', documents: ['https://img.example.com/r.jpg'] },
    });
    expect((await errorOf(rpc.send(RPC.catalog.listProvenanceQueue, { actorId: member })))?.code).toBe(
      ErrorCode.Forbidden,
    );
    const queue = await rpc.send(RPC.catalog.listProvenanceQueue, { actorId: support });
    expect(queue.find((item) => item.productId === product.id)).toMatchObject({
      provenance: { boughtCountry: 'Fiji', documents: ['https://img.example.com/r.jpg'] },
    });
    expect(
      (
        await errorOf(
          rpc.send(RPC.catalog.decideProvenance, { actorId: member, productId: product.id, decision: 'approve' }),
        )
      )?.code,
    ).toBe(ErrorCode.Forbidden);
    const checked = await rpc.send(RPC.catalog.decideProvenance, {
      actorId: support,
      productId: product.id,
      decision: 'approve',
    });
    expect(checked.originLevel).toBe('checked');
    // Announced in the same transaction, for read models that keep product cards (favourites).
    const [announced] = await infra.database.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM catalog.outbox_events WHERE subject = 'events.catalog.product.origin-changed'
          AND payload->>'productId' = $1`,
      [product.id],
    );
    expect(announced?.payload).toMatchObject({ productId: product.id, originLevel: 'checked' });
    const again = await errorOf(
      rpc.send(RPC.catalog.decideProvenance, { actorId: support, productId: product.id, decision: 'reject' }),
    );
    expect(again?.code).toBe(ErrorCode.Conflict);
    const queueAfter = await rpc.send(RPC.catalog.listProvenanceQueue, { actorId: support });
    expect(queueAfter.map((item) => item.productId)).not.toContain(product.id);
  });

  it('edits a rule as a new version with history; a stale edit and a member are refused', async () => {
    expect((await errorOf(rpc.send(RPC.catalog.listCustomsRules, { actorId: member })))?.code).toBe(
      ErrorCode.Forbidden,
    );
    const created = await rpc.send(RPC.catalog.saveCustomsRule, {
      actorId: support,
      rule: {
        country: 'Canada',
        contents: 'medicine',
        kind: 'documents-required',
        sentence: 'A test rule about medicine, written by support.',
        sourceUrl: 'https://example.com/source',
        sourceTitle: 'A test source',
        lastCheckedOn: '2026-11-20',
      },
    });
    expect(created.version).toBe(1);
    const edited = await rpc.send(RPC.catalog.saveCustomsRule, {
      actorId: support,
      ruleId: created.id,
      expectedVersion: 1,
      rule: { ...input(created), kind: 'may-not-be-posted', sentence: 'A second version of the test rule.' },
    });
    expect(edited).toMatchObject({ version: 2, kind: 'may-not-be-posted' });
    const stale = await errorOf(
      rpc.send(RPC.catalog.saveCustomsRule, {
        actorId: support,
        ruleId: created.id,
        expectedVersion: 1,
        rule: { ...input(created), sentence: 'A stale edit that must be refused.' },
      }),
    );
    expect(stale?.code).toBe(ErrorCode.Conflict);
    const history = await rpc.send(RPC.catalog.getCustomsRuleHistory, { actorId: support, ruleId: created.id });
    expect(history.map((v) => [v.version, v.kind, v.changedBy])).toEqual([
      [2, 'may-not-be-posted', support],
      [1, 'documents-required', support],
    ]);
    const listed = await list(sellers.Canada, ['medicine']);
    const customs = await rpc.send(RPC.catalog.getProductCustoms, { productId: listed.id });
    expect(customs.notices).toEqual([expect.objectContaining({ kind: 'may-not-be-posted' })]);
    const duplicate = await errorOf(
      rpc.send(RPC.catalog.saveCustomsRule, {
        actorId: support,
        rule: { ...input(created), sentence: 'Duplicate rule here.' },
      }),
    );
    expect(duplicate?.code).toBe(ErrorCode.Conflict);
  });
});

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customs and provenance.
 * - `customs_rules`: the current rule per seller country × contents, with its sentence, public source and the day the
 *   source was last read; `customs_rule_versions` keeps every version (the seed is version 1), so support's edits have
 *   a history. Rows are data, edited in `/support`, never code.
 * - products: `contents` (what the item contains; `{none}` for every existing row: a constant default, so no rewrite),
 *   `provenance` (where and when it was bought, document photos), `origin_level` ('documented' once documents are
 *   attached, 'checked' once support approved them; null means the `is_customs_verified` checkbox alone decides), and
 *   when support reviewed the documents.
 * - Browse: a GIN index on `contents` and a partial index over documented products, both limited to active products
 *   like the other browse indexes.
 * The seeded rules cite only sources that were found and read (docs/customs.md lists them); where none was found the
 * rule is left out.
 */
export class CustomsRules1735600000000 implements MigrationInterface {
  name = 'CustomsRules1735600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE catalog.customs_rules (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        country text NOT NULL,
        contents text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('may-not-be-sold', 'may-not-be-posted', 'documents-required', 'allowed')),
        sentence text NOT NULL,
        source_url text NOT NULL,
        source_title text NOT NULL,
        last_checked_on date NOT NULL,
        version integer NOT NULL DEFAULT 1,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid,
        CONSTRAINT customs_rules_country_contents_key UNIQUE (country, contents)
      )`);
    await queryRunner.query(`
      CREATE TABLE catalog.customs_rule_versions (
        rule_id uuid NOT NULL REFERENCES catalog.customs_rules (id),
        version integer NOT NULL,
        kind text NOT NULL,
        sentence text NOT NULL,
        source_url text NOT NULL,
        source_title text NOT NULL,
        last_checked_on date NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now(),
        changed_by uuid,
        PRIMARY KEY (rule_id, version)
      )`);
    for (const rule of SEED_RULES) {
      await queryRunner.query(
        `WITH r AS (
           INSERT INTO catalog.customs_rules (country, contents, kind, sentence, source_url, source_title, last_checked_on)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *
         )
         INSERT INTO catalog.customs_rule_versions (rule_id, version, kind, sentence, source_url, source_title, last_checked_on)
         SELECT id, version, kind, sentence, source_url, source_title, last_checked_on FROM r`,
        [rule.country, rule.contents, rule.kind, rule.sentence, rule.sourceUrl, rule.sourceTitle, SOURCES_READ_ON],
      );
    }
    await queryRunner.query(`
      ALTER TABLE catalog.products
        ADD COLUMN contents text[] NOT NULL DEFAULT '{none}',
        ADD COLUMN provenance jsonb,
        ADD COLUMN origin_level text CHECK (origin_level IN ('documented', 'checked')),
        ADD COLUMN provenance_reviewed_at timestamptz,
        ADD COLUMN provenance_reviewed_by uuid`);
    await queryRunner.query(
      `CREATE INDEX products_contents_idx ON catalog.products USING gin (contents) WHERE status = 'active'`,
    );
    await queryRunner.query(`
      CREATE INDEX products_documented_recent_idx ON catalog.products (created_at DESC, id DESC)
       WHERE status = 'active' AND origin_level IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX catalog.products_documented_recent_idx`);
    await queryRunner.query(`DROP INDEX catalog.products_contents_idx`);
    await queryRunner.query(`
      ALTER TABLE catalog.products DROP COLUMN contents, DROP COLUMN provenance, DROP COLUMN origin_level,
        DROP COLUMN provenance_reviewed_at, DROP COLUMN provenance_reviewed_by`);
    await queryRunner.query(`DROP TABLE catalog.customs_rule_versions`);
    await queryRunner.query(`DROP TABLE catalog.customs_rules`);
  }
}

/** The day the sources below were read (their stored public copies). */
const SOURCES_READ_ON = '2026-11-25';

/** The first rules, each from the public source it cites (docs/customs.md explains each one). */
export const SEED_RULES: ReadonlyArray<{
  country: string;
  contents: string;
  kind: string;
  sentence: string;
  sourceUrl: string;
  sourceTitle: string;
}> = [
  {
    country: 'United States',
    contents: 'alcohol',
    kind: 'may-not-be-posted',
    sentence:
      'Drinks with 0.5% alcohol or more cannot be sent through the US Postal Service (federal law, 18 U.S.C. 1716).',
    sourceUrl: 'https://pe.usps.com/text/pub52/pub52c4_006.htm',
    sourceTitle: 'USPS Publication 52, 422 Mailability: Intoxicating Liquors',
  },
  {
    country: 'United States',
    contents: 'ivory-or-bone',
    kind: 'documents-required',
    sentence:
      'Elephant ivory may be sold in the US only with documents showing it qualifies for an exception (such as a bona fide antique); the seller must be able to show them, and state laws may add limits.',
    sourceUrl: 'http://www.fws.gov/international/travel-and-trade/ivory-ban-questions-and-answers.html',
    sourceTitle: 'US Fish & Wildlife Service: Ban on commercial elephant ivory trade, questions and answers',
  },
  {
    country: 'United States',
    contents: 'cultural-or-archaeological',
    kind: 'documents-required',
    sentence:
      'The US restricts imports of certain archaeological and ethnological material under the Convention on Cultural Property Implementation Act; keep the export permit or proof that the item was imported legally.',
    sourceUrl: 'http://dosfan.lib.uic.edu/usia/E-USIA/education/culprop/usrespon.html',
    sourceTitle: 'US Department of State, International Cultural Property Protection: The U.S. Response',
  },
  {
    country: 'United Kingdom',
    contents: 'ivory-or-bone',
    kind: 'may-not-be-sold',
    sentence:
      'Dealing in ivory (buying, selling, offering or keeping it for sale) is prohibited in the UK by the Ivory Act 2018, except for registered or certified exempt items.',
    sourceUrl: 'https://www.legislation.gov.uk/ukpga/2018/30/section/1',
    sourceTitle: 'Ivory Act 2018, section 1: Prohibition on dealing in ivory',
  },
  {
    country: 'United Kingdom',
    contents: 'alcohol',
    kind: 'allowed',
    sentence:
      'Royal Mail carries alcoholic drinks as restricted items: packaging, volume, quantity and labelling limits apply.',
    sourceUrl: 'https://paperzz.com/doc/6961164/prohibitions-and-restrictions-in-uk-and-international-mail',
    sourceTitle: 'Royal Mail: Prohibitions and restrictions in UK and international mail (guide, October 2015)',
  },
  {
    country: 'Canada',
    contents: 'alcohol',
    kind: 'may-not-be-posted',
    sentence:
      'Canada Post ships intoxicating beverages only for Parcel Services contract customers and Solutions for Small Business cardholders; a private seller cannot post them.',
    sourceUrl:
      'https://prd11.canadapost-postescanada.ca/cpc/en/support/articles/non-mailable-matter/intoxicating-beverages.page',
    sourceTitle: 'Canada Post: Non-mailable matter, intoxicating beverages',
  },
  {
    country: 'Canada',
    contents: 'ivory-or-bone',
    kind: 'documents-required',
    sentence:
      'Since 8 January 2024, elephant ivory and rhinoceros horn crossing the Canadian border, worked personal effects included, need permits; keep the permit the item came in with.',
    sourceUrl:
      'https://www.canada.ca/en/environment-climate-change/services/convention-international-trade-endangered-species/publications/endangered-species-international-traveller.html',
    sourceTitle: 'Environment and Climate Change Canada: Endangered species and the international traveller',
  },
  {
    country: 'Canada',
    contents: 'cultural-or-archaeological',
    kind: 'documents-required',
    sentence:
      'Cultural property illegally exported from its country of origin may be subject to Canada’s import controls (Cultural Property Export and Import Act); keep its export permit or proof of legal import.',
    sourceUrl: 'https://argocustoms.com/export-and-import-of-cultural-property/',
    sourceTitle: 'CBSA Memorandum D19-4-1, Export and Import of Cultural Property (as published by Argo Customs)',
  },
  {
    country: 'Australia',
    contents: 'coral',
    kind: 'may-not-be-sold',
    sentence:
      'Coral souvenirs (CITES-listed) come into Australia without an import permit only as personal effects not intended for sale or any other commercial purpose, so they may not be sold.',
    sourceUrl:
      'http://environment.gov.au/topics/biodiversity/wildlife-trade/travellers-and-online-shoppers/personal-effects',
    sourceTitle: 'Australian Government: Travelling with plants and animals as personal effects',
  },
  {
    country: 'Australia',
    contents: 'ivory-or-bone',
    kind: 'documents-required',
    sentence:
      'A non-live CITES Appendix I item such as elephant ivory may enter Australia only with a pre-CITES certificate from the exporting country; keep it to show the item was imported legally.',
    sourceUrl:
      'http://environment.gov.au/topics/biodiversity/wildlife-trade/travellers-and-online-shoppers/personal-effects',
    sourceTitle: 'Australian Government: Travelling with plants and animals as personal effects',
  },
  {
    country: 'Australia',
    contents: 'food',
    kind: 'allowed',
    sentence: 'Australia Post carries perishable food only when it is packed as Appendix 3 of its terms requires.',
    sourceUrl: 'http://www.auspost.com.au/statutorydocuments/generalpostalservices/_APT&C_Body-04.htm',
    sourceTitle: 'Australia Post Terms and Conditions, Part D: Prohibited goods (clause 62.1.8)',
  },
];

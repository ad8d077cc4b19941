import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDateString,
  IsIn,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';

// Constants and classes of customs that the web app uses: no class-transformer @Type here, whose decorator needs
// reflect-metadata loaded (the browser's Home and Sell pages import these without it). The RPC requests are in ./customs.

/**
 * What a listing contains, as far as customs and postal rules care. Declared once here: the sell form's
 * checklist, the API's validation, the rules table's `contents` column and the browse facet all use this list.
 * 'none' ("none of these") is the common answer and stands alone.
 */
export const CONTENTS = [
  'food',
  'alcohol',
  'plant-or-seeds',
  'wood',
  'shell',
  'coral',
  'ivory-or-bone',
  'leather-or-reptile-skin',
  'fur-or-feathers',
  'antique-over-100-years',
  'cultural-or-archaeological',
  'medicine',
  'none',
] as const;
export type Contents = (typeof CONTENTS)[number];

export const CONTENTS_LABELS: Record<Contents, string> = {
  food: 'Food',
  alcohol: 'Alcohol',
  'plant-or-seeds': 'Plants or seeds',
  wood: 'Wood',
  shell: 'Shell',
  coral: 'Coral',
  'ivory-or-bone': 'Ivory or bone',
  'leather-or-reptile-skin': 'Leather or reptile skin',
  'fur-or-feathers': 'Fur or feathers',
  'antique-over-100-years': 'Antique (over 100 years old)',
  'cultural-or-archaeological': 'Cultural or archaeological item',
  medicine: 'Medicine',
  none: 'None of these',
};

/** The sell form's and the API's sentence when the contents list is empty (the spec's "… is required" style). */
export const CONTENTS_REQUIRED = 'Contents is required: tick what the item contains, or "None of these"';

/** A product whose seller did not declare its contents (listed through the API without them): shown, never "none". */
export const CONTENTS_NOT_DECLARED = 'Contents not declared by the seller';

/** What a rule says about a country × contents: the first refuses the listing, the next two are shown to people. */
export const CUSTOMS_RULE_KINDS = ['may-not-be-sold', 'may-not-be-posted', 'documents-required', 'allowed'] as const;
export type CustomsRuleKind = (typeof CUSTOMS_RULE_KINDS)[number];

/**
 * How far a product's origin is backed: the seller's checkbox (`isCustomsVerified`), a receipt or customs declaration
 * attached, or support looked at the documents and approved them. Null: nothing claimed.
 */
export const ORIGIN_LEVELS = ['self-declared', 'documented', 'checked'] as const;
export type OriginLevel = (typeof ORIGIN_LEVELS)[number];

export const ORIGIN_LEVEL_SENTENCES: Record<OriginLevel, string> = {
  'self-declared': 'The seller says this item cleared customs; nothing has been attached to show it.',
  documented: 'The seller attached a receipt or customs declaration for this item; nobody has checked it yet.',
  checked: 'Our support team looked at the receipt or customs declaration and found it matches this item.',
};

export const CUSTOMS_DISCLAIMER = 'This is guidance, not legal advice.';

/** Checkout ships within one country (the spec's domestic shipping): the sentence for any other delivery country. */
export const crossBorderMessage = (itemCountry: string, deliveryCountry: string) =>
  `This item ships only within ${itemCountry}; it cannot be delivered to ${deliveryCountry}.`;

const MAX_DOCUMENTS = 4;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Where and when the seller bought the item, and photos of its receipt or customs declaration (all optional). */
export class ProvenanceDto {
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(60, { message: 'Country of purchase is too long' })
  boughtCountry?: string;

  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'City of purchase is too long' })
  boughtCity?: string;

  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(120, { message: 'Shop or market is too long' })
  boughtAt?: string;

  /** A month or day: `2024-05` or `2024-05-17`. */
  @IsOptional()
  @Matches(/^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/, { message: 'Date of purchase must look like 2024-05' })
  boughtOn?: string;

  @IsOptional()
  @IsArray({ message: 'Documents must be a list of photo URLs' })
  @ArrayMaxSize(MAX_DOCUMENTS, { message: `At most ${MAX_DOCUMENTS} document photos` })
  @MaxLength(2048, { each: true, message: 'Each document must be an http(s) URL' })
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { each: true, message: 'Each document must be an http(s) URL' },
  )
  documents?: string[];
}

/** A rule that applies to a product, as the seller and the product page show it. */
export interface CustomsNoticeDto {
  contents: Contents;
  kind: CustomsRuleKind;
  sentence: string;
  sourceUrl: string;
  sourceTitle: string;
  lastCheckedOn: string;
}

/**
 * `GET /api/products/:id/customs`: what the product page shows beside the origin badge (kept out of ProductDto, which
 * every list answers alike): the seller's country's rules for its contents, and where it was bought.
 */
export interface ProductCustomsDto {
  productId: string;
  shipsFrom: string | null;
  /** Null: not declared by the seller. */
  contents: Contents[] | null;
  originLevel: OriginLevel | null;
  notices: CustomsNoticeDto[];
  /** Where and when it was bought; never its documents, which only the seller's entitled viewers see. */
  provenance: PublicProvenanceDto | null;
  /** Whether a receipt or customs declaration is attached: all a public page says about the documents. */
  hasDocuments: boolean;
}

/** Provenance as anyone may read it: the documents (photos of a purchase receipt) are evidence, not public. */
export type PublicProvenanceDto = Omit<ProvenanceDto, 'documents'>;

export interface CustomsRuleDto extends CustomsNoticeDto {
  id: string;
  country: string;
  version: number;
  updatedAt: string;
}

export interface CustomsRuleHistoryDto {
  version: number;
  kind: CustomsRuleKind;
  sentence: string;
  sourceUrl: string;
  sourceTitle: string;
  lastCheckedOn: string;
  changedAt: string;
  changedBy: string | null;
}

/** `PUT /api/support/customs-rules/:id` and `POST /api/support/customs-rules`: a rule as support writes it. */
export class CustomsRuleInputDto {
  @Transform(trim) @IsString() @MinLength(2) @MaxLength(60) country!: string;
  @IsIn(CONTENTS.filter((c) => c !== 'none'), { message: 'contents must be one of the contents list' })
  contents!: Contents;
  @IsIn(CUSTOMS_RULE_KINDS, { message: `kind must be one of ${CUSTOMS_RULE_KINDS.join(', ')}` })
  kind!: CustomsRuleKind;
  @Transform(trim)
  @IsString()
  @MinLength(10, { message: 'The sentence is too short' })
  @MaxLength(600)
  sentence!: string;
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'The source must be an http(s) URL' })
  @MaxLength(2048)
  sourceUrl!: string;
  @Transform(trim)
  @IsString()
  @MinLength(3, { message: 'The source needs a title' })
  @MaxLength(300)
  sourceTitle!: string;
  @IsDateString({ strict: true }, { message: 'Last checked must be a date (YYYY-MM-DD)' }) lastCheckedOn!: string;
}

export const PROVENANCE_DECISIONS = ['approve', 'reject'] as const;
export type ProvenanceDecision = (typeof PROVENANCE_DECISIONS)[number];

export class DecideProvenanceDto {
  @IsIn(PROVENANCE_DECISIONS, { message: 'decision must be approve or reject' }) decision!: ProvenanceDecision;
}

/** One listing waiting in support's provenance queue: what the seller says, and their documents. */
export interface ProvenanceReviewItemDto {
  productId: string;
  title: string;
  country: string;
  image: string | null;
  sellerId: string;
  /** Null: not declared by the seller. */
  contents: Contents[] | null;
  provenance: ProvenanceDto;
  listedAt: string;
}

import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { signEvidenceUrl } from '@souvenir/platform';
import { map, type Observable } from 'rxjs';
import { GatewayConfig } from '../../config/gateway.config';

/**
 * Evidence in an answer that was only given to someone entitled to it: a claim's photos (an order's two
 * parties and support, as payments decides) and a listing's documents (support's provenance queue, as catalog
 * decides). Their URLs leave signed for minutes (libs/platform evidence-urls), because media refuses evidence photos
 * without a signature: a URL copied out of the answer stops working, and the public customs panel has none at all.
 */
@Injectable()
export class SignedEvidence implements NestInterceptor {
  constructor(private readonly config: GatewayConfig) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const sign = (url: string) => signEvidenceUrl(url, this.config.SESSION_SECRET);
    return next.handle().pipe(map((body: unknown) => withSignedEvidence(body, sign)));
  }
}

/** The answer with every `claim.photos`, `claim.sellerResponse.photos` and `provenance.documents` URL signed, wherever it sits (lists included). */
export function withSignedEvidence<T>(body: T, sign: (url: string) => string): T {
  if (Array.isArray(body)) return body.map((item: unknown) => withSignedEvidence(item, sign)) as T;
  if (!body || typeof body !== 'object') return body;
  const signed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'claim' && isObject(value)) signed[key] = signClaim(value, sign);
    else if (key === 'provenance' && isObject(value)) signed[key] = signList(value, 'documents', sign);
    else signed[key] = withSignedEvidence(value, sign);
  }
  return signed as T;
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object';

/** A claim's photos and the photos of the seller's answer. */
function signClaim(claim: Record<string, unknown>, sign: (url: string) => string) {
  const signed = signList(claim, 'photos', sign);
  const response = claim.sellerResponse;
  return isObject(response) ? { ...signed, sellerResponse: signList(response, 'photos', sign) } : signed;
}

function signList(holder: Record<string, unknown>, field: string, sign: (url: string) => string) {
  const urls = holder[field];
  if (!Array.isArray(urls)) return holder;
  return { ...holder, [field]: urls.map((url: unknown) => (typeof url === 'string' ? sign(url) : url)) };
}

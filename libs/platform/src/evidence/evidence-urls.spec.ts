import { EVIDENCE_URL_TTL_SECONDS, isEvidenceSignatureValid, signEvidenceUrl } from './evidence-urls';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const HASH = '0123456789abcdef0123456789abcdef';
const NOW = Date.UTC(2025, 0, 1);

function queryOf(url: string) {
  const query = new URL(url, 'http://x').searchParams;
  return { expires: query.get('expires') ?? undefined, signature: query.get('signature') ?? undefined };
}

describe('evidence URLs', () => {
  it('signs an uploaded photo for minutes, for every size of it, and nobody else can', () => {
    const url = signEvidenceUrl(`http://localhost:3000/media/${HASH}-1600.webp`, SECRET, NOW);
    expect(url).toMatch(new RegExp(`^http://localhost:3000/media/${HASH}-1600\\.webp\\?expires=\\d+&signature=`));
    const { expires, signature } = queryOf(url);
    expect(isEvidenceSignatureValid(HASH, expires, signature, SECRET, NOW)).toBe(true);
    const later = NOW + (EVIDENCE_URL_TTL_SECONDS + 1) * 1000;
    expect(isEvidenceSignatureValid(HASH, expires, signature, SECRET, later)).toBe(false);
    expect(isEvidenceSignatureValid(HASH.replace('0', '1'), expires, signature, SECRET, NOW)).toBe(false);
    expect(isEvidenceSignatureValid(HASH, String(Number(expires) + 60), signature, SECRET, NOW)).toBe(false);
    expect(isEvidenceSignatureValid(HASH, expires, signature, `${SECRET}!`, NOW)).toBe(false);
    for (const [e, s] of [
      [undefined, undefined],
      [expires, 'short'],
      [['1', '2'], signature],
      ['1e12', signature],
    ])
      expect(isEvidenceSignatureValid(HASH, e, s, SECRET, NOW)).toBe(false);
  });

  it('leaves a pasted URL as it is', () => {
    expect(signEvidenceUrl('https://example.com/receipt.jpg', SECRET, NOW)).toBe('https://example.com/receipt.jpg');
  });
});

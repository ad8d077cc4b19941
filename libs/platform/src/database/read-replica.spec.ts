import { readReplicaUrl } from './read-replica';

describe('readReplicaUrl', () => {
  const primary = 'postgresql://app:s3cret@db-rw:5432/app?sslmode=require';

  it('is null when unset or empty: reads stay on DATABASE_URL', () => {
    expect(readReplicaUrl(primary, undefined)).toBeNull();
    expect(readReplicaUrl(primary, '  ')).toBeNull();
  });

  it("takes DATABASE_URL's user, password and parameters when the read URL has no password", () => {
    expect(readReplicaUrl(primary, 'postgresql://db-ro:5432/app')).toBe(
      'postgresql://app:s3cret@db-ro:5432/app?sslmode=require',
    );
  });

  it('keeps credentials and parameters of its own', () => {
    expect(readReplicaUrl(primary, 'postgresql://reader:other@db-ro:5432/app?sslmode=disable')).toBe(
      'postgresql://reader:other@db-ro:5432/app?sslmode=disable',
    );
  });
});

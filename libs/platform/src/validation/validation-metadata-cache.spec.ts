import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, getMetadataStorage, Min, ValidateNested } from 'class-validator';
import { DomainError } from '../errors/domain-error';
import { parsePayload } from './parse-payload';
import { cacheValidationMetadata } from './validation-metadata-cache';

class Item {
  @IsString()
  name!: string;
}

class Base {
  @IsString()
  actorId!: string;
}

class Request extends Base {
  @IsInt()
  @Min(1)
  count!: number;

  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => Item)
  items?: Item[];
}

async function refusal(type: new () => object, payload: unknown): Promise<DomainError> {
  try {
    await parsePayload(type, payload);
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('accepted');
}

describe('cacheValidationMetadata', () => {
  it('is on once parse-payload is loaded, and patching again changes nothing', () => {
    const storage = getMetadataStorage();
    const find = storage.getTargetValidationMetadatas;
    cacheValidationMetadata();
    expect(storage.getTargetValidationMetadatas).toBe(find);
    // The same list for the same class, each time (remembered), with the inherited rule in it.
    const first = find.call(storage, Request, '', false, false);
    expect(find.call(storage, Request, '', false, false)).toBe(first);
    expect(first.map((m) => m.propertyName).sort()).toEqual(['actorId', 'count', 'count', 'items', 'items']);
  });

  it('validates as before, again and again: inherited rules, nested objects, unknown fields refused', async () => {
    for (let round = 0; round < 3; round++) {
      const ok = await parsePayload(Request, { actorId: 'a', count: 2, items: [{ name: 'x' }] });
      expect(ok).toBeInstanceOf(Request);
      expect(ok.items?.[0]).toBeInstanceOf(Item);

      expect((await refusal(Request, { count: 2 })).message).toMatch(/actorId/);
      expect((await refusal(Request, { actorId: 'a', count: 0 })).message).toMatch(/count/);
      expect((await refusal(Request, { actorId: 'a', count: 1, extra: 1 })).message).toBe('Unknown field: extra');
      expect((await refusal(Request, { actorId: 'a', count: 1, items: [{ name: 1 }] })).errors).toEqual([
        expect.objectContaining({ field: 'items.0.name' }),
      ]);
      expect((await refusal(Request, { actorId: 'a', count: 1, items: [{ name: 'x', more: 1 }] })).message).toBe(
        'Unknown field: items.0.more',
      );
    }
  });

  it('forgets what it remembered when a rule is added later (a class loaded after the first validation)', async () => {
    class Later {
      @IsString()
      known!: string;
    }
    expect(await parsePayload(Later, { known: 'k' })).toBeInstanceOf(Later);
    expect((await refusal(Later, { known: 'k', added: 'a' })).message).toBe('Unknown field: added');
    // A decorator run now (as a module loaded late would) is seen by the next validation.
    IsString()(Later.prototype, 'added');
    expect(await parsePayload(Later, { known: 'k', added: 'a' })).toBeInstanceOf(Later);
    expect((await refusal(Later, { known: 'k', added: 1 })).message).toMatch(/added/);
  });
});

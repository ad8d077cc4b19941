import { Injectable } from '@nestjs/common';
import { BaseRepository } from '../database/base.repository';
import { SavedAddressEntity } from './saved-address.entity';

/** What a new or edited address holds (the row's own columns are set here). */
export type AddressFields = Pick<
  SavedAddressEntity,
  'firstName' | 'lastName' | 'line1' | 'line2' | 'city' | 'region' | 'postcode' | 'country' | 'phone'
>;

/** The buyers' address books. Writes that must see a person's whole book run in one transaction (`withManager`). */
@Injectable()
export class SavedAddressesRepository extends BaseRepository {
  private get addresses() {
    return this.db.getRepository(SavedAddressEntity);
  }

  /** The person's addresses: the last used first, then the default, then the newest (saved_addresses_user_idx). */
  listOf(userId: string): Promise<SavedAddressEntity[]> {
    return this.addresses
      .createQueryBuilder('a')
      .where('a.user_id = :userId', { userId })
      .orderBy('a.last_used_at', 'DESC', 'NULLS LAST')
      .addOrderBy('a.is_default', 'DESC')
      .addOrderBy('a.created_at', 'DESC')
      .addOrderBy('a.id', 'ASC')
      .getMany();
  }

  /** One address, only if it is this person's: someone else's id reads as an unknown one. */
  findOwned(userId: string, id: string): Promise<SavedAddressEntity | null> {
    return this.addresses.findOneBy({ id, userId });
  }

  /**
   * Serialises the writes of one person's book (a transaction-scoped advisory lock on their id), so two requests at
   * once can neither pass the size limit together nor leave two defaults or none.
   */
  async lockBook(userId: string): Promise<void> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 36))`, [userId]);
  }

  countOf(userId: string): Promise<number> {
    return this.addresses.countBy({ userId });
  }

  /** An address of the book with the same lines, city, postcode, country and names (any case), if there is one. */
  findSame(userId: string, fields: AddressFields): Promise<SavedAddressEntity | null> {
    return this.addresses
      .createQueryBuilder('a')
      .where('a.user_id = :userId', { userId })
      .andWhere('lower(a.line1) = lower(:line1)', { line1: fields.line1 })
      .andWhere(`lower(coalesce(a.line2, '')) = lower(:line2)`, { line2: fields.line2 ?? '' })
      .andWhere('lower(a.city) = lower(:city)', { city: fields.city })
      .andWhere(`upper(replace(a.postcode, ' ', '')) = upper(replace(:postcode, ' ', ''))`, {
        postcode: fields.postcode,
      })
      .andWhere('a.country = :country', { country: fields.country })
      .andWhere('lower(a.first_name) = lower(:firstName)', { firstName: fields.firstName })
      .andWhere('lower(a.last_name) = lower(:lastName)', { lastName: fields.lastName })
      .getOne();
  }

  save(address: SavedAddressEntity): Promise<SavedAddressEntity> {
    return this.addresses.save(address);
  }

  create(fields: Partial<SavedAddressEntity>): SavedAddressEntity {
    return this.addresses.create(fields);
  }

  async clearDefault(userId: string): Promise<void> {
    await this.addresses.update({ userId, isDefault: true }, { isDefault: false });
  }

  async remove(address: SavedAddressEntity): Promise<void> {
    await this.addresses.delete({ id: address.id, userId: address.userId });
  }

  /** After the default was deleted: the most recently used (else newest) address left becomes the default. */
  async promoteNextDefault(userId: string): Promise<void> {
    await this.db.query(
      `UPDATE payments.saved_addresses SET is_default = true, updated_at = now()
        WHERE id = (SELECT id FROM payments.saved_addresses WHERE user_id = $1
                     ORDER BY last_used_at DESC NULLS LAST, created_at DESC, id LIMIT 1)
          AND NOT EXISTS (SELECT 1 FROM payments.saved_addresses WHERE user_id = $1 AND is_default)`,
      [userId],
    );
  }

  /** A paid checkout shipped to this address: it becomes the person's last used. */
  async markUsed(userId: string, id: string, at: Date): Promise<void> {
    await this.addresses.update({ id, userId }, { lastUsedAt: at });
  }
}

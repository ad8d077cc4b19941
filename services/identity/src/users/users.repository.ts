import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, type EntityManager, type Repository } from 'typeorm';
import { UserEntity } from './user.entity';

/** Columns kept from other services' events (payments' standing, reviews' rating): a new account starts without. */
type KeptFromEvents =
  | 'payoutsActive'
  | 'completedSales'
  | 'standingVersion'
  | 'ratingAverage'
  | 'ratingCount'
  | 'ratingVersion'
  | 'deletedAt'
  | 'suspendedAt';

@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  /** A live account: a deleted one is nobody's profile, session or mail any more. */
  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOne({ where: { id, deletedAt: IsNull() } });
  }

  /** The live users among the ids (primary key lookups; unknown and deleted ids are left out). */
  findByIds(ids: string[]): Promise<UserEntity[]> {
    return ids.length ? this.users.findBy({ id: In(ids), deletedAt: IsNull() }) : Promise.resolve([]);
  }

  /** The account with its password hash, deleted or not, without a lock (the deletion checks it before asking payments). */
  findWithPasswordById(id: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').addSelect('u.passwordHash').where('u.id = :id', { id }).getOne();
  }

  /**
   * Overwrites every personal field and drops the account's credentials. The old username and address no longer
   * match the row, so they sign nobody in and are free to be registered again.
   */
  async erase(manager: EntityManager, id: string): Promise<void> {
    await manager.query(
      `UPDATE identity.users
          SET username = 'deleted-' || id, email = 'deleted-' || id || '@deleted.invalid', password_hash = '!',
              first_name = 'Deleted', last_name = 'user', avatar = NULL, location = NULL, email_verified = false,
              two_factor_enabled = false, role = 'member', version = version + 1, deleted_at = now()
        WHERE id = $1`,
      [id],
    );
    // data_exports too: a pending export's job can then no longer hand media an archive (its upload is refused).
    // blocks: by them and of them (other services drop theirs on user.deleted).
    await manager.query(`DELETE FROM identity.blocks WHERE blocker_id = $1 OR blocked_id = $1`, [id]);
    for (const table of ['two_factor', 'recovery_codes', 'known_devices', 'passkeys', 'account_tokens', 'data_exports'])
      await manager.query(`DELETE FROM identity.${table} WHERE user_id = $1`, [id]);
  }

  /** Locks the user's row for a change. */
  findForUpdate(manager: EntityManager, id: string): Promise<UserEntity | null> {
    return manager.getRepository(UserEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Inserts a new account; answers it with its id and times. */
  insert(
    manager: EntityManager,
    user: Omit<UserEntity, 'id' | 'createdAt' | 'updatedAt' | KeptFromEvents>,
  ): Promise<UserEntity> {
    return manager.getRepository(UserEntity).save(manager.create(UserEntity, user));
  }

  /** Writes a changed account (its columns that changed). */
  save(manager: EntityManager, user: UserEntity): Promise<UserEntity> {
    return manager.getRepository(UserEntity).save(user);
  }

  /** Case-insensitive lookup served by the unique index on lower(username). */
  findWithPasswordByUsername(username: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
  }

  /** The account at an address (case-insensitive, served by the unique index on lower(email)). */
  findByEmail(manager: EntityManager, email: string): Promise<UserEntity | null> {
    return manager
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email })
      .getOne();
  }

  /** The account with its password hash, its row locked for a change that needs the password. */
  findWithPasswordForUpdate(manager: EntityManager, id: string): Promise<UserEntity | null> {
    return manager
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.id = :id', { id })
      .setLock('pessimistic_write')
      .getOne();
  }

  async findTaken(username: string, email: string): Promise<{ username: boolean; email: boolean }> {
    const rows: { username: boolean; email: boolean }[] = await this.users.query(
      `SELECT bool_or(lower(username) = lower($1)) AS username, bool_or(lower(email) = lower($2)) AS email
         FROM identity.users WHERE lower(username) = lower($1) OR lower(email) = lower($2)`,
      [username, email],
    );
    return { username: rows[0]?.username === true, email: rows[0]?.email === true };
  }
}

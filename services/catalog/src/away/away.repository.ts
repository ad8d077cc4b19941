import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** A seller's away mode as stored on their row (migration 1738600000000). */
export interface AwayRow {
  /** `YYYY-MM-DD`, or null when not away. */
  until: string | null;
  message: string | null;
  version: number;
}

/** Today's date in UTC, as Postgres computes it (one clock for the rows and the jobs). */
const TODAY = `(now() AT TIME ZONE 'UTC')::date`;
const RETURNING = `to_char(away_until, 'YYYY-MM-DD') AS until, away_message AS message, away_version AS version`;

/** The away columns of `catalog.sellers`; every statement is keyed by the seller's primary key. */
@Injectable()
export class AwayRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Today's date in UTC by the database's clock, `YYYY-MM-DD`. */
  async today(): Promise<string> {
    const [row] = (await this.dataSource.query(`SELECT to_char(${TODAY}, 'YYYY-MM-DD') AS today`)) as {
      today: string;
    }[];
    return row!.today;
  }

  /** The seller's away mode while it lasts (a return date after today); null when they are not away. */
  async findCurrent(sellerId: string): Promise<AwayRow | null> {
    const [row] = (await this.dataSource.query(
      `SELECT ${RETURNING} FROM catalog.sellers WHERE id = $1 AND away_until > ${TODAY}`,
      [sellerId],
    )) as AwayRow[];
    return row ?? null;
  }

  /** Starts or changes away mode: the new state with its version. */
  async set(manager: EntityManager, sellerId: string, until: string, message: string | null): Promise<AwayRow> {
    const [rows] = (await manager.query(
      `UPDATE catalog.sellers SET away_until = $2::date, away_message = $3, away_version = away_version + 1
        WHERE id = $1 RETURNING ${RETURNING}`,
      [sellerId, until, message],
    )) as [AwayRow[], number];
    return rows[0]!;
  }

  /**
   * Ends away mode: by the seller (any version), or by the return job for the period it was made for (`version`) once
   * its date has come. Null when nothing changed (not away, or a newer period).
   */
  async end(manager: EntityManager, sellerId: string, onReturnOf?: number): Promise<AwayRow | null> {
    const [rows] = (await manager.query(
      `UPDATE catalog.sellers SET away_until = NULL, away_message = NULL, away_version = away_version + 1
        WHERE id = $1 AND away_until IS NOT NULL
          AND ($2::int IS NULL OR (away_version = $2 AND away_until <= ${TODAY}))
        RETURNING ${RETURNING}`,
      [sellerId, onReturnOf ?? null],
    )) as [AwayRow[], number];
    return rows[0] ?? null;
  }

  /** Whether the seller is still away on the period `version` names, with its date still ahead (the job is early). */
  async isAheadOf(sellerId: string, version: number): Promise<boolean> {
    const [row] = (await this.dataSource.query(
      `SELECT 1 FROM catalog.sellers WHERE id = $1 AND away_version = $2 AND away_until > ${TODAY}`,
      [sellerId, version],
    )) as unknown[];
    return row !== undefined;
  }
}

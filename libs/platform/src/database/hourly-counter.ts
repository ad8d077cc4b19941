import type { EntityManager } from 'typeorm';

/** A table that counts one subject's acts per clock hour: `(subject, window_start)` its primary key. */
export interface HourlyCounterTable {
  /** Schema-qualified, e.g. `catalog.listing_velocity`: code's constant, never input. */
  table: string;
  subjectColumn: string;
  countColumn: string;
}

export interface HourlyCount {
  /** This act included. */
  count: number;
  windowStart: Date;
  /** Until the hour ends, at least 1 and at most 3600. */
  secondsLeft: number;
}

const HOUR_SECONDS = 3600;

/**
 * Counts one more act of `subjectId` in this clock hour, inside the caller's transaction. The upsert's row lock orders
 * parallel callers, so a threshold holds exactly whatever arrives at once, and a caller that rolls back takes its
 * increment back with it. Earlier hours of the subject are deleted first (a primary-key prefix), so the table keeps
 * about one row per subject.
 */
export async function countThisHour(
  manager: EntityManager,
  { table, subjectColumn, countColumn }: HourlyCounterTable,
  subjectId: string,
): Promise<HourlyCount> {
  await manager.query(`DELETE FROM ${table} WHERE ${subjectColumn} = $1 AND window_start < date_trunc('hour', now())`, [
    subjectId,
  ]);
  const [row] = await manager.query<{ count: number; window_start: Date; seconds_left: number }[]>(
    `INSERT INTO ${table} AS v (${subjectColumn}, window_start, ${countColumn})
     VALUES ($1, date_trunc('hour', now()), 1)
     ON CONFLICT (${subjectColumn}, window_start) DO UPDATE SET ${countColumn} = v.${countColumn} + 1
     RETURNING ${countColumn} AS count, window_start,
       ceil(extract(epoch FROM v.window_start + interval '1 hour' - now()))::int AS seconds_left`,
    [subjectId],
  );
  return {
    count: row!.count,
    windowStart: row!.window_start,
    secondsLeft: Math.min(HOUR_SECONDS, Math.max(1, row!.seconds_left)),
  };
}

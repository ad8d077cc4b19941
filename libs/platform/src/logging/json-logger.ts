import type { LoggerService } from '@nestjs/common';
import { currentRequestId } from './request-context';

const LEVELS = { debug: 10, verbose: 10, log: 20, info: 20, warn: 30, error: 40, fatal: 50 } as const;
type Level = keyof typeof LEVELS;

/** One JSON object per line on stdout, so log shippers need no parsing rules. */
export class JsonLogger implements LoggerService {
  private readonly threshold: number;

  constructor(
    private readonly service: string,
    level: string = process.env.LOG_LEVEL ?? 'info',
  ) {
    this.threshold = LEVELS[level as Level] ?? LEVELS.info;
  }

  log(message: unknown, ...rest: unknown[]) {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.write('fatal', message, rest);
  }

  private write(level: Level, message: unknown, rest: unknown[]) {
    if (LEVELS[level] < this.threshold) return;
    const context = typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const entry: Record<string, unknown> = {
      time: new Date().toISOString(),
      level,
      service: this.service,
      context,
      requestId: currentRequestId(),
    };
    if (message instanceof Error) Object.assign(entry, { msg: message.message, stack: message.stack });
    else if (typeof message === 'object' && message !== null) Object.assign(entry, message);
    else entry.msg = String(message);
    const detail = rest.find((r) => typeof r === 'string' || r instanceof Error);
    if (detail) entry.detail = detail instanceof Error ? detail.stack : detail;
    process.stdout.write(`${JSON.stringify(entry)}\n`);
  }
}

import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';

/** Raised when an environment variable is missing or wrong; the message names the variable. */
export class ConfigError extends Error {}

/**
 * Reads and validates environment variables into a typed config class. Defaults are the class's
 * initialisers, so every variable has a working loopback value for development.
 */
export function loadConfig<T extends object>(type: new () => T, env: NodeJS.ProcessEnv = process.env): T {
  const defaults = new type() as Record<string, unknown>;
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(defaults))
    raw[key] = env[key] === undefined || env[key] === '' ? defaults[key] : env[key];
  const config = plainToInstance(type, raw, { enableImplicitConversion: true });
  const errors = validateSync(config, { forbidUnknownValues: false });
  if (errors.length) {
    const lines = errors.map(
      (e) => `${e.property}=${JSON.stringify(raw[e.property])}: ${Object.values(e.constraints ?? {}).join('; ')}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return config;
}

/** Loads config or stops the process with a message naming the bad variable. */
export function loadConfigOrExit<T extends object>(type: new () => T): T {
  try {
    return loadConfig(type);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

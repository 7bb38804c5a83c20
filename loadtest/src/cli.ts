// What every load-testing command shares: argument parsing with a clear usage error, durations and
// rates as people type them ("30s", "10m", "1h"), and the process exit that follows a bad argument.
import { type ParseArgsConfig, parseArgs } from 'node:util';

export class UsageError extends Error {}

/** Parses `args` against `options`; an unknown flag or a missing value is a UsageError with the usage. */
export function parseCommand<T extends NonNullable<ParseArgsConfig['options']>>(
  args: readonly string[],
  options: T,
  usage: string,
) {
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${usage}`);
  }
}

/** Runs a command line's parser: a UsageError it throws ends with the usage (added where it is not there yet). */
export function withUsage<T>(usage: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof UsageError && !error.message.endsWith(usage))
      throw new UsageError(`${error.message}\n\n${usage}`);
    throw error;
  }
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** "250ms", "30s", "10m", "1h" or a bare number of seconds, in milliseconds. */
export function parseDuration(text: string, name: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) throw new UsageError(`--${name} must be a duration such as 30s, 10m or 1h (got "${text}")`);
  return Number(match[1]) * (UNITS[match[2] ?? 's'] as number);
}

/** A positive number (a speed, a count); `integer` refuses fractions. */
export function parsePositive(text: string, name: string, integer = false): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new UsageError(`--${name} must be a positive ${integer ? 'whole number' : 'number'} (got "${text}")`);
  }
  return value;
}

/** A hub's base URL: http(s) only, without a trailing slash. */
export function parseHubUrl(text: string | undefined, name: string): string {
  if (!text) throw new UsageError(`--${name} is required: the hub's address, such as http://127.0.0.1:3000`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--${name} must be a URL such as http://127.0.0.1:3000 (got "${text}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--${name} must be an http or https URL (got "${text}")`);
  }
  return url.origin;
}

/** "a,b , c" as ["a", "b", "c"]. */
export const parseList = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

/** Runs a command's main: a UsageError prints its message and exits 2; any other error exits 1. */
export async function runMain(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

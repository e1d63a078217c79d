// The engine's log: pino-shaped JSON lines (the same shape Fastify writes), so that a worker-only
// process, which has no HTTP app and hence no Fastify logger, logs like every other process.
import { hostname } from 'node:os';
import { redact } from './job-errors';

export interface JobLogger {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

const LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

function serialize(details: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(details)) {
    result[key] =
      value instanceof Error
        ? { type: value.name, message: redact(value.message), stack: redact(value.stack ?? '') }
        : value;
  }
  return result;
}

export function createJobLogger(
  level: string,
  write: (line: string) => void = (line) => void process.stdout.write(line),
): JobLogger {
  const threshold = LEVELS[level] ?? LEVELS.info ?? 30;
  const base = { pid: process.pid, hostname: hostname(), name: 'jobs' };
  const at = (value: number) => (details: Record<string, unknown>, message: string) => {
    if (value < threshold) return;
    const line = { level: value, time: Date.now(), ...base, ...serialize(details), msg: message };
    write(`${JSON.stringify(line)}\n`);
  };
  return { info: at(30), warn: at(40), error: at(50) };
}

/** For tests: keeps nothing, says nothing. */
export const silentJobLogger: JobLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** A tiny JSON-lines logger: one object per line on stdout (stderr for warn and error). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger that adds `fields` to every line (e.g. the request id). */
  child(fields: LogFields): Logger;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function isLogLevel(value: unknown): value is LogLevel {
  // Own keys only: LOG_LEVEL=constructor is no level.
  return typeof value === 'string' && Object.hasOwn(ORDER, value);
}

export interface LoggerOptions {
  /** Default: LOG_LEVEL from the environment, else 'info'. */
  level?: LogLevel;
  base?: LogFields;
  /** Where lines go (tests capture them); default stdout/stderr. */
  write?: (line: string, level: LogLevel) => void;
}

/**
 * Errors do not survive JSON.stringify; keep what helps an operator (never sent to clients):
 * name, message, stack and cause, also of errors nested in objects and lists (a few levels deep).
 * JSON.stringify then escapes the stack's newlines, so a line stays one line.
 */
function serialise(value: unknown, depth = 0): unknown {
  if (value instanceof Error) {
    const cause = value.cause === undefined ? {} : { cause: serialise(value.cause, depth + 1) };
    return { name: value.name, message: value.message, stack: value.stack, ...cause };
  }
  if (typeof value === 'bigint') return value.toString();
  if (depth >= 4 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => serialise(item, depth + 1));
  // Plain objects only: others (Dates, Buffers) keep their own toJSON.
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: LogFields = {};
  for (const [key, item] of Object.entries(value)) out[key] = serialise(item, depth + 1);
  return out;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const envLevel = process.env.LOG_LEVEL;
  const level: LogLevel = options.level ?? (isLogLevel(envLevel) ? envLevel : 'info');
  const write =
    options.write ??
    ((line: string, lineLevel: LogLevel) =>
      (ORDER[lineLevel] >= ORDER.warn ? process.stderr : process.stdout).write(line + '\n'));
  const base = options.base ?? {};

  const log = (lineLevel: LogLevel, message: string, fields?: LogFields) => {
    if (ORDER[lineLevel] < ORDER[level]) return;
    const entry: LogFields = {
      time: new Date().toISOString(),
      level: lineLevel,
      msg: message,
      ...base,
    };
    for (const [key, value] of Object.entries(fields ?? {})) entry[key] = serialise(value);
    let line: string;
    try {
      line = JSON.stringify(entry);
    } catch {
      line = JSON.stringify({
        time: entry.time,
        level: lineLevel,
        msg: message,
        note: 'fields not serialisable',
      });
    }
    write(line, lineLevel);
  };

  return {
    debug: (m, f) => log('debug', m, f),
    info: (m, f) => log('info', m, f),
    warn: (m, f) => log('warn', m, f),
    error: (m, f) => log('error', m, f),
    child: (fields) => createLogger({ level, write, base: { ...base, ...fields } }),
  };
}

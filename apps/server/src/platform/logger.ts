import pino, { type Logger } from 'pino';

/** One JSON line per event (pino); quiet in tests unless LOG_LEVEL asks otherwise. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'canvass' } });
}

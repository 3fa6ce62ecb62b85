/** Where the queues report a job that failed its last attempt, and connection errors. */
export interface JobLogger {
  error(message: string, meta?: Record<string, unknown>): void;
}

export const consoleJobLogger: JobLogger = {
  error: (message, meta) => console.error(message, meta ?? ''),
};

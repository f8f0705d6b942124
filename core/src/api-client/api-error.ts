/** An API call that failed: `status` is 0 when no response arrived (offline, DNS, aborted). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(message: string, status: number, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** The message a failed response carries: the body's `message`, else the spec's 'HTTP error! status: {code}'. */
export function messageFromBody(status: number, body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return `HTTP error! status: ${status}`;
}

/** Link failures with a stable code, so the UI and CLI can say what to do next. */
export type LinkErrorCode =
  | 'invalid-url' | 'connection-failed' | 'not-rosbridge' | 'not-connected' | 'connection-lost'
  | 'timeout' | 'service-failed' | 'aborted' | 'closed' | 'too-large';

export class LinkError extends Error {
  public readonly code: LinkErrorCode;
  public constructor(code: LinkErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LinkError';
    this.code = code;
  }
}

export function isLinkError(err: unknown, code?: LinkErrorCode): err is LinkError {
  return err instanceof LinkError && (code === undefined || err.code === code);
}

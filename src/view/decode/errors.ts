/** A message the view cannot decode, with what is wrong with it. Crosses the worker boundary as `{name, message}`. */
export class DecodeError extends Error {
  public override readonly name = 'DecodeError';
}

export function isDecodeError(err: unknown): err is DecodeError {
  return err instanceof Error && err.name === 'DecodeError';
}

export { createRedactor, TOKEN_PATTERN, type Redactor, type RedactorOptions } from './redactor.ts';
export { createStreamRestorer, type StreamRestorer } from './stream-restorer.ts';
export { mapStrings } from './deep.ts';
export { isIpv6, hostOf, type SecretKind } from './patterns.ts';

// The few platform globals that both browsers and Node provide and that pure core code may use.
// Only tsconfig.core.json includes this file; with it, any DOM or Node API in src/core fails to compile.
interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  throwIfAborted(): void;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
declare var AbortSignal: { timeout(ms: number): AbortSignal; any(signals: AbortSignal[]): AbortSignal; abort(reason?: unknown): AbortSignal };
declare class AbortController { readonly signal: AbortSignal; abort(reason?: unknown): void; }
declare function setTimeout(handler: () => void, ms?: number): unknown;
declare function clearTimeout(id: unknown): void;
declare function queueMicrotask(cb: () => void): void;
declare function structuredClone<T>(value: T): T;
declare var performance: { now(): number };
declare var console: { log(...a: unknown[]): void; warn(...a: unknown[]): void; error(...a: unknown[]): void };
declare class TextEncoder { encode(input?: string): Uint8Array; }
declare class TextDecoder { constructor(label?: string); decode(input?: Uint8Array): string; }
declare function atob(data: string): string;
declare function btoa(data: string): string;

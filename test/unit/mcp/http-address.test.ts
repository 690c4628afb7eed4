// Which --http addresses the MCP server accepts: loopback names with a port, nothing else.
import { describe, expect, it } from 'vitest';
import { parseHttpAddress } from '../../../src/mcp/http.ts';

describe('parseHttpAddress', () => {
  it.each([
    ['127.0.0.1:8765', '127.0.0.1', 8765], ['localhost:0', 'localhost', 0], ['[::1]:9000', '::1', 9000], ['LOCALHOST:1', 'LOCALHOST', 1],
  ])('accepts %s', (value, host, port) => {
    expect(parseHttpAddress(value)).toEqual({ ok: true, host, port });
  });

  it.each([
    ['0.0.0.0:8765', /not a loopback address/], ['10.0.0.2:80', /not a loopback address/], ['[::]:80', /not a loopback address/],
    ['127.0.0.2:80', /not a loopback address/], ['8765', /takes HOST:PORT/], ['127.0.0.1', /takes HOST:PORT/], ['127.0.0.1:99999', /out of range/],
    ['localhost:80/evil', /takes HOST:PORT/],
  ])('refuses %s', (value, reason) => {
    const r = parseHttpAddress(value);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });
});

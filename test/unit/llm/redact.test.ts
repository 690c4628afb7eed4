import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRedactor, createStreamRestorer, isIpv6, hostOf, mapStrings } from '../../../src/core/redact/index.ts';

describe('createRedactor', () => {
  const redactor = () => createRedactor({
    hostnames: ['dev-laptop'],
    robotHost: 'ws://turtlebot4.local:9090',
    nodeNames: ['/amcl', '/robot1/lidar_driver'],
    extraSecrets: ['sk-test-123'],
  });

  it('masks hosts, addresses, home paths and node names with stable tokens', () => {
    const r = redactor();
    const text = 'On dev-laptop (192.168.1.20, fe80::1ff:fe23:4567:890a%eth0) I run /home/alice/ws; robot turtlebot4.local '
      + 'at 10.0.0.7 runs /amcl and /robot1/lidar_driver; DEV-LAPTOP again; C:\\Users\\Bob\\x and /Users/carol/y; key sk-test-123';
    const out = r.redact(text);
    for (const secret of ['dev-laptop', 'DEV-LAPTOP', '192.168.1.20', 'fe80::1ff:fe23:4567:890a', 'alice', 'turtlebot4.local', '10.0.0.7', '/amcl', 'lidar_driver', 'Bob', 'carol', 'sk-test-123']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('<HOST_1>');
    expect(out).toContain('<HOME_1>/ws');
    expect(out.match(/<HOST_1>/g)).toHaveLength(2); // same host, any case → same token
    expect(r.redact('again dev-laptop')).toBe('again <HOST_1>');
    expect(r.restore(out)).toBe(text.replace('DEV-LAPTOP', 'dev-laptop'));
  });

  it('leaves topics, versions, times and MACs alone', () => {
    const r = redactor();
    const text = 'topic /amcl_pose and /scan at 12:30:45, ROS 2.0.1.4.5, mac aa:bb:cc:dd:ee:ff, std::vector';
    expect(r.redact(text)).toBe(text);
  });

  it('restores tokens whatever their case and keeps unknown ones', () => {
    const r = redactor();
    r.redact('dev-laptop');
    expect(r.restore('<host_1> and <HOST_9>')).toBe('dev-laptop and <HOST_9>');
  });

  it('learns names later and keeps earlier tokens', () => {
    const r = createRedactor({ hostnames: ['dev-laptop'] });
    expect(r.redact('dev-laptop runs /planner_server')).toBe('<HOST_1> runs /planner_server');
    r.learn({ nodeNames: ['/planner_server'], robotHost: 'ws://nav-bot:9090' });
    expect(r.redact('dev-laptop runs /planner_server on nav-bot')).toBe('<HOST_1> runs <NODE_1> on <HOST_2>');
    expect(r.restore('<NODE_1>@<HOST_2>')).toBe('/planner_server@nav-bot');
  });

  it('handles JSON-escaped Windows home paths', () => {
    const r = redactor();
    expect(r.redact('{"path":"C:\\\\Users\\\\dana\\\\ws"}')).toBe('{"path":"<HOME_1>\\\\ws"}');
  });
});

describe('createStreamRestorer', () => {
  it('restores a token split across chunks', () => {
    const r = createRedactor({ hostnames: ['robot-pc'] });
    r.redact('robot-pc');
    const s = createStreamRestorer(r);
    const parts = ['host is <HO', 'ST_', '1', '> ok <', '3 and <HOST_1', '>', ' end <HOS'];
    const out = parts.map((p) => s.push(p)).join('') + s.flush();
    expect(out).toBe('host is robot-pc ok <3 and robot-pc end <HOS');
  });
});

describe('helpers', () => {
  it('recognises IPv6 forms', () => {
    expect(isIpv6('::1')).toBe(true);
    expect(isIpv6('2001:db8::8a2e:370:7334')).toBe(true);
    expect(isIpv6('::ffff:192.168.0.1')).toBe(true);
    expect(isIpv6('12:30:45')).toBe(false);
    expect(isIpv6('1::2::3')).toBe(false);
  });
  it('extracts the host from robot URLs', () => {
    expect(hostOf('ws://robot.local:9090')).toBe('robot.local');
    expect(hostOf('ws://[fd00::5]:9090/')).toBe('fd00::5');
    expect(hostOf('10.1.2.3:9090')).toBe('10.1.2.3');
  });
  it('maps strings deep inside JSON', () => {
    expect(mapStrings({ a: ['x', 1, { b: 'x' }] }, (s) => s.toUpperCase())).toEqual({ a: ['X', 1, { b: 'X' }] });
  });
});

// Property: whatever private values a prompt carries, none survive redaction, and restoring the
// redacted text (as a model would echo tokens back) gives the original prompt.
const label = fc.stringMatching(/^[a-z][a-z0-9-]{2,10}[a-z0-9]$/);
const hostArb = fc.tuple(label, fc.constantFrom('', '.local', '.lan', '.example.com')).map(([a, b]) => `${a}${b}`);
const ipv4Arb = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((o) => o.join('.'));
const ipv6Arb = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }).chain((g) =>
  fc.integer({ min: 0, max: 2 }).map((form) => {
    const hex = g.map((x) => x.toString(16));
    if (form === 0) return hex.join(':');
    if (form === 1) return `${hex.slice(0, 3).join(':')}::${hex.slice(6).join(':')}`;
    return `fe80::${hex.slice(5).join(':')}`;
  }));
const userArb = fc.stringMatching(/^[a-z][a-z._]{2,8}\d{2}$/); // distinctive, so a leak check by substring is fair
const homeArb = fc.tuple(fc.constantFrom('/home/', '/Users/', 'C:\\Users\\', 'D:/Users/'), userArb).map(([p, u]) => `${p}${u}`);
const nodeArb = fc.tuple(fc.constantFrom('/', '/ns1/', '/robot_2/'), fc.stringMatching(/^[a-z][a-z0-9_]{3,12}$/)).map(([ns, n]) => `${ns}${n}_node`);
const fillerArb = fc.constantFrom(' ', ' the lidar ', ', then ', ' on topic /scan ', '\n', ' (', ') ', ': ', ' "', '" ');

describe('redaction property', () => {
  it('masks every private value and maps the reply back', () => {
    fc.assert(fc.property(
      fc.array(hostArb, { minLength: 1, maxLength: 2 }), hostArb, fc.array(nodeArb, { minLength: 1, maxLength: 3 }),
      fc.array(fc.tuple(fc.oneof(hostArb, ipv4Arb, ipv6Arb, homeArb, nodeArb), fillerArb), { minLength: 1, maxLength: 12 }),
      (hostnames, robot, nodes, pieces) => {
        // Hosts and nodes in the prompt come from what the redactor was told about; IPs and home paths are found by shape.
        const known = new Set([...hostnames, robot, ...nodes]);
        const parts = pieces.map(([v, f]) => {
          if (/^[a-z]/.test(v) && !known.has(v)) return [hostnames[0]!, f] as const;
          if (v.endsWith('_node') && !known.has(v)) return [nodes[0]!, f] as const;
          return [v, f] as const;
        });
        const prompt = `Robot at ws://${robot}:9090. ${parts.map(([v, f]) => v + f).join('')}end`;
        const r = createRedactor({ hostnames, robotHost: `ws://${robot}:9090`, nodeNames: nodes });
        const masked = r.redact(prompt);
        for (const [v] of parts) {
          const secret = /^(?:\/home\/|\/Users\/|[A-Z]:)/.test(v) ? v.split(/[\\/]/).pop()! : v;
          expect(masked.includes(secret), `"${secret}" leaked in: ${masked}`).toBe(false);
        }
        expect(masked).not.toContain(robot);
        // A model echoes tokens in its own words; tokens split across chunks still come back.
        const reply = `Use ${masked.match(/<[A-Z]+_\d+>/g)!.join(' and ')}.`;
        const restorer = createStreamRestorer(r);
        let streamed = '';
        for (let i = 0; i < reply.length; i += 3) streamed += restorer.push(reply.slice(i, i + 3));
        streamed += restorer.flush();
        expect(streamed).toBe(r.restore(reply));
        expect(streamed).not.toMatch(/<[A-Z]+_\d+>/);
        expect(r.restore(masked)).toBe(prompt.replace(new RegExp(hostnames.concat(robot).map((h) => h.replace(/[.-]/g, '\\$&')).join('|'), 'gi'), (m) => m.toLowerCase()));
      },
    ), { numRuns: 300 });
  });
});

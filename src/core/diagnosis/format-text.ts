/** Findings as plain text for the CLI: one block per finding, severity and code first, evidence indented. */
import type { Severity } from '../graph/types.ts';
import type { Finding } from './types.ts';

/** `3 errors, 1 warning` (any list of things with a severity: findings, file lint findings). */
export function countBySeverity(findings: readonly { severity: Severity }[]): string {
  const n = (s: Severity) => findings.filter((f) => f.severity === s).length;
  const parts = [[n('error'), 'error'], [n('warning'), 'warning'], [n('info'), 'info']] as const;
  const shown = parts.filter(([c]) => c > 0).map(([c, w]) => `${c} ${w}${c === 1 ? '' : 's'}`);
  return shown.length > 0 ? shown.join(', ') : 'none';
}

/**
 * @example
 * formatFindingsText(findings)
 * // error    QOS_RELIABILITY_MISMATCH  LaserScan "Scan" requests Reliable but /scan is published Best Effort ...
 * //          - LaserScan "Scan" Topic: /scan, Reliability Policy: Reliable (in the config)
 * //          fix: set Topic/Reliability Policy to Best Effort ...
 */
export function formatFindingsText(findings: readonly Finding[]): string {
  const width = Math.max(0, ...findings.map((f) => f.code.length));
  const lines: string[] = [];
  for (const f of findings) {
    lines.push(`${f.severity.padEnd(8)} ${f.code.padEnd(width)}  ${f.summary}`);
    const indent = ' '.repeat(9 + width + 2);
    for (const e of f.evidence) lines.push(`${indent}- ${e}`);
    if (f.hint) lines.push(`${indent}fix: ${f.hint}`);
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/**
 * The `ros2` commands that show the fact behind a finding (finding-checks.json), filled from the finding's subject.
 * Data, not code: the table is checked against the diagnosis codes and the ros2 grammar by its test.
 */
import { FINDING_CODES, type Finding, type FindingCode } from '../core/diagnosis/index.ts';
import table from './finding-checks.json';

const templates = table as unknown as Record<string, unknown>;

/** The templates of one code ([] for a code the table does not list). */
export function checkTemplates(code: FindingCode): string[] {
  const list = templates[code];
  return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
}

/** Codes the table lists that diagnosis does not know, and codes it misses: both are mistakes in the data file. */
export function tableProblems(): string[] {
  const keys = Object.keys(templates).filter((k) => !k.startsWith('$'));
  const unknown = keys.filter((k) => !(FINDING_CODES as readonly string[]).includes(k)).map((k) => `unknown code ${k}`);
  const missing = FINDING_CODES.filter((c) => !keys.includes(c)).map((c) => `no commands for ${c}`);
  return [...unknown, ...missing];
}

/**
 * @example checkCommandsFor({ code: 'NO_DATA', subject: { kind: 'topic', name: '/scan', topic: '/scan' }, … })
 * // → ['ros2 topic hz /scan', 'ros2 topic info --verbose /scan']
 */
export function checkCommandsFor(finding: Pick<Finding, 'code' | 'subject'>): string[] {
  const values: Record<string, string | undefined> = {
    topic: finding.subject.topic ?? (finding.subject.kind === 'topic' ? finding.subject.name : undefined),
    frame: finding.subject.kind === 'frame' ? finding.subject.name : undefined,
  };
  const out: string[] = [];
  for (const template of checkTemplates(finding.code)) {
    let complete = true;
    const line = template.replace(/\{(\w+)\}/g, (_, key: string) => {
      const v = values[key];
      // Names go into a shell line: only ROS name characters, never anything a shell would read.
      if (v === undefined || !/^[A-Za-z0-9_/~]+$/.test(v)) { complete = false; return ''; }
      return v;
    });
    if (complete) out.push(line);
  }
  return out;
}

/**
 * The app's document and the robot's current RViz config (/rviz_companion/rviz_config_current), kept apart by rule:
 * what a config arriving from the robot means, and whether sending the document may go ahead or must be confirmed.
 * Several clients may send configs to one robot (another browser, an MCP agent, `rviz-companion push`, RViz
 * restarted with another file); none of their changes is overwritten by an older document without asking.
 * Texts are compared by hash so that what is remembered per robot stays small.
 */
import { contentHash } from '../assistant/search/content-hash.ts';

export const configHash = (text: string): string => contentHash(text);

export interface RemoteKnowledge {
  /** The document's text now. */
  documentText: string;
  /** Hashes of the configs this app sent to this robot lately (their echo is not news, also after a reload). */
  sentHashes: readonly string[];
  /** Hash of the robot's config last seen for this robot; undefined before the first. */
  lastRemote: string | undefined;
}

export type RemoteMeaning =
  /** Our own document or one we sent, coming back. */
  | 'echo'
  /** The first config seen for this robot (on connect): the robot's starting point, not a change. */
  | 'initial'
  /** The same config as last seen (a latched replay after a reconnect). */
  | 'unchanged'
  /** Changed by someone else since we last saw it. */
  | 'external';

export function remoteMeaning(text: string, known: RemoteKnowledge): RemoteMeaning {
  const hash = configHash(text);
  if (text === known.documentText || known.sentHashes.includes(hash)) return 'echo';
  if (known.lastRemote === undefined) return 'initial';
  if (hash === known.lastRemote) return 'unchanged';
  return 'external';
}

export interface RobotRef { key: string; label: string }

export interface SendFacts {
  /** The robot the document was opened for (undefined: not tied to a robot yet, e.g. before the first connection). */
  documentRobot: RobotRef | undefined;
  /** The robot connected now; undefined while it is not identified yet (just (re)connected). */
  connectedRobot: RobotRef | undefined;
  /** Hash of the robot config the document last saw (adopted, sent or seen on opening). */
  base: string | undefined;
  /** Hash of the robot's config now. */
  remote: string | undefined;
}

export type SendCheck =
  | { kind: 'send' }
  /** Not identified yet: hold the send until the robot is (then check again). */
  | { kind: 'wait'; reason: string }
  | { kind: 'confirm'; reason: 'other-robot' | 'stale-base'; question: string; confirmLabel: string };

/** Whether the document may go to the connected robot's RViz now, and if not, the question that names what is at stake. */
export function checkSend(facts: SendFacts, documentName: string): SendCheck {
  const to = facts.connectedRobot;
  if (!to) return { kind: 'wait', reason: 'the robot at this address is not identified yet' };
  const from = facts.documentRobot;
  if (from && from.key !== to.key) {
    return {
      kind: 'confirm', reason: 'other-robot', confirmLabel: 'Send to this robot',
      question: `"${documentName}" was opened for ${from.label}. Send it to ${to.label}, replacing the config its RViz runs?`,
    };
  }
  if (facts.base !== undefined && facts.remote !== undefined && facts.base !== facts.remote) {
    return {
      kind: 'confirm', reason: 'stale-base', confirmLabel: 'Replace it',
      question: `The RViz config of ${to.label} was changed by another client after this document last saw it. Replace it with "${documentName}"?`,
    };
  }
  return { kind: 'send' };
}

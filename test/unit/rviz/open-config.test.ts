import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { catalog } from '../../../src/core/catalog/index.ts';
import { isRos1, parse } from '../../../src/core/rviz/index.ts';
import { openedConfig } from '../../../src/core/rviz/open-config.ts';
import { DocumentSession } from '../../../src/core/rviz/session.ts';
import { CORPUS_DIR } from './corpus.ts';

const corpus = existsSync(CORPUS_DIR) ? CORPUS_DIR : '/work/shared/rviz-corpus';
const husky = `${corpus}/husky__husky__husky_viz_rviz_robot.rviz`;

describe('opening a config', () => {
  it('opens a ROS 2 config as it is, with no note', () => {
    const text = readFileSync('sim/scenarios/turtlebot_nav.rviz', 'utf8');
    const opened = openedConfig(parse(text), 'nav.rviz', catalog);
    expect(opened.ok && opened.doc.text).toBe(text);
    expect(opened.ok && opened.note).toBeUndefined();
  });

  it.skipIf(!existsSync(husky))('converts a real ROS 1 config and says what changed', () => {
    const opened = openedConfig(parse(readFileSync(husky, 'utf8')), 'robot.rviz', catalog);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(isRos1(opened.doc)).toBe(false);
    expect(opened.note).toMatch(/^robot\.rviz is a ROS 1 config: converted for RViz2 \(\d+ changes: rviz\/\w+ → rviz_(default_plugins|common)\/\w+/);
  });

  it('lists what could not be converted', () => {
    const text = 'Panels:\n  - Class: rviz/Displays\n    Name: Displays\nVisualization Manager:\n  Class: ""\n  Displays:\n    - Class: rviz/NoSuchThing\n      Name: Odd\n      Enabled: true\n  Global Options:\n    Fixed Frame: map\n';
    const opened = openedConfig(parse(text), 'odd.rviz', catalog);
    expect(opened.ok && opened.note).toMatch(/Not converted \(1\): display "Odd" \(rviz\/NoSuchThing\)/);
  });

  it('refuses what does not parse, with the reason', () => {
    expect(openedConfig(parse('a: [1'), 'bad.rviz', catalog).ok).toBe(false);
  });

  it('replacing the document is one undo step; Undo brings the text back byte for byte', () => {
    const before = readFileSync('sim/scenarios/qos_traps.rviz', 'utf8');
    const after = readFileSync('sim/scenarios/turtlebot_nav.rviz', 'utf8');
    const p1 = parse(before);
    const p2 = parse(after);
    if (!p1.ok || !p2.ok) throw new Error('fixtures parse');
    const session = new DocumentSession(p1.doc, { lookup: catalog });
    session.replace(p2.doc, 'open nav.rviz');
    expect(session.history.undoLabel).toBe('open nav.rviz');
    const restored = DocumentSession.fromJSON(JSON.parse(JSON.stringify(session.toJSON())), { lookup: catalog });
    if (!restored.ok) throw new Error(restored.reason);
    expect(restored.session.undo().ok).toBe(true);
    expect(restored.session.doc.text).toBe(before);
  });
});

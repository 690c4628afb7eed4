import { fixture, html, expect } from '@open-wc/testing';
import '../../src/ui/robot-topics.ts';
import '../../src/ui/tf-tree-view.ts';
import type { RobotTopics } from '../../src/ui/robot-topics.ts';
import type { TfTreeView } from '../../src/ui/tf-tree-view.ts';
import type { TopicInfo, TfEdge } from '../../src/core/graph/types.ts';

const topics: TopicInfo[] = [
  { name: '/scan', type: 'sensor_msgs/msg/LaserScan', rateHz: 10,
    publishers: [{ node: '/lidar', qos: { reliability: 'best_effort', durability: 'volatile', history: 'keep_last', depth: 5 }, source: 'reported' }],
    subscribers: [] },
  { name: '/map', type: 'nav_msgs/msg/OccupancyGrid',
    publishers: [{ node: '/map_server', qos: { reliability: 'reliable', durability: 'transient_local', history: 'keep_last', depth: 1 }, source: 'inferred', reason: 'latched by convention' }],
    subscribers: [] },
  { name: '/ghost', type: 'std_msgs/msg/String', publishers: [], subscribers: [] },
];

describe('robot-topics', () => {
  it('shows each publisher QoS with its source and filters', async () => {
    const el = await fixture<RobotTopics>(html`<robot-topics .topics=${topics}></robot-topics>`);
    const root = el.shadowRoot!;
    const scan = root.querySelector('[data-topic="/scan"] [data-qos-source]')!;
    expect(scan.getAttribute('data-qos-source')).to.equal('reported');
    expect(scan.textContent).to.contain('Best Effort');
    expect(root.querySelector('[data-topic="/map"] [data-qos-source]')!.getAttribute('data-qos-source')).to.equal('inferred');
    expect(root.querySelector('[data-topic="/ghost"]')!.textContent).to.contain('no publisher');
    const input = root.querySelector('input')!;
    input.value = 'occupancy';
    input.dispatchEvent(new Event('input'));
    await el.updateComplete;
    expect(root.querySelectorAll('[data-topic]').length).to.equal(1);
  });

  it('renders a thousand topics in bounded rows', async () => {
    const many: TopicInfo[] = Array.from({ length: 1000 }, (_, i) => ({ name: `/t${i}`, type: 'std_msgs/msg/String', publishers: [], subscribers: [] }));
    const el = await fixture<RobotTopics>(html`<robot-topics .topics=${many}></robot-topics>`);
    expect(el.shadowRoot!.querySelectorAll('[data-topic]').length).to.be.below(1000);
    expect(el.shadowRoot!.querySelector('[data-count]')!.textContent).to.contain('1000 / 1000');
  });
});

describe('tf-tree-view', () => {
  it('nests frames under parents and marks stale and disconnected parts', async () => {
    const now = 100_000;
    const edges: TfEdge[] = [
      { parent: 'map', child: 'odom', isStatic: false, stampSec: 99, receivedAt: now - 100 },
      { parent: 'odom', child: 'base_link', isStatic: false, stampSec: 99, receivedAt: now - 20_000 },
      { parent: 'base_link', child: 'laser', isStatic: true, stampSec: 1, receivedAt: now - 50_000 },
      { parent: 'world', child: 'floating', isStatic: false, stampSec: 99, receivedAt: now - 100 },
    ];
    const el = await fixture<TfTreeView>(html`<tf-tree-view .edges=${edges} .now=${now}></tf-tree-view>`);
    const root = el.shadowRoot!;
    expect(root.querySelector('[data-frame="odom"]')!.getAttribute('data-parent')).to.equal('map');
    expect(root.querySelector('[data-frame="base_link"]')!.getAttribute('data-stale')).to.equal('true');
    expect(root.querySelector('[data-frame="laser"]')!.getAttribute('data-stale')).to.equal('false');
    expect(root.querySelector('[data-disconnected]')).to.exist;
  });
});

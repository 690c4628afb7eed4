// The connection bar shows the connection's problems; a note (a refused subscription to a topic nobody publishes) is
// not one of them.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/ui/connection-bar.ts';
import type { ConnectionBar } from '../../src/ui/connection-bar.ts';
import type { Problem } from '../../src/core/graph/types.ts';

const refused = (severity: Problem['severity']): Problem => ({ id: 'link:subscribe:/map_updates', severity,
  message: 'rosbridge refused the subscription to /map_updates (nobody publishes it): load message definition map_msgs/msg/OccupancyGridUpdate' });

describe('connection-bar problems', () => {
  it('shows no note of a refused subscription to an unpublished topic', async () => {
    const bar = await fixture<ConnectionBar>(html`<connection-bar presence="connected" .problems=${[refused('info')]}></connection-bar>`);
    expect(bar.shadowRoot!.querySelector('[data-problem]')).to.equal(null);
  });

  it('shows the same refusal once it is a warning (the topic is published)', async () => {
    const bar = await fixture<ConnectionBar>(html`<connection-bar presence="connected" .problems=${[refused('warning')]}></connection-bar>`);
    const shown = bar.shadowRoot!.querySelector('[data-problem]')!;
    expect(shown.getAttribute('data-problem')).to.equal('link:subscribe:/map_updates');
    expect(shown.classList.contains('warn')).to.equal(true);
  });
});

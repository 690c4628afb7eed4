// The page's entry: the app reaches robots through the rosbridge link.
import { createRosbridgeLink } from '../link/index.ts';
import { CompanionApp } from './companion-app.ts';
import { loadAppDefaults } from './app-defaults.ts';
import { registerServiceWorker } from './service-worker.ts';

CompanionApp.linkFactory = (url) => createRosbridgeLink(url);
// `serve --url/--kiosk` defaults, read before the app starts (a missing endpoint or a slow one leaves them empty).
CompanionApp.defaults = await loadAppDefaults(document.baseURI);
customElements.define('companion-app', CompanionApp);
registerServiceWorker();

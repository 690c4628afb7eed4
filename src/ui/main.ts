// The page's entry: the app reaches robots through the rosbridge link.
import { createRosbridgeLink } from '../link/index.ts';
import { CompanionApp } from './companion-app.ts';

CompanionApp.linkFactory = (url) => createRosbridgeLink(url);
customElements.define('companion-app', CompanionApp);

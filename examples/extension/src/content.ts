// Content script of the example extension. In your own extension this is:
//   import { installDomToolContentScript } from 'browserx-domtool/content-script';
// (here it imports the source so the example builds from a fresh clone).
import { installDomToolContentScript } from '../../../src/integration/content-script';

// Answers every domtool:* message from the service worker; opens closed shadow
// roots through chrome.dom.openOrClosedShadowRoot automatically.
installDomToolContentScript();

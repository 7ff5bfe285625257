// Content script of the example extension (every frame). Imported by package name as in your
// own extension; inside this repository the name resolves to the sources (tsconfig "paths").
import { installDomToolContentScript } from 'browserx-domtool/content-script';

// Answers every domtool:* message from the service worker; opens closed shadow
// roots through chrome.dom.openOrClosedShadowRoot automatically.
installDomToolContentScript();

// Content script of the example extension (every frame). Imported by package name as in your
// own extension; inside this repository the name resolves to the sources (tsconfig "paths").
import { installDomToolContentStub } from 'browserx-domtool/content-stub';

// Answers every domtool:* message from the service worker. Every frame loads only this
// loader; a frame's first request has the service inject content-core.js (the snapshot and
// the protocol) and its first action content-actions.js. installDomToolContentScript() from
// 'browserx-domtool/content-script' is the one-file alternative (everything up front).
installDomToolContentStub();

// The core of the example extension's content script: the service injects it into a frame
// on that frame's first request (every frame loads only the small loader in content.ts up
// front). In your own extension, copy dist/content-core.js of browserx-domtool instead of bundling it.
import 'browserx-domtool/content-core';

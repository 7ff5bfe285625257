// The action layer of the example extension: the service injects it into a frame when
// that frame gets its first action (every frame loads only content.js up front). In
// your own extension, copy dist/content-actions.js of browserx-domtool instead of bundling it.
import 'browserx-domtool/content-actions';

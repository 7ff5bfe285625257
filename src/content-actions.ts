// The action layer alone (issue 19), two ways:
//  - dist/content-actions.js (IIFE): the extension service injects it into a frame when that
//    frame first gets an action; it runs in the content script's isolated world and provides
//    the layer to that world's DomTool (commands/action-layer.ts). Ship it next to your
//    content script (service option `actionScripts`).
//  - `import 'browserx-domtool/actions'` (dist/actions.js): bundles the actions into a content
//    script that must act without the service (raw chrome.tabs.sendMessage).
import './commands/full-action-layer';

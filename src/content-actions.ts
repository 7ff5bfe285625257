// Entry of dist/content-actions.js: the action layer alone, for the extension to inject
// into a frame when it first gets an action (issue 19). It runs in the content script's
// isolated world, where it provides the layer to that world's DomTool (see
// commands/action-layer.ts). Ship it next to your content script; the service
// (browserx-domtool/extension) injects it (option `actionScripts`).
import './commands/full-action-layer';

// Entry of dist/page-world.js: the opt-in click-listener recorder and page-tool bridge for the page's MAIN
// world (manifest content script with "world": "MAIN", "run_at": "document_start").
import { installListenerRecorder } from './integration/page-world';
import { installPageToolBridge } from './page-tools/bridge';

installListenerRecorder();
// S17: answers the content script for tools the page's scripts registered (its world only).
installPageToolBridge();

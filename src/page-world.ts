// Entry of dist/page-world.js: the opt-in page-world helpers (manifest content script with
// "world": "MAIN", "run_at": "document_start"): the click-listener recorder, the page-tool
// bridge, and the dialog guard that lets the content script answer and report the
// alert/confirm/prompt an action raises (settle/dialogs.ts).
import { installDialogGuard, installListenerRecorder } from './integration/page-world';
import { installPageToolBridge } from './page-tools/bridge';

installListenerRecorder();
// S17: answers the content script for tools the page's scripts registered (its world only).
installPageToolBridge();
installDialogGuard(window);

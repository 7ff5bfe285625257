// Entry of dist/page-world.js: the opt-in click-listener recorder for the page's MAIN
// world (manifest content script with "world": "MAIN", "run_at": "document_start").
import { installListenerRecorder } from './integration/page-world';

installListenerRecorder();

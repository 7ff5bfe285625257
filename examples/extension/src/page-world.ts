// Opt-in MAIN-world script (document_start): records elements that get click-like
// listeners so the content script can offer listener-only clickables, answers the content
// script for tools the page's scripts registered (S17), and answers the alert/confirm/prompt
// an action raises so the result can report it. In your own extension, list
// `node_modules/browserx-domtool/dist/page-world.js` in the manifest instead of bundling it.
import 'browserx-domtool/page-world';

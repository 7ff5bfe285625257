// The one message a content script sends to the extension's service worker: "this frame
// got its first action; inject the action layer" (issue 19). The service answers
// `{ ok, message? }` after chrome.scripting.executeScript ran the actions file in the
// asking document, which registers the layer where this world's DomTool finds it.
export const LOAD_ACTIONS = 'domtool:loadActions';

interface RuntimeLike {
  sendMessage?(message: unknown): Promise<unknown> | void;
}

/** A loader for setActionLayerLoader: asks the service worker through `runtime`. */
export function actionLoaderVia(runtime: RuntimeLike): () => Promise<void> {
  return async () => {
    if (typeof runtime.sendMessage !== 'function') throw new Error('no chrome.runtime.sendMessage here');
    const answer = (await runtime.sendMessage({ type: LOAD_ACTIONS })) as
      | { ok?: boolean; message?: string }
      | undefined;
    if (!answer) {
      throw new Error(
        "the extension did not answer (run createDomToolService() from 'browserx-domtool/extension' in its service worker, " +
          "or bundle the actions into the content script with import 'browserx-domtool/actions')",
      );
    }
    if (!answer.ok) throw new Error('the extension could not inject its actions file (' + String(answer.message) + ')');
  };
}

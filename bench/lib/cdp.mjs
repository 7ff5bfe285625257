// The CDP half of the ground truth (allowed in the bench, never in the library):
// event listeners per element and Chromium's own accessibility tree.

const GROUP = 'bench';

/** objectIds of the elements of an in-page array expression, in order (one getProperties call). */
async function arrayElementIds(cdp, expression) {
  const { result } = await cdp.send('Runtime.evaluate', { expression, objectGroup: GROUP });
  if (!result.objectId) return [];
  const { result: props } = await cdp.send('Runtime.getProperties', {
    objectId: result.objectId,
    ownProperties: true,
    generatePreview: false,
  });
  const ids = [];
  for (const p of props) {
    const i = Number(p.name);
    if (Number.isInteger(i) && p.value?.objectId) ids[i] = p.value.objectId;
  }
  return ids;
}

// Runs many commands pipelined (CDP processes them in order; we just avoid one
// round trip each) in bounded chunks so a 50k-element page does not queue 50k promises at once.
async function mapPipelined(items, fn, chunk = 500) {
  const out = new Array(items.length);
  for (let i = 0; i < items.length; i += chunk) {
    const part = await Promise.all(items.slice(i, i + chunk).map((x, j) => fn(x, i + j).catch(() => null)));
    for (let j = 0; j < part.length; j++) out[i + j] = part[j];
  }
  return out;
}

/**
 * Indices of window.__bench.listenerCandidates with a click/mousedown/pointerdown/keydown
 * listener on the element itself (depth 0: a listener on an ancestor — document/window
 * delegation included — does not make this element interactive).
 */
export async function listenerIndices(cdp, types) {
  const ids = await arrayElementIds(cdp, 'window.__bench.listenerCandidates');
  const wanted = new Set(types);
  const found = await mapPipelined(ids, async (objectId, i) => {
    if (!objectId) return null;
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId, depth: 0 });
    return listeners.some((l) => wanted.has(l.type)) ? i : null;
  });
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup: GROUP });
  return found.filter((i) => i !== null);
}

/** Chromium's role and name for each element of window.__bench.nameEls (matched by backendDOMNodeId). */
export async function chromiumNames(cdp) {
  const ids = await arrayElementIds(cdp, 'window.__bench.nameEls');
  const backend = await mapPipelined(
    ids,
    async (objectId) => (await cdp.send('DOM.describeNode', { objectId })).node.backendNodeId,
  );
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup: GROUP });
  const { nodes } = await cdp.send('Accessibility.getFullAXTree', {});
  const byBackend = new Map();
  for (const n of nodes) if (n.backendDOMNodeId) byBackend.set(n.backendDOMNodeId, n);
  return backend.map((b) => {
    const n = b && byBackend.get(b);
    if (!n) return null;
    return { role: n.role?.value ?? '', name: n.name?.value ?? '', ignored: !!n.ignored };
  });
}

/** Main-thread task time (ms, cumulative) — lets us estimate the in-page share of a call made from Node. */
export async function taskMs(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

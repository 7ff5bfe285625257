// In-page half of the bench: plain browser JS evaluated once per page after load
// (page.evaluate of this source, so it adds no node to the DOM). Defines
// window.__bench. Everything that needs element identity (ids ↔ elements,
// ground-truth sets) stays here; Node only receives plain data.
(() => {
  const B = (window.__bench = {});

  // Widget roles an agent can act on directly; composite containers (menu,
  // listbox, tablist, grid, tree, radiogroup) are not targets themselves.
  const WIDGET_ROLES = new Set([
    'button',
    'checkbox',
    'combobox',
    'link',
    'menuitem',
    'menuitemcheckbox',
    'menuitemradio',
    'option',
    'radio',
    'searchbox',
    'slider',
    'spinbutton',
    'switch',
    'tab',
    'textbox',
    'treeitem',
  ]);
  const LISTENER_TYPES = ['click', 'mousedown', 'pointerdown', 'keydown'];
  B.LISTENER_TYPES = LISTENER_TYPES;

  // Composed-tree DFS over elements: light DOM, open shadow roots, same-origin iframes.
  B.allElements = () => {
    const out = [];
    const stack = [document.documentElement];
    while (stack.length) {
      const el = stack.pop();
      out.push(el);
      const kids = [];
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) kids.push(c);
      if (el.shadowRoot) for (let c = el.shadowRoot.firstElementChild; c; c = c.nextElementSibling) kids.push(c);
      if (el.localName === 'iframe' || el.localName === 'frame') {
        try {
          const d = el.contentDocument;
          if (d && d.documentElement) kids.push(d.documentElement);
        } catch {
          /* cross-origin */
        }
      }
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
    return out;
  };

  // The floor: one computed-style read (display, visibility) and one rect per element,
  // nothing else. Walks with firstElementChild/nextElementSibling like a lean engine would.
  B.floorOnce = () => {
    let n = 0,
      sink = 0;
    const stack = [document.documentElement];
    while (stack.length) {
      const el = stack.pop();
      const cs = getComputedStyle(el);
      if (cs.display === 'none' || cs.visibility === 'hidden') sink++;
      sink += el.getBoundingClientRect().width;
      n++;
      for (let c = el.lastElementChild; c; c = c.previousElementSibling) stack.push(c);
      if (el.shadowRoot) for (let c = el.shadowRoot.lastElementChild; c; c = c.previousElementSibling) stack.push(c);
    }
    return n + (sink < 0 ? 1 : 0);
  };

  // The reads floor (a diagnostic next to P2's floor): the computed-style reads and rects
  // the spec's own rules need, read under the conditions the walk reads them, and nothing
  // else — no classification, names, ids, text or output. S2 visibility: display (a hidden
  // subtree is skipped), visibility, opacity, clip-path for boxes, and for elements with
  // element content overflow, content-visibility and position; actionability: cursor for
  // boxes, pointer-events for native controls; S13 perception for elements holding text:
  // font size, fill colour, text-indent (block containers), and the background colour of
  // every element with content (the colour behind the text is composed from them).
  B.readsOnce = () => {
    let n = 0,
      sink = 0;
    const stack = [document.documentElement];
    while (stack.length) {
      const el = stack.pop();
      const cs = getComputedStyle(el);
      const display = cs.display;
      n++;
      if (display === 'none') continue;
      sink += cs.visibility.length + cs.opacity.length;
      const r = el.getBoundingClientRect();
      const box = r.width > 0 && r.height > 0;
      const elementContent = el.firstElementChild !== null || el.shadowRoot !== null;
      if (elementContent) sink += cs.overflow.length + cs.contentVisibility.length + cs.position.length;
      if (box) sink += cs.clipPath.length + cs.cursor.length;
      const tag = el.localName;
      if (tag === 'a' || tag === 'button' || tag === 'input' || tag === 'select' || tag === 'textarea')
        sink += cs.pointerEvents.length;
      let text = false;
      for (let c = el.firstChild; c; c = c.nextSibling)
        if (c.nodeType === 3 && /\S/.test(c.data)) {
          text = true;
          break;
        }
      if (text)
        sink += cs.fontSize.length + cs.webkitTextFillColor.length + (display === 'inline' ? 0 : cs.textIndent.length);
      if (text || elementContent) sink += cs.backgroundColor.length;
      for (let c = el.lastElementChild; c; c = c.previousElementSibling) stack.push(c);
      if (el.shadowRoot) for (let c = el.shadowRoot.lastElementChild; c; c = c.previousElementSibling) stack.push(c);
    }
    return n + (sink < 0 ? 1 : 0);
  };

  B.timeReads = () => {
    const t0 = performance.now();
    const elements = B.readsOnce();
    return { ms: performance.now() - t0, elements };
  };

  // The browser runs with --expose-gc; Node calls this before each contender, outside its timing,
  // so nobody pays for another's allocations.
  B.gc = () => {
    if (typeof window.gc === 'function') window.gc();
  };

  B.timeFloor = () => {
    const t0 = performance.now();
    const elements = B.floorOnce();
    return { ms: performance.now() - t0, elements };
  };

  /** One snapshot + toText, timed in-page. The tool persists per key (warm state, id reuse) like an agent's. */
  B.timeDomTool = async (key, options) => {
    const k = (B[key] ??= { tool: new window.BrowserXDomTool.DomTool(options) });
    const t0 = performance.now();
    k.snap = await k.tool.getSnapshot({ force: true });
    const t1 = performance.now();
    k.text = k.snap.toText();
    const t2 = performance.now();
    // P6: the snapshot's own build stages (walk, classify, ids, distill) and the render
    // stage timed here (the stats do not change after the snapshot is returned).
    return {
      total: t2 - t0,
      build: t1 - t0,
      toText: t2 - t1,
      stages: k.snap.stats && k.snap.stats.stages ? { ...k.snap.stats.stages, render: t2 - t1 } : null,
    };
  };

  /**
   * The in-page peer: @mcp-b/smart-dom-reader's whole-page extraction (extractInteractive: its cheapest whole-page call; extractFull returns the same Markdown here at 1–5× the time) as its injectable bundle
   * returns it to an agent (interactive + semantic elements, Markdown), timed in-page.
   */
  B.timeSmartDomReader = () => {
    const t0 = performance.now();
    let text;
    try {
      text = window.SmartDOMReaderBundle.executeExtraction('extractInteractive', {});
    } catch (e) {
      return { ms: performance.now() - t0, error: String(e) };
    }
    const ms = performance.now() - t0;
    return typeof text === 'string' ? { ms, chars: text.length } : { ms, error: String(text && text.error) };
  };

  /** Outputs of the last snapshot of `key` (not timed with it). */
  B.domToolOutput = (key) => {
    const { snap, text } = B[key];
    const t0 = performance.now();
    const json = JSON.stringify(snap.serialize());
    const serializeMs = performance.now() - t0;
    return {
      serializeMs,
      stats: { ...snap.stats },
      meta: JSON.parse(json).page.meta,
      text,
      jsonBytes: new TextEncoder().encode(json).length,
    };
  };

  // ---- Ground truth (the static half; listeners come from CDP in Node) ----

  // Visible = rendered (display, visibility, opacity>0 incl. ancestors), not inert,
  // non-empty box, and intersecting the document (not necessarily the viewport).
  function isVisible(el) {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    if (el.closest('[inert]')) return false;
    const r = el.getBoundingClientRect();
    // Non-empty per S2: a 1×1px box is the screen-reader-only pattern, not something a person sees.
    if (r.width <= 0 || r.height <= 0 || (r.width <= 1 && r.height <= 1)) return false;
    const win = el.ownerDocument.defaultView;
    const root = el.ownerDocument.documentElement;
    const x = r.left + win.scrollX,
      y = r.top + win.scrollY;
    const w = Math.max(root.scrollWidth, win.innerWidth),
      h = Math.max(root.scrollHeight, win.innerHeight);
    return x + r.width > 0 && y + r.height > 0 && x < w && y < h && !clippedAway(el, r);
  }

  // Wholly outside an ancestor that clips without letting a person scroll (overflow hidden/clip),
  // e.g. the second line of a line-clamped teaser. A fixed-position element escapes its ancestors.
  function clippedAway(el, r) {
    if (getComputedStyle(el).position === 'fixed') return false;
    for (let a = composedParent(el); a && a.localName !== 'body' && a.localName !== 'html'; a = composedParent(a)) {
      const cs = getComputedStyle(a);
      const clipX = cs.overflowX === 'hidden' || cs.overflowX === 'clip';
      const clipY = cs.overflowY === 'hidden' || cs.overflowY === 'clip';
      if (clipX || clipY) {
        const p = a.getBoundingClientRect();
        if (clipX && (r.right <= p.left || r.left >= p.right)) return true;
        if (clipY && (r.bottom <= p.top || r.top >= p.bottom)) return true;
      }
      if (cs.position === 'fixed') return false;
    }
    return false;
  }

  function staticReason(el) {
    const tag = el.localName;
    const role = (el.getAttribute('role') || '').trim().split(/\s+/)[0].toLowerCase();
    if (WIDGET_ROLES.has(role)) return 'role';
    if ((tag === 'a' || tag === 'area') && el.hasAttribute('href')) return 'native';
    if (tag === 'button' || tag === 'select' || tag === 'textarea') return 'native';
    if (tag === 'input' && el.type !== 'hidden') return 'native';
    if (
      tag === 'summary' &&
      el.parentElement?.localName === 'details' &&
      el.parentElement.querySelector(':scope > summary') === el
    )
      return 'native';
    if ((tag === 'video' || tag === 'audio') && el.hasAttribute('controls')) return 'native';
    if (el.isContentEditable && !el.parentElement?.isContentEditable) return 'contenteditable';
    if (el.hasAttribute('tabindex') && el.tabIndex >= 0) return 'tabindex';
    return null;
  }

  // Not actionable even if interactive by kind: disabled controls and pointer-events:none.
  function isInert(el) {
    if (el.matches(':disabled')) return true;
    return getComputedStyle(el).pointerEvents === 'none';
  }

  /** Pass 1: visible elements with a static reason; the rest become listener candidates for CDP. */
  B.prepareGroundTruth = () => {
    const all = B.allElements();
    B.gt = new Map(); // element -> reason
    B.listenerCandidates = [];
    let visible = 0;
    for (const el of all) {
      if (!isVisible(el)) continue;
      visible++;
      if (isInert(el)) continue;
      const reason = staticReason(el);
      if (reason) B.gt.set(el, reason);
      else if (el.localName !== 'html' && el.localName !== 'body') B.listenerCandidates.push(el);
    }
    return { elements: all.length, visible, static: B.gt.size, candidates: B.listenerCandidates.length };
  };

  /** Pass 2: indices (into listenerCandidates) that CDP found listeners on. */
  B.addListenerElements = (indices) => {
    for (const i of indices) B.gt.set(B.listenerCandidates[i], 'listener');
    B.listenerCandidates = null;
    return B.gt.size;
  };

  /** Self-test: the ground truth must be exactly the elements marked data-gt. */
  B.checkGroundTruth = () => {
    const expected = new Set(document.querySelectorAll('[data-gt]'));
    const tagOf = (el) => el.outerHTML.slice(0, 60);
    return {
      expected: expected.size,
      found: B.gt.size,
      missing: [...expected].filter((el) => !B.gt.has(el)).map(tagOf),
      extra: [...B.gt.keys()].filter((el) => !expected.has(el)).map(tagOf),
    };
  };

  // ---- Coverage: ids in the text vs ground truth ----

  const ID_RE = /\bnv_[0-9a-z]+(?:[_-][0-9a-z]+)*/g;
  B.textIds = (text) => [...new Set(text.match(ID_RE) || [])];

  function composedParent(el) {
    if (el.parentElement) return el.parentElement;
    const root = el.parentNode;
    if (root && root.host) return root.host;
    return el.ownerDocument.defaultView?.frameElement ?? null;
  }

  const sameBox = (a, b) => {
    const r = a.getBoundingClientRect(),
      s = b.getBoundingClientRect();
    return (
      Math.abs(r.left - s.left) <= 2 &&
      Math.abs(r.top - s.top) <= 2 &&
      Math.abs(r.width - s.width) <= 2 &&
      Math.abs(r.height - s.height) <= 2
    );
  };

  // Diagnostic only: in the viewport but another element is on top at its centre.
  function obscured(el, r) {
    if (el.ownerDocument !== document || r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth)
      return null;
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && top !== el && !el.contains(top) && !top.contains(el);
  }

  const describe = (el) => ({
    box: ((r) =>
      `${Math.round(r.left + scrollX)},${Math.round(r.top + scrollY)} ${Math.round(r.width)}×${Math.round(r.height)}`)(
      el.getBoundingClientRect(),
    ),
    tag: el.localName,
    role: el.getAttribute('role') || '',
    classes: (typeof el.className === 'string' ? el.className : el.getAttribute('class') || '').trim().slice(0, 80),
    html: el.outerHTML.replace(/\s+/g, ' ').slice(0, 160),
  });

  /**
   * Matching rule (recall): a ground-truth element is covered when
   *  (self)    it carries an id in the text, or
   *  (inside)  its nearest ancestor with a text id is itself ground truth (a span with a
   *            listener inside an identified link: clicking the link reaches it), or
   *  (wrapper) a descendant with a text id has the same box (±2px) — clicking that
   *            descendant lands on this element too (e.g. a div with a click listener
   *            around an identified button of the same size).
   * Precision: an id in the text counts when its element is ground truth, is a label of a
   * control, or wraps exactly one ground-truth element (a click on it has one target).
   */
  B.coverage = (key) => {
    const { snap, text } = B[key];
    const ids = B.textIds(text);
    const idOf = new Map();
    let unresolved = 0;
    for (const id of ids) {
      const el = snap.getElement(id);
      if (el) idOf.set(el, id);
      else unresolved++;
    }
    const byReason = {};
    const missed = [];
    let covered = 0;
    const coveredHow = { self: 0, inside: 0, wrapper: 0 };
    const viewport = { total: 0, covered: 0 }; // budget mode must keep these first
    const nearViewport = { total: 0, covered: 0 }; // …and then those within one more screen
    const ariaHidden = { total: 0, covered: 0 }; // visible, but hidden from the a11y tree (policy question, reported apart)
    for (const [el, reason] of B.gt) {
      const r0 = el.getBoundingClientRect();
      const inView = r0.bottom > 0 && r0.right > 0 && r0.top < innerHeight && r0.left < innerWidth;
      const nearView = r0.bottom > -innerHeight && r0.top < 2 * innerHeight;
      const r = (byReason[reason] ??= { total: 0, covered: 0 });
      r.total++;
      let how = idOf.has(el) ? 'self' : null;
      if (!how) {
        let a = composedParent(el);
        while (a && !idOf.has(a)) a = composedParent(a);
        if (a && B.gt.has(a)) how = 'inside';
      }
      if (!how) {
        for (const d of el.querySelectorAll('*'))
          if (idOf.has(d) && sameBox(d, el)) {
            how = 'wrapper';
            break;
          }
      }
      const hiddenFromAx = !!el.closest('[aria-hidden="true"]');
      if (inView) viewport.total++;
      if (nearView) nearViewport.total++;
      if (hiddenFromAx) ariaHidden.total++;
      if (how) {
        covered++;
        r.covered++;
        coveredHow[how]++;
        if (inView) viewport.covered++;
        if (nearView) nearViewport.covered++;
        if (hiddenFromAx) ariaHidden.covered++;
      } else
        missed.push({
          reason,
          inView,
          inJson: !!snap.getNodeId?.(el),
          ariaHidden: hiddenFromAx,
          obscured: obscured(el, r0),
          ...describe(el),
        });
    }
    const imprecise = [];
    let precise = 0,
      strict = 0;
    for (const [el, id] of idOf) {
      if (B.gt.has(el)) {
        precise++;
        strict++;
        continue;
      }
      if (el.localName === 'label' && el.control) {
        precise++;
        continue;
      }
      // A disabled control is not actionable now, but the agent must know it exists (and why it cannot use it yet).
      if (el.matches(':disabled') && staticReason(el) === 'native') {
        precise++;
        continue;
      }
      let inner = 0;
      for (const d of el.querySelectorAll('*')) if (B.gt.has(d) && ++inner > 1) break;
      if (inner === 1) {
        precise++;
        continue;
      }
      imprecise.push({ id, containsGt: inner, ...describe(el) });
    }
    const idsShown = idOf.size + unresolved;
    return {
      groundTruth: B.gt.size,
      covered,
      recall: B.gt.size ? covered / B.gt.size : 1,
      coveredHow,
      byReason,
      viewport,
      nearViewport,
      ariaHidden,
      idsInText: idsShown,
      unresolvedIds: unresolved,
      precision: idsShown ? precise / idsShown : 1,
      strictPrecision: idsShown ? strict / idsShown : 1,
      missed: missed.slice(0, 60),
      missedInView: missed.filter((m) => m.inView).slice(0, 50),
      imprecise: imprecise.slice(0, 60),
      missedTotal: missed.length,
      impreciseTotal: imprecise.length,
    };
  };

  // ---- Names: ground-truth elements that carry their own id, with the JSON node's role/name ----

  B.nameTargets = (key) => {
    const { snap } = B[key];
    const nodes = new Map();
    const walk = (n) => {
      if (!n || typeof n !== 'object') return;
      if (n.node_id) nodes.set(n.node_id, n);
      for (const k of ['children', 'iframe', 'shadowDom']) if (Array.isArray(n[k])) n[k].forEach(walk);
    };
    walk(snap.serialize().page.body);
    const els = [],
      info = [];
    for (const el of B.gt.keys()) {
      const id = snap.getNodeId?.(el);
      const node = id && nodes.get(id);
      if (!node) continue;
      els.push(el);
      info.push({ ...describe(el), id, role: node.role ?? '', name: node.name ?? '', hint: node.hint ?? '' });
    }
    B.nameEls = els;
    return info;
  };
})();

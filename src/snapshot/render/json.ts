// S10 JSON payload (seed 001 schema, meta.version "domtool.v1"). Produces plain
// objects and arrays only, so it survives structured cloning and JSON.stringify.
import type { PageContext, SerializedPage, SnapshotMeta, VirtualNode } from '../../types';
import type { BuildNode } from '../tree';
import { cssSelector, xpathOf } from './selectors';
import { isElement } from '../../dom/dom-utils';

export interface SerializeOptions {
  /** Add CSS + XPath selectors per element node. */
  includeSelectors?: boolean;
  /** Keep per-node layout boxes (present when the snapshot was taken with includeLayout). Default true. */
  includeLayout?: boolean;
}

export function toVirtualNode(node: BuildNode, options: SerializeOptions): VirtualNode {
  const root = copyNode(node, options);
  const stack: { src: BuildNode; dst: VirtualNode }[] = [{ src: node, dst: root }];
  while (stack.length) {
    const { src, dst } = stack.pop()!;
    const lists: [BuildNode[] | undefined, 'children' | 'shadowDom' | 'iframe'][] = [
      [src.children, 'children'],
      [src.shadow, 'shadowDom'],
      [src.frame, 'iframe'],
    ];
    for (let l = 0; l < lists.length; l++) {
      const [list, key] = lists[l];
      if (!list || (!list.length && key === 'children')) continue;
      const out: VirtualNode[] = [];
      for (let i = 0; i < list.length; i++) {
        const child = copyNode(list[i], options);
        out.push(child);
        stack.push({ src: list[i], dst: child });
      }
      dst[key] = out;
    }
  }
  return root;
}

function copyNode(node: BuildNode, options: SerializeOptions): VirtualNode {
  const src = node.vn;
  const out = {} as VirtualNode;
  const keys = Object.keys(src) as (keyof VirtualNode)[];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const value = src[key];
    if (value === undefined || key === 'children' || key === 'shadowDom' || key === 'iframe') continue;
    if (key === 'layout' && options.includeLayout === false) continue;
    (out as unknown as Record<string, unknown>)[key] = isPlainObject(value)
      ? { ...(value as object) }
      : Array.isArray(value)
        ? value.slice()
        : value;
  }
  if (options.includeSelectors && node.ref && isElement(node.ref)) {
    try {
      out.selectors = { css: cssSelector(node.ref), xpath: xpathOf(node.ref) };
    } catch {
      /* selectors are best effort */
    }
  }
  return out;
}

function isPlainObject(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function buildPayload(context: PageContext, body: VirtualNode, meta: SnapshotMeta): SerializedPage {
  const copy: PageContext = { ...context, viewport: { ...context.viewport }, scroll: { ...context.scroll } };
  if (context.blocker) copy.blocker = { ...context.blocker };
  return {
    page: {
      context: copy,
      body,
      meta: {
        ...meta,
        timings: { ...meta.timings },
        ...(meta.truncation ? { truncation: meta.truncation.slice() } : {}),
      },
    },
  };
}

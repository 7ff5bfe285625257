// Why a pointer action in a child frame is refused, from its parent's hit test: one wording
// for the extension's service and the Playwright host (agent/playwright-frames.ts). Its own
// module so that the Node-side host takes it without the service's answers.
import type { FrameHitAnswer } from '../integration/frames';
import type { ExtensionError } from './service-types';

/**
 * The refusal for the parent's hit test of the frame at the action's point (A3 across
 * frames: the child cannot see a banner of its parent lying over it); null when the point
 * is free, or when the parent cannot tell.
 */
export function frameHitRefusal(answer: FrameHitAnswer, nodeId: string): ExtensionError | null {
  if (answer.ok) return null;
  if (answer.reason === 'covered')
    return {
      code: 'OBSCURED',
      message: `${nodeId} is inside a frame that is covered in its parent page${answer.covering ? ' by ' + answer.covering : ''}. Close or dismiss that first (it has its own id in the snapshot), then retry.`,
      recoverable: true,
    };
  if (answer.reason === 'offscreen')
    return {
      code: 'NOT_ACTIONABLE',
      message: `${nodeId} is inside a frame that cannot be scrolled into view in its parent page.`,
      recoverable: true,
    };
  return null;
}

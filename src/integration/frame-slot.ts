// The marker line of a cross-origin iframe's slot in a frame's text snapshot: the frame
// writes it (./frames.ts), the assembler replaces it with the child frame's text
// (extension/assemble.ts, agent/playwright-frames.ts). Its own module so that Node-side
// code (the Playwright host) takes the constant without the in-page frame code.

/** A text-snapshot line that marks where a child frame's text goes (never page text). */
export const FRAME_SLOT = '@@domtool-frame:';

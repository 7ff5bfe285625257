// One geometry for the whole library (issue 30): boxes and clips (box.ts), the viewport,
// the pointer's point and scrolling into view (viewport.ts), and where a frame's content
// sits (frames.ts). The walk, the covers, verify, the overlay, drag and scroll measure here.
export * from './box';
export * from './viewport';
export * from './clip';
export * from './frames';

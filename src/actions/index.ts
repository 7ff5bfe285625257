// Public surface of the action layer (re-exported by src/index.ts).
export { DomToolError, isDomToolError } from './result';
export type { TypeOptions, KeypressOptions, ScrollOptions } from './ActionRunner';
export type { ClickOptions } from './pointer';
export type { Modifiers } from './keys';
export type { ScrollDirection } from './scroll';
export type { DragDestination, DragOptions } from './drag';
export type { UploadFile, UploadOptions } from './upload';

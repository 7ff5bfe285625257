// Element semantics: the only place that says what an element is — role, accessible
// name and description, states, focus, input type and visibility as actions need it.
// The snapshot (traverse, describe, actionability) and the actions (resolve, verify,
// choices, keyboard, focus-order, select, observe) both ask here, so a state the
// snapshot shows is the state an action checks (S4, S5, A3).
export {
  getExplicitRole,
  getImplicitRole,
  getRole,
  getRole as roleOf,
  mayHaveRole,
  roleWith,
  isInteractiveRole,
  allowsNameFromContent,
  hasGlobalAriaAttribute,
  svgHoldsWidgets,
} from './roles';
export { getAccessibleName, getAccessibleDescription } from './name';
export { KNOWN_UNLABELLED } from './name-fast';
export { KNOWN_VISIBLE, displayKnown, noteShownLabel } from './name-style';
export { cleanName } from './name-text';
export { getLabels } from './labels';
export {
  getAriaStates,
  writeAriaStates,
  checkedOf,
  pressedOf,
  expandedOf,
  currentOf,
  haspopupOf,
  selectedOf,
  isReadOnly,
  isNativeCheckable,
} from './states';
export type { AriaStates } from './states';
export { disabledReason, isDisabled, isInert, metAriaAttribute, watchAriaDisabled } from './disabled';
export { isFocusable, isFirstSummary, deepActiveElement, isFocused, focusTargetFor } from './focus';
export { inputType } from './element';
export { isRendered, isOperable, shown, hasBox, hasClickableBox, faded, drawnVisible } from './visibility';
export { frameElementOf } from '../dom/geometry';
export { isDialog, isDialogRole, isModalLayer, DIALOG_SELECTOR, MODAL_LAYER_SELECTOR } from './dialog';
export { hitTest, deepElementFromPoint, composedContains, pointerReaches } from './hit-test';
export type { Hit, HitKind } from './hit-test';
export type { Point } from '../dom/geometry';
export { nameOf, roleAndName, liveFingerprint } from './fingerprint';
export { getHint, meaningfulWords } from './hint';
export { mayHaveStandIn, cannotTakeClick, standInFor, pointerTargetOf } from './stand-in';

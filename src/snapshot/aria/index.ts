// ARIA classification (S4, S5): roles, accessible names/descriptions, states, hints.
export { getExplicitRole, getImplicitRole, getRole, isInteractiveRole, allowsNameFromContent, isFocusableForAria, hasGlobalAriaAttribute } from './roles';
export { getAccessibleName, getAccessibleDescription, getLabels, cleanName } from './name';
export { getAriaStates, isDisabled } from './states';
export type { AriaStates } from './states';
export { getHint, meaningfulWords } from './hint';

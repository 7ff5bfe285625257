// How an action answers the JavaScript dialogs it raises (A10), per call.

export interface DialogOptions {
  /**
   * Answer to a confirm() or prompt() the action raises: 'dismiss' (Cancel, the default —
   * never a silent OK to "Delete your account?") or 'accept' (OK). Alerts only have OK.
   * The result's `effect.dialogs` says what was asked and answered.
   */
  dialog?: 'accept' | 'dismiss';
  /** With `dialog: 'accept'`: the text a prompt() is answered with (default: its own default value). */
  promptText?: string;
}

/**
 * Tells whether an Enter belongs to an IME composition. Chromium and Firefox mark such keys with
 * `isComposing` (and Chromium often with keyCode 229); Safari fires `compositionend` before the
 * confirming keydown, so a key that arrives right after a composition ended belongs to it too.
 */
export class CompositionGuard {
  /** How long after `compositionend` a keydown is still the composition's confirming key. */
  static readonly CONFIRM_WINDOW_MS = 50;

  private endedAt = Number.NEGATIVE_INFINITY;

  compositionEnded(timeStamp: number): void {
    this.endedAt = timeStamp;
  }

  belongsToComposition(
    event: Pick<KeyboardEvent, 'isComposing' | 'keyCode' | 'timeStamp'>,
    editorComposing: boolean,
  ): boolean {
    return (
      editorComposing ||
      event.isComposing ||
      event.keyCode === 229 ||
      event.timeStamp - this.endedAt < CompositionGuard.CONFIRM_WINDOW_MS
    );
  }
}

/**
 * Tells a paste made with Ctrl/Cmd+Shift+V ("paste as plain text") from any other. The browser
 * delivers the same `paste` event for both, so the shortcut's keydown is remembered until the
 * paste it triggers (or its keyup, or a blur, when no paste came).
 */
export class PlainPasteShortcut {
  private pressed = false;

  readonly onKeyDown = (event: KeyboardEvent): false => {
    // Alt too: macOS browsers bind "Paste and Match Style" to Option+Shift+Cmd+V.
    this.pressed = (event.ctrlKey || event.metaKey) && event.shiftKey && isKeyV(event);
    return false;
  };

  readonly release = (): false => {
    this.pressed = false;
    return false;
  };

  /** Whether the paste happening now came from the shortcut; asked once per paste. */
  takePlainPaste(): boolean {
    const pressed = this.pressed;
    this.pressed = false;
    return pressed;
  }
}

/** The V key in any layout: its position, or its character where the layout has one. */
function isKeyV(event: KeyboardEvent): boolean {
  return event.code === 'KeyV' || event.key === 'v' || event.key === 'V';
}

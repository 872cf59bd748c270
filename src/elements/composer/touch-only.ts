import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { TOUCH_ONLY_QUERY } from './editor/keys/send-key.js';

/**
 * Follows whether the device's only pointer is a finger (`TOUCH_ONLY_QUERY`), while the host is
 * connected: a tablet that gains a keyboard with a trackpad, or loses it, changes what `auto` means.
 */
export class TouchOnlyWatcher implements ReactiveController {
  private query?: MediaQueryList;
  private current = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** The answer changed (and once on connect). */
    private readonly changed: (touchOnly: boolean) => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    if (typeof matchMedia !== 'function') return;
    this.query = matchMedia(TOUCH_ONLY_QUERY);
    this.query.addEventListener('change', this.follow);
    this.follow();
  }

  hostDisconnected(): void {
    this.query?.removeEventListener('change', this.follow);
    this.query = undefined;
  }

  private readonly follow = (): void => {
    const touchOnly = this.query?.matches ?? false;
    if (touchOnly === this.current) return;
    this.current = touchOnly;
    this.changed(touchOnly);
  };
}

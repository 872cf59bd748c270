import type { EventName } from '@lit/react';
import type { T3EventName, T3Events } from '../elements/shared/events.js';

/** An event name of the package, typed with the event it dispatches, for a wrapper's `on…` prop. */
export function eventName<Name extends T3EventName>(name: Name): EventName<T3Events[Name]> {
  return name as EventName<T3Events[Name]>;
}

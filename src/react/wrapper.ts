import { createComponent } from '@lit/react';
import type * as React from 'react';
import type { T3EventName, T3Events } from '../elements/shared/events.js';

/** The element's own properties, each optional, as props. */
type ElementProps<Element> = Partial<Omit<Element, keyof HTMLElement>>;

/** The event an `on…` prop listens for: one of the package's, or `input` with the element as its target. */
type WrapperEvent<Element, Name> = Name extends T3EventName
  ? T3Events[Name]
  : Event & { target: Element; currentTarget: Element };

/** A wrapper's props: React's attributes, the element's properties, and one `on…` prop per event it wires. */
export type WrapperProps<Element extends HTMLElement, Events extends Record<string, string>> = Omit<
  React.HTMLAttributes<Element>,
  keyof Events | keyof ElementProps<Element>
> &
  ElementProps<Element> & { [Prop in keyof Events]?: (event: WrapperEvent<Element, Events[Prop]>) => void } & {
    children?: React.ReactNode;
  };

/** A React component for one of the package's elements (typed here, so a host needs no `@lit/react` types). */
export type T3ReactComponent<
  Element extends HTMLElement,
  Events extends Record<string, string> = Record<never, string>,
> = React.ForwardRefExoticComponent<WrapperProps<Element, Events> & React.RefAttributes<Element>>;

/**
 * Wraps an element with `@lit/react` (inlined in the built React entries): props it declares are
 * set as properties, and each `on…` prop of `events` listens for that event name.
 */
export function wrapElement<Element extends HTMLElement, const Events extends Record<string, T3EventName | 'input'>>(
  react: typeof React,
  tagName: string,
  elementClass: new () => Element,
  events: Events,
): T3ReactComponent<Element, Events> {
  return createComponent({ react, tagName, elementClass, events }) as unknown as T3ReactComponent<Element, Events>;
}

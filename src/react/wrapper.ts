import { createComponent } from '@lit/react';
import { isServer } from 'lit';
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
 * set as properties, and each `on…` prop of `events` listens for that event name. On a server the
 * wrapper is the one `@lit/react` builds for Node (see `serverComponent`).
 */
export function wrapElement<Element extends HTMLElement, const Events extends Record<string, T3EventName | 'input'>>(
  react: typeof React,
  tagName: string,
  elementClass: new () => Element,
  events: Events,
): T3ReactComponent<Element, Events> {
  const component = isServer
    ? serverComponent(react, tagName, elementClass, events)
    : createComponent({ react, tagName, elementClass, events });
  return component as unknown as T3ReactComponent<Element, Events>;
}

/** Props React itself handles, never the element's. */
const REACT_PROPS = new Set(['children', 'localName', 'ref', 'style', 'className']);

/**
 * A wrapper as `@lit/react`'s own Node build makes it (the build inlined here is the browser's):
 * where `@lit-labs/ssr-react` server-renders Lit elements (`@lit-labs/nextjs` sets it up), the
 * element's properties go in `_$litProps$`, so the server renders the element with them, its
 * text and chips in its declarative shadow DOM, and marks it `defer-hydration`; in the browser the
 * wrapper sets the same properties and lifts that mark, and the element hydrates. Elsewhere the
 * element renders with its attributes alone, as before. Listeners exist only in the browser.
 */
function serverComponent(
  react: typeof React,
  tagName: string,
  elementClass: new () => HTMLElement,
  events: Record<string, string>,
) {
  const eventProps = new Set(Object.keys(events));
  const component = react.forwardRef<HTMLElement, Record<string, unknown>>((props, _ref) => {
    const reactProps: Record<string, unknown> = {};
    const elementProps: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(props)) {
      if (REACT_PROPS.has(key)) reactProps[key === 'className' ? 'class' : key] = value;
      else if (eventProps.has(key) || key in elementClass.prototype) elementProps[key] = value;
      else reactProps[key] = value;
    }
    const litSsr =
      react.createElement.name === 'litPatchedCreateElement' ||
      (globalThis as { litSsrReactEnabled?: boolean }).litSsrReactEnabled === true;
    if (litSsr && Object.keys(elementProps).length > 0) reactProps._$litProps$ = elementProps;
    return react.createElement(tagName, reactProps);
  });
  component.displayName = elementClass.name;
  return component;
}

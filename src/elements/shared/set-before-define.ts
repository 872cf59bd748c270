import type { ReactiveElement } from 'lit';
import { warnOnce } from './warnings.js';

/** Per element class: its properties that have no attribute, worked out once (elements connect by the thousand). */
const propertyOnlyNames = new WeakMap<typeof ReactiveElement, readonly string[]>();

function namesOf(elementClass: typeof ReactiveElement): readonly string[] {
  let names = propertyOnlyNames.get(elementClass);
  if (!names) {
    names = [...elementClass.elementProperties]
      .filter(([name, options]) => options.attribute === false && !options.state && typeof name === 'string')
      .map(([name]) => name as string);
    propertyOnlyNames.set(elementClass, names);
  }
  return names;
}

/**
 * React 19 and Preact set a value as an attribute when the element has no such property yet: a bare
 * tag rendered before `define` ran carries `providers="[object Object]"`, and the value is lost.
 * Called when the element connects (which includes its upgrade), this warns once per tag and
 * property when a property that has no attribute is present as one.
 */
export function warnPropertiesSetBeforeDefine(element: ReactiveElement): void {
  for (const name of namesOf(element.constructor as typeof ReactiveElement)) {
    if (!element.hasAttribute(name)) continue;
    const tag = element.localName;
    warnOnce(
      `<${tag}> has an attribute "${name.toLowerCase()}", but ${name} is a property: the page set it before the ` +
        `element was defined, so its value was lost. Import 't3-composer/define' (or define-message, ` +
        `define-composer) before the first render of <${tag}>.`,
    );
  }
}

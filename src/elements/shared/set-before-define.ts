import type { ReactiveElement } from 'lit';
import { warnOnce } from './warnings.js';

/**
 * React 19 and Preact set a value as an attribute when the element has no such property yet: a bare
 * tag rendered before `define` ran carries `providers="[object Object]"`, and the value is lost.
 * Called when the element connects (which includes its upgrade), this warns once per tag and
 * property when a property that has no attribute is present as one.
 */
export function warnPropertiesSetBeforeDefine(element: ReactiveElement): void {
  const properties = (element.constructor as typeof ReactiveElement).elementProperties;
  for (const [name, options] of properties) {
    if (options.attribute !== false || options.state || typeof name !== 'string' || !element.hasAttribute(name)) {
      continue;
    }
    const tag = element.localName;
    warnOnce(
      `<${tag}> has an attribute "${name.toLowerCase()}", but ${name} is a property: the page set it before the ` +
        `element was defined, so its value was lost. Import 't3-composer/define' (or define-message, ` +
        `define-composer) before the first render of <${tag}>.`,
    );
  }
}

import { noChange } from 'lit';
import { Directive, directive, type ElementPart, PartType, type PartInfo } from 'lit/directive.js';

/** CSS properties by their CSS names (`inset-inline-start`), `undefined` or `null` for none. */
export type StyleProperties = Readonly<Record<string, string | number | null | undefined>>;

/**
 * Sets inline styles through the CSSOM (`element.style.setProperty`), also on the first render,
 * where Lit's `styleMap` writes a `style` attribute string that a strict Content Security Policy
 * (no `'unsafe-inline'` styles) refuses. Used on the element itself: `<div ${styleProperties({…})}>`.
 */
class StylePropertiesDirective extends Directive {
  private applied = new Set<string>();

  constructor(partInfo: PartInfo) {
    super(partInfo);
    if (partInfo.type !== PartType.ELEMENT)
      throw new Error('styleProperties() belongs on an element, not an attribute');
  }

  render(_properties: StyleProperties): typeof noChange {
    return noChange;
  }

  override update(part: ElementPart, [properties]: [StyleProperties]): typeof noChange {
    const { style } = part.element as HTMLElement;
    const next = new Set<string>();
    for (const [name, value] of Object.entries(properties)) {
      if (value === undefined || value === null) continue;
      style.setProperty(name, String(value));
      next.add(name);
    }
    for (const name of this.applied) if (!next.has(name)) style.removeProperty(name);
    this.applied = next;
    return noChange;
  }
}

export const styleProperties = directive(StylePropertiesDirective);

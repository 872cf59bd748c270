import { expect } from '@open-wc/testing';
import '../../src/define-composer.js';

describe('t3-composer/define-composer', () => {
  it('registers the composer with the chip and scope it uses, and not the Markdown message', () => {
    expect(customElements.get('t3-composer')).to.exist;
    expect(customElements.get('t3-context-chip')).to.exist;
    expect(customElements.get('t3-context-scope')).to.exist;
    expect(customElements.get('t3-user-message')).to.equal(undefined);
  });

  it('is followed by `define` without a warning, which adds the message element', async () => {
    const warnings: unknown[] = [];
    const originalWarn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      await import('../../src/define.js');
    } finally {
      console.warn = originalWarn;
    }
    expect(customElements.get('t3-user-message')).to.exist;
    expect(warnings).to.deep.equal([]);
  });
});

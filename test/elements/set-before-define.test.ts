import { expect } from '@open-wc/testing';
import { T3Composer } from '../../src/composer.js';
import { T3UserMessage } from '../../src/message.js';

/** Collects console warnings while `run` runs. */
async function warningsDuring(run: () => Promise<void> | void): Promise<string[]> {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(String(args[0]));
  try {
    await run();
  } finally {
    console.warn = original;
  }
  return warnings;
}

/**
 * A page renders a tag, as React 19 and Preact do before `define` ran: the element has no
 * `providers` property yet, so the framework writes the object as an attribute. Then the tag is
 * defined and the element upgrades. Each test defines its own tag, so the upgrade happens in it.
 */
let tags = 0;
function renderThenDefine(base: CustomElementConstructor, attributes: Record<string, string>) {
  const tag = `t3-late-${++tags}`;
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  customElements.define(tag, class extends base {});
  return { tag, element };
}

describe('a tag rendered before its element was defined', () => {
  afterEach(() => document.querySelectorAll('[data-late]').forEach((element) => element.remove()));

  it('warns once on upgrade, naming the lost property and the fix', async () => {
    let tag = '';
    const warnings = await warningsDuring(() => {
      tag = renderThenDefine(T3Composer, { providers: '[object Object]', 'data-late': '' }).tag;
    });
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain(`<${tag}> has an attribute "providers"`);
    expect(warnings[0]).to.contain("Import 't3-composer/define'");
    expect(warnings[0]).to.contain('before the first render');
  });

  it('finds camel-case properties written as lower-case attributes, and does not repeat itself', async () => {
    const warnings = await warningsDuring(() => {
      const { tag } = renderThenDefine(T3UserMessage, { inputannotations: '[object Object]', 'data-late': '' });
      const second = document.createElement(tag);
      second.setAttribute('inputannotations', '[object Object]');
      second.setAttribute('data-late', '');
      document.body.append(second);
    });
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('"inputannotations", but inputAnnotations is a property');
  });

  it('stays quiet for attributes the element has and for a tag rendered after define', async () => {
    const warnings = await warningsDuring(() => {
      renderThenDefine(T3Composer, { placeholder: 'Ask', 'max-length': '20', 'data-late': '' });
      const message = document.createElement('t3-late-message-ok');
      customElements.define('t3-late-message-ok', class extends T3UserMessage {});
      (message as T3UserMessage).context = { version: 1, records: [] };
      message.setAttribute('data-late', '');
      document.body.append(message);
    });
    expect(warnings).to.deep.equal([]);
  });
});

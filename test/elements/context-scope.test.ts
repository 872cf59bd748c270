import { expect, fixture, html } from '@open-wc/testing';
import '../../src/define-message.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import type { T3ContextScope } from '../../src/elements/context-scope/context-scope.js';
import { dataset, file, terminal } from './support/records.js';

const iconOf = (chip: T3ContextChip) => chip.shadowRoot!.querySelector('[part~="icon"] img')?.getAttribute('src') ?? null;
const FILE_ICON = 'data:image/png;base64,ZmlsZQ==';
const TERMINAL_ICON = 'data:image/png;base64,dGVybQ==';
const INNER_ICON = 'data:image/png;base64,aW5uZXI=';

describe('<t3-context-scope>', () => {
  it('configures chips inside it, nested scopes overlaying outer ones key by key', async () => {
    const outer = await fixture<T3ContextScope>(html`<t3-context-scope .icons=${{ file: FILE_ICON, terminal: TERMINAL_ICON }}>
      <t3-context-scope .icons=${{ file: INNER_ICON }}>
        <t3-context-chip id="inner-file" kind="file" context-id="file_1" .record=${file}></t3-context-chip>
        <t3-context-chip id="inner-terminal" kind="terminal" context-id="term_1" .record=${terminal}></t3-context-chip>
      </t3-context-scope>
      <t3-context-chip id="outer-file" kind="file" context-id="file_1" .record=${file}></t3-context-chip>
    </t3-context-scope>`);
    const chip = (id: string) => outer.querySelector<T3ContextChip>(`#${id}`)!;
    await Promise.all(['inner-file', 'inner-terminal', 'outer-file'].map((id) => chip(id).updateComplete));
    expect(iconOf(chip('inner-file'))).to.equal(INNER_ICON);
    expect(iconOf(chip('inner-terminal'))).to.equal(TERMINAL_ICON);
    expect(iconOf(chip('outer-file'))).to.equal(FILE_ICON);
  });

  it("lets an element's own properties win over the scope", async () => {
    const scope = await fixture<T3ContextScope>(html`<t3-context-scope .icons=${{ file: FILE_ICON }} .locale=${{ unresolved: 'Scope says gone' }}>
      <t3-context-chip kind="file" context-id="file_1" .record=${file} .icons=${{ file: INNER_ICON }}></t3-context-chip>
    </t3-context-scope>`);
    const chip = scope.querySelector('t3-context-chip')!;
    await chip.updateComplete;
    expect(iconOf(chip)).to.equal(INNER_ICON);
  });

  it('updates consumers when the scope changes, and works when configured after attach', async () => {
    const scope = await fixture<T3ContextScope>(html`<t3-context-scope>
      <t3-context-chip kind="dataset" context-id="dataset_users" .record=${dataset}></t3-context-chip>
    </t3-context-scope>`);
    const chip = scope.querySelector('t3-context-chip')!;
    expect(iconOf(chip)).to.be.null;
    scope.icons = { dataset: FILE_ICON };
    await scope.updateComplete;
    await chip.updateComplete;
    expect(iconOf(chip)).to.equal(FILE_ICON);
  });

  it('ignores invalid entries with one warning each and never throws', async () => {
    const warnings: unknown[][] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      const scope = await fixture<T3ContextScope>(html`<t3-context-scope
        .icons=${{ file: 42, terminal: TERMINAL_ICON }}
        .presentations=${{ terminal: { canRender: 'yes' }, skill: null }}
        .locale=${'not an object'}
      >
        <t3-context-chip kind="terminal" context-id="term_1" .record=${terminal}></t3-context-chip>
      </t3-context-scope>`);
      scope.requestUpdate();
      await scope.updateComplete;
      const chip = scope.querySelector('t3-context-chip')!;
      await chip.updateComplete;
      expect(iconOf(chip)).to.equal(TERMINAL_ICON);
      expect(chip.hasAttribute('unresolved')).to.be.false;
      const messages = warnings.map((args) => String(args[0]));
      expect(messages.filter((message) => message.includes('icons.file'))).to.have.length(1);
      expect(messages.filter((message) => message.includes('"terminal"'))).to.have.length(1);
      expect(messages.filter((message) => message.includes('"skill"'))).to.have.length(1);
      expect(messages.filter((message) => message.includes('locale'))).to.have.length(1);
    } finally {
      console.warn = original;
    }
  });
});

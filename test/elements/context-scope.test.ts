import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/define-message.js';
import { CONTEXT_CLIPBOARD_MIME, decodeClipboardFragment } from '../../src/core/index.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import type { T3ContextScope } from '../../src/elements/context-scope/context-scope.js';
import { dataset, file, link, terminal } from '../../support/records.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { mergeConfig } from '../../src/message.js';

const iconOf = (chip: T3ContextChip) =>
  chip.shadowRoot!.querySelector('[part~="icon"] img')?.getAttribute('src') ?? null;
const FILE_ICON = 'data:image/png;base64,ZmlsZQ==';
const TERMINAL_ICON = 'data:image/png;base64,dGVybQ==';
const INNER_ICON = 'data:image/png;base64,aW5uZXI=';

describe('<t3-context-scope>', () => {
  it('configures chips inside it, nested scopes overlaying outer ones key by key', async () => {
    const outer =
      await fixture<T3ContextScope>(html`<t3-context-scope .icons=${{ file: FILE_ICON, terminal: TERMINAL_ICON }}>
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
    const scope =
      await fixture<T3ContextScope>(html`<t3-context-scope .icons=${{ file: FILE_ICON }} .locale=${{ unresolved: 'Scope says gone' }}>
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

  it('reaches the chips and controls inside a message: presentations, locale and environment id', async () => {
    const scope = await fixture<T3ContextScope>(html`<t3-context-scope
      environment-id="env-scope"
      .presentations=${{ terminal: { canRender: () => false } }}
      .locale=${{ copy: 'Kopieren' }}
    >
      <t3-user-message .text=${`${link(terminal)} ${link(file)}`} .context=${{ version: 1, records: [terminal, file] }}></t3-user-message>
    </t3-context-scope>`);
    const message = scope.querySelector<T3UserMessage>('t3-user-message')!;
    await message.updateComplete;
    const [terminalChip, fileChip] = [...message.shadowRoot!.querySelectorAll('t3-context-chip')];
    await Promise.all([terminalChip!.updateComplete, fileChip!.updateComplete]);
    expect(terminalChip!.hasAttribute('unresolved')).to.be.true;
    expect(fileChip!.hasAttribute('unresolved')).to.be.false;
    const copy = message.shadowRoot!.querySelector<HTMLButtonElement>('[part~="copy"]')!;
    expect(copy.getAttribute('aria-label')).to.equal('Kopieren');
    copy.focus();
    const copied = new Promise<string>((resolve) =>
      document.addEventListener('copy', (event) => resolve(event.clipboardData!.getData(CONTEXT_CLIPBOARD_MIME)), {
        once: true,
      }),
    );
    await sendKeys({ press: 'Enter' });
    expect(decodeClipboardFragment(await copied)!.source.environmentId).to.equal('env-scope');
  });

  it('lets a message inside a scope override one key and keep the others', async () => {
    const scope =
      await fixture<T3ContextScope>(html`<t3-context-scope .icons=${{ file: FILE_ICON, terminal: TERMINAL_ICON }}>
      <t3-user-message
        .icons=${{ terminal: INNER_ICON }}
        .text=${`${link(terminal)} ${link(file)}`}
        .context=${{ version: 1, records: [terminal, file] }}
      ></t3-user-message>
    </t3-context-scope>`);
    const message = scope.querySelector<T3UserMessage>('t3-user-message')!;
    await message.updateComplete;
    const [terminalChip, fileChip] = [...message.shadowRoot!.querySelectorAll('t3-context-chip')];
    await Promise.all([terminalChip!.updateComplete, fileChip!.updateComplete]);
    expect(iconOf(terminalChip!)).to.equal(INNER_ICON);
    expect(iconOf(fileChip!)).to.equal(FILE_ICON);
    scope.icons = { file: TERMINAL_ICON };
    await scope.updateComplete;
    await message.updateComplete;
    await fileChip!.updateComplete;
    expect(iconOf(fileChip!)).to.equal(TERMINAL_ICON);
  });

  it("merges key by key: what an element leaves unset is the scope's own, and with nothing set the scope itself", () => {
    const scope = mergeConfig(undefined, { icons: { file: FILE_ICON }, locale: { copy: 'Copier' } });
    expect(scope.icons.file).to.equal(FILE_ICON);
    expect(scope.locale.copy).to.equal('Copier');
    expect(mergeConfig(scope, {})).to.equal(scope);
    const own = mergeConfig(scope, { icons: { terminal: TERMINAL_ICON }, environmentId: ' env ' });
    expect(own.icons).to.deep.equal({ file: FILE_ICON, terminal: TERMINAL_ICON });
    expect(own.environmentId).to.equal('env');
    expect(own.locale).to.equal(scope.locale);
    expect(own.presentations).to.equal(scope.presentations);
    // Bad values are ignored, as before: the result is the scope's.
    expect(mergeConfig(scope, { environmentId: '  ' }).environmentId).to.equal(scope.environmentId);
  });
});

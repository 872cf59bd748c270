import { expect, fixture, html } from '@open-wc/testing';
import '../../src/define-message.js';
import { DEFAULT_LOCALE, mergeConfig, type T3Locale } from '../../src/message.js';
import type { T3ContextScope } from '../../src/elements/context-scope/context-scope.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { part } from './support/interaction.js';

// First in this file, and no other import loads the composer: the page holds the message elements alone.
describe('default strings: a page of messages loads a message’s and a chip’s; the composer brings its own', () => {
  it('a page of messages has its strings and none of the composer’s', () => {
    expect(DEFAULT_LOCALE.copy).to.equal('Copy message');
    expect(DEFAULT_LOCALE.unresolved).to.equal('This context is no longer available. Remove it or attach it again.');
    expect((DEFAULT_LOCALE as Partial<T3Locale>).edit).to.equal(undefined);
    expect((DEFAULT_LOCALE as Partial<T3Locale>).send).to.equal(undefined);
    expect((DEFAULT_LOCALE as Partial<T3Locale>).stashEmpty).to.equal(undefined);
  });

  it('a composer loaded later takes its strings under overrides a scope merged before it came', async () => {
    const scope = await fixture<T3ContextScope>(html`<t3-context-scope .locale=${{ copy: 'Copier', send: 'Envoyer' }}>
      <t3-user-message text="hi" editable></t3-user-message>
    </t3-context-scope>`);
    const message = scope.querySelector('t3-user-message')! as T3UserMessage;
    await message.updateComplete;
    expect(part(message, 'copy')!.getAttribute('aria-label')).to.equal('Copier');
    expect(part(message, 'edit-button'), 'no Edit control without the composer').to.equal(null);

    await import('../../src/define-composer.js');
    expect(DEFAULT_LOCALE.send).to.equal('Send');
    expect(DEFAULT_LOCALE.stashEmpty).to.equal('There is nothing to stash: the draft is empty.');
    const composer = document.createElement('t3-composer');
    scope.append(composer);
    await composer.updateComplete;
    // The scope's override, and the composer's own default where the scope sets none.
    expect(part(composer, 'send-button')!.getAttribute('aria-label')).to.equal('Envoyer');
    // The message's Edit control shows with the composer, in the strings that came with it.
    await message.updateComplete;
    expect(part(message, 'edit-button')!.getAttribute('aria-label')).to.equal('Edit message');
    const { locale } = (composer as unknown as { config: { locale: T3Locale } }).config;
    expect(locale.stop).to.equal('Stop');
    expect(locale.copy).to.equal('Copier');
  });

  it('merges a locale over every default registered by then, and keeps a merge that lacks none', () => {
    const scope = mergeConfig(undefined, { locale: { copy: 'Copier' } });
    expect(scope.locale.copy).to.equal('Copier');
    expect(scope.locale.send).to.equal('Send');
    expect(mergeConfig(scope, {})).to.equal(scope);
  });
});

import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { centre, press, selection, submissions, type, waitFor } from './support.js';
import { root, token, slots, activeSlot, options, notice, pick } from './command-slots-fixtures.js';

/** A picked command is a token with fill-in argument slots, driven here with real keys. */
describe('<t3-composer> command slots: filling, moving and sending', () => {
  it('a picked command becomes a token with one slot per argument, named but not in the text', async () => {
    const composer = await pick('review');
    expect(token(composer)!.textContent).to.equal('/review');
    expect(token(composer)!.querySelector('svg')).to.exist;
    expect(slots(composer).map((slot) => slot.dataset.argument)).to.deep.equal(['target', 'focus']);
    expect(slots(composer)[0]!.textContent).to.equal('target');
    expect(composer.value.text).to.equal('/review  ');
    expect(activeSlot(composer)).to.equal('target');
  });

  it('typing fills a slot; Tab and Shift+Tab move between slots and select them', async () => {
    const composer = await pick('review');
    await type('src/app.ts');
    expect(composer.value.text).to.equal('/review src/app.ts ');
    await press('Tab');
    expect(activeSlot(composer)).to.equal('focus');
    await type('speed');
    await press('Shift+Tab');
    expect(activeSlot(composer)).to.equal('target');
    expect(selection(composer)).to.deep.equal({ from: 8, to: 18 });
    await type('lib/x.ts');
    expect(composer.value.text).to.equal('/review lib/x.ts speed');
  });

  it('a slot with options opens its menu; picking an option fills it and moves on', async () => {
    const composer = await pick('review');
    await type('a.ts');
    await press('Tab');
    await waitFor(() => options(composer).length === 3, 'the options of focus');
    expect(options(composer)).to.deep.equal(['security', 'performance', 'style']);
    expect(root(composer).querySelector('[role="listbox"]')!.getAttribute('aria-label')).to.equal('focus');
    await type('per');
    await waitFor(() => options(composer).length === 1, 'the options filtered');
    await press('Enter');
    expect(composer.value.text).to.equal('/review a.ts performance ');
    await waitFor(() => options(composer).length === 0, 'the menu closed');
    const sent = submissions(composer);
    await press('Enter');
    expect(sent).to.have.length(1);
    expect(sent[0]!.prompt).to.equal('/review a.ts performance');
  });

  it('picking an option for the last slot with Enter or a click moves on, so the next words are free text', async () => {
    for (const how of ['Enter', 'click'] as const) {
      const composer = await pick('review');
      const sent = submissions(composer);
      await type('src/my file.ts');
      await press('Tab');
      await waitFor(() => options(composer).length === 3, 'the options of focus');
      if (how === 'Enter') {
        await press('ArrowDown');
        await press('Enter');
      } else {
        const option = [...root(composer).querySelectorAll<HTMLElement>('[role="option"]')][1]!;
        await sendMouse({ type: 'click', position: centre(option) });
      }
      await waitFor(() => options(composer).length === 0, 'the menu closed');
      expect(activeSlot(composer), how).to.equal(undefined);
      await type('please look at it');
      expect(
        slots(composer).map((slot) => slot.textContent),
        how,
      ).to.deep.equal(['src/my file.ts', 'performance']);
      await press('Enter');
      expect(sent[0]!.prompt, how).to.equal('/review "src/my file.ts" performance please look at it');
      expect(sent[0]!.inputAnnotations[0], how).to.deep.include({
        arguments: [
          { name: 'target', value: 'src/my file.ts' },
          { name: 'focus', value: 'performance' },
        ],
      });
    }
  });

  it('Tab in a slot menu skips the slot; Tab past the last slot reaches free text, and then leaves', async () => {
    const composer = await pick('review');
    await type('a.ts');
    await press('Tab');
    await waitFor(() => options(composer).length === 3, 'the options of focus');
    await press('Tab');
    await waitFor(() => options(composer).length === 0, 'the menu closed');
    await type('please');
    expect(composer.value.text).to.equal('/review a.ts  please');
    expect(activeSlot(composer)).to.equal(undefined);
    await press('Tab');
    expect(root(composer).activeElement?.classList.contains('cm-content')).to.equal(false);
  });

  it('Tab still leaves the editor when Backspace has joined two empty slots', async () => {
    const composer = await pick('move');
    await press('Tab');
    expect(activeSlot(composer)).to.equal('destination');
    await press('Backspace');
    expect(composer.value.text).to.equal('/move ');
    await press('Tab');
    await press('Tab');
    expect(root(composer).activeElement?.classList.contains('cm-content')).to.equal(false);
  });

  it('an empty required slot blocks the submit with a notice naming it, and selects it', async () => {
    const composer = await pick('review');
    const sent = submissions(composer);
    await press('Tab');
    await press('Escape');
    await press('Enter');
    expect(sent).to.have.length(0);
    expect(notice(composer)).to.contain('target');
    expect(activeSlot(composer)).to.equal('target');
    await type('main');
    await press('Enter');
    expect(sent).to.have.length(1);
  });

  it('sends the filled values in the prompt (quoted with spaces) and as the annotation’s arguments', async () => {
    const composer = await pick('review');
    const sent = submissions(composer);
    await type('my file.ts');
    await press('Enter');
    expect(sent).to.have.length(1);
    expect(sent[0]!.text).to.equal('/review "my file.ts"');
    expect(sent[0]!.prompt).to.equal('/review "my file.ts"');
    expect(sent[0]!.inputAnnotations).to.deep.equal([
      {
        type: 'command',
        start: 0,
        end: 7,
        text: '/review',
        command: { name: 'review', description: 'Review a change' },
        arguments: [{ name: 'target', value: 'my file.ts' }],
      },
    ]);
  });

  it('pasted text fills the slot the caret is in, quotes and backslashes kept in the value', async () => {
    const composer = await pick('move');
    const sent = submissions(composer);
    await navigator.clipboard.writeText('my "old"\\dir');
    await press('Control+v');
    await press('Tab');
    await navigator.clipboard.writeText('b.ts');
    await press('Control+v');
    expect(slots(composer).map((slot) => slot.textContent)).to.deep.equal(['my "old"\\dir', 'b.ts']);
    await press('Enter');
    expect(sent).to.have.length(1);
    expect(sent[0]!.text).to.equal('/move "my \\"old\\"\\\\dir" b.ts');
    expect(sent[0]!.inputAnnotations[0]).to.deep.include({
      arguments: [
        { name: 'source', value: 'my "old"\\dir' },
        { name: 'destination', value: 'b.ts' },
      ],
    });
  });

  it('slots come from an argument hint, with its flags kept as text', async () => {
    const composer = await pick('deploy');
    expect(slots(composer).map((slot) => slot.dataset.argument)).to.deep.equal(['env', 'region']);
    expect(composer.value.text).to.equal('/deploy  --dry-run ');
    const sent = submissions(composer);
    await type('prod');
    await press('Enter');
    expect(sent[0]!.prompt).to.equal('/deploy prod --dry-run');
    expect(sent[0]!.inputAnnotations[0]).to.have.deep.property('arguments', [{ name: 'env', value: 'prod' }]);
  });

  it('Backspace right after the token removes it in one undo step, leaving the arguments as text', async () => {
    const composer = await pick('review');
    await type('a.ts');
    await press('Tab');
    await press('Escape');
    await type('style');
    await press('Shift+Tab');
    await press('ArrowLeft');
    await press('Backspace');
    expect(token(composer)).to.equal(null);
    expect(slots(composer)).to.have.length(0);
    expect(composer.value.text).to.equal('a.ts style');
    expect(composer.command).to.equal(undefined);
    await press('Control+z');
    await waitFor(() => token(composer) !== null, 'the token back');
    expect(composer.value.text).to.equal('/review a.ts style');
    expect(slots(composer).map((slot) => slot.textContent)).to.deep.equal(['a.ts', 'style']);
    expect(composer.command?.name).to.equal('review');
  });
});

import { expect } from '@open-wc/testing';
import '../../src/define-message.js';
import { dataset, file, link, mention, terminal } from '../../support/records.js';
import { body, chips, renderRecords, renderAnnotations } from './user-message-fixtures.js';

describe('<t3-user-message> record-driven', () => {
  it('renders a chip at each canonical link, with its record', async () => {
    const text = `See ${link(terminal, 'T1')} and ${link(file)} then ${link(mention)}.`;
    const message = await renderRecords(text, { version: 1, records: [terminal, file, mention] });
    const found = chips(message);
    expect(found.map((chip) => chip.contextId)).to.deep.equal(['term_1', 'file_1', 'm_1']);
    expect(found[0].label).to.equal('T1');
    expect(found[0].record).to.deep.equal(terminal);
    expect(found.every((chip) => !chip.hasAttribute('unresolved'))).to.be.true;
    expect(body(message).textContent).to.contain('See');
  });

  it('a context set after the text resolves the chips in place: same elements, focus kept', async () => {
    const text = `See ${link(terminal, 'T1')} and ${link(file)}.`;
    const message = await renderRecords(text, { version: 1, records: [] });
    const before = chips(message);
    expect(before.every((chip) => chip.hasAttribute('unresolved'))).to.be.true;
    before[0]!.focus();
    message.context = { version: 1, records: [terminal, file] };
    await message.updateComplete;
    await Promise.all(before.map((chip) => chip.updateComplete));
    const after = chips(message);
    expect(after.length).to.equal(2);
    expect(after.every((chip, index) => chip === before[index])).to.be.true;
    expect(after.map((chip) => chip.record)).to.deep.equal([terminal, file]);
    expect(after.some((chip) => chip.hasAttribute('unresolved'))).to.be.false;
    expect(message.shadowRoot!.activeElement).to.equal(after[0]);
  });

  it('shows a chip whose record is missing, duplicated or undecodable as unresolved, label intact', async () => {
    const broken = { ...file, contextId: 'bad', sizeBytes: -1 };
    const text = `${link(terminal)} ${link(file)} ${link(broken, 'broken.pdf')}`;
    const duplicated = await renderRecords(text, { version: 1, records: [terminal, broken] });
    const [term, missing, undecodable] = chips(duplicated);
    expect(term.hasAttribute('unresolved')).to.be.false;
    expect(missing.hasAttribute('unresolved')).to.be.true;
    expect(missing.shadowRoot!.textContent).to.contain('report.pdf');
    expect(undecodable.hasAttribute('unresolved')).to.be.true;
    expect(undecodable.shadowRoot!.textContent).to.contain('broken.pdf');
  });

  it('keeps malformed links as text', async () => {
    const text = 'A [x](t3-context://v2/file/f) B [y](t3-context://v1/File/f) C [z](t3-context://v1/file/a b)';
    const message = await renderRecords(text, { version: 1, records: [] });
    expect(chips(message)).to.have.length(0);
    expect(body(message).textContent).to.contain(text);
  });

  it('renders chips inside code spans and code blocks too', async () => {
    const text = `Inline \`${link(file)}\`\n\n\`\`\`\n${link(terminal)}\n\`\`\``;
    const message = await renderRecords(text, { version: 1, records: [file, terminal] });
    expect(chips(message).map((chip) => chip.closest('code') !== null)).to.deep.equal([true, true]);
  });

  it('renders Markdown: lists, code, tables, quotes, emphasis, headings', async () => {
    const text = [
      '# Title',
      '',
      '- one **bold**',
      '- two *em* ~~gone~~',
      '',
      '1. first',
      '',
      '> quoted',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '```ts',
      'const x = 1;',
      '```',
    ].join('\n');
    const message = await renderRecords(text, null);
    const root = body(message);
    expect(root.querySelector('h1')!.textContent).to.equal('Title');
    expect(root.querySelector('ul strong')!.textContent).to.equal('bold');
    expect(root.querySelector('ul em')!.textContent).to.equal('em');
    expect(root.querySelector('del')!.textContent).to.equal('gone');
    expect(root.querySelector('ol li')!.textContent).to.contain('first');
    expect(root.querySelector('blockquote')!.textContent).to.contain('quoted');
    expect(root.querySelectorAll('table td')).to.have.length(2);
    expect(root.querySelector('pre code')!.textContent).to.contain('const x = 1;');
  });

  it('shows raw HTML as text and links only safe absolute URLs', async () => {
    const text =
      '<b>bold?</b> [ok](https://example.com/a) [bad](javascript:alert(1)) [rel](/local) ![pic](https://example.com/p.png)';
    const message = await renderRecords(text, null);
    const root = body(message);
    expect(root.querySelector('b')).to.be.null;
    expect(root.textContent).to.contain('<b>bold?</b>');
    const anchors = [...root.querySelectorAll('a')];
    expect(anchors.map((anchor) => anchor.getAttribute('href'))).to.deep.equal([
      'https://example.com/a',
      'https://example.com/p.png',
    ]);
    expect(anchors.every((anchor) => anchor.rel === 'noopener noreferrer')).to.be.true;
    expect(root.querySelector('img')).to.be.null;
    expect(root.textContent).to.contain('bad');
    expect(root.textContent).to.contain('rel');
  });

  it('upgrades a legacy message in memory and renders its chips', async () => {
    const legacy = [
      'Please check @terminal-1:3-4 and this',
      '',
      '<review_comment sectionId="s1" sectionTitle="Changes" filePath="src/a.ts" startIndex="3" endIndex="4" rangeLabel="L4">',
      'Why?',
      '</review_comment>',
      '',
      '<terminal_context>',
      '- Terminal 1 lines 3-4:',
      '  3 | npm test',
      '  4 | ok',
      '</terminal_context>',
    ].join('\n');
    const message = await renderRecords(legacy, undefined);
    const found = chips(message);
    expect(found.map((chip) => chip.kind).sort()).to.deep.equal(['review-comment', 'terminal']);
    expect(found.every((chip) => !chip.hasAttribute('unresolved'))).to.be.true;
    expect(body(message).textContent).not.to.contain('<terminal_context>');
  });

  it('does not rewrite a message whose context fails to decode; chips show unresolved', async () => {
    const text = `Look ${link(terminal)}`;
    const message = await renderRecords(text, { version: 1, records: [terminal, terminal] });
    expect(chips(message)[0].hasAttribute('unresolved')).to.be.true;
    expect(body(message).textContent).to.contain('Look');
  });
});

describe('<t3-user-message> annotation-driven', () => {
  const content = '@src/Makefile explain @alice and a@b.test';

  it('renders plain text without annotations: no chip is ever guessed', async () => {
    const message = await renderAnnotations(content, undefined);
    expect(chips(message)).to.have.length(0);
    expect(body(message).textContent).to.equal(content);
  });

  it('puts chips at valid ranges and keeps all text around them', async () => {
    const annotations = [
      {
        type: 'reference',
        start: 0,
        end: 13,
        text: '@src/Makefile',
        reference: { id: 'file:@src/Makefile', kind: 'file', value: 'src/Makefile' },
      },
    ];
    const message = await renderAnnotations(content, annotations);
    const [chip] = chips(message);
    expect(chip.shadowRoot!.textContent).to.contain('src/Makefile');
    expect(body(message).textContent).to.contain(' explain @alice and a@b.test');
    expect(getComputedStyle(body(message)).whiteSpace).to.equal('pre-wrap');
  });

  it('ignores overlapping, out-of-range, mismatched, null and wrongly typed annotations', async () => {
    const annotations = [
      null,
      { type: 'reference', start: 0, end: 13, text: '@src/Makefile', reference: { id: 'a' } },
      { type: 'reference', start: 5, end: 14, text: content.slice(5, 14), reference: { id: 'overlap' } },
      { type: 'reference', start: 30, end: 999, text: 'x', reference: { id: 'range' } },
      { type: 'reference', start: 22, end: 28, text: 'nope!!', reference: { id: 'mismatch' } },
      { type: 'reference', start: 22, end: 28, text: '@alice', reference: { id: 'typed', label: 42 } },
      'garbage',
    ];
    const message = await renderAnnotations(content, annotations);
    expect(chips(message)).to.have.length(1);
    const visible = body(message).textContent!;
    expect(visible).to.contain(' explain @alice and a@b.test');
  });

  it('uses a matching record for a reference when a context is given too', async () => {
    const text = 'Use @dataset:users now';
    const annotations = [
      {
        type: 'reference',
        start: 4,
        end: 18,
        text: '@dataset:users',
        reference: { id: 'dataset_users', kind: 'dataset', label: 'Dataset' },
      },
    ];
    const message = await renderAnnotations(text, annotations, { version: 1, records: [dataset] });
    const [chip] = chips(message);
    expect(chip.record).to.deep.equal(dataset);
    expect(chip.shadowRoot!.querySelector('[part~="value"]')!.textContent).to.equal('users');
  });

  it('renders a command annotation as the command text', async () => {
    const annotations = [{ type: 'command', start: 0, end: 5, text: '/plan', command: { name: 'plan' } }];
    const message = await renderAnnotations('/plan do it', annotations);
    expect(message.shadowRoot!.querySelector('.command')!.textContent).to.equal('/plan');
    expect(body(message).textContent).to.equal('/plan do it');
  });
});

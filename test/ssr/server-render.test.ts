import { describe, expect, it } from 'vitest';
import { formatCitationLink, formatContextReference } from '../../src/core/index.js';
import { link, skill, terminal } from '../../support/records.js';
import { XSS_PAYLOADS } from '../../support/xss-payloads.js';
import { renderThread } from './support/server-render.js';

/** The HTML a reader sees with no script: tags and comments removed, whitespace collapsed. */
function readable(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const quote = {
  version: 1 as const,
  environmentId: 'env',
  threadId: 'thread-1',
  messageId: 'reply-1',
  text: 'the build is green',
  start: 4,
  end: 22,
  prefix: 'Now ',
  suffix: '.',
};

describe('server rendering of messages', () => {
  it('puts the text, its Markdown structure and every chip’s label in the HTML', () => {
    const text = `## Plan\n\nRun ${link(terminal)} with **care**, then ${link(skill)}:\n\n1. one\n2. \`two\`\n\n| a | b |\n|:-:|--:|\n| 1 | 2 |`;
    const html = renderThread([{ text, context: { version: 1, records: [terminal, skill] } }]);
    expect(html).toContain('shadowrootmode="open"');
    expect(html).toMatch(/<h2[^>]*dir="auto"[^>]*>/);
    expect(html).toMatch(/<strong[^>]*>(<!--[^>]*-->)*care/);
    expect(html).toMatch(/<ol[^>]*>/);
    expect(html).toMatch(/<code[^>]*>(<!--[^>]*-->)*two/);
    expect(html).toMatch(/<th class="align-center"/);
    expect(html).toMatch(/<td class="align-right"/);
    // Each chip with its own shadow root, its label inside.
    expect(html.match(/<t3-context-chip/g)).toHaveLength(2);
    expect(html).toMatch(/<span part="label" class="label"\s*>(<!--[^>]*-->)*Terminal 1/);
    expect(readable(html)).toContain(`Run ${terminal.label} with care, then ${skill.label}`);
    expect(readable(html)).not.toContain('t3-context://');
  });

  it('renders verbatim text, legacy text and citations as the browser does', () => {
    const legacy = 'Why @terminal-1:3\n\n<terminal_context>\n- Terminal 1 line 3:\n  3 | boom\n</terminal_context>';
    const html = renderThread([
      { text: '2*3*4 and `x`', format: 'text' },
      { text: legacy },
      { text: `See ${formatCitationLink(quote)} here` },
    ]);
    expect(readable(html)).toContain('2*3*4 and `x`');
    expect(readable(html)).toContain('Why');
    expect(readable(html)).not.toContain('<terminal_context>');
    expect(html).toContain('kind="citation"');
  });

  it('yields no executable markup from hostile text, labels and records', () => {
    const hostileRecord = {
      version: 1 as const,
      kind: 'file' as const,
      contextId: 'f',
      label: '<svg onload=alert(1)>',
      attachmentId: 'a',
      name: '<img src=x onerror=alert(1)>',
      mimeType: 'text/html',
      sizeBytes: 1,
    };
    const messages = XSS_PAYLOADS.map((payload) => ({
      text: `${payload} ${formatContextReference({ kind: 'file', contextId: 'f', label: payload })}`,
      context: { version: 1 as const, records: [hostileRecord] },
    }));
    const html = renderThread(messages);
    const markup = html.replace(/<!--[\s\S]*?-->/g, '');
    expect(markup).not.toMatch(/<script/i);
    // Escaped by Lit, hostile tags read as text; the only elements are the renderer's own.
    expect(markup).not.toMatch(/<(iframe|object|embed|math|form|img|input(?! type="checkbox" disabled))[\s>/]/i);
    // No attribute of any tag is an event handler, and no link leads to script or data.
    for (const tag of markup.match(/<[a-z][^>]*>/gi) ?? []) {
      // Attribute values are quoted and escaped: what is inside them is text.
      expect(tag.replace(/"[^"]*"/g, '""')).not.toMatch(/\son[a-z]+\s*=/i);
      expect(tag).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|data|vbscript):/i);
    }
    // Every payload still reads as text.
    expect(readable(html)).toContain('alert(1)');
  });
});

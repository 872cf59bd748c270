import { expect, fixture, html } from '@open-wc/testing';
import '../../src/define-message.js';
import type { ContextRecord } from '../../src/core/index.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { ALL_RECORDS, link, pullRequestComment, thread } from '../../support/records.js';
import { assertNoScriptSurface, XSS_PAYLOADS } from './support/xss.js';

declare global {
  interface Window {
    __xss?: unknown;
  }
}

/** Every string field of a record (nested ones included) replaced by `payload`, where the wire allows it. */
function poisoned(record: ContextRecord, payload: string): ContextRecord {
  const replace = (value: unknown, key: string): unknown => {
    if (
      typeof value === 'string' &&
      !['version', 'kind', 'contextId', 'attachmentId', 'screenshotContextId', 'state'].includes(key)
    ) {
      return payload.slice(0, 200);
    }
    if (Array.isArray(value)) return value.map((item) => replace(item, key));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, replace(inner, name)]));
    }
    return value;
  };
  return replace(record, '') as ContextRecord;
}

/** Renders everything, the details of every chip included (they render on first focus). */
async function settle(message: T3UserMessage) {
  await message.updateComplete;
  const chips = [...message.shadowRoot!.querySelectorAll('t3-context-chip')];
  await Promise.all(chips.map((chip) => chip.updateComplete));
  for (const chip of chips) chip.shadowRoot!.querySelector<HTMLElement>('[part~="base"]')!.focus();
  await Promise.all(chips.map((chip) => chip.updateComplete));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('hostile input never executes and leaves no script surface', () => {
  const originalAlert = window.alert;

  before(() => {
    window.alert = () => {
      window.__xss = true;
    };
  });

  after(() => {
    window.alert = originalAlert;
  });

  beforeEach(() => {
    delete window.__xss;
  });

  afterEach(() => {
    expect(window.__xss, 'a payload executed').to.be.undefined;
  });

  it(`has at least 50 payloads (${XSS_PAYLOADS.length})`, () => {
    expect(XSS_PAYLOADS.length).to.be.at.least(50);
  });

  it('as record-driven text, as link labels and inside legacy blocks', async () => {
    for (const payload of XSS_PAYLOADS) {
      const oneLine = payload.replace(/[\]\n]/g, ' ');
      const legacy = `${payload}\n\n<terminal_context>\n- ${oneLine} line 1:\n  1 | ${oneLine}\n</terminal_context>`;
      const review = `<review_comment sectionId="s" sectionTitle="${oneLine.replace(/"/g, '&quot;')}" filePath="a.ts" startIndex="1" endIndex="1" rangeLabel="L1">\n${payload}\n</review_comment>`;
      for (const text of [payload, `[${oneLine}](t3-context://v1/file/f) ${payload}`, legacy, review]) {
        const message = await fixture<T3UserMessage>(
          html`<t3-user-message .text=${text} .context=${undefined}></t3-user-message>`,
        );
        await settle(message);
        assertNoScriptSurface(message);
      }
    }
  });

  it('in every string field of every record kind, with the details rendered', async () => {
    for (const payload of XSS_PAYLOADS) {
      const records = [...ALL_RECORDS, pullRequestComment, thread].map((record) => poisoned(record, payload));
      const text = records.map((record) => link(record, payload.replace(/[\]\n]/g, ' '))).join(' ');
      const message = await fixture<T3UserMessage>(
        html`<t3-user-message .text=${text} .context=${{ version: 1, records }}></t3-user-message>`,
      );
      await settle(message);
      const withDetails = [...message.shadowRoot!.querySelectorAll('t3-context-chip')].filter((chip) =>
        chip.shadowRoot!.querySelector('[part~="details"]'),
      );
      expect(withDetails.length, 'chip details were rendered').to.be.greaterThan(5);
      assertNoScriptSurface(message);
    }
  });

  it('in annotation payloads', async () => {
    for (const payload of XSS_PAYLOADS) {
      const content = `${payload} tail`;
      const annotations = [
        {
          type: 'reference',
          start: 0,
          end: payload.length,
          text: payload,
          reference: {
            id: payload,
            kind: 'dataset',
            label: payload,
            value: payload,
            serialized: payload,
            metadata: { html: payload },
          },
        },
      ];
      const message = await fixture<T3UserMessage>(
        html`<t3-user-message .content=${content} .inputAnnotations=${annotations}></t3-user-message>`,
      );
      await settle(message);
      assertNoScriptSurface(message);
      expect(message.shadowRoot!.querySelector('[part~="body"]')!.textContent).to.contain(' tail');
    }
  });

  it('in icon URLs, images and files', async () => {
    const urls = [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      '&#106;avascript:alert(1)',
    ];
    for (const url of urls) {
      const icons = Object.fromEntries(ALL_RECORDS.map((record) => [record.kind, url]));
      const message = await fixture<T3UserMessage>(html`<t3-user-message
        .icons=${icons}
        .text=${ALL_RECORDS.map((record) => link(record)).join(' ')}
        .context=${{ version: 1, records: ALL_RECORDS }}
        .images=${[{ name: url, mimeType: 'image/png', src: url }]}
        .files=${[{ name: url, mimeType: 'text/html', href: url }]}
      ></t3-user-message>`);
      await settle(message);
      assertNoScriptSurface(message);
    }
  });

  it('in host renderers that return strings', async () => {
    for (const payload of XSS_PAYLOADS.slice(0, 20)) {
      const message = await fixture<T3UserMessage>(html`<t3-user-message
        .text=${link(ALL_RECORDS[8])}
        .context=${{ version: 1, records: ALL_RECORDS }}
        .presentations=${{ dataset: { renderDetails: () => payload, renderCompact: () => payload } }}
        .renderUserMessageContent=${() => payload}
      ></t3-user-message>`);
      await settle(message);
      assertNoScriptSurface(message);
    }
  });
});

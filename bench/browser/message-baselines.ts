/**
 * What the message mount is measured against, in the page: `marked` + `innerHTML` as it always was
 * (chips as plain spans), the same with chips of the same look as ours (the floor for drawing
 * these chips), and the React renderers hosts use (`react-peers.ts`), all on the same messages.
 */
import { Marked, type Tokens } from 'marked';
import { CHIP_HOST_CLASS, chipKind, chipLookCss, chipMarkup, escapeHtml } from './chip-look.js';
import type { MessageBaseline } from './message-baseline-names.js';
import { ReactMessageList } from './react-peers.js';

export type { MessageBaseline };

const BUBBLE = 'display: block; margin-block: 8px; padding: 8px 12px; border-radius: 12px; background: #f2f2f2;';
const FONT = 'font: 14px/1.5 system-ui, sans-serif;';

function sheet(text: string): CSSStyleSheet {
  const style = new CSSStyleSheet();
  style.replaceSync(text);
  return style;
}

const messageSheet = sheet(`
  :host { ${BUBBLE} ${FONT} }
  .chip { display: inline-flex; padding: 0 6px; border: 1px solid #ccd; border-radius: 6px; background: #eef; }
  pre { overflow: auto; }
`);
/** A message of the same look's floor: the same bubble, the chip's own rules. */
const floorSheet = sheet(`:host { ${BUBBLE} ${FONT} }\npre { overflow: auto; }`);
const listSheet = sheet(`:host { display: block; ${FONT} }\n.message { ${BUBBLE} }\npre { overflow: auto; }`);
const chipSheet = sheet(chipLookCss());
const streamdownSheet = new CSSStyleSheet();

/** `t3-context` links and images as spans: plain ones, or the chip's look. */
function markedWith(chip: (kind: string, label: string) => string): Marked {
  const render = (token: Tokens.Link | Tokens.Image): string | false => {
    const kind = chipKind(token.href);
    return kind ? chip(kind, token.text) : false;
  };
  return new Marked({ gfm: true, renderer: { link: render, image: render } });
}

const plainSpans = markedWith((_kind, label) => `<span class="chip">${escapeHtml(label)}</span>`);
const sameLook = markedWith(chipMarkup);

/** Loads what the peers need before any timing: streamdown's compiled Tailwind CSS and its styles. */
export async function prepareMessageBaselines(): Promise<void> {
  const response = await fetch('/streamdown.css');
  if (!response.ok) throw new Error(`streamdown.css: ${response.status}`);
  streamdownSheet.replaceSync(await response.text());
}

let reactList: { host: HTMLElement; list: ReactMessageList } | undefined;

/** Mounts every message into `log` with `baseline` (synchronously: the DOM is complete on return). */
export function mountBaseline(baseline: MessageBaseline, log: HTMLElement, texts: readonly string[]): void {
  if (baseline === 'marked' || baseline === 'marked-chips') {
    const markdown = baseline === 'marked' ? plainSpans : sameLook;
    const sheets = baseline === 'marked' ? [messageSheet] : [floorSheet, chipSheet];
    for (const text of texts) {
      const element = document.createElement('div');
      const root = element.attachShadow({ mode: 'open' });
      root.adoptedStyleSheets = sheets;
      root.innerHTML = markdown.parse(text) as string;
      log.append(element);
    }
    return;
  }
  const host = document.createElement('div');
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets =
    baseline === 'streamdown' ? [streamdownSheet, listSheet, chipSheet] : [listSheet, chipSheet];
  const container = document.createElement('div');
  root.append(container);
  log.append(host);
  reactList = { host, list: new ReactMessageList(container) };
  reactList.list.render(baseline, texts);
}

/** Unmounts a React list (the others go with `log`'s children). */
export function clearBaselines(): void {
  reactList?.list.unmount();
  reactList?.host.remove();
  reactList = undefined;
}

/** The chips a baseline drew, to check before timing that every one is there. */
export function baselineChipCount(log: HTMLElement): number {
  let count = 0;
  const visit = (root: ParentNode) => {
    count += root.querySelectorAll(`.${CHIP_HOST_CLASS}`).length || root.querySelectorAll('.chip').length;
    for (const element of root.querySelectorAll('*')) if (element.shadowRoot) visit(element.shadowRoot);
  };
  visit(log);
  return count;
}

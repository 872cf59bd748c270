/**
 * Long lines in a chip's code blocks (terminal excerpts, diffs, HTML) scroll inside the block; where
 * scrollbars are hidden (phones) nothing would show that a line goes on. Each watched block carries
 * `data-more` with `start` and/or `end` while there is more to scroll to on that side, and the
 * stylesheet fades that edge. Code is always left-to-right, so start is left.
 */

const watched = new WeakSet<Element>();
// Made on first use: a module may be imported where there is no DOM (a server).
let resized: ResizeObserver | undefined;

/** Watches every code block under `root` not watched yet, and marks each one now. */
export function watchCodeOverflow(root: ParentNode): void {
  for (const block of root.querySelectorAll<HTMLElement>('pre.code')) {
    if (!watched.has(block)) {
      watched.add(block);
      block.addEventListener('scroll', () => markOverflow(block), { passive: true });
      resized ??= new ResizeObserver((entries) => {
        for (const entry of entries) markOverflow(entry.target as HTMLElement);
      });
      resized.observe(block);
    }
    markOverflow(block);
  }
}

function markOverflow(block: HTMLElement): void {
  const hidden = block.scrollWidth - block.clientWidth;
  const more: string[] = [];
  if (block.scrollLeft > 1) more.push('start');
  if (hidden - block.scrollLeft > 1) more.push('end');
  if (more.length > 0) block.dataset.more = more.join(' ');
  else delete block.dataset.more;
}

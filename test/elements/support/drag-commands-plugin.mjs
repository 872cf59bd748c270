import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cdpSessions } from './cdp-sessions.mjs';

/**
 * Test-runner server commands for real drag and drop, through the DevTools protocol as Playwright
 * drives it in Chromium: `Input.setInterceptDrags` hands the page's own drag (its `dragstart`, its
 * `DataTransfer`) to the test, and `Input.dispatchDragEvent` delivers it where the page says, with
 * the page's drag and drop events and its data.
 *
 * - `drag-start` `{from, to}`: a press at `from` and a move, which starts the page's drag; it is
 *   then over `to` (`dragenter`, `dragover`). Answers the dragged data's types.
 * - `drag-move` `{to}`: the drag moves over `to`.
 * - `drag-end` `{at, cancel?}`: drops at `at`, or is cancelled there, as Escape cancels a drag.
 * - `drag-from-outside` `{to, items?, files?, folders?, cancel?, hold?}`: a drag from outside
 *   the page (another application, the file manager) over `to`, then dropped unless `hold`:
 *   `items` are `{mimeType, data}`, `files` `{name, content}` and `folders` `{name, files}`
 *   written to a temporary folder, so Chromium reads real files and folders.
 */
export function dragCommandsPlugin() {
  const cdpSessionOf = cdpSessions();
  /** The drag under way, per page. */
  const drags = new WeakMap();
  /** Temporary folders of dropped files, removed when the run ends. */
  const written = [];
  return {
    name: 't3-drag-commands',
    serverStop() {
      for (const folder of written) rmSync(folder, { recursive: true, force: true });
    },
    async executeCommand({ command, payload, session }) {
      if (!['drag-start', 'drag-move', 'drag-end', 'drag-from-outside'].includes(command)) return undefined;
      const { cdp, page } = await cdpSessionOf(session);
      if (command === 'drag-start') {
        const data = await interceptDrag(cdp, payload.from);
        drags.set(page, { data, mouse: true });
        await dragOver(page, cdp, payload.to, data, 'dragEnter');
        return data.items.map((item) => item.mimeType);
      }
      if (command === 'drag-from-outside') {
        const data = outsideData(payload, written);
        await dragOver(page, cdp, payload.to, data, 'dragEnter');
        if (payload.hold) drags.set(page, { data, mouse: false });
        else await endDrag(page, cdp, payload.to, data, payload.cancel, false);
        return true;
      }
      const drag = drags.get(page);
      if (!drag) throw new Error(`${command}: no drag under way`);
      if (command === 'drag-move') {
        await dragOver(page, cdp, payload.to, drag.data, 'dragOver');
        return true;
      }
      drags.delete(page);
      await endDrag(page, cdp, payload.at, drag.data, payload.cancel, drag.mouse);
      return true;
    },
  };
}

async function interceptDrag(cdp, [x, y]) {
  await cdp.send('Input.setInterceptDrags', { enabled: true });
  try {
    const intercepted = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('drag-start: the page started no drag')), 5000);
      cdp.once('Input.dragIntercepted', (event) => {
        clearTimeout(timer);
        resolve(event.data);
      });
    });
    await mouse(cdp, 'mouseMoved', x, y, 0);
    await mouse(cdp, 'mousePressed', x, y, 1);
    // Past the platform's drag threshold, in steps, as a hand moves.
    for (let step = 1; step <= 4; step++) await mouse(cdp, 'mouseMoved', x + step * 4, y + step * 3, 1);
    return await intercepted;
  } finally {
    await cdp.send('Input.setInterceptDrags', { enabled: false });
  }
}

function mouse(cdp, type, x, y, buttons) {
  const button = type === 'mouseMoved' && buttons === 0 ? 'none' : 'left';
  return cdp.send('Input.dispatchMouseEvent', { type, x, y, button, buttons, clickCount: 1 });
}

async function dragOver(page, cdp, [x, y], data, first) {
  await cdp.send('Input.dispatchDragEvent', { type: first, x, y, data });
  if (first === 'dragEnter') await cdp.send('Input.dispatchDragEvent', { type: 'dragOver', x, y, data });
  await settled(page);
}

/**
 * The page has handled the drag's last event and painted: the browser decides whether a drop is
 * taken by the answer of the last `dragover`, which a drop sent at once may outrun.
 */
function settled(page) {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
}

async function endDrag(page, cdp, [x, y], data, cancel, mouseHeld) {
  if (!cancel) {
    await cdp.send('Input.dispatchDragEvent', { type: 'dragOver', x, y, data });
    await settled(page);
  }
  await cdp.send('Input.dispatchDragEvent', { type: cancel ? 'dragCancel' : 'drop', x, y, data });
  if (mouseHeld) await mouse(cdp, 'mouseReleased', x, y, 0);
}

function outsideData({ items = [], files = [], folders = [] }, written) {
  const paths = [];
  if (files.length > 0 || folders.length > 0) {
    const root = mkdtempSync(join(tmpdir(), 't3-drop-'));
    written.push(root);
    for (const file of files) {
      const path = join(root, file.name);
      writeFileSync(path, file.content);
      paths.push(path);
    }
    for (const folder of folders) {
      const path = join(root, folder.name);
      mkdirSync(path);
      for (const file of folder.files ?? []) writeFileSync(join(path, file.name), file.content);
      paths.push(path);
    }
  }
  // Copy (1) and move (16), as a file manager offers.
  return { items, files: paths, dragOperationsMask: 17 };
}

import { render } from '@lit-labs/ssr';
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import { html } from 'lit';
import { describe, expect, it, vi } from 'vitest';
import '../../src/ssr.js';
import { file, terminal } from '../../support/records.js';

describe('server rendering of a chip drawn expanded', () => {
  it('puts its details inline in the HTML', () => {
    const presentations = { terminal: { expanded: 'inline-block' } };
    const markup = collectResultSync(
      render(
        html`<t3-context-chip
          kind="terminal"
          context-id=${terminal.contextId}
          label=${terminal.label}
          view="expanded"
          .record=${terminal}
          .presentations=${presentations}
        ></t3-context-chip>`,
      ),
    );
    expect(markup).toContain('part="expanded"');
    expect(markup).toContain(terminal.terminalLabel);
  });

  it('reads nothing of a sent text file: the browser reads it back on the first look', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const notes = { ...file, mimeType: 'text/plain', name: 'notes.txt', label: 'notes.txt' };
    const markup = collectResultSync(
      render(
        html`<t3-context-chip
          kind="file"
          context-id=${notes.contextId}
          label=${notes.label}
          view="expanded"
          .attachmentUrl=${'https://files.example/notes.txt'}
          .record=${notes}
          .presentations=${{ file: { expanded: 'inline-block' } }}
        ></t3-context-chip>`,
      ),
    );
    expect(markup).toContain('notes.txt');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});

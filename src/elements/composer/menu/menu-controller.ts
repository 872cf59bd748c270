import { isolateHistory } from '@codemirror/commands';
import type { EditorState, Extension } from '@codemirror/state';
import { EditorView, ViewPlugin } from '@codemirror/view';
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import {
  type CommandInfo,
  type ContextRecord,
  decodeContextRecord,
  escapeMention,
  formatContextReference,
  sanitizeCommandInfo,
  toKindScopedContextId,
} from '../../../core/index.js';
import type { ResolvedConfig } from '../../shared/config.js';
import { renderKindIcon } from '../../shared/icons.js';
import { formatMessage } from '../../shared/locale.js';
import { safeImageUrl } from '../../shared/urls.js';
import { activeCommand, COMMAND_HEAD } from '../editor/draft.js';
import { commandField, type PickedCommand, putRecords, setCommand } from '../editor/draft-state.js';
import { commandCategory, matchCommands, matchSubcommands } from './commands.js';
import {
  MAX_MENU_ITEMS,
  shareMenuSlots,
  type MentionItem,
  type MentionProvider,
  type ProviderResult,
  searchProviders,
  triggerOf,
  usableProviders,
} from './providers.js';
import { findCommandTrigger, findMentionTrigger } from './triggers.js';

const SEARCH_DEBOUNCE_MS = 80;
const MENU_ID = 't3-composer-menu';
/** Room the menu needs above the input; with less, it opens below. */
const MENU_ROOM_PX = 300;
/** How far back from the caret a trigger is looked for: longer queries are not mentions. */
const MAX_QUERY_SCAN = 256;

/** What the menu needs from the composer. */
export interface MenuDelegate {
  providers(): readonly MentionProvider[];
  commands(): readonly CommandInfo[];
  config(): ResolvedConfig;
  /** Why inserting chips for these ids would break a limit, if it would. */
  insertionProblem(newIds: readonly string[], newChips: number): string | undefined;
  showNotice(message: string): void;
  announce(message: string): void;
}

type Trigger =
  | { type: 'mention'; from: number; to: number; query: string; trigger: string }
  | { type: 'command'; from: number; to: number; query: string }
  | { type: 'subcommand'; from: number; to: number; query: string; command: CommandInfo };

type Option =
  | { type: 'item'; provider: MentionProvider; item: MentionItem }
  | { type: 'command'; command: CommandInfo }
  | { type: 'subcommand'; name: string };

type Row =
  | { type: 'group'; label: string }
  | { type: 'option'; option: Option; index: number }
  | { type: 'status'; text: string; error?: boolean };

/**
 * The @-mention and slash-command menu: detects a trigger before the caret, queries providers
 * (debounced, stale queries aborted), and renders an ARIA listbox in the composer's shadow root
 * while focus stays in the editor (`aria-activedescendant`).
 */
export class MenuController implements ReactiveController {
  private trigger: Trigger | null = null;
  private results: ProviderResult[] = [];
  private active = 0;
  private dismissedAt: string | null = null;
  private searchTimer?: ReturnType<typeof setTimeout>;
  private abort?: AbortController;
  private searchedFor = '';
  private view?: EditorView;
  private anchorLeft = 0;
  private below = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly delegate: MenuDelegate,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.close();
  }

  /** The editor the menu serves; called when the composer mounts or re-mounts its editor. */
  attach(view: EditorView | undefined): void {
    this.view = view;
    this.syncAria();
  }

  get isOpen(): boolean {
    return this.trigger !== null;
  }

  close(): void {
    const wasOpen = this.trigger !== null;
    clearTimeout(this.searchTimer);
    this.abort?.abort();
    this.trigger = null;
    this.results = [];
    this.searchedFor = '';
    this.syncAria();
    if (wasOpen) this.host.requestUpdate();
  }

  extension(): Extension {
    return [
      EditorView.updateListener.of((update) => {
        this.view = update.view;
        if (update.docChanged || update.selectionSet || update.focusChanged) this.sync(update.view);
      }),
      EditorView.contentAttributes.of({ 'aria-autocomplete': 'list', 'aria-haspopup': 'listbox' }),
      // A new editor state is a new draft: no menu open and no trigger dismissed in it.
      ViewPlugin.define(() => {
        this.dismissedAt = null;
        this.close();
        return {};
      }),
    ];
  }

  /** Keys while the menu is open: arrows move, Enter/Tab pick, Escape dismisses. */
  handleKey(event: KeyboardEvent, view: EditorView): boolean {
    if (!this.trigger) return false;
    const options = this.options();
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (options.length === 0) return true;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        this.active = (this.active + step + options.length) % options.length;
        this.syncAria();
        this.host.requestUpdate();
        return true;
      }
      case 'Enter':
      case 'Tab': {
        if (event.shiftKey && event.key === 'Enter') return false;
        const option = options[this.active];
        // Results not in yet: Enter must neither pick nor submit the half-typed `@query`.
        if (!option && this.isLoading()) return true;
        if (!option) {
          this.dismiss();
          return event.key === 'Tab';
        }
        this.pick(option, view);
        return true;
      }
      case 'Escape':
        this.dismiss();
        return true;
      default:
        return false;
    }
  }

  render(): TemplateResult | typeof nothing {
    if (!this.trigger) return nothing;
    const rows = this.rows();
    return html`<div
      part="menu"
      class=${this.below ? 'menu below' : 'menu'}
      id=${MENU_ID}
      role="listbox"
      aria-label=${this.trigger.type === 'mention' ? 'Mentions' : 'Commands'}
      style=${`inset-inline-start: ${this.anchorLeft}px`}
      @mousedown=${(event: MouseEvent) => event.preventDefault()}
    >
      ${rows.map((row) => this.renderRow(row))}
    </div>`;
  }

  private renderRow(row: Row): TemplateResult {
    if (row.type === 'group') return html`<div class="menu-group" role="presentation">${row.label}</div>`;
    if (row.type === 'status') {
      return html`<div class=${row.error ? 'menu-status error' : 'menu-status'} role="presentation">${row.text}</div>`;
    }
    const selected = row.index === this.active;
    return html`<div
      part="option"
      class="menu-option"
      role="option"
      id=${`${MENU_ID}-${row.index}`}
      aria-selected=${selected ? 'true' : 'false'}
      @click=${() => this.view && this.pick(row.option, this.view)}
      @mousemove=${() => this.hover(row.index)}
    >
      ${this.renderOption(row.option)}
    </div>`;
  }

  private renderOption(option: Option): TemplateResult {
    if (option.type === 'item') {
      const { item } = option;
      const icon = safeImageUrl(item.icon);
      const kind = item.record?.kind ?? item.tag?.kind ?? '';
      return html`<span class="option-icon">${icon ? html`<img src=${icon} alt="" />` : renderKindIcon(kind, this.delegate.config().icons)}</span>
        <span class="option-label">${item.label}</span>
        ${item.description ? html`<span class="option-description">${item.description}</span>` : nothing}`;
    }
    if (option.type === 'command') {
      const { command } = option;
      return html`<span class="option-label">/${command.name}</span>
        ${command.argumentHint ? html`<span class="option-hint">${command.argumentHint}</span>` : nothing}
        ${command.description ? html`<span class="option-description">${command.description}</span>` : nothing}`;
    }
    return html`<span class="option-label">${option.name}</span>`;
  }

  // ---- Trigger detection and searching --------------------------------------------------------

  private isLoading(): boolean {
    return this.trigger?.type === 'mention' && this.results.some((result) => result.status === 'loading');
  }

  private sync(view: EditorView): void {
    const next = view.hasFocus && !view.state.readOnly ? this.detect(view.state) : null;
    const key = next ? `${next.type}:${next.from}:${next.query}` : null;
    if (!next || key === this.dismissedAt) {
      if (this.trigger) this.close();
      return;
    }
    this.dismissedAt = null;
    const changedQuery =
      !this.trigger ||
      this.trigger.type !== next.type ||
      this.trigger.query !== next.query ||
      this.trigger.from !== next.from;
    this.trigger = next;
    this.placeMenu(view, next.from);
    if (changedQuery) {
      this.active = 0;
      if (next.type === 'mention') this.scheduleSearch(next);
    }
    this.syncAria();
    this.host.requestUpdate();
  }

  /** The trigger before the caret. Reads only the draft's head and the caret's neighbourhood, never the whole draft. */
  private detect(state: EditorState): Trigger | null {
    const selection = state.selection.main;
    if (!selection.empty) return null;
    const caret = selection.head;
    const text = state.doc.sliceString(0, Math.min(state.doc.length, COMMAND_HEAD));
    const picked = activeCommand(state);
    const pickedInfo = picked && this.commandInfo(picked.command);
    // Subcommands are one level deep: once one is picked, or what is typed matches none, the rest is free text.
    if (picked && pickedInfo?.subcommands?.length && picked.subcommandPath.length === 0) {
      const prefix = `/${picked.command.name} `;
      const query = caret >= prefix.length && caret <= text.length ? text.slice(prefix.length, caret) : undefined;
      if (
        query !== undefined &&
        text.startsWith(prefix) &&
        /^\S*$/.test(query) &&
        matchSubcommands(pickedInfo, query).length > 0
      ) {
        return { type: 'subcommand', from: prefix.length, to: caret, query, command: pickedInfo };
      }
    }
    const command =
      this.delegate.commands().length > 0 && !picked && caret <= MAX_QUERY_SCAN
        ? findCommandTrigger(text, caret)
        : null;
    if (command) return { type: 'command', from: 0, to: caret, query: command.query };
    const providers = usableProviders(this.delegate.providers());
    if (providers.length === 0) return null;
    const line = state.doc.lineAt(caret);
    const from = Math.max(line.from, caret - MAX_QUERY_SCAN);
    const match = findMentionTrigger(state.doc.sliceString(from, caret), from, caret, [
      ...new Set(providers.map(triggerOf)),
    ]);
    // A trigger at the very start of a cut-off window may follow any character: not a mention.
    if (!match || (match.from === from && from > line.from)) return null;
    return { type: 'mention', from: match.from, to: caret, query: match.query, trigger: match.trigger };
  }

  private scheduleSearch(trigger: Extract<Trigger, { type: 'mention' }>): void {
    const key = `${trigger.trigger}${trigger.query}`;
    if (key === this.searchedFor) return;
    this.searchedFor = key;
    clearTimeout(this.searchTimer);
    this.abort?.abort();
    const providers = usableProviders(this.delegate.providers()).filter(
      (provider) => triggerOf(provider) === trigger.trigger,
    );
    this.results = providers.map((provider) => ({ provider, status: 'loading' }));
    const abort = new AbortController();
    this.abort = abort;
    this.searchTimer = setTimeout(() => {
      searchProviders(providers, trigger.query, abort.signal, (results) => {
        this.results = results;
        this.active = Math.min(this.active, Math.max(0, this.options().length - 1));
        this.syncAria();
        this.host.requestUpdate();
        if (results.every((result) => result.status !== 'loading')) {
          this.delegate.announce(
            formatMessage(this.delegate.config().locale.resultsCount, { count: String(this.options().length) }),
          );
        }
      });
    }, SEARCH_DEBOUNCE_MS);
  }

  private options(): Option[] {
    const trigger = this.trigger;
    if (!trigger) return [];
    if (trigger.type === 'command') {
      return matchCommands(this.delegate.commands(), trigger.query, MAX_MENU_ITEMS).map((command) => ({
        type: 'command',
        command,
      }));
    }
    if (trigger.type === 'subcommand') {
      return matchSubcommands(trigger.command, trigger.query).map((name) => ({ type: 'subcommand', name }));
    }
    return [...this.shownItems()].flatMap(([result, items]) =>
      items.map((item): Option => ({ type: 'item', provider: result.provider, item })),
    );
  }

  /** The items each finished search shows, in provider order: the menu's slots shared among them. */
  private shownItems(): Map<ProviderResult, readonly MentionItem[]> {
    const done = this.results.filter((result) => result.status === 'done');
    const shares = shareMenuSlots(done.map((result) => result.items.length));
    return new Map(done.map((result, index) => [result, result.items.slice(0, shares[index])]));
  }

  private rows(): Row[] {
    const trigger = this.trigger!;
    const locale = this.delegate.config().locale;
    const rows: Row[] = [];
    let index = 0;
    if (trigger.type === 'mention') {
      const shown = this.shownItems();
      for (const result of this.results) {
        const items = shown.get(result) ?? [];
        if (result.status === 'loading')
          rows.push({ type: 'group', label: result.provider.label }, { type: 'status', text: locale.loading });
        else if (result.status === 'error') {
          rows.push(
            { type: 'group', label: result.provider.label },
            { type: 'status', text: locale.providerError, error: true },
          );
        } else if (items.length > 0) {
          rows.push({ type: 'group', label: result.provider.label });
          for (const item of items)
            rows.push({ type: 'option', option: { type: 'item', provider: result.provider, item }, index: index++ });
        }
      }
      if (rows.length === 0) rows.push({ type: 'status', text: locale.noResults });
      return rows;
    }
    const options = this.options();
    if (options.length === 0) return [{ type: 'status', text: locale.noResults }];
    let category = '';
    for (const option of options) {
      if (option.type === 'command' && commandCategory(option.command) !== category) {
        category = commandCategory(option.command);
        rows.push({ type: 'group', label: category });
      }
      rows.push({ type: 'option', option, index: index++ });
    }
    return rows;
  }

  // ---- Picking ----------------------------------------------------------------------------------

  private pick(option: Option, view: EditorView): void {
    const trigger = this.trigger;
    if (!trigger) return;
    if (option.type === 'command') this.pickCommand(option.command, trigger, view);
    else if (option.type === 'subcommand') this.pickSubcommand(option.name, trigger, view);
    else this.pickItem(option.item, trigger, view);
    view.focus();
  }

  private pickCommand(command: CommandInfo, trigger: Trigger, view: EditorView): void {
    const clean = sanitizeCommandInfo(command);
    if (!clean) return;
    this.replace(view, trigger, `/${clean.name} `, [], { command: clean, subcommandPath: [] });
  }

  private pickSubcommand(name: string, trigger: Trigger, view: EditorView): void {
    const picked = view.state.field(commandField);
    if (!picked) return;
    this.replace(view, trigger, `${name} `, [], { ...picked, subcommandPath: [...picked.subcommandPath, name] });
  }

  /** The host's current description of a picked command (a restored draft may know only its name). */
  private commandInfo(command: CommandInfo): CommandInfo {
    return this.delegate.commands().find((candidate) => candidate?.name === command.name) ?? command;
  }

  private pickItem(item: MentionItem, trigger: Trigger, view: EditorView): void {
    const record = recordForItem(item);
    if (record) {
      const problem = this.delegate.insertionProblem([record.contextId], 1);
      if (problem) {
        this.delegate.showNotice(problem);
        return;
      }
      this.replace(view, trigger, `${formatContextReference(record)} `, [record]);
      return;
    }
    const text = typeof item.insertText === 'string' ? item.insertText : `@${escapeMention(item.label)}`;
    this.replace(view, trigger, `${text.trimEnd()} `, []);
  }

  private replace(
    view: EditorView,
    trigger: Trigger,
    insert: string,
    records: readonly ContextRecord[],
    command?: PickedCommand,
  ): void {
    this.close();
    view.dispatch({
      changes: { from: trigger.from, to: trigger.to, insert },
      selection: { anchor: trigger.from + insert.length },
      effects: [...(records.length > 0 ? [putRecords.of(records)] : []), ...(command ? [setCommand.of(command)] : [])],
      userEvent: 'input.complete',
      // A pick is one undo step of its own: typing right after it never joins it.
      annotations: isolateHistory.of('full'),
      scrollIntoView: true,
    });
  }

  private dismiss(): void {
    const trigger = this.trigger;
    this.dismissedAt = trigger ? `${trigger.type}:${trigger.from}:${trigger.query}` : null;
    this.close();
  }

  private hover(index: number): void {
    if (this.active === index) return;
    this.active = index;
    this.syncAria();
    this.host.requestUpdate();
  }

  /** Under the trigger's column; above the input unless there is no room there. */
  private placeMenu(view: EditorView, position: number): void {
    const coords = view.coordsAtPos(position);
    const frame = this.host.shadowRoot?.querySelector('[part~="base"]')?.getBoundingClientRect();
    this.anchorLeft = coords && frame ? Math.max(0, Math.round(coords.left - frame.left)) : 0;
    this.below = !!frame && frame.top < MENU_ROOM_PX;
  }

  private syncAria(): void {
    const content = this.view?.contentDOM;
    if (!content) return;
    // The combobox attributes exist only while the listbox does, so nothing points at a missing id.
    const open = this.trigger !== null;
    if (open) {
      content.setAttribute('aria-expanded', 'true');
      content.setAttribute('aria-controls', MENU_ID);
    } else {
      content.removeAttribute('aria-expanded');
      content.removeAttribute('aria-controls');
    }
    const hasActive = open && this.options().length > 0;
    if (hasActive) content.setAttribute('aria-activedescendant', `${MENU_ID}-${this.active}`);
    else content.removeAttribute('aria-activedescendant');
  }
}

/** The chip record an item inserts: its own record, or a host-kind record built from its tag. */
function recordForItem(item: MentionItem): ContextRecord | null {
  if (item.record) {
    const decoded = decodeContextRecord(item.record);
    return decoded.ok ? decoded.record : null;
  }
  const tag = item.tag;
  if (!tag || typeof tag.kind !== 'string') return null;
  const label = tag.label ?? item.label;
  const serialized = (tag.serialized ?? item.insertText ?? `@${escapeMention(label)}`).trim();
  const payload: Record<string, unknown> = { serialized };
  if (tag.value !== undefined) payload.value = tag.value;
  if (tag.metadata !== undefined) payload.metadata = tag.metadata;
  const decoded = decodeContextRecord({
    version: 1,
    kind: tag.kind,
    contextId: toKindScopedContextId(tag.kind, item.id),
    label: label.slice(0, 200),
    payload,
  });
  return decoded.ok ? decoded.record : null;
}

import { isolateHistory } from '@codemirror/commands';
import type { Extension } from '@codemirror/state';
import { Direction, EditorView, ViewPlugin } from '@codemirror/view';
import { nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
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
import { formatMessage } from '../../shared/locale.js';
import { AnchoredPopup } from '../../shared/anchored-popup.js';
import { activeCommand, commandInfoOf } from '../editor/draft.js';
import { type PickedCommand, putRecords, setCommand } from '../editor/draft-state.js';
import { MENU_ID, menuOptions, type Option, renderMenuList, syncComboboxAria } from './menu-list.js';
import { MenuSearch } from './menu-search.js';
import type { MentionItem, MentionProvider } from './providers.js';
import { detectTrigger, type Trigger, triggerKey } from './trigger-detection.js';

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

/**
 * The @-mention and slash-command menu: follows the trigger the editor state shows before the
 * caret (`detectTrigger`), asks the providers (`MenuSearch`), shows the list (`renderMenuList`)
 * while focus stays in the editor, and turns a pick into one transaction.
 */
export class MenuController implements ReactiveController {
  private trigger: Trigger | null = null;
  private active = 0;
  private dismissedAt: string | null = null;
  private view?: EditorView;
  private readonly search = new MenuSearch(() => this.resultsArrived());
  /** Under (or over) the trigger, in the top layer; it follows the caret as the page scrolls. */
  private readonly popup = new AnchoredPopup({
    gap: 4,
    margin: 8,
    align: 'start',
    anchor: () => this.triggerRect(),
    onLayoutChange: () => this.popup.place(),
  });

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly delegate: MenuDelegate,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.close();
  }

  /** The listbox is rendered by now (or gone): show it in the top layer and place it at the trigger. */
  hostUpdated(): void {
    const menu = this.trigger ? this.host.shadowRoot?.getElementById(MENU_ID) : null;
    if (menu) this.popup.show(menu);
    else this.popup.hide();
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
    this.search.cancel();
    this.trigger = null;
    this.popup.hide();
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
        this.setActive((this.active + step + options.length) % options.length);
        return true;
      }
      case 'Enter':
      case 'Tab': {
        if (event.shiftKey && event.key === 'Enter') return false;
        const option = options[this.active];
        // Results not in yet: Enter must neither pick nor submit the half-typed `@query`.
        if (!option && this.trigger.type === 'mention' && this.search.isLoading) return true;
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
    const config = this.delegate.config();
    return renderMenuList(this.content(this.trigger), {
      locale: config.locale,
      icons: config.icons,
      pick: (option) => this.view && this.pick(option, this.view),
      hover: (index) => this.setActive(index),
      focusEditor: () => this.view?.focus(),
    });
  }

  private content(trigger: Trigger) {
    return { trigger, results: this.search.results, commands: this.delegate.commands(), active: this.active };
  }

  private options(): Option[] {
    return this.trigger ? menuOptions(this.content(this.trigger)) : [];
  }

  private sync(view: EditorView): void {
    const next =
      view.hasFocus && !view.state.readOnly
        ? detectTrigger(view.state, this.delegate.commands(), this.delegate.providers(), (command) =>
            commandInfoOf(this.delegate.commands(), command),
          )
        : null;
    if (!next || triggerKey(next) === this.dismissedAt) {
      if (this.trigger) this.close();
      return;
    }
    this.dismissedAt = null;
    const changed = !this.trigger || triggerKey(this.trigger) !== triggerKey(next);
    this.trigger = next;
    if (changed) {
      this.active = 0;
      if (next.type === 'mention') this.search.search(next, this.delegate.providers());
    }
    this.syncAria();
    this.host.requestUpdate();
  }

  private resultsArrived(): void {
    this.active = Math.min(this.active, Math.max(0, this.options().length - 1));
    this.syncAria();
    this.host.requestUpdate();
    if (!this.search.isLoading) {
      this.delegate.announce(
        formatMessage(this.delegate.config().locale.resultsCount, { count: String(this.options().length) }),
      );
    }
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
    const picked = activeCommand(view.state);
    if (!picked) return;
    this.replace(view, trigger, `${name} `, [], { ...picked, subcommandPath: [...picked.subcommandPath, name] });
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
    this.dismissedAt = this.trigger ? triggerKey(this.trigger) : null;
    this.close();
  }

  private setActive(index: number): void {
    if (this.active === index) return;
    this.active = index;
    this.syncAria();
    this.host.requestUpdate();
  }

  /** The trigger character's box, its right edge leading in right-to-left text; the frame's when it is out of view. */
  private triggerRect() {
    const { view, trigger } = this;
    if (!view || !trigger) return null;
    const align = view.textDirectionAt(trigger.from) === Direction.RTL ? ('end' as const) : ('start' as const);
    const coords = view.coordsAtPos(trigger.from, 1) ?? view.dom.getBoundingClientRect();
    return { left: coords.left, right: coords.right, top: coords.top, bottom: coords.bottom, align };
  }

  private syncAria(): void {
    const open = this.trigger !== null;
    syncComboboxAria(this.view?.contentDOM, open, open && this.options().length > 0 ? this.active : null);
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

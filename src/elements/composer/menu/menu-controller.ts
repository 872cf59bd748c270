import { Compartment, type EditorState, type Extension } from '@codemirror/state';
import { Direction, EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import { nothing, type ReactiveController, type TemplateResult } from 'lit';
import { formatMessage } from '../../shared/locale.js';
import { AnchoredPopup, preloadPopupPlacement } from '../../shared/anchored-popup.js';
import type { ComposerContext } from '../editor/composer-context.js';
import { insertionProblem } from '../editor/state/draft-limits.js';
import { menuKeymap } from './menu-keymap.js';
import { MENU_ID, menuOptions, type Option, renderMenuList, syncComboboxAria } from './menu-list.js';
import { pickOption } from './menu-picks.js';
import { MenuSearch } from './menu-search.js';
import {
  closedMenu,
  closeMenu,
  menuFocus,
  menuSources,
  menuState,
  openTrigger,
  setActiveOption,
} from './menu-state.js';
import type { MentionProvider } from './providers.js';
import { triggerKey } from './trigger-detection.js';

/** The composer's send and stop buttons, which the open menu never covers. */
const SEND_CONTROLS = '[part~="send-button"], [part~="stop-button"]';

/**
 * The @-mention and slash-command menu's view side. The editor state holds the menu (`menuState`:
 * its trigger, active option and dismissed trigger) and its keys are a keymap (`menuKeymap`); this
 * asks the providers when a mention's query changes (`MenuSearch`), shows the list
 * (`renderMenuList`) in the top layer at the trigger, keeps the editor's combobox attributes in
 * step, and turns a pick into one transaction.
 */
export class MenuController implements ReactiveController {
  private view?: EditorView;
  /** The host's providers and commands, which trigger detection reads from the state. */
  private readonly sources = new Compartment();
  private readonly search = new MenuSearch(() => this.resultsArrived());
  /** Under (or over) the trigger, in the top layer; it follows the caret as the page scrolls. */
  private readonly popup = new AnchoredPopup({
    gap: 4,
    margin: 8,
    anchor: () => this.triggerRect(),
    onLayoutChange: () => this.popup.place(),
  });

  constructor(
    private readonly context: ComposerContext,
    /** The host's mention providers. */
    private readonly providers: () => readonly MentionProvider[],
  ) {
    context.host.addController(this);
  }

  hostDisconnected(): void {
    this.close();
  }

  /** Before the host renders: the state's providers and commands become the element's current ones. */
  hostUpdate(): void {
    const providers = this.providers();
    const commands = this.context.host.commands;
    const current = this.context.state.facet(menuSources);
    if (current.providers === providers && current.commands === commands) return;
    this.context.dispatch({ effects: this.sources.reconfigure(menuSources.of({ providers, commands })) });
  }

  /** The listbox is rendered by now (or gone): show it in the top layer and place it at the trigger. */
  hostUpdated(): void {
    const menu = this.isOpen ? this.context.host.shadowRoot?.getElementById(MENU_ID) : null;
    if (menu) {
      // The menu reads in the direction of the line it was opened on, whatever the page's.
      menu.dir = this.triggerDirection() === Direction.RTL ? 'rtl' : 'ltr';
      this.popup.show(menu);
    } else this.popup.hide();
  }

  /** The editor the menu serves; called when the composer mounts or re-mounts its editor. */
  attach(view: EditorView | undefined): void {
    this.view = view;
    // A draft kept aside without an editor has no focus to open a menu in.
    if (!view && this.context.state.field(menuState, false)?.focused)
      this.context.dispatch({ effects: menuFocus.of(false) });
    this.syncAria();
  }

  get isOpen(): boolean {
    return openTrigger(this.context.state) !== null;
  }

  close(): void {
    const wasOpen = this.isOpen;
    if (wasOpen) this.context.dispatch({ effects: closeMenu.of(null) });
    this.search.cancel();
    this.popup.hide();
    this.syncAria();
    if (wasOpen) this.context.host.requestUpdate();
  }

  extension(): Extension {
    return [
      // A new draft's state starts with no menu and nothing dismissed, focused as the editor is.
      menuState.init(() => closedMenu(this.view?.hasFocus ?? false)),
      this.sources.of(menuSources.compute([], () => this.currentSources())),
      EditorView.focusChangeEffect.of((_state, focusing) => menuFocus.of(focusing)),
      menuKeymap({
        options: (state) => this.options(state),
        loading: () => this.search.isLoading,
        pick: (view, option) => this.pick(option, view),
      }),
      ViewPlugin.define((view) => {
        this.stateShown(view);
        return { update: (update) => this.follow(update) };
      }),
      EditorView.contentAttributes.of({ 'aria-autocomplete': 'list', 'aria-haspopup': 'listbox' }),
      EditorView.domEventHandlers({
        // A menu opens only in a focused editor: its placement is there by the time one does.
        focus: () => preloadPopupPlacement(),
        // The editor knows the composition is over once this handler ran: look at the confirmed text then.
        compositionend: (_event, view) => void setTimeout(() => this.compositionEnded(view)),
      }),
    ];
  }

  render(): TemplateResult | typeof nothing {
    const state = this.context.state;
    const menu = state.field(menuState, false);
    if (!menu?.trigger || this.composing) return nothing;
    const config = this.context.config;
    const content = {
      trigger: menu.trigger,
      results: this.search.results,
      commands: state.facet(menuSources).commands,
      active: menu.active,
    };
    return renderMenuList(content, {
      locale: config.locale,
      icons: config.icons,
      pick: (option) => this.view && this.pick(option, this.view),
      hover: (index) => this.setActive(index),
      focusEditor: () => this.view?.focus(),
    });
  }

  /**
   * An IME composition is deciding what is typed: the menu neither shows nor searches until it is
   * confirmed, so `@にほ` in the middle of a composition asks no provider.
   */
  private get composing(): boolean {
    return this.view?.composing ?? false;
  }

  private compositionEnded(view: EditorView): void {
    if (view !== this.view || view.composing) return;
    const trigger = openTrigger(view.state);
    if (trigger?.type === 'mention') this.search.search(trigger, view.state.facet(menuSources).providers);
    this.syncAria(view.state);
    if (trigger) this.context.host.requestUpdate();
  }

  private currentSources() {
    return { providers: this.providers(), commands: this.context.host.commands };
  }

  /** The open menu's options in list order; none while it is closed. */
  private options(state: EditorState): Option[] {
    const trigger = openTrigger(state);
    if (!trigger) return [];
    return menuOptions({ trigger, results: this.search.results, commands: state.facet(menuSources).commands });
  }

  /** A state (a new draft) is shown in the editor: it starts with no menu, so nothing of the last one stays. */
  private stateShown(view: EditorView): void {
    this.view = view;
    this.search.cancel();
    this.popup.hide();
    this.syncAria(view.state);
  }

  /** After a transaction that changed the menu: search for a mention's new query, and show the change. */
  private follow(update: ViewUpdate): void {
    this.view = update.view;
    this.correctFocus(update);
    const before = update.startState.field(menuState, false);
    const after = update.state.field(menuState, false);
    if (before === after) return;
    const trigger = after?.trigger ?? null;
    if (!trigger) {
      this.search.cancel();
      this.popup.hide();
    } else if (
      trigger.type === 'mention' &&
      !update.view.composing &&
      (!before?.trigger || triggerKey(before.trigger) !== triggerKey(trigger))
    ) {
      this.search.search(trigger, update.state.facet(menuSources).providers);
    }
    this.syncAria(update.state);
    if (before?.trigger || trigger) this.context.host.requestUpdate();
  }

  private resultsArrived(): void {
    const state = this.context.state;
    const menu = state.field(menuState, false);
    const count = this.options(state).length;
    if (menu?.trigger) {
      const active = Math.min(menu.active, Math.max(0, count - 1));
      if (active !== menu.active) this.context.dispatch({ effects: setActiveOption.of(active) });
    }
    this.syncAria();
    this.context.host.requestUpdate();
    if (!this.search.isLoading) {
      this.context.notices.announce(formatMessage(this.context.config.locale.resultsCount, { count: String(count) }));
    }
  }

  private pick(option: Option, view: EditorView): void {
    const trigger = openTrigger(view.state);
    if (!trigger) return;
    const picked = pickOption(view.state, trigger, option, (ids, chips) =>
      insertionProblem(this.context.state, ids, chips, this.context.config.locale),
    );
    if (picked && 'problem' in picked) {
      this.context.notices.show(picked.problem);
    } else if (picked) {
      this.search.cancel();
      view.dispatch(picked.spec);
    }
    view.focus();
  }

  private setActive(index: number): void {
    const menu = this.context.state.field(menuState, false);
    if (menu?.trigger && menu.active !== index) this.context.dispatch({ effects: setActiveOption.of(index) });
  }

  /**
   * The trigger character's box, or the frame's when it is out of view; the menu lines up with its
   * start edge in the menu's own direction, the trigger line's. It reaches over the height of the
   * send and stop buttons too, so the menu, above or under it, covers neither the caret's line nor
   * those buttons (a phone's narrow screen).
   */
  private triggerRect() {
    const view = this.view;
    const trigger = view && openTrigger(view.state);
    if (!view || !trigger) return null;
    const coords = view.coordsAtPos(trigger.from, 1) ?? view.dom.getBoundingClientRect();
    let { top, bottom } = coords;
    for (const button of this.context.host.shadowRoot?.querySelectorAll(SEND_CONTROLS) ?? []) {
      const box = button.getBoundingClientRect();
      if (box.height === 0) continue;
      top = Math.min(top, box.top);
      bottom = Math.max(bottom, box.bottom);
    }
    return { left: coords.left, right: coords.right, top, bottom };
  }

  /** The direction of the line the open menu's trigger is on. */
  private triggerDirection(): Direction {
    const trigger = this.view && openTrigger(this.view.state);
    return this.view && trigger ? this.view.textDirectionAt(trigger.from) : Direction.LTR;
  }

  private syncAria(state: EditorState = this.context.state): void {
    const menu = state.field(menuState, false);
    const open = !!menu?.trigger && !this.composing;
    syncComboboxAria(this.view?.contentDOM, open, open && this.options(state).length > 0 ? menu.active : null);
  }

  /**
   * CodeMirror drops the focus change it scheduled when another transaction lands first, and may
   * dispatch one that is stale by then (a host's `insertContext()` right before `focus()`): the
   * menu's focus follows the editor's real focus again, or `@` would never open a menu.
   */
  private correctFocus({ view, state }: ViewUpdate): void {
    if (state.field(menuState, false)?.focused === view.hasFocus) return;
    queueMicrotask(() => {
      const focused = view.state.field(menuState, false)?.focused;
      if (focused !== undefined && focused !== view.hasFocus) view.dispatch({ effects: menuFocus.of(view.hasFocus) });
    });
  }
}

import { consume, ContextProvider } from '@lit/context';
import { adoptStyles, isServer, LitElement, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { type AssetResolver, mergeConfig, type ResolvedConfig, t3ConfigContext } from './config.js';
import type { T3Locale } from './locale.js';
import type { PresentationMap } from './presentations.js';
import type { UploadAttachment } from './upload-types.js';
import { warnPropertiesSetBeforeDefine } from './set-before-define.js';

const CONFIG_KEYS = [
  'scopeConfig',
  'icons',
  'presentations',
  'environmentId',
  'resolveAsset',
  'uploadAttachment',
  'locale',
] as const;

/**
 * Base of every element: the configuration properties of `<t3-context-scope>`, set per element
 * and merged over the nearest scope's values key by key (the element wins).
 */
export class ConfigurableElement extends LitElement {
  /** Kind → icon URL; overrides the scope's entry for the same kind. */
  @property({ attribute: false }) icons?: Readonly<Record<string, string>>;

  /** Kind → presentation (`details`, `expanded`, `canRender`, `renderDetails`, `renderCompact`). */
  @property({ attribute: false }) presentations?: PresentationMap;

  /** The environment this page runs in; binaries pasted from another one stay unresolved. */
  @property({ attribute: 'environment-id' }) environmentId?: string;

  /** Fetches pasted images and files by attachment id. */
  @property({ attribute: false }) resolveAsset?: AssetResolver;

  /**
   * Uploads each file a composer's draft takes, as it takes it: set on a scope (or a message), it
   * is the uploader of the composers under it, the inline editor of a sent message included.
   */
  @property({ attribute: false }) uploadAttachment?: UploadAttachment;

  /** Overrides of user-visible strings. */
  @property({ attribute: false }) locale?: Partial<T3Locale>;

  /** @internal */
  @consume({ context: t3ConfigContext, subscribe: true })
  @state()
  protected scopeConfig?: ResolvedConfig;

  private resolvedConfig?: ResolvedConfig;
  private configProvider?: ContextProvider<typeof t3ConfigContext, this>;

  /** Rendered on a server: its shadow root came with the page's HTML (declarative shadow DOM). */
  protected readonly fromServer = !isServer && this.shadowRoot !== null;

  /**
   * The render root; a root the server declared is kept (hydration), and given the element's styles
   * too: hydration adopts none, and a strict Content Security Policy refuses the server's `<style>`
   * elements unless the server gave them the page's nonce.
   */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const root = super.createRenderRoot();
    if (this.fromServer && root instanceof ShadowRoot) {
      adoptStyles(root, (this.constructor as typeof LitElement).elementStyles);
    }
    return root;
  }

  /**
   * Makes this element's merged configuration the one its descendants (its shadow tree and its
   * slotted children) receive, so chips inside a message follow the message's own properties.
   */
  protected provideConfig(): void {
    this.configProvider ??= new ContextProvider(this, { context: t3ConfigContext });
  }

  /** The configuration in force: this element's properties over the scope's. */
  protected get config(): ResolvedConfig {
    this.resolvedConfig ??= this.mergeOwnConfig();
    return this.resolvedConfig;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    warnPropertiesSetBeforeDefine(this);
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (CONFIG_KEYS.some((key) => changed.has(key))) this.resolvedConfig = undefined;
    this.configProvider?.setValue(this.config);
  }

  private mergeOwnConfig(): ResolvedConfig {
    return mergeConfig(this.scopeConfig, {
      icons: this.icons,
      presentations: this.presentations,
      environmentId: this.environmentId,
      resolveAsset: this.resolveAsset,
      uploadAttachment: this.uploadAttachment,
      locale: this.locale,
    });
  }
}

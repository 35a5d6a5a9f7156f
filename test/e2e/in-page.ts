// Types for the functions the tests run inside the page (page.evaluate). The Node typecheck has no
// DOM library, so these describe just what the tests touch; cast `globalThis` to `InPage` inside the
// function (a type-only cast, erased before the function is sent to the browser).

/** The parts of a DOM element the in-page checks read. */
export interface InPageElement {
  readonly tagName: string;
  readonly textContent: string | null;
  readonly parentElement: InPageElement | null;
  blur(): void;
  focus(): void;
  getAttribute(name: string): string | null;
  getAttributeNames(): string[];
  querySelectorAll(selectors: string): Iterable<InPageElement> & { readonly length: number };
}

/** A canvas, as far as counting its drawn pixels goes. */
export interface InPageCanvas extends InPageElement {
  readonly width: number;
  readonly height: number;
  getContext(kind: '2d'): {
    getImageData(x: number, y: number, w: number, h: number): { readonly data: Uint8ClampedArray };
  } | null;
}

/** The browser's globals the tests use. */
export interface InPage {
  readonly document: {
    readonly activeElement: InPageElement | null;
    readonly documentElement: { readonly scrollWidth: number };
    getElementById(id: string): InPageElement | null;
    querySelectorAll(selectors: string): Iterable<InPageElement> & { readonly length: number };
    addEventListener(
      type: 'securitypolicyviolation',
      listener: (event: {
        readonly violatedDirective: string;
        readonly blockedURI: string;
      }) => void,
    ): void;
  };
  getComputedStyle(element: InPageElement): {
    readonly outlineStyle: string;
    readonly outlineWidth: string;
    readonly outlineColor: string;
    readonly boxShadow: string;
    readonly borderColor: string;
  };
  readonly localStorage: { clear(): void };
  readonly __xss?: unknown;
}

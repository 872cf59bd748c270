/**
 * Lays the page out on the visual viewport: the app is as tall as what is visible, so with an
 * on-screen keyboard up the composer, last in the column, sits right above it and the transcript
 * shrinks instead of the page scrolling. Browsers that resize the layout viewport for the keyboard
 * (`interactive-widget=resizes-content`) agree with this; the others need it.
 */
export function followVisualViewport(root: HTMLElement = document.documentElement): void {
  const viewport = window.visualViewport;
  if (!viewport) return;
  const update = () => {
    root.style.setProperty('--app-height', `${Math.round(viewport.height)}px`);
    // A browser that pans the page up to show the caret leaves it panned: the app fills the view anyway.
    if (viewport.offsetTop > 0 && document.scrollingElement) document.scrollingElement.scrollTop = 0;
  };
  viewport.addEventListener('resize', update);
  viewport.addEventListener('scroll', update);
  update();
}

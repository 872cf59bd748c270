/**
 * The DevTools protocol session of a test page, opened on first use and kept open (an emulation
 * or override lasts as long as its session does), one per page.
 */
export function cdpSessions() {
  const sessions = new WeakMap();
  return async function cdpSessionOf(session) {
    const page = session.browser.getPage(session.id);
    let cdp = sessions.get(page);
    if (!cdp) {
      cdp = await page.context().newCDPSession(page);
      sessions.set(page, cdp);
    }
    return { cdp, page };
  };
}

// Where focus goes when something that held it closes (a dialog, an inline form): back to the element that
// opened it, or, when that element is gone, to the nearest control still standing where it was, never <body>,
// where a keyboard or screen reader user would have to start over from the top of the page.

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusable(el: Element | null | undefined): el is HTMLElement {
  if (!(el instanceof HTMLElement) || !el.isConnected || el === document.body) return false;
  if ((el as HTMLButtonElement).disabled || el.closest('[hidden], [inert], [aria-hidden="true"]'))
    return false;
  // Browsers know what is rendered; jsdom has no layout and no checkVisibility, so there everything counts.
  return typeof el.checkVisibility === 'function' ? el.checkVisibility() : true;
}

/** An element's ancestors below <body>, nearest first: where to look for a control once the element is gone. */
export function ancestorsOf(element: Element | null | undefined): Element[] {
  const ancestors: Element[] = [];
  for (let el = element?.parentElement; el && el !== document.body; el = el.parentElement) ancestors.push(el);
  return ancestors;
}

/** The element that has focus now and its ancestors, to remember when a dialog or inline form opens. */
export function rememberOpener(): { opener: Element | null; ancestors: Element[] } {
  const opener = document.activeElement;
  return { opener: opener === document.body ? null : opener, ancestors: ancestorsOf(opener) };
}

/**
 * Puts focus back after a dialog closed. Focus already placed on purpose by then (a success notice) stays.
 * Otherwise: the opener if it is still there; else `fallback()`; else the first control of the opener's nearest
 * ancestor still on the page (the next row of a list a row was deleted from, the list's "Add" button...).
 */
export function focusAfterDialog(
  remembered: { opener: Element | null; ancestors: Element[] },
  fallback?: () => HTMLElement | null | undefined,
) {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  if (focusable(remembered.opener)) return remembered.opener.focus();
  const chosen = fallback?.();
  if (focusable(chosen)) return chosen.focus();
  for (const ancestor of remembered.ancestors) {
    if (!ancestor.isConnected) continue;
    const control = Array.from(ancestor.querySelectorAll(TABBABLE)).find(focusable);
    if (control) return control.focus();
  }
  const main = document.querySelector<HTMLElement>('main, h1');
  if (main) {
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
  }
}

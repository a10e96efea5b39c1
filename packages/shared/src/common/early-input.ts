/**
 * Presses made before the app has taken a server-drawn page over (issue 33, point 1;
 * docs/decisions/2026-11-28-early-input-held-and-replayed.md).
 *
 * A control the server drew sits inside a box marked `data-early-input="pending"` until the
 * component that owns it has taken it over (apps/web/src/lib/early-input.ts). The script below
 * runs inline at the top of every page, before any of the page is parsed: a click on a button or
 * a link in such a box, or a form sent from one, is held (its default action stopped, so a link
 * does not leave with the quantity the server drew, and a form is not sent as a plain GET) and
 * kept, once per control. When the component is ready it takes its box's presses
 * (`window.__earlyPresses(box)`) and presses them again: each press is acted on exactly once.
 * While a press is held the page shows the progress cursor. Without scripts the attribute does
 * nothing and the page's forms work as plain HTML.
 *
 * The text is sent inline (no request before the page can show) and allowed by the
 * Content-Security-Policy through its SHA-256 hash (apps/server/src/app.ts), which is why it is
 * one fixed string here, shared by the web build that writes it and the server that hashes it.
 */

/** The attribute of a box whose controls are not taken over yet, and its value then. */
export const EARLY_INPUT_ATTRIBUTE = 'data-early-input';
export const EARLY_INPUT_PENDING = 'pending';
/**
 * The attribute the page (`<html>`) carries while a press is held: the pointer then shows that
 * the page is on its way. On `<html>`, which React does not draw, so taking the page over finds
 * the markup as the server drew it.
 */
export const EARLY_PRESS_ATTRIBUTE = 'data-early-press';

export const EARLY_INPUT_SCRIPT = `(function(){var held=[];\
function pending(node){return node&&node.closest?node.closest('[${EARLY_INPUT_ATTRIBUTE}="${EARLY_INPUT_PENDING}"]'):null}\
function hold(event,control){event.preventDefault();event.stopImmediatePropagation();\
if(held.indexOf(control)<0)held.push(control);document.documentElement.setAttribute('${EARLY_PRESS_ATTRIBUTE}','')}\
document.addEventListener('click',function(event){\
if(event.button!==0||event.ctrlKey||event.metaKey||event.shiftKey||event.altKey)return;\
var target=event.target;var control=target&&target.closest?target.closest('button,a[href],input[type=submit]'):null;\
if(control&&pending(control))hold(event,control)},true);\
document.addEventListener('submit',function(event){\
if(pending(event.target))hold(event,event.submitter||event.target)},true);\
window.__earlyPresses=function(box){var mine=[],rest=[];\
held.forEach(function(control){if(box.contains(control))mine.push(control);else if(document.contains(control))rest.push(control)});held=rest;\
if(!held.length)document.documentElement.removeAttribute('${EARLY_PRESS_ATTRIBUTE}');return mine}})();`;

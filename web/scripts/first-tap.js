// Inlined into every server-rendered page (Home, a product page) by prerender.mjs, in <head>.
//
// A server-rendered page is on screen well before the app's script has hydrated it (on a phone, seconds): until then
// its buttons, the Sort by select, checkboxes and forms are HTML that nothing listens to, and a tap on one would be
// lost. This script holds the first tap (or a form's submit) on a control React has not hydrated yet, and the app
// replays it (window.firstTap.replay(), from useReplayFirstTap) once the part of the page that holds the control has
// been hydrated; text typed into a field meanwhile is handed to React the same way. Links are left alone: they work
// without script. A control counts as hydrated once React has put its props on the element (`__reactProps$<random>`):
// the one sign of it a script outside React can read.
//
// A control whose tap depends on who is signed in (marked data-needs-session: the favourite heart) is held, even once
// hydrated, until the app knows the session (window.firstTap.sessionKnown(), once /api/auth/me has answered): the
// page was rendered as a guest sees it, and a tap replayed or taken before the answer would act as a guest's.
(function () {
  var CONTROL =
    'button, [role="button"], [role="combobox"], [role="tab"], [role="switch"], [role="checkbox"], ' +
    'input[type="checkbox"], input[type="radio"], label';
  var TYPED = 'input:not([type="checkbox"]):not([type="radio"]):not([type="submit"]), textarea';
  var NEEDS_SESSION = '[data-needs-session]';
  var held = null;
  var typed = [];
  var sessionKnown = false;

  function isHydrated(element) {
    var keys = Object.keys(element);
    for (var i = 0; i < keys.length; i++) if (keys[i].indexOf('__reactProps$') === 0) return true;
    return false;
  }

  function holdTap(event) {
    var control = event.target instanceof Element ? event.target.closest(CONTROL) : null;
    if (!control || control.disabled) return;
    var needsSession = control.closest(NEEDS_SESSION) !== null;
    if (isHydrated(control) && (sessionKnown || !needsSession)) return;
    event.preventDefault();
    event.stopPropagation();
    if (event.type === 'click')
      hold({
        element: control,
        label: control.getAttribute('aria-label'),
        replay: tap,
        needsSession: needsSession,
      });
  }

  function holdSubmit(event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || isHydrated(form)) return;
    event.preventDefault();
    event.stopPropagation();
    hold({ element: form, replay: submit });
  }

  // What was typed is kept here: React sets a controlled field back to its own value as it hydrates it.
  function holdTyping(event) {
    var field = event.target instanceof Element ? event.target.closest(TYPED) : null;
    if (!field || isHydrated(field)) return;
    for (var i = 0; i < typed.length; i++) if (typed[i].field === field) return void (typed[i].text = field.value);
    typed.push({ field: field, text: field.value });
  }

  // A part React rendered anew instead of hydrating (its data was read again) has new elements: the held control is
  // found again by its accessible name, so the tap is not lost with the old element.
  function reconnect(action) {
    if (action.element.isConnected || !action.label) return;
    var named = document.querySelectorAll(action.element.tagName + '[aria-label]');
    for (var i = 0; i < named.length; i++)
      if (named[i].getAttribute('aria-label') === action.label) return void (action.element = named[i]);
  }

  function hold(action) {
    held = action;
    document.documentElement.style.cursor = 'progress';
  }

  // MUI's Select opens on mousedown; every other control on click.
  function tap(control) {
    if (control.getAttribute('role') !== 'combobox') return control.click();
    var box = control.getBoundingClientRect();
    control.dispatchEvent(
      new MouseEvent('mousedown', {
        bubbles: true,
        cancelable: true,
        view: window,
        button: 0,
        clientX: box.left + box.width / 2,
        clientY: box.top + box.height / 2,
      }),
    );
  }

  function submit(form) {
    form.requestSubmit();
  }

  // Handed to React as an input event it cannot tell from typing: its value tracker is told the field was empty
  // (through the tracker's own setter), the text is put back past it (the prototype's), and onChange then fires.
  function handOver(entry) {
    var field = entry.field;
    var prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    field.value = '';
    Object.getOwnPropertyDescriptor(prototype, 'value').set.call(field, entry.text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }

  // Called from the effects of the parts React hydrates one by one (the frame, Home's sections, a product page): an
  // effect runs once its part is committed, so a control hydrated by then is React's for good.
  function replay() {
    typed = typed.filter(function (entry) {
      if (!entry.field.isConnected) return false;
      if (!isHydrated(entry.field)) return true;
      setTimeout(handOver, 0, entry);
      return false;
    });
    if (!held) return;
    reconnect(held);
    if (held.element.isConnected && !isHydrated(held.element)) return;
    if (held.needsSession && !sessionKnown && held.element.isConnected) return;
    var action = held;
    held = null;
    document.documentElement.style.cursor = '';
    // A task later, after the typed text (a submit reads it), and outside the effect that asked.
    if (action.element.isConnected) setTimeout(action.replay, 0, action.element);
  }

  // Called by the app once the session is known (signed in or not): a held tap that waited for it is replayed.
  function knowSession() {
    sessionKnown = true;
    replay();
  }

  window.firstTap = { replay: replay, sessionKnown: knowSession };
  document.addEventListener('pointerdown', holdTap, true);
  document.addEventListener('mousedown', holdTap, true);
  document.addEventListener('click', holdTap, true);
  document.addEventListener('submit', holdSubmit, true);
  document.addEventListener('input', holdTyping, true);
})();

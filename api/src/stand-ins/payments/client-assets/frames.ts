/**
 * The hosted-field frames of the payment stand-in (served from its own origin): one frame per
 * field (/hosted-fields/field.html) and a hidden controller frame (/hosted-fields/controller.html)
 * that collects the values from the field frames (postMessage, to its own origin only) and
 * tokenises them at the stand-in's /client/v1/tokenize. The storefront's page only ever gets
 * state (empty, valid, card type) and the tokenize result (nonce, card type, last four).
 * Configuration reaches the frames in the URL's fragment (never sent to a server).
 */
const html = (title: string, scripts: string[], body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${title}</title><link rel="stylesheet" href="/hosted-fields/field.css"></head><body>${body}${scripts.map((s) => `<script src="${s}"></script>`).join('')}</body></html>`;

export const FIELD_HTML = html('Secure card field', ['/hosted-fields/card.js', '/hosted-fields/field.js'], '<label id="label" for="input" class="vh">Card field</label><input id="input" type="text" spellcheck="false" autocorrect="off" autocapitalize="off">');

export const CONTROLLER_HTML = html('Secure card fields', ['/hosted-fields/card.js', '/hosted-fields/controller.js'], '');

export const FIELD_CSS = `html,body{margin:0;padding:0;height:100%;background:transparent;overflow:hidden}
input{box-sizing:border-box;width:100%;height:100%;border:0;outline:0;margin:0;padding:0 .75rem;font:16px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d1d1b;background:transparent}
input::placeholder{color:#6b6b66}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`;

export const FIELD_JS = String.raw`(function () {
  'use strict';
  var C = window.FernleafCard;
  var cfg;
  try { cfg = JSON.parse(decodeURIComponent(location.hash.slice(1))); } catch (e) { return; }
  var field = cfg.field, channel = cfg.channel, parentOrigin = cfg.parentOrigin;
  if (['number', 'expirationDate', 'cvv'].indexOf(field) < 0 || typeof channel !== 'string' || !/^https?:\/\/[^\/]+$/.test(parentOrigin || '')) return;
  var input = document.getElementById('input');
  var label = document.getElementById('label');
  var LABELS = { number: 'Card number', expirationDate: 'Expiry date (MM/YY)', cvv: 'CVV' };
  var fixedLabel = typeof cfg.label === 'string' && cfg.label ? cfg.label : null;
  label.textContent = fixedLabel || LABELS[field];
  input.placeholder = typeof cfg.placeholder === 'string' ? cfg.placeholder : '';
  input.name = field === 'number' ? 'cardnumber' : field === 'cvv' ? 'cvc' : 'cc-exp';
  input.autocomplete = field === 'number' ? 'cc-number' : field === 'cvv' ? 'cc-csc' : 'cc-exp';
  input.inputMode = 'numeric';
  input.maxLength = field === 'number' ? 23 : field === 'cvv' ? 4 : 7;
  var cvvSize = null;
  var focused = false;
  var state = null;
  var lastCardType;
  var ALLOWED = /^(color|font-size|font-family|font-weight|font-style|letter-spacing|line-height|padding|text-align|opacity|-webkit-text-fill-color)$/;
  var styles = cfg.styles && typeof cfg.styles === 'object' ? cfg.styles : {};
  function applyStyles() {
    var sets = [styles.input];
    if (focused) sets.push(styles[':focus']);
    if (state && !state.isPotentiallyValid) sets.push(styles['.invalid']);
    if (state && state.isValid) sets.push(styles['.valid']);
    input.removeAttribute('style');
    sets.forEach(function (set) {
      if (!set || typeof set !== 'object') return;
      Object.keys(set).forEach(function (k) { if (ALLOWED.test(k) && typeof set[k] === 'string') input.style.setProperty(k, set[k]); });
    });
  }
  function publicCard(c) { return { type: c.type, niceType: c.niceType, code: { name: c.code.name, size: c.code.size } }; }
  function toParent(msg) { msg.channel = channel; msg.field = field; parent.postMessage(msg, parentOrigin); }
  // the value goes only to frames of this same origin (the controller); the page never gets it
  function toSiblings(msg) {
    msg.channel = channel;
    msg.field = field;
    for (var i = 0; i < parent.frames.length; i += 1) {
      var w = parent.frames[i];
      if (w === window) continue;
      try { w.postMessage(msg, location.origin); } catch (e) { /* a frame of another origin */ }
    }
  }
  function validate() {
    var v = input.value;
    if (field === 'number') return C.number(v);
    if (field === 'expirationDate') return C.expiry(v);
    return C.cvv(v, cvvSize);
  }
  function report() {
    var r = validate();
    state = r;
    input.setAttribute('aria-invalid', String(!r.isEmpty && !r.isPotentiallyValid));
    var msg = { type: 'state', isEmpty: r.isEmpty, isValid: r.isValid, isPotentiallyValid: r.isPotentiallyValid, isFocused: focused };
    if (field === 'number') {
      msg.cards = r.card ? [publicCard(r.card)] : r.isEmpty ? Object.keys(C.CARDS).map(function (k) { return publicCard(C.CARDS[k]); }) : [];
      var type = r.card ? r.card.type : null;
      if (type !== lastCardType) {
        lastCardType = type;
        toSiblings({ type: 'cardType', card: r.card ? publicCard(r.card) : null });
      }
    }
    toSiblings({ type: 'value', value: input.value });
    toParent(msg);
    applyStyles();
  }
  input.addEventListener('input', function (event) {
    if (field === 'number') input.value = C.formatNumber(input.value);
    else if (field === 'expirationDate') input.value = C.formatExpiry(input.value, !!event.inputType && event.inputType.indexOf('delete') === 0);
    else input.value = input.value.replace(/\D/g, '').slice(0, cvvSize || 4);
    report();
  });
  input.addEventListener('focus', function () { focused = true; report(); });
  input.addEventListener('blur', function () { focused = false; report(); });
  input.addEventListener('keydown', function (event) { if (event.key === 'Enter') { event.preventDefault(); toParent({ type: 'submit' }); } });
  window.addEventListener('message', function (event) {
    var d = event.data;
    if (!d || d.channel !== channel) return;
    if (event.origin === location.origin) {
      if (d.type === 'cardType' && field === 'cvv') {
        cvvSize = d.card ? d.card.code.size : null;
        if (!fixedLabel) label.textContent = d.card && d.card.code.name === 'CID' ? 'CID' : 'CVV';
        input.maxLength = cvvSize || 4;
        if (input.value) report();
      }
      return;
    }
    if (event.origin !== parentOrigin || event.source !== parent) return;
    if (d.type === 'focus') input.focus();
    else if (d.type === 'clear') { input.value = ''; report(); }
    else if (d.type === 'describe' && typeof d.text === 'string') input.setAttribute('aria-description', d.text.slice(0, 200));
    else if (d.type === 'invalid') input.setAttribute('aria-invalid', String(!!d.value));
  });
  toParent({ type: 'ready' });
})();
`;

export const CONTROLLER_JS = String.raw`(function () {
  'use strict';
  var C = window.FernleafCard;
  var cfg;
  try { cfg = JSON.parse(decodeURIComponent(location.hash.slice(1))); } catch (e) { return; }
  var channel = cfg.channel, parentOrigin = cfg.parentOrigin, fields = Array.isArray(cfg.fields) ? cfg.fields : [];
  if (typeof channel !== 'string' || !/^https?:\/\/[^\/]+$/.test(parentOrigin || '')) return;
  var values = {};
  var cvvSize = null;
  function toParent(msg) { msg.channel = channel; msg.field = 'controller'; parent.postMessage(msg, parentOrigin); }
  function fail(id, code, message, details) { toParent({ type: 'tokenized', id: id, ok: false, code: code, message: message, details: details || null }); }
  function check(key) {
    var v = values[key] || '';
    return (key === 'number' ? C.number(v) : key === 'expirationDate' ? C.expiry(v) : C.cvv(v, cvvSize)).isValid;
  }
  function pad(n) { return (n < 10 ? '0' : '') + n; }
  function tokenize(id) {
    var empty = fields.filter(function (k) { return !values[k]; });
    if (empty.length === fields.length) return fail(id, 'HOSTED_FIELDS_FIELDS_EMPTY', 'All fields are empty. Cannot tokenize empty card fields.');
    var invalid = fields.filter(function (k) { return !check(k); });
    if (invalid.length > 0) return fail(id, 'HOSTED_FIELDS_FIELDS_INVALID', 'Some payment input fields are invalid. Cannot tokenize invalid card fields.', { invalidFieldKeys: invalid });
    var exp = C.expiry(values.expirationDate || '');
    var card = { number: C.digitsOf(values.number), expirationDate: pad(exp.month) + '/' + exp.year };
    if (values.cvv) card.cvv = values.cvv;
    fetch('/client/v1/tokenize', { method: 'POST', credentials: 'omit', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ authorization: cfg.authorization, creditCard: card }) })
      .then(function (r) { return r.json().catch(function () { return {}; }).then(function (body) { return { ok: r.ok, body: body }; }); })
      .then(function (res) {
        if (res.ok) return toParent({ type: 'tokenized', id: id, ok: true, payload: res.body });
        var issue = res.body && res.body.issues && res.body.issues[0];
        fail(id, 'HOSTED_FIELDS_FAILED_TOKENIZATION', 'The supplied card data failed tokenization.', issue ? { field: issue.field, reason: issue.reason } : null);
      })
      .catch(function () { fail(id, 'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR', 'A tokenization network error occurred.'); });
  }
  window.addEventListener('message', function (event) {
    var d = event.data;
    if (!d || d.channel !== channel) return;
    if (event.origin === location.origin) {
      if (d.type === 'value' && fields.indexOf(d.field) >= 0) values[d.field] = String(d.value || '');
      else if (d.type === 'cardType') cvvSize = d.card ? d.card.code.size : null;
      return;
    }
    if (event.origin === parentOrigin && event.source === parent && d.type === 'tokenize') tokenize(String(d.id));
  });
  toParent({ type: 'ready' });
})();
`;

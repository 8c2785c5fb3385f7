/**
 * Wallet pages and scripts of the payment stand-in (its own origin):
 * - Google Pay: /google-pay/pay.js, a stand-in for Google's pay.js (`google.payments.api.PaymentsClient`:
 *   isReadyToPay, loadPaymentData opening a payment sheet, which is a frame of this origin), and the
 *   sheet itself (/google-pay/sheet.html). The sheet's Pay asks the stand-in for a Braintree
 *   gateway token (tokenizationData.token, JSON with androidPayCards[0].nonce).
 * - PayPal: the approval popup (/paypal/checkout), which posts its answer to its opener.
 */
export const GOOGLE_PAY_JS = String.raw`(function () {
  'use strict';
  if (window.google && window.google.payments && window.google.payments.api && window.google.payments.api.__standIn) return;
  var script = document.currentScript;
  var ORIGIN = new URL(script && script.src ? script.src : location.href).origin;
  function uid() { return Math.random().toString(36).slice(2) + Date.now().toString(36); }
  function statusError(statusCode, statusMessage) { var e = new Error(statusMessage); e.statusCode = statusCode; e.statusMessage = statusMessage; return e; }
  function cardMethod(request) {
    var methods = request && Array.isArray(request.allowedPaymentMethods) ? request.allowedPaymentMethods : [];
    for (var i = 0; i < methods.length; i += 1) if (methods[i] && methods[i].type === 'CARD') return methods[i];
    return null;
  }
  function PaymentsClient(options) {
    this.environment = options && options.environment === 'PRODUCTION' ? 'PRODUCTION' : 'TEST';
    this.open = false;
  }
  PaymentsClient.prototype.isReadyToPay = function (request) {
    if (!request || request.apiVersion !== 2) return Promise.reject(statusError('DEVELOPER_ERROR', 'apiVersion 2 is required.'));
    return Promise.resolve({ result: !!cardMethod(request) });
  };
  PaymentsClient.prototype.prefetchPaymentData = function () {};
  PaymentsClient.prototype.loadPaymentData = function (request) {
    var self = this;
    var card = cardMethod(request);
    var tokenization = card && card.tokenizationSpecification;
    var info = request && request.transactionInfo;
    if (!card || !tokenization || tokenization.type !== 'PAYMENT_GATEWAY' || !info || !/^\d+(\.\d{1,2})?$/.test(String(info.totalPrice || ''))) {
      return Promise.reject(statusError('DEVELOPER_ERROR', 'A CARD payment method with a PAYMENT_GATEWAY tokenization and transactionInfo.totalPrice are required.'));
    }
    if (self.open) return Promise.reject(statusError('DEVELOPER_ERROR', 'The payment sheet is already open.'));
    self.open = true;
    var channel = uid();
    var params = tokenization.parameters || {};
    var config = { channel: channel, parentOrigin: location.origin, totalPrice: String(info.totalPrice), currencyCode: String(info.currencyCode || 'NZD'), merchantName: String(request.merchantInfo && request.merchantInfo.merchantName || ''), gateway: String(params.gateway || ''), gatewayMerchantId: String(params.gatewayMerchantId || params['braintree:merchantId'] || ''), authorization: String(params['braintree:clientKey'] || params['braintree:authorizationFingerprint'] || '') };
    var frame = document.createElement('iframe');
    frame.name = 'google-pay-sheet';
    frame.title = 'Google Pay';
    frame.setAttribute('allow', 'payment');
    frame.style.position = 'fixed';
    frame.style.inset = '0';
    frame.style.width = '100%';
    frame.style.height = '100%';
    frame.style.border = '0';
    frame.style.zIndex = '2147483647';
    frame.style.background = 'transparent';
    frame.src = ORIGIN + '/google-pay/sheet.html#' + encodeURIComponent(JSON.stringify(config));
    var opener = document.activeElement;
    return new Promise(function (resolve, reject) {
      function close() {
        window.removeEventListener('message', onMessage);
        if (frame.parentNode) frame.parentNode.removeChild(frame);
        self.open = false;
        if (opener && opener.focus) try { opener.focus(); } catch (e) { /* gone */ }
      }
      function onMessage(event) {
        if (event.origin !== ORIGIN || event.source !== frame.contentWindow) return;
        var d = event.data;
        if (!d || d.channel !== channel || d.type !== 'google-pay') return;
        close();
        if (d.ok) resolve(d.paymentData);
        else reject(statusError(d.statusCode || 'CANCELED', d.statusMessage || 'User closed the Payment Request UI.'));
      }
      window.addEventListener('message', onMessage);
      document.body.appendChild(frame);
      frame.focus();
    });
  };
  PaymentsClient.prototype.createButton = function (options) {
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Buy with Google Pay';
    button.setAttribute('aria-label', 'Buy with Google Pay');
    if (options && typeof options.onClick === 'function') button.addEventListener('click', options.onClick);
    return button;
  };
  window.google = window.google || {};
  window.google.payments = window.google.payments || {};
  window.google.payments.api = { __standIn: true, PaymentsClient: PaymentsClient };
})();
`;

const pageStyle = `body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#202124}
main{background:#fff;border-radius:12px;padding:1.5rem;max-width:24rem;width:calc(100% - 2rem);box-sizing:border-box;box-shadow:0 8px 32px #0004}
h1{font-size:1.25rem;margin:0 0 .75rem}
button{display:block;width:100%;padding:.8rem;margin:.5rem 0;border-radius:999px;border:0;font-size:1rem;cursor:pointer;background:#202124;color:#fff}
button.secondary{background:#fff;color:#202124;border:1px solid #5f6368}
button:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
fieldset{border:1px solid #dadce0;border-radius:8px;margin:0 0 .75rem;padding:.5rem .75rem}
label{display:flex;gap:.5rem;align-items:center;padding:.35rem 0}
.total{font-size:1.1rem}
.note{font-size:.85rem;color:#5f6368}
.sheet{background:#0006;min-height:100vh;display:grid;place-items:center}
.paypal{background:#f5f7fa;min-height:100vh;display:grid;place-items:center}
.paypal button{background:#0070ba}
.paypal button.secondary{background:#fff;color:#0070ba;border-color:#0070ba}`;

export const WALLET_CSS = pageStyle;

export const GOOGLE_PAY_SHEET_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>Google Pay</title><link rel="stylesheet" href="/wallets.css"></head>
<body class="sheet"><main role="dialog" aria-modal="true" aria-labelledby="title"><h1 id="title">Google Pay (test)</h1><p class="note">A test payment sheet: no real card is charged.</p>
<p class="total" id="total"></p>
<fieldset><legend>Pay with</legend>
<label><input type="radio" name="card" value="visa-1111" checked> Visa •••• 1111</label>
<label><input type="radio" name="card" value="visa-1115"> Visa •••• 1115 (test card that declines)</label>
</fieldset>
<button type="button" id="pay">Pay</button><button type="button" id="cancel" class="secondary">Cancel</button><p id="error" role="alert" class="note"></p></main>
<script src="/google-pay/sheet.js"></script></body></html>`;

export const GOOGLE_PAY_SHEET_JS = String.raw`(function () {
  'use strict';
  var cfg;
  try { cfg = JSON.parse(decodeURIComponent(location.hash.slice(1))); } catch (e) { return; }
  if (typeof cfg.channel !== 'string' || !/^https?:\/\/[^\/]+$/.test(cfg.parentOrigin || '')) return;
  var total = document.getElementById('total');
  var amount = Number(cfg.totalPrice);
  total.textContent = (cfg.merchantName ? cfg.merchantName + ': ' : '') + cfg.currencyCode + ' ' + (isFinite(amount) ? amount.toFixed(2) : cfg.totalPrice);
  function answer(msg) { msg.channel = cfg.channel; msg.type = 'google-pay'; parent.postMessage(msg, cfg.parentOrigin); }
  var pay = document.getElementById('pay');
  document.getElementById('cancel').addEventListener('click', function () { answer({ ok: false, statusCode: 'CANCELED', statusMessage: 'User closed the Payment Request UI.' }); });
  document.addEventListener('keydown', function (event) { if (event.key === 'Escape') answer({ ok: false, statusCode: 'CANCELED', statusMessage: 'User closed the Payment Request UI.' }); });
  pay.addEventListener('click', function () {
    pay.disabled = true;
    var card = document.querySelector('input[name="card"]:checked').value;
    fetch('/google-pay/tokenize', { method: 'POST', credentials: 'omit', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ card: card, gateway: cfg.gateway, gatewayMerchantId: cfg.gatewayMerchantId, authorization: cfg.authorization, totalPrice: cfg.totalPrice, currencyCode: cfg.currencyCode }) })
      .then(function (r) { return r.json().then(function (body) { return { ok: r.ok, body: body }; }); })
      .then(function (res) {
        if (res.ok) return answer({ ok: true, paymentData: res.body });
        pay.disabled = false;
        document.getElementById('error').textContent = res.body && res.body.message || 'This payment could not be set up.';
      })
      .catch(function () { answer({ ok: false, statusCode: 'INTERNAL_ERROR', statusMessage: 'A network error occurred.' }); });
  });
  pay.focus();
})();
`;

export const PAYPAL_JS = String.raw`(function () {
  'use strict';
  var main = document.querySelector('main');
  var paymentId = main.getAttribute('data-payment');
  var channel = main.getAttribute('data-channel');
  var origin = main.getAttribute('data-origin');
  function tell(msg) {
    msg.type = 'paypal';
    msg.channel = channel;
    msg.paymentId = paymentId;
    if (window.opener) window.opener.postMessage(msg, origin);
  }
  function decide(decision) {
    var buttons = document.querySelectorAll('button');
    for (var i = 0; i < buttons.length; i += 1) buttons[i].disabled = true;
    fetch('/paypal/checkout/' + encodeURIComponent(paymentId) + '/' + decision, { method: 'POST', credentials: 'omit' })
      .then(function (r) { return r.json(); })
      .then(function (body) {
        tell({ status: body.status, payerId: body.payerId || null });
        window.close();
      })
      .catch(function () { tell({ status: 'error' }); window.close(); });
  }
  var approve = document.getElementById('approve');
  var cancel = document.getElementById('cancel');
  if (approve) approve.addEventListener('click', function () { decide('approve'); });
  if (cancel) cancel.addEventListener('click', function () { decide('cancel'); });
})();
`;
